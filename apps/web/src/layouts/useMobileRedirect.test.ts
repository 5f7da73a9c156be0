import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page } from '../app/navigation';
import { envelope, stubFetch } from '../test/fetch';
import { useMobileRedirect } from './useMobileRedirect';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36';

function visitWith(userAgent: string, mobileUrl: string | null) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  const leave = vi.spyOn(page, 'leave').mockImplementation(() => undefined);
  const sent = stubFetch(() => envelope(mobileUrl));
  renderHook(() => useMobileRedirect());
  return { leave, sent };
}

afterEach(() => vi.restoreAllMocks());

describe('mobile address (spec §1: MOBILE_URL)', () => {
  it('sends a phone to the mobile address the server supplies', async () => {
    const { leave, sent } = visitWith(PHONE, 'https://m.example.com/eip');
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://m.example.com/eip'));
    expect(sent[0]?.url).toBe('/portal/sys/sysMenu/v1/getMobileURL');
  });

  it('keeps a phone here when the server has no mobile address', async () => {
    const { leave, sent } = visitWith(PHONE, null);
    await waitFor(() => expect(sent).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(leave).not.toHaveBeenCalled();
  });

  it('never asks for a desktop browser', async () => {
    const { leave, sent } = visitWith(DESKTOP, 'https://m.example.com/eip');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([]);
    expect(leave).not.toHaveBeenCalled();
  });
});
