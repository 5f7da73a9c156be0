import { fireEvent, screen } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loadApprovalTexts, loadLanguage } from '../../../../i18n';
import { envelope, stubFetch, type SentRequest } from '../../../../test/fetch';
import { renderRoutes } from '../../../../test/render';
import { signInWith } from '../../../../test/session';
import { ShareButton } from './ShareButton';

const slow = { timeout: 15_000 };

function shareServer() {
  return stubFetch(({ url }: SentRequest) =>
    url.includes('shorturlManage/getShortUrlByLong')
      ? envelope({ shortUrl: 'Ab12Cd34', path: '/eipFront/surl/Ab12Cd34' })
      : envelope(null),
  );
}

const render = () =>
  renderRoutes(<Route path="*" element={<ShareButton instId="i 1" />} />, '/matter/approvalForm?instId=i1');

describe('分享 on the approval form (issue 17)', () => {
  it('makes a link for guests to the request’s read-only page and shows it to copy', async () => {
    signInWith('t1');
    await loadApprovalTexts();
    const sent = shareServer();
    render();
    fireEvent.click(await screen.findByRole('button', { name: /分\s*享/ }, slow));
    const dialog = await screen.findByRole('dialog', { name: '分享此申请' }, slow);
    expect(dialog.textContent).toContain(`${window.location.origin}/eipFront/surl/Ab12Cd34`);
    expect(dialog.textContent).toContain('无需登录即可只读查看此申请');
    const made = sent.filter((r) => r.url.includes('getShortUrlByLong'));
    expect(made.map((r) => r.body)).toEqual([
      { url: '/matter/approvalForm?instId=i%201&isReadonly=true', guest: true },
    ]);
  });

  it('speaks the user’s language', async () => {
    signInWith('t1');
    await loadApprovalTexts();
    await loadLanguage('en-US');
    try {
      shareServer();
      render();
      fireEvent.click(await screen.findByRole('button', { name: /Share/ }, slow));
      expect(await screen.findByRole('dialog', { name: 'Share this request' }, slow)).toBeTruthy();
    } finally {
      await loadLanguage('zh-CN');
    }
  });
});
