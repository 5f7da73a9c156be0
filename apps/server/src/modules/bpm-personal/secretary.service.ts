import type { QueryFilter, Secretary } from '@eip/contracts';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import type { AuthContext } from '../../security/tokens.js';
import { isAdmin, requireActiveUser, requireAdmin } from './access.js';
import { lockUser } from './people.repository.js';
import * as pairs from './secretary.repository.js';

/** A pair the caller may see: theirs as leader or as secretary, any for administrators; 404 otherwise. */
async function visiblePair(db: Db, auth: AuthContext, id: string) {
  const found = await pairs.findSecretary(db, auth.tenantId, id);
  const mine = found && (found.leaderId === auth.userId || found.secretaryId === auth.userId);
  if (!found || !(mine || (await isAdmin(db, auth)))) throw notFound('personal.secretaryNotFound', { id });
  return found;
}

/**
 * Gives a leader a secretary, or changes a pair. The leader is the caller; administrators may name
 * another leader and change any pair. The secretary is an active user other than the leader, and a
 * pair exists once.
 */
export async function saveSecretary(
  db: Db,
  auth: AuthContext,
  input: { id?: string; secretaryId: string; leaderId?: string },
): Promise<Secretary> {
  const existing = input.id ? await visiblePair(db, auth, input.id) : undefined;
  const leaderId = input.leaderId || existing?.leaderId || auth.userId;
  if (leaderId !== auth.userId) await requireAdmin(db, auth);
  if (existing && existing.leaderId !== auth.userId) await requireAdmin(db, auth);
  if (input.secretaryId === leaderId) throw badRequest('personal.secretarySelf');
  const leader = await requireActiveUser(db, auth.tenantId, leaderId, 'body.leaderId');
  const secretary = await requireActiveUser(db, auth.tenantId, input.secretaryId, 'body.secretaryId');
  const pair = { leaderId, secretaryId: secretary.id };
  const id = await db.transaction(async (tx) => {
    await lockUser(tx, auth.tenantId, leaderId);
    if (await pairs.findPair(tx, auth.tenantId, pair, existing?.id)) {
      throw conflict('personal.secretaryExists', { secretary: secretary.fullname, leader: leader.fullname });
    }
    if (!existing) return pairs.insertSecretary(tx, auth.tenantId, pair);
    await pairs.updateSecretary(tx, auth.tenantId, existing.id, pair);
    return existing.id;
  });
  return visiblePair(db, auth, id);
}

/** The caller's secretaries as leader; with `everyone`, every pair of the tenant (administrators only). */
export async function listSecretaries(db: Db, auth: AuthContext, everyone: boolean, filter: QueryFilter) {
  if (everyone) await requireAdmin(db, auth);
  return pairs.querySecretaries(db, auth.tenantId, filter, everyone ? undefined : auth.userId);
}

export const getSecretary = visiblePair;

export async function removeSecretaries(db: Db, auth: AuthContext, ids: string[]) {
  const everyone = await isAdmin(db, auth);
  return pairs.deleteSecretaries(db, auth.tenantId, ids, everyone ? undefined : auth.userId);
}
