import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadApprovalTexts } from '../../../../i18n';
import { envelope, stubFetch, type SentRequest } from '../../../../test/fetch';
import { renderRoutes } from '../../../../test/render';
import { signInWith } from '../../../../test/session';
import { PrintRecords, usePrint } from './Print';

const instance = { subject: '朱婷的请假申请', procDefKey: 'leave_request' };
const record = {
  id: 'r1',
  instId: 'i1',
  subject: instance.subject,
  userId: 'u1',
  userName: '朱婷',
  createTime: '2026-11-28T07:30:00.000Z',
};

function PrintButton() {
  const { print, printing } = usePrint('i1', instance, undefined);
  return (
    <button type="button" disabled={printing} onClick={print}>
      print
    </button>
  );
}

/** The approval form's print button and print records, on a server that answers as it does. */
function renderPrint(formats: string[]) {
  signInWith('token');
  let printed = false;
  const sent = stubFetch((request: SentRequest) => {
    if (request.url.includes('wordPrint/v1/getGlobalPrintTemplate'))
      return envelope({ id: 'global', name: '全局打印模板', formats });
    if (request.url.includes('system/file/wordPrint')) {
      printed = true;
      return new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } });
    }
    return envelope(printed ? [record] : []);
  });
  renderRoutes(
    <Route
      path="*"
      element={
        <>
          <PrintButton />
          <PrintRecords instId="i1" />
        </>
      }
    />,
    '/index',
  );
  return sent;
}

describe('printing a request (打印, 打印记录)', () => {
  const { createObjectURL, revokeObjectURL } = URL;
  beforeAll(() => loadApprovalTexts());
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:printed');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });

  it('downloads the PDF the server prints, then lists the print in the records', async () => {
    const saved = vi.fn(() => 'blob:printed');
    URL.createObjectURL = saved;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const sent = renderPrint(['pdf', 'docx']);
    expect(await screen.findByText('暂无打印记录', {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(sent.some((r) => r.url.includes('getGlobalPrintTemplate'))).toBe(true));
    fireEvent.click(screen.getByText('print'));
    expect(await screen.findByText('朱婷 打印', {}, { timeout: 5000 })).toBeTruthy();
    const printing = sent.find((r) => r.url.includes('system/file/wordPrint'))!;
    expect(printing.method).toBe('POST');
    expect(printing.body).toEqual({ instId: 'i1', format: 'pdf' });
    expect(saved).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('朱婷的请假申请.pdf');
    click.mockRestore();
  });

  it('prints a Word document when the server has no document converter', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const sent = renderPrint(['docx']);
    await waitFor(() => expect(sent.some((r) => r.url.includes('getGlobalPrintTemplate'))).toBe(true));
    await screen.findByText('暂无打印记录', {}, { timeout: 5000 });
    fireEvent.click(screen.getByText('print'));
    await waitFor(() => expect(sent.some((r) => r.url.includes('system/file/wordPrint'))).toBe(true));
    expect(sent.find((r) => r.url.includes('system/file/wordPrint'))!.body).toEqual({
      instId: 'i1',
      format: 'docx',
    });
    click.mockRestore();
  });
});
