import { checkNewPassword, type LoginResult } from '@eip/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import { revokedTokens } from '../../db/schema.js';
import { AppError, badRequest, forbidden } from '../../errors.js';
import { openPassword } from '../../security/password-transport.js';
import { hashPassword, verifyDecoy, verifyPassword } from '../../security/passwords.js';
import type { AuditNote } from '../../http/register.js';
import type { AuthContext } from '../../security/tokens.js';
import type { Services } from '../../services.js';
import { releaseLocksHeldBy } from '../bpm/task-lock.repository.js';
import { isTenantAdmin } from '../portal/menu.repository.js';
import { endStreamsOf } from '../push/push.repository.js';
import { findPwdStrategy } from '../uc/pwd-strategy.repository.js';
import type { TenantRow } from '../uc/tenant.repository.js';
import { resolveTenant } from '../uc/tenant.service.js';
import { findUserByAccount, updatePassword, type UserRow } from '../uc/user.repository.js';
import { accountAtAddressKey, beginAttempt, clearAttempts, failAttempt } from './login-throttle.js';

/** spec §4 user status: 1 normal, 0 disabled, -1 not activated, any other value resigned. */
export function refuseUnlessActive(user: UserRow) {
  if (user.status === 1) return;
  if (user.status === 0) throw forbidden('auth.disabled');
  if (user.status === -1) throw forbidden('auth.notActivated');
  throw forbidden('auth.resigned');
}

/**
 * Checks an account's password with the throttle around it: the attempt is counted first, locked
 * accounts and addresses are refused before any check, repeated attempts slow the answer, and an
 * unknown account costs as much as a wrong password and gets the same message. Status is told only to
 * someone who knows the password.
 */
async function checkCredentials(
  services: Services,
  tenant: TenantRow,
  account: string,
  sealedPassword: string,
  address: string,
): Promise<{ user: UserRow; password: string }> {
  const { db, config } = services;
  const limits = {
    slowAfter: config.loginSlowAfter,
    lockAfter: config.loginLockAfter,
    lockMinutes: config.loginLockMinutes,
    addressLockAfter: config.loginAddressLockAfter,
  };
  const user = await findUserByAccount(db, tenant.id, account);
  const key = accountAtAddressKey(tenant.id, user?.id, account, address);
  const attempt = await beginAttempt(db, key, address, limits);
  if (attempt.locked) throw new AppError(429, 'auth.locked', { minutes: attempt.minutes });
  if (attempt.delayMs > 0) await sleep(attempt.delayMs);
  // opened inside the attempt: a locked address or account gets no ciphertext remembered, a bad one counts
  const password = await openPassword(services, sealedPassword).catch(async (error: unknown) => {
    await failAttempt(db, key, address, attempt.attempts, limits);
    throw error;
  });
  const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyDecoy(password);
  if (!user || !valid) {
    if (await failAttempt(db, key, address, attempt.attempts, limits)) {
      throw new AppError(429, 'auth.locked', { minutes: config.loginLockMinutes });
    }
    throw badRequest('auth.badCredentials');
  }
  await clearAttempts(db, key);
  refuseUnlessActive(user);
  return { user, password };
}

/** What a sign-in answers about its user and tenant, besides the session. */
const signInBase = (tenant: TenantRow, user: UserRow) => ({
  username: user.fullname,
  account: user.account,
  userId: user.id,
  userAttrs: { tenantId: tenant.id, tenantCode: tenant.code },
});

/** A session for a user who proved who they are (by password or single sign-on): the one kind of sign-in token. */
export async function startSession(
  services: Services,
  tenant: TenantRow,
  user: UserRow,
): Promise<LoginResult> {
  const { token, expiresIn } = await services.tokens.issue({
    tenantId: tenant.id,
    tenantCode: tenant.code,
    userId: user.id,
    account: user.account,
    passwordVersion: user.passwordVersion,
  });
  return { ...signInBase(tenant, user), token, loginStatus: true, expiration: expiresIn };
}

export async function login(
  services: Services,
  input: { tenantId?: string; username: string; password: string },
  address: string,
  audit: AuditNote,
): Promise<LoginResult> {
  audit.account = input.username;
  const tenant = await resolveTenant(services.db, input.tenantId);
  audit.tenantId = tenant.id;
  const { user } = await checkCredentials(services, tenant, input.username, input.password, address);
  audit.userId = user.id;
  const { sso } = services.config;
  if (sso?.passwordSignIn === 'admins' && !(await isTenantAdmin(services.db, tenant.id, user.id))) {
    throw forbidden('sso.passwordAdminsOnly');
  }
  if (user.mustChangePassword) {
    // The strategy wants a new password first: no session until changUserPsd succeeds.
    return { ...signInBase(tenant, user), token: '', loginStatus: false, expiration: 0 };
  }
  return startSession(services, tenant, user);
}

export async function signout(services: Services, auth: AuthContext): Promise<null> {
  await services.db.transaction(async (tx) => {
    await tx.insert(revokedTokens).values({ jti: auth.jti, expiresAt: auth.expiresAt }).onConflictDoNothing();
    await releaseLocksHeldBy(tx, auth.tenantId, auth.userId);
    await endStreamsOf(tx, auth);
  });
  return null;
}

async function setNewPassword(services: Services, user: UserRow, oldPwd: string, newPwd: string) {
  const strategy = await findPwdStrategy(services.db, user.tenantId);
  const problem = checkNewPassword(newPwd, oldPwd, strategy);
  if (problem) throw badRequest(problem.key, 'params' in problem ? problem.params : {});
  const passwordHash = await hashPassword(newPwd);
  await services.db.transaction((tx) => updatePassword(tx, user.tenantId, user.id, passwordHash));
}

/** Change by account and old password, without a session (sign-in answered loginStatus false). */
export async function changePasswordByAccount(
  services: Services,
  input: { tenantId?: string; account: string; oldPwd: string; newPwd: string },
  address: string,
  audit: AuditNote,
): Promise<null> {
  audit.account = input.account;
  const tenant = await resolveTenant(services.db, input.tenantId);
  audit.tenantId = tenant.id;
  const { user, password } = await checkCredentials(services, tenant, input.account, input.oldPwd, address);
  audit.userId = user.id;
  await setNewPassword(services, user, password, await openPassword(services, input.newPwd));
  return null;
}

/** The signed-in user changes their password (the old one checked like a sign-in); every token they hold ends with it. */
export async function modifyOwnPassword(
  services: Services,
  auth: AuthContext,
  input: { oldPwd: string; newPwd: string },
  address: string,
): Promise<null> {
  const tenant = await resolveTenant(services.db, auth.tenantId);
  const { user, password } = await checkCredentials(
    services,
    tenant,
    auth.account,
    input.oldPwd,
    address,
  ).catch((error: unknown) => {
    if (error instanceof AppError && error.key === 'auth.badCredentials') throw badRequest('pwd.wrongOld');
    throw error;
  });
  await setNewPassword(services, user, password, await openPassword(services, input.newPwd));
  return null;
}
