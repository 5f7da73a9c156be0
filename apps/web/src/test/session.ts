import { useSession, type SessionUser } from '../stores/session';

/** The user a test signs in as. */
export const testUser: SessionUser = {
  account: 'zhuting',
  userId: 'u-zhuting',
  username: '朱婷',
  tenantCode: 'platform',
};

/** Starts a session with `token`, as a sign-in does once the user is known. */
export const signInWith = (token: string) => useSession.getState().signIn(token, testUser);
