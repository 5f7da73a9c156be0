import type { RouteValue } from '@eip/contracts';
import { i18n } from '../i18n';
import type { SessionUser } from '../stores/session';
import { ApiError, call, callOptional, callWithMessage } from './client';
import { encryptPassword } from './rsa';

export type Tenant = RouteValue<'getTenantByCode'>;
export type SignInResult = RouteValue<'login'>;
export type UserDetail = RouteValue<'getDetailByAccountOrId'>;
export type PwdStrategy = RouteValue<'getDefaultPwdStrategy'>;

/** TanStack Query keys, one per server resource. */
export const queryKeys = {
  tenant: (code: string) => ['tenant', code] as const,
  currentUser: ['currentUser'] as const,
  messageCount: ['messageCount'] as const,
};

export const fetchTenant = (code: string): Promise<Tenant> => call('getTenantByCode', { query: { code } });

/**
 * Signs in with account and password: fetches the public key, encrypts the password, posts the login.
 * A result with `loginStatus: false` (the password must be changed first) carries no token.
 */
export async function signInWithPassword(
  tenantId: string,
  account: string,
  password: string,
): Promise<SignInResult> {
  const publicKey = await call('getPublicKey', { silent: true });
  const encrypted = await encryptPassword(publicKey, password);
  const result = await call('login', {
    query: { tenantId },
    body: { username: account, password: encrypted },
    silent: true,
  });
  if (result?.loginStatus === false) return result;
  if (!result?.token) throw new ApiError(i18n.t('login.noToken'), 'NO_TOKEN');
  return result;
}

/** Who signed in, as the session keeps it. */
export const sessionUserOf = (result: SignInResult): SessionUser => ({
  account: result.account,
  userId: result.userId,
  username: result.username,
  tenantCode: result.userAttrs.tenantCode,
});

/** The signed-in user's detail: roles, posts, orgs, password strategy. */
export const fetchCurrentUser = (): Promise<UserDetail> => call('getDetailByAccountOrId', { body: {} });

/** Checks a token taken from the address (spec §2): the user's detail, or a rejection; never ends a session. */
export const verifyToken = (): Promise<UserDetail> =>
  call('getDetailByAccountOrId', { body: {}, silent: true, keepSession: true });

/** Revokes the token on the server. */
export const signOutOnServer = (): Promise<null> => call('signout', { silent: true, keepSession: true });

/** The password strategy of a tenant (for the change-password dialog before sign-in). */
export const fetchPwdStrategy = (tenantId?: string): Promise<PwdStrategy> =>
  call('getDefaultPwdStrategy', { query: tenantId ? { tenantId } : {}, silent: true });

/** Spec §7 modifiUserPsd: the signed-in user changes their password; both RSA-encrypted. Answers the server's message. */
export async function modifyOwnPassword(oldPwd: string, newPwd: string): Promise<string> {
  const publicKey = await call('getPublicKey', { silent: true });
  const [oldEncrypted, newEncrypted] = await Promise.all([
    encryptPassword(publicKey, oldPwd),
    encryptPassword(publicKey, newPwd),
  ]);
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
  const publicKey = await call('getPublicKey', { silent: true });
  const [oldEncrypted, newEncrypted] = await Promise.all([
    encryptPassword(publicKey, oldPwd),
    encryptPassword(publicKey, newPwd),
  ]);
  const { message } = await callWithMessage('changUserPsd', {
    query: { tenantId },
    body: { account, oldPwd: oldEncrypted, newPwd: newEncrypted },
    silent: true,
  });
  return message;
}

/** Spec §4: switching post sets a cookie on the server. */
export const switchPost = (postId: string): Promise<null> => call('setPostCookie', { query: { postId } });

/** A sign-in answered by single sign-on (spec §7 GET sso/auth); not offered by the server yet. */
export const ssoSignIn = (query: Record<string, string>) =>
  callOptional<SignInResult>(
    'ssoAuth',
    { method: 'GET', group: 'auth', path: 'sso/auth' },
    { query, silent: true },
  );

/** Spec §3 short-link result. */
export interface ShortLink {
  url: string;
  guestToken?: string | null;
}

/** Resolves a short link (spec §7 getLongUrlByShortUrl); not offered by the server yet. */
export const resolveShortUrl = (shortUrl: string) =>
  callOptional<ShortLink>(
    'getLongUrlByShortUrl',
    { method: 'GET', group: 'portal', path: 'portal/shorturlManage/v1/getLongUrlByShortUrl' },
    { query: { shortUrl }, silent: true },
  );

/** Spec §3, §7: the unread inner-message count of the bell. */
export const fetchMessageCount = () => call('getMsgbadge', { silent: true });

/** Spec §7 getMobileURL: the mobile site's address, null when the server has none. */
export const fetchMobileUrl = () => call('getMobileURL', { silent: true });
