import { cleanup, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadApprovalTexts } from '../../../../i18n';
import { envelope, stubFetch } from '../../../../test/fetch';
import { renderRoutes } from '../../../../test/render';
import { signInWith } from '../../../../test/session';
import { EndNote } from './EndNote';

/** The agree dialog's note, as the engine answers isEnd for the data about to be submitted. */
function renderNote(ends: boolean) {
  signInWith('token');
  const sent = stubFetch(() => envelope(ends));
  renderRoutes(
    <Route path="*" element={<EndNote taskId="t1" leaderId="boss" data={{ days: 2 }} />} />,
    '/index',
  );
  return sent;
}

describe('the agree dialog’s end note (isEnd)', () => {
  beforeAll(() => loadApprovalTexts());
  afterEach(cleanup);

  it('says that agreeing ends the request, asking with the data and the leader', async () => {
    const sent = renderNote(true);
    expect(await screen.findByText('同意后，流程将结束', {}, { timeout: 5000 })).toBeTruthy();
    const asked = sent.find((r) => r.url.includes('task/v1/isEnd'))!;
    expect(asked.body).toEqual({ taskId: 't1', leaderId: 'boss', data: { days: 2 } });
  });

  it('says nothing when more steps follow', async () => {
    const sent = renderNote(false);
    await waitFor(() => expect(sent.some((r) => r.url.includes('task/v1/isEnd'))).toBe(true));
    expect(screen.queryByText('同意后，流程将结束')).toBeNull();
  });
});
