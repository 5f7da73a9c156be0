import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { envelope, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { signInWith } from '../../../test/session';
import { PageContent } from '../../registry';

// the machine running the tests may be busy: each wait may take a few seconds
configure({ asyncUtilTimeout: 5000 });

const ACCOUNT = {
  id: 'a1',
  mailAddress: 'zhuting@example.com',
  nickname: '朱婷',
  account: 'zhuting',
  imapHost: 'imap.example.com',
  imapPort: 993,
  imapTls: 'ssl',
  smtpHost: 'smtp.example.com',
  smtpPort: 465,
  smtpTls: 'ssl',
  allowSelfSigned: false,
  isDefault: true,
  syncStatus: 'done',
  lastSyncTime: null,
  createTime: '2026-11-27T08:00:00.000Z',
};

const renderPage = () =>
  renderRoutes(
    <Route path="*" element={<PageContent page="mailSetting" title="邮箱设置" />} />,
    '/mail/mailSetting',
  );

describe('邮箱设置 (/mail/mailSetting)', () => {
  it('edits an account: the password is never shown, left empty it is kept (isOriginPwd); a failed test says why', async () => {
    signInWith('t1');
    const sent = stubFetch(({ url }) =>
      url.includes('mailSetting/v1/listJson')
        ? envelope({ rows: [ACCOUNT], total: 1, page: 1, pageSize: 100 })
        : url.includes('mailSetting/v1/test')
          ? envelope({ ok: false, server: 'smtp', failure: 'login', message: 'SMTP 服务器拒绝了登录' })
          : url.includes('mailSetting/v1/save')
            ? envelope(ACCOUNT)
            : envelope(null),
    );
    renderPage();
    await screen.findByText('zhuting@example.com', {}, { timeout: 15000 });
    screen.getByText('默认');
    fireEvent.click(screen.getByRole('button', { name: '编辑 zhuting@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: '编辑邮箱' });
    expect(within(dialog).getByLabelText('密码')).toHaveProperty('value', '');
    within(dialog).getByText('留空则保留原密码');

    fireEvent.click(within(dialog).getByRole('button', { name: /测试连接/ }));
    await within(dialog).findByText('发信服务器（SMTP）连接失败');
    within(dialog).getByText('SMTP 服务器拒绝了登录');
    const test = sent.find((r) => r.url.includes('mailSetting/v1/test'))!;
    expect(test.body).toMatchObject({ id: 'a1', isOriginPwd: true, password: '' });

    fireEvent.change(within(dialog).getByLabelText('显示名称'), { target: { value: '朱婷（工作）' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent.some((r) => r.url.includes('mailSetting/v1/save'))).toBe(true));
    expect(sent.find((r) => r.url.includes('mailSetting/v1/save'))!.body).toEqual({
      id: 'a1',
      mailAddress: 'zhuting@example.com',
      nickname: '朱婷（工作）',
      account: 'zhuting',
      imapHost: 'imap.example.com',
      imapPort: 993,
      imapTls: 'ssl',
      smtpHost: 'smtp.example.com',
      smtpPort: 465,
      smtpTls: 'ssl',
      allowSelfSigned: false,
      isDefault: true,
      isOriginPwd: true,
      password: '',
    });
  }, 60_000);

  it('adds an account: a wrong address and a missing password are refused; a typed password is sent', async () => {
    signInWith('t1');
    const sent = stubFetch(({ url }) =>
      url.includes('mailSetting/v1/listJson')
        ? envelope({ rows: [], total: 0, page: 1, pageSize: 100 })
        : url.includes('mailSetting/v1/save')
          ? envelope(ACCOUNT)
          : envelope(null),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /添加邮箱/ }, { timeout: 15000 }));
    const dialog = await screen.findByRole('dialog', { name: '添加邮箱' });
    const address = within(dialog).getByLabelText('邮件地址');
    fireEvent.change(address, { target: { value: 'wangfang@' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await within(dialog).findByText('请输入正确的邮件地址');
    await within(dialog).findByText('请填写密码');

    fireEvent.change(address, { target: { value: 'wangfang@example.com' } });
    fireEvent.blur(address);
    // the servers are guessed from the domain
    await waitFor(() =>
      expect(within(dialog).getByLabelText('IMAP 服务器')).toHaveProperty('value', 'imap.example.com'),
    );
    fireEvent.change(within(dialog).getByLabelText('密码'), { target: { value: 'Secret#1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent.some((r) => r.url.includes('mailSetting/v1/save'))).toBe(true));
    const body = sent.find((r) => r.url.includes('mailSetting/v1/save'))!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      mailAddress: 'wangfang@example.com',
      account: 'wangfang@example.com',
      smtpHost: 'smtp.example.com',
      password: 'Secret#1',
      // the first account is the default one
      isDefault: true,
    });
    expect(body).not.toHaveProperty('id');
    expect(body).not.toHaveProperty('isOriginPwd');
  }, 60_000);
});
