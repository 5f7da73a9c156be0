import { TOKEN_STORAGE_KEY } from '@eip/contracts/codes';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { useSession } from '../stores/session';
import { envelope, stubFetch } from '../test/fetch';
import { ApiError, call } from './client';

describe('api client', () => {
  it('calls `{group base}/{path}` with the query string, the language and no token when signed out', async () => {
    const sent = stubFetch(() => envelope({ id: '-1', code: 'platform', name: '平台' }));
    await expect(call('getTenantByCode', { query: { code: 'platform' } })).resolves.toMatchObject({
      id: '-1',
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      url: '/uc/uc/tenantManage/v1/getTenantByCode?code=platform',
      method: 'GET',
    });
    expect(sent[0]?.headers['Accept-Language']).toBe('zh-CN');
    expect(sent[0]?.headers.Authorization).toBeUndefined();
  });

  it('sends the bearer token and a JSON body when signed in', async () => {
    useSession.getState().signIn('t0ken');
    const sent = stubFetch(() => envelope({ user: { fullname: '系统管理员' } }));
    await call('getDetailByAccountOrId', { body: {} });
    expect(sent[0]).toMatchObject({ url: '/uc/user/getDetailByAccountOrId', method: 'POST', body: {} });
    expect(sent[0]?.headers).toMatchObject({
      Authorization: 'Bearer t0ken',
      'Content-Type': 'application/json',
    });
  });

  it.each([200, 0, '200', '0'])('spec §8: code %j is a success and resolves with the value', async (code) => {
    stubFetch(() => envelope('PEM', { code }));
    await expect(call('getPublicKey')).resolves.toBe('PEM');
  });

  it('spec §8: any other code rejects with the code and the server message', async () => {
    stubFetch(() => envelope(null, { code: 400, status: 400, message: '账号或密码错误' }));
    const error = await call('login', {
      query: { tenantId: '-1' },
      body: { username: 'a', password: 'b' },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 400, status: 400, message: '账号或密码错误' });
  });

  it('spec §8: a failure without a message names the code', async () => {
    stubFetch(() => envelope(null, { code: 409, status: 409 }));
    await expect(call('getPublicKey')).rejects.toMatchObject({ code: 409, message: '后端接口409异常' });
  });

  it.each([401, 402])('spec §8: code %i on a signed-in call ends the session', async (code) => {
    useSession.getState().signIn('expired');
    stubFetch(() => envelope(null, { code, status: 401, message: '登录已过期' }));
    await expect(call('getDetailByAccountOrId', { body: {} })).rejects.toMatchObject({ code });
    expect(useSession.getState().token).toBeNull();
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('spec §8: HTTP errors without an envelope and unreachable servers get their own messages', async () => {
    stubFetch(() => new Response('Bad gateway', { status: 502 }));
    await expect(call('getPublicKey')).rejects.toMatchObject({ code: 502, message: '后端接口502异常' });
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(call('getPublicKey')).rejects.toMatchObject({
      code: 'NETWORK',
      message: '后端接口连接异常',
    });
  });

  it('asks for server messages in the chosen language', async () => {
    await i18n.changeLanguage('en-US');
    try {
      const sent = stubFetch(() => envelope('PEM'));
      await call('getPublicKey');
      expect(sent[0]?.headers['Accept-Language']).toBe('en-US');
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
  });
});
