import type { RouteValue } from '@eip/contracts';
import { i18n } from '../i18n';
import { ApiError, call } from './client';
import { encryptPassword } from './rsa';

export type Tenant = RouteValue<'getTenantByCode'>;
export type SignInResult = RouteValue<'login'>;
export type UserDetail = RouteValue<'getDetailByAccountOrId'>;

/** TanStack Query keys, one per server resource. */
export const queryKeys = {
  tenant: (code: string) => ['tenant', code] as const,
  currentUser: ['currentUser'] as const,
};

export const fetchTenant = (code: string): Promise<Tenant> => call('getTenantByCode', { query: { code } });

/** Signs in with account and password: fetches the public key, encrypts the password, posts the login. */
export async function signInWithPassword(
  tenantId: string,
  account: string,
  password: string,
): Promise<SignInResult> {
  const publicKey = await call('getPublicKey');
  const encrypted = await encryptPassword(publicKey, password);
  const result = await call('login', {
    query: { tenantId },
    body: { username: account, password: encrypted },
  });
  if (!result?.token) throw new ApiError(i18n.t('login.noToken'), 'NO_TOKEN');
  return result;
}

/** The signed-in user's detail: roles, posts, orgs, password strategy. */
export const fetchCurrentUser = (): Promise<UserDetail> => call('getDetailByAccountOrId', { body: {} });

/** Revokes the token on the server. */
export const signOutOnServer = (): Promise<null> => call('signout');
