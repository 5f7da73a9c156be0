import { TOKEN_STORAGE_KEY } from '@eip/contracts/codes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../app/feedback';
import { bindNavigator, page } from '../app/navigation';
import { i18n } from '../i18n';
import { useSession } from '../stores/session';
import { envelope, stubFetch } from '../test/fetch';
import { message } from 'antd';
import { showToast } from '../app/toastHost';
import { useLoadingOverlay } from '../stores/loadingOverlay';
import { ApiError, call, callBlob, callOptional } from './client';
import { signInWith } from '../test/session';

let toasts: string[] = [];
let reloads = 0;
let navigations: string[] = [];
beforeEach(() => {
  toasts = [];
  reloads = 0;
  navigations = [];
  vi.spyOn(toast, 'error').mockImplementation((text) => void toasts.push(text));
  vi.spyOn(page, 'reload').mockImplementation(() => void reloads++);
  bindNavigator((to) => void navigations.push(to));
});
afterEach(() => {
  vi.restoreAllMocks();
  bindNavigator(null);
});

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

  it('fills the path parameters of a route such as get/{id}', async () => {
    const sent = stubFetch(() =>
      envelope({
        id: 's 1',
        leaderId: 'l',
        leaderName: '张伟',
        secretaryId: 's',
        secretaryName: '王芳',
        createTime: '',
      }),
    );
    await call('getSecretary', { params: { id: 's 1' } });
    expect(sent[0]?.url).toBe('/bpm-runtime/runtime/bpmSecretaryManage/v1/get/s%201');
  });

  it('sends the bearer token and a JSON body when signed in', async () => {
    signInWith('t0ken');
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

  it('spec §8: a failure shows its message as a toast, unless the caller shows it', async () => {
    stubFetch(() => envelope(null, { code: 500, status: 500, message: '服务器繁忙' }));
    await expect(call('getPublicKey')).rejects.toBeInstanceOf(ApiError);
    await expect(call('getPublicKey', { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual(['服务器繁忙']);
  });

  it('spec §8: code 402 toasts, resets the token and reloads the page (login interception on)', async () => {
    signInWith('expired');
    stubFetch(() => envelope(null, { code: 402, status: 401, message: '登录已过期' }));
    await expect(call('getDetailByAccountOrId', { body: {} })).rejects.toMatchObject({ code: 402 });
    expect(toasts).toEqual(['登录已过期']);
    expect(useSession.getState().token).toBeNull();
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(reloads).toBe(1);
  });

  it('spec §8: code 401 with a token signs out and goes to /login with redirect = the current page', async () => {
    window.history.replaceState(null, '', '/eipFront/matter/myTask?x=1');
    signInWith('token');
    stubFetch(() => envelope(null, { code: 401, status: 401, message: '无权限' }));
    await expect(call('getDetailByAccountOrId', { body: {} })).rejects.toMatchObject({ code: 401 });
    expect(useSession.getState().token).toBeNull();
    expect(navigations).toEqual(['/login?redirect=%2Fmatter%2FmyTask%3Fx%3D1']);
    expect(reloads).toBe(0);
  });

  it('spec §8: code 401 without a token goes to /login', async () => {
    window.history.replaceState(null, '', '/eipFront/matter/myTask');
    stubFetch(() => envelope(null, { code: 401, status: 401, message: '未登录' }));
    await expect(call('getDetailByAccountOrId', { body: {} })).rejects.toMatchObject({ code: 401 });
    expect(navigations).toEqual(['/login']);
  });

  it('spec §8: blob responses bypass the code checks', async () => {
    stubFetch(() => new Response('PDF', { headers: { 'content-type': 'application/pdf' } }));
    const blob = await callBlob('getPublicKey');
    expect(await blob.text()).toBe('PDF');
  });

  it('spec §8: a timeout is 后端接口请求超时 and an unreadable success 后端接口未知异常', async () => {
    stubFetch(() => Promise.reject(new DOMException('timed out', 'TimeoutError')));
    await expect(call('getPublicKey')).rejects.toMatchObject({
      code: 'TIMEOUT',
      message: '后端接口请求超时',
    });
    stubFetch(() => new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    await expect(call('getPublicKey')).rejects.toMatchObject({ message: '后端接口未知异常' });
    expect(toasts).toEqual(['后端接口请求超时', '后端接口未知异常']);
  });

  it('calls the server does not offer yet go to their fallback and answer undefined on 404, silently', async () => {
    const fallback = { method: 'GET', group: 'auth', path: 'sso/auth' } as const;
    const sent = stubFetch(() => envelope(null, { code: 404, status: 404, message: 'not found' }));
    await expect(callOptional('ssoAuth', fallback)).resolves.toBeUndefined();
    expect(sent[0]?.url).toBe('/auth/sso/auth');
    expect(toasts).toEqual([]);
    stubFetch(() => envelope({ token: 't' }));
    await expect(callOptional('ssoAuth', fallback)).resolves.toEqual({ token: 't' });
  });

  it('a name the route table has is called by the table, not the fallback', async () => {
    const sent = stubFetch(() => envelope(3));
    await expect(
      callOptional('getMsgbadge', { method: 'GET', group: 'portal', path: 'somewhere/else' }),
    ).resolves.toBe(3);
    expect(sent[0]?.url).toBe('/portal/innermsg/messageReceiver/v1/getMsgbadge');
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

  it('spec §8: code 402 toasts even when the caller asked for silence', async () => {
    signInWith('expired');
    stubFetch(() => envelope(null, { code: 402, status: 401, message: '登录已过期' }));
    await expect(call('getDetailByAccountOrId', { body: {}, silent: true })).rejects.toMatchObject({
      code: 402,
    });
    expect(toasts).toEqual(['登录已过期']);
    expect(useSession.getState().token).toBeNull();
  });

  it('sends the token a caller names instead of the session’s, and leaves the session as it is', async () => {
    signInWith('mine');
    const sent = stubFetch(() => envelope(null, { code: 402, status: 401, message: '登录已过期' }));
    await expect(
      call('getDetailByAccountOrId', { body: {}, token: 'new', silent: true, keepSession: true }),
    ).rejects.toMatchObject({ code: 402 });
    expect(sent[0]?.headers.Authorization).toBe('Bearer new');
    expect(useSession.getState().token).toBe('mine');
    expect(reloads).toBe(0);
  });

  it('spec §9: every call gives up after 60000 ms', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    const sent = stubFetch(() => envelope('PEM'));
    await call('getPublicKey');
    expect(timeout).toHaveBeenCalledWith(60_000);
    expect(sent).toHaveLength(1);
  });

  it('spec §9: a call to a doEdit address shows the full-page loading overlay while it runs', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const running = callOptional('saveForm', { method: 'POST', group: 'form', path: 'form/data/doEdit' });
    await vi.waitFor(() => expect(useLoadingOverlay.getState().pending).toBe(1));
    answer(envelope({ id: 'f1' }));
    await expect(running).resolves.toEqual({ id: 'f1' });
    expect(useLoadingOverlay.getState().pending).toBe(0);

    stubFetch(() => envelope(null, { code: 500, status: 500, message: '保存失败' }));
    await expect(
      callOptional('saveForm', { method: 'POST', group: 'form', path: 'form/data/doEdit' }),
    ).rejects.toMatchObject({ message: '保存失败' });
    expect(useLoadingOverlay.getState().pending).toBe(0);

    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const plain = call('getPublicKey');
    await Promise.resolve();
    expect(useLoadingOverlay.getState().pending).toBe(0);
    answer(envelope('PEM'));
    await plain;
  });
});

describe('toasts (spec §9)', () => {
  it('last 1800 ms', () => {
    // antd's message would render after the test is over: answer its handle without showing anything
    const settled = Promise.resolve(true);
    const handle: ReturnType<typeof message.error> = Object.assign(() => undefined, {
      then: settled.then.bind(settled),
    });
    const shown = vi.spyOn(message, 'error').mockReturnValue(handle);
    showToast('error', '后端接口连接异常');
    expect(shown).toHaveBeenCalledWith({ content: '后端接口连接异常', duration: 1.8 });
  });
});
