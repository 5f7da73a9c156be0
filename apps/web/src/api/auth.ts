import type { RouteQuery, RouteValue } from '@eip/contracts';
import { passwordWithNonce } from '@eip/contracts/password';
import { TOKEN_NAME } from '../config';
import { i18n } from '../i18n';
import type { SessionUser } from '../stores/session';
import { ApiError, call, callWithMessage, routeAddress } from './client';
import { encryptPassword } from './rsa';

export type Tenant = RouteValue<'getTenantByCode'>;
export type SignInResult = RouteValue<'login'>;
export type UserDetail = RouteValue<'getDetailByAccountOrId'>;
export type PwdStrategy = RouteValue<'getDefaultPwdStrategy'>;

/** TanStack Query keys, one per server resource. */
export const queryKeys = {
  tenant: (code: string) => ['tenant', code] as const,
  publicKey: ['publicKey'] as const,
  currentUser: ['currentUser'] as const,
  messageCount: ['messageCount'] as const,
};

export const fetchTenant = (code: string): Promise<Tenant> => call('getTenantByCode', { query: { code } });

/** The server's RSA public key for passwords (ARCHITECTURE §3). */
export const fetchPublicKey = (): Promise<string> => call('getPublicKey', { silent: true });

/**
 * Passwords encrypted for one submission: each with a fresh server nonce (getPasswordNonce), which the server
 * accepts once and only for two minutes (a captured ciphertext cannot be replayed).
 */
export function sealPasswords(publicKey: string, ...passwords: string[]): Promise<string[]> {
  return Promise.all(
    passwords.map(async (password) => {
      const nonce = await call('getPasswordNonce', { silent: true });
      return encryptPassword(publicKey, passwordWithNonce(nonce, password));
    }),
  );
}

/**
 * The address of a tenant's logo (frontLogo on the login page, manageLogo in the header, ico in the browser
 * tab): the first file of the field's JSON list, served without a token; null when the tenant has none.
 */
export function tenantLogoUrl(tenant: Tenant, field: 'frontLogo' | 'manageLogo' | 'ico'): string | null {
  try {
    const files: unknown = JSON.parse(tenant[field] ?? '[]');
    const first: unknown = Array.isArray(files) ? files[0] : null;
    const fileId = first && typeof first === 'object' && 'id' in first ? first.id : null;
    return typeof fileId === 'string' ? routeAddress('getTenantLogo', { code: tenant.code, fileId }) : null;
  } catch {
    return null;
  }
}

/**
 * Signs in with account and password: encrypts the password with the public key (the login page fetches it
 * while the user types), posts the login. A result with `loginStatus: false` (the password must be changed
 * first) carries no token.
 */
export async function signInWithPassword(
  tenantId: string,
  account: string,
  password: string,
  publicKey: string,
): Promise<SignInResult> {
  const [encrypted] = await sealPasswords(publicKey, password);
  const result = await call('login', {
    query: { tenantId },
    body: { username: account, password: encrypted },
    silent: true,
  });
  if (result?.loginStatus === false) return result;
  return { ...result, token: tokenOf(result) };
}

/** Spec §8: the token under its configured name, or 登录接口异常，未正确返回token... */
export function tokenOf(result: Partial<Record<typeof TOKEN_NAME, unknown>> | null | undefined): string {
  const token = result?.[TOKEN_NAME];
  if (typeof token !== 'string' || !token) {
    throw new ApiError(i18n.t('login.noToken', { tokenName: TOKEN_NAME }), 'NO_TOKEN');
  }
  return token;
}

/** Who signed in, as the session keeps it. */
export const sessionUserOf = (detail: UserDetail): SessionUser => ({
  account: detail.user.account,
  userId: detail.user.id,
  username: detail.user.fullname,
  tenantCode: detail.tenantCode,
});

/** The signed-in user's detail: roles, posts, orgs, password strategy. */
export const fetchCurrentUser = (): Promise<UserDetail> => call('getDetailByAccountOrId', { body: {} });

/**
 * Spec §8: the user behind a new token (after a sign-in, or from the address), asked before the token is
 * kept; the session is left alone. A failing call rejects with 用户信息接口异常; an answer without a user
 * revokes the token and rejects with 验证失败，请重新登录...
 */
export async function userOfToken(token: string): Promise<UserDetail> {
  const detail = await call('getDetailByAccountOrId', {
    body: {},
    token,
    silent: true,
    keepSession: true,
  }).catch((error: unknown) => {
    throw new ApiError(i18n.t('login.userInfoFailed'), error instanceof ApiError ? error.code : 'USER_INFO');
  });
  if (!detail?.user) {
    await signOutOnServer(token).catch(() => null);
    throw new ApiError(i18n.t('login.verifyFailed'), 'NO_USER');
  }
  return detail;
}

/** Revokes a token on the server (the session's when none is given). */
export const signOutOnServer = (token?: string): Promise<null> =>
  call('signout', { silent: true, keepSession: true, ...(token ? { token } : {}) });

/** The password strategy of a tenant (for the change-password dialog before sign-in). */
export const fetchPwdStrategy = (tenantId?: string): Promise<PwdStrategy> =>
  call('getDefaultPwdStrategy', { query: tenantId ? { tenantId } : {}, silent: true });

/** Spec §7 modifiUserPsd: the signed-in user changes their password; both RSA-encrypted. Answers the server's message. */
export async function modifyOwnPassword(oldPwd: string, newPwd: string): Promise<string> {
  const publicKey = await fetchPublicKey();
  const [oldEncrypted, newEncrypted] = await sealPasswords(publicKey, oldPwd, newPwd);
  const { message } = await callWithMessage('modifiUserPsd', {
    body: { oldPwd: oldEncrypted, newPwd: newEncrypted },
    silent: true,
  });
  return message;
}

/** Spec §7 changUserPsd: a change by account and old password, before sign-in (loginStatus false). */
export async function changePasswordByAccount(
  tenantId: string,
  account: string,
  oldPwd: string,
  newPwd: string,
): Promise<string> {
  const publicKey = await fetchPublicKey();
  const [oldEncrypted, newEncrypted] = await sealPasswords(publicKey, oldPwd, newPwd);
  const { message } = await callWithMessage('changUserPsd', {
    query: { tenantId },
    body: { account, oldPwd: oldEncrypted, newPwd: newEncrypted },
    silent: true,
  });
  return message;
}

/** Spec §4: switching post sets a cookie on the server. */
export const switchPost = (postId: string): Promise<null> => call('setPostCookie', { query: { postId } });

/** Spec §2: how users sign in — password, cas or oauth — and where single sign-on starts. */
export const fetchSignInMode = () => call('getSsoConfig', { silent: true, keepSession: true });

/** The token of a single sign-on (spec §7 GET sso/auth): a cas ticket, or an oauth code with its state. */
export const ssoSignIn = async (query: RouteQuery<'ssoAuth'>): Promise<string> =>
  tokenOf(await call('ssoAuth', { query, silent: true, keepSession: true }));

export type ShortLink = RouteValue<'getLongUrlByShortUrl'>;

/** Spec §2, §7: the long address of a short link, and its guest token when it was made for guests. */
export const resolveShortUrl = (shortUrl: string): Promise<ShortLink> =>
  call('getLongUrlByShortUrl', { query: { shortUrl }, silent: true, keepSession: true });

/** Spec §3, §7: the unread inner-message count of the bell. */
export const fetchMessageCount = () => call('getMsgbadge', { silent: true });

/** Spec §7 getMobileURL: the mobile site's address, null when the server has none. */
export const fetchMobileUrl = () => call('getMobileURL', { silent: true });
