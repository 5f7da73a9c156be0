import { TOKEN_STORAGE_KEY } from '@eip/contracts/codes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { Route } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { RouteGuard } from '../../app/guards';
import { useSession } from '../../stores/session';
import { envelope, stubFetch, type SentRequest } from '../../test/fetch';
import { renderRoutes } from '../../test/render';
import { i18n, loadLanguage } from '../../i18n';
import { LoginPage } from '.';

const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const decrypt = (base64: string) =>
  privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(base64, 'base64'),
  ).toString();

const NONCE = `n1.${'x'.repeat(54)}`;

const tenants: Record<string, { id: string; name: string }> = {
  platform: { id: '-1', name: '平台租户' },
  acme: { id: 't-acme', name: '示例公司' },
};

/** How the fake server's sign-in misbehaves, for the failures of spec §8. */
let fault: 'none' | 'noToken' | 'noUser' | 'userInfoDown' = 'none';
beforeEach(() => {
  fault = 'none';
});

const detailOf = (token: string) => ({
  user: { id: 'u1', account: 'admin', fullname: '系统管理员' },
  tenantCode: token === 'token-for-t-acme' ? 'acme' : 'platform',
});

/** A server that knows one account: admin / Demo@2026. */
function fakeServer({ url, body, headers }: SentRequest) {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  if (pathname === '/uc/user/getDetailByAccountOrId') {
    if (fault === 'userInfoDown') return new Response('down', { status: 503 });
    return envelope(
      fault === 'noUser' ? null : detailOf(headers.Authorization?.slice('Bearer '.length) ?? ''),
    );
  }
  if (pathname === '/auth/signout') return envelope(null);
  if (pathname === '/uc/uc/tenantManage/v1/getTenantByCode') {
    const tenant = tenants[searchParams.get('code') ?? ''];
    return tenant
      ? envelope({ ...tenant, code: searchParams.get('code'), frontLogo: null, manageLogo: null, ico: null })
      : envelope(null, { code: 404, status: 404, message: '租户不存在' });
  }
  if (pathname === '/auth/base/tools/v1/getPublicKey') return envelope(publicKey);
  if (pathname === '/auth/base/tools/v1/getPasswordNonce') return envelope(NONCE);
  if (pathname === '/auth/auth') {
    const { username, password } = body as { username: string; password: string };
    // the password travels with the server's nonce (replay protection, issue 14)
    if (username !== 'admin' || decrypt(password) !== `${NONCE}:Demo@2026`) {
      return envelope(null, { code: 400, status: 400, message: '账号或密码错误' });
    }
    return envelope({
      ...(fault === 'noToken' ? {} : { token: `token-for-${searchParams.get('tenantId')}` }),
      username: '系统管理员',
      account: 'admin',
      userId: 'u1',
      loginStatus: true,
      expiration: 3600,
      userAttrs: { tenantId: searchParams.get('tenantId'), tenantCode: 'acme' },
    });
  }
  return envelope(null, { code: 404, status: 404, message: 'not found' });
}

function renderLogin(path: string) {
  return renderRoutes(
    <>
      <Route element={<RouteGuard />}>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/login/:tenant" element={<LoginPage />} />
        <Route path="*" element={<p>signed in</p>} />
      </Route>
    </>,
    path,
  );
}

