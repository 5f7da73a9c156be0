import type { Executor } from '../../db/client.js';
import { badRequest, forbidden, notFound } from '../../errors.js';
import type { AuthContext } from '../../security/tokens.js';
import { isTenantAdmin } from '../portal/menu.repository.js';
import { findUserById } from '../uc/user.repository.js';

/** Administrators of the tenant manage everyone's agents, secretaries, shared phrases and print log. */
export const isAdmin = (db: Executor, auth: AuthContext) => isTenantAdmin(db, auth.tenantId, auth.userId);

export async function requireAdmin(db: Executor, auth: AuthContext) {
  if (!(await isAdmin(db, auth))) throw forbidden();
}

/**
 * Asking about a user by id: the caller themselves, or an administrator about anyone of the tenant (others
 * 403; a user the tenant does not have 404).
 */
export async function requireSelfOrAdmin(db: Executor, auth: AuthContext, userId: string) {
  if (userId === auth.userId) return;
  await requireAdmin(db, auth);
  if (!(await findUserById(db, auth.tenantId, userId)))
    throw notFound('uc.userNotFound', { account: userId });
}

/** `true` / `false` of a query flag; absent gives the default. */
export const flag = (value: 'true' | 'false' | undefined, fallback: boolean) =>
  value === undefined ? fallback : value === 'true';

/** A user of the tenant in normal status (spec §4 status 1), named by the body field `field`. */
export async function requireActiveUser(db: Executor, tenantId: string, id: string, field: string) {
  const user = await findUserById(db, tenantId, id);
  if (!user) throw notFound('uc.userNotFound', { account: id });
  if (user.status !== 1) throw badRequest('personal.userInactive', { field, name: user.fullname });
  return user;
}
