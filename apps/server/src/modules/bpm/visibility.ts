import type { Executor } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../security/tokens.js';
import { isAdmin as isTenantAdmin } from '../bpm-personal/access.js';
import { takesPartIn } from './lists.repository.js';
import * as repo from './runtime.repository.js';

/**
 * Who may read an instance or a task (the one check every read of the approval form makes): those who
 * take part in it, administrators, and — with `leaderId`, the same leaderId the task accepts — the
 * secretary of a leader who takes part in it.
 */

/** The people whose part counts for the caller: themselves, and the leader they act for as secretary. */
export async function viewersOf(db: Executor, auth: AuthContext, leaderId?: string) {
  if (leaderId === undefined || leaderId === auth.userId) return [auth.userId];
  return (await repo.isSecretaryOf(db, auth.tenantId, auth.userId, leaderId))
    ? [auth.userId, leaderId]
    : [auth.userId];
}

async function anyOf(viewers: readonly string[], takesPart: (userId: string) => Promise<boolean>) {
  for (const userId of viewers) if (await takesPart(userId)) return true;
  return false;
}

/** The instance, when the caller (or the leader they act for) takes part in it, or administers; else 404. */
export async function visibleInstance(db: Executor, auth: AuthContext, instId: string, leaderId?: string) {
  const instance = await repo.findInstance(db, auth.tenantId, instId);
  const seen =
    instance &&
    ((await anyOf(await viewersOf(db, auth, leaderId), (userId) =>
      takesPartIn(db, auth.tenantId, instId, userId),
    )) ||
      (await isTenantAdmin(db, auth)));
  if (!instance || !seen) throw notFound('flow.instanceNotFound', { id: instId });
  return instance;
}

/**
 * The same rule for reading many instances at once, as the `participates` filter: undefined for an
 * administrator, who sees them all; else the caller, whose part counts.
 */
export async function participantSeeing(db: Executor, auth: AuthContext) {
  return (await isTenantAdmin(db, auth)) ? undefined : auth.userId;
}

/** A task of an instance the caller (or the leader they act for) takes part in or was offered; else 404. */
export async function visibleTask(db: Executor, auth: AuthContext, taskId: string, leaderId?: string) {
  const task = await repo.findTask(db, auth.tenantId, taskId);
  if (!task) throw notFound('flow.taskNotFound', { id: taskId });
  const seen =
    (await anyOf(
      await viewersOf(db, auth, leaderId),
      async (userId) =>
        (await takesPartIn(db, auth.tenantId, task.instanceId, userId)) ||
        (await repo.wasOfferedTask(db, auth.tenantId, task.id, userId)),
    )) || (await isTenantAdmin(db, auth));
  if (!seen) throw notFound('flow.taskNotFound', { id: taskId });
  return task;
}
