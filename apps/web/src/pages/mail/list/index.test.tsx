import { MAIL_SEND_METHOD } from '@eip/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { envelope, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { signInWith } from '../../../test/session';
import { useSession } from '../../../stores/session';
import { PageContent } from '../../registry';

// the machine running the tests may be busy: each wait may take a few seconds
configure({ asyncUtilTimeout: 5000 });

const folder = (id: string, name: string, specialUse: string | null, unread = 0) => ({
  id,
  accountId: 'a1',
  name,
  path: name,
  specialUse,
  total: 1,
  unread,
});
const ACCOUNT = {
  id: 'a1',
  mailAddress: 'zhuting@example.com',
  nickname: '朱婷',
  isDefault: true,
  syncStatus: 'done',
  folders: [folder('f1', 'INBOX', 'inbox', 1), folder('f2', 'Sent', 'sent'), folder('f3', 'Projects', null)],
};
const ROW = {
  id: 'm1',
  accountId: 'a1',
  folderId: 'f1',
  subject: '周五例会',
  from: { name: '张伟', address: 'zhangwei@example.com' },
  to: [
    { name: '朱婷', address: 'zhuting@example.com' },
    { name: '林雪', address: 'linxue@example.com' },
  ],
  sendDate: '2026-11-27T08:00:00.000Z',
  isRead: false,
  hasAttachments: true,
  preview: '三点开始',
};
const DETAIL = {
  ...ROW,
  isRead: true,
  cc: [{ name: '', address: 'gaofeng@example.com' }],
  bcc: [],
  replyTo: [],
  html: '<p>三点开始，<b>301</b> 会议室</p>',
  text: null,
  attachments: [{ fileId: 'file1', fileName: '议程.docx', size: 100, contentType: 'application/msword' }],
  remoteImagesBlocked: true,
  messageId: '<m1@example.com>',
  inReplyTo: null,
  unreadable: null,
};

const renderPage = () =>
  renderRoutes(
    <Route path="*" element={<PageContent page="mailList" title="我的邮件" />} />,
    '/mail/mailList',
  );

describe('我的邮件 (/mail/mailList)', () => {
  it('without a mail account it says so and leads to 邮箱设置', async () => {
    signInWith('t1');
    const sent = stubFetch(({ url }) => (url.includes('getMailTreeData') ? envelope([]) : envelope(null)));
    renderPage();
    await screen.findByText('还没有邮箱账户', {}, { timeout: 15000 });
    expect(sent.some((r) => r.url.includes('mail/v1/listJson'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '去邮箱设置' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/mail/mailSetting'));
  });

  it('lists the inbox, unread in bold; reads a mail (pictures blocked until allowed); a reply is prefilled', async () => {
    signInWith('t1');
    useSession.setState({ permissions: [MAIL_SEND_METHOD] });
    const sent = stubFetch(({ url }) =>
      url.includes('getMailTreeData')
        ? envelope([ACCOUNT])
        : url.includes('mail/v1/listJson')
          ? envelope({ rows: [ROW], total: 1, page: 1, pageSize: 20 })
          : url.includes('mail/v1/getJson')
            ? envelope(url.includes('allowImages=true') ? { ...DETAIL, remoteImagesBlocked: false } : DETAIL)
            : url.includes('mail/v1/send')
              ? envelope({ id: 's1', messageId: '<s1@example.com>' })
              : envelope(null),
    );
    renderPage();
    const subject = await screen.findByText('周五例会', {}, { timeout: 15000 });
    expect(subject.closest('strong')).not.toBeNull();
    // under the subject, the first words of its text (kept by the sync, before the mail is opened)
    expect(screen.getByText('三点开始').closest('strong')).toBeNull();
    expect(screen.queryByRole('region', { name: '邮件内容' })).toBeNull();
    // jsdom is as narrow as a phone: one pane at a time — the folders behind their button
    fireEvent.click(screen.getByRole('button', { name: '邮件夹' }));
    const folders = await screen.findByRole('navigation', { name: '邮件夹' });
    within(folders).getByText('已发送');
    within(folders).getByText('Projects');
    fireEvent.click(within(folders).getByText('收件箱'));
    await screen.findByText('周五例会');
    const lists = () => sent.filter((r) => r.url.includes('mail/v1/listJson'));
    expect(lists()[0]!.body).toMatchObject({
      querys: [
        { property: 'accountId', value: 'a1' },
        { property: 'folderId', value: 'f1' },
      ],
    });

    fireEvent.click(screen.getByLabelText('只看未读'));
    await waitFor(() =>
      expect(lists().at(-1)!.body).toMatchObject({
        querys: [{}, {}, { property: 'isRead', value: false }],
      }),
    );

    fireEvent.click(screen.getByText('周五例会'));
    const reader = await screen.findByRole('region', { name: '邮件内容' });
    await within(reader).findByText(/张伟 <zhangwei@example.com>/);
    within(reader).getByRole('button', { name: /返回列表/ });
    within(reader).getByRole('button', { name: /议程.docx/ });
    const frame = within(reader).getByTitle('周五例会') as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).not.toContain('allow-scripts');
    expect(frame.getAttribute('srcdoc')).toContain('<b>301</b>');
    expect(frame.getAttribute('srcdoc')).toContain('img-src data: cid:;');
    fireEvent.click(within(reader).getByRole('button', { name: '显示图片' }));
    await waitFor(() => expect(sent.some((r) => r.url.includes('allowImages=true'))).toBe(true));
    await waitFor(() => expect(within(reader).queryByText('显示图片')).toBeNull());

    fireEvent.click(within(reader).getByRole('button', { name: /回复全部/ }));
    const drawer = await screen.findByRole('dialog', { name: '写邮件' }, { timeout: 15000 });
    // the sender and the other receivers, not the user's own address; the copy stays a copy
    within(drawer).getByTitle('zhangwei@example.com');
    within(drawer).getByTitle('linxue@example.com');
    expect(within(drawer).queryByTitle('zhuting@example.com')).toBeNull();
    within(drawer).getByTitle('gaofeng@example.com');
    expect(within(drawer).getByLabelText('主题')).toHaveProperty('value', 'Re: 周五例会');
    within(drawer).getByRole('region', { name: '原邮件（发送时附在正文后）' });

    fireEvent.click(within(drawer).getByRole('button', { name: /发\s*送/ }));
    await waitFor(() => expect(sent.some((r) => r.url.includes('mail/v1/send'))).toBe(true));
    expect(sent.find((r) => r.url.includes('mail/v1/send'))!.body).toMatchObject({
      accountId: 'a1',
      to: [{ address: 'zhangwei@example.com' }, { address: 'linxue@example.com' }],
      cc: [{ address: 'gaofeng@example.com' }],
      bcc: [],
      subject: 'Re: 周五例会',
      fileIds: [],
      replyToId: 'm1',
    });
    await screen.findByText('邮件已发送');
  }, 60_000);
});