function submit(account: string, password: string) {
  fireEvent.change(screen.getByLabelText('账号'), { target: { value: account } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
}

describe('login page', () => {
  it('shows the tenant name and labelled account and password fields', async () => {
    stubFetch(fakeServer);
    renderLogin('/login');
    expect(await screen.findByRole('heading', { name: '平台租户' })).toBeTruthy();
    expect(screen.getByLabelText('账号').getAttribute('autocomplete')).toBe('username');
    expect(screen.getByLabelText('密码').getAttribute('type')).toBe('password');
    expect(screen.getByRole('button', { name: /登\s*录/ })).toBeTruthy();
  });

  it('signs in to the tenant of the path with the RSA-encrypted password and stores the token', async () => {
    const sent = stubFetch(fakeServer);
    renderLogin('/login/acme');
    await screen.findByRole('heading', { name: '示例公司' });
    submit('admin', 'Demo@2026');
    // sign-in first loads the code of the page after it (the shell), which takes a while in jsdom
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/'), { timeout: 15_000 });
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('token-for-t-acme');
    expect(useSession.getState().user).toEqual({
      account: 'admin',
      userId: 'u1',
      username: '系统管理员',
      tenantCode: 'acme',
    });
    const login = sent.find((request) => request.url.startsWith('/auth/auth?'));
    expect(login?.url).toBe('/auth/auth?tenantId=t-acme');
    expect((login?.body as { password: string }).password).not.toContain('Demo@2026');
  });

  it('goes back to the redirect target after sign-in', async () => {
    stubFetch(fakeServer);
    renderLogin('/login?redirect=%2Fpersonal%2Fmessage%3Ftab%3D1');
    await screen.findByRole('heading', { name: '平台租户' });
    submit('admin', 'Demo@2026');
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/personal/message?tab=1'), {
      timeout: 15_000,
    });
  });

  it('shows the server message for a wrong password and stays signed out', async () => {
    stubFetch(fakeServer);
    renderLogin('/login');
    await screen.findByRole('heading', { name: '平台租户' });
    submit('admin', 'wrong');
    const form = screen.getByRole('region', { name: '平台租户' });
    expect((await within(form).findByRole('alert')).textContent).toContain('账号或密码错误');
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(screen.getByTestId('path').textContent).toBe('/login');
  });

  it.each([
    ['noToken', '登录接口异常，未正确返回token...'],
    ['userInfoDown', '用户信息接口异常'],
    ['noUser', '验证失败，请重新登录...'],
  ] as const)(
    'spec §8: when the sign-in goes wrong (%s) it shows %s and keeps no session',
    async (kind, text) => {
      fault = kind;
      const sent = stubFetch(fakeServer);
      renderLogin('/login');
      await screen.findByRole('heading', { name: '平台租户' });
      submit('admin', 'Demo@2026');
      const form = screen.getByRole('region', { name: '平台租户' });
      expect((await within(form).findByRole('alert')).textContent).toBe(text);
      expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
      expect(screen.getByTestId('path').textContent).toBe('/login');
      const signOut = sent.find((request) => request.url === '/auth/signout');
      if (kind === 'noUser') expect(signOut?.headers.Authorization).toBe('Bearer token-for--1');
      else expect(signOut).toBeUndefined();
    },
  );

  it('spec §8: the sign-in messages in zh-TW and en-US', async () => {
    const texts = { 'zh-TW': [] as string[], 'en-US': [] as string[] };
    for (const lang of ['zh-TW', 'en-US'] as const) {
      await loadLanguage(lang);
      texts[lang] = [
        i18n.t('login.noToken', { tokenName: 'token' }),
        i18n.t('login.verifyFailed'),
        i18n.t('login.userInfoFailed'),
      ];
    }
    await loadLanguage('zh-CN');
    expect(texts).toEqual({
      'zh-TW': ['登入介面異常，未正確返回token...', '驗證失敗，請重新登入...', '使用者資訊介面異常'],
      'en-US': [
        'The sign-in service did not return token...',
        'Verification failed, please sign in again...',
        'The user information service failed',
      ],
    });
  });

  it('asks for both fields before calling the server', async () => {
    const sent = stubFetch(fakeServer);
    renderLogin('/login');
    await screen.findByRole('heading', { name: '平台租户' });
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('请输入账号')).toBeTruthy();
    expect(await screen.findByText('请输入密码')).toBeTruthy();
    expect(sent.some((request) => request.url.startsWith('/auth/auth'))).toBe(false);
  });
});
