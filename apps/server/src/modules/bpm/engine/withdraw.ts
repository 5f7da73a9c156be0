import type { Db, Executor } from '../../../db/client.js';
import { conflict, notFound } from '../../../errors.js';
import { isDominatedBy, requireNode } from '../../../flow/graph.js';
import type { AuthContext } from '../../../security/tokens.js';
import * as repo from '../runtime.repository.js';
import { enterUserTask } from './advance.js';
import { clearAllWork, clearTokens } from './clear.js';
import { recordNodeOpinion } from './opinions.js';
import { lockRun, patchInstance, personOf, runOf, startNodeOf, type Run } from './run.js';

/** Whether a request can be withdrawn now: running, not suspended, nobody acted since it was submitted. */
export async function canRevoke(db: Executor, instance: repo.InstanceRow) {
  if (!['running', 'back'].includes(instance.status) || instance.suspended) return false;
  const last = await repo.lastHandledOpinion(db, instance.tenantId, instance.id);
  return Boolean(last && ['submit', 'resubmit'].includes(last.status));
}

/**
 * The initiator withdraws a running request while nobody has acted on it since it was submitted: the
 * waiting work ends and the request comes back to the initiator to change and resubmit.
 */
export async function revokeInstance(db: Db, auth: AuthContext, input: { instId: string; opinion?: string }) {
  return db.transaction(async (tx) => {
    const run = await lockRun(tx, auth, input.instId);
    if (run.instance.initiatorId !== auth.userId)
      throw notFound('flow.instanceNotFound', { id: input.instId });
    if (!(await canRevoke(tx, run.instance))) throw conflict('flow.cannotRevoke');
    await clearAllWork(run);
    const start = startNodeOf(run);
    await recordNodeOpinion(run, start, 'recoverToStart', run.actor, input.opinion);
    await patchInstance(run, { status: 'revokeToStart' });
    await enterUserTask(run, start, { onlyUser: run.actor });
    return { instId: run.instance.id };
  });
}

/** What taking back a handled task undoes: a countersign vote, or the work its handling created. */
type RetrievePlan = { kind: 'vote' } | { kind: 'step'; tokens: repo.TokenRow[] };

/**
 * Whether a handled task can be taken back now, and what that would undo; undefined when it cannot:
 * - a countersign vote, while its round is still open;
 * - any other step, while the work its handling created is all still waiting, nobody has acted since,
 *   and the handling did not go past a join of other branches.
 */
async function retrievePlan(run: Run, handled: repo.TaskRow): Promise<RetrievePlan | undefined> {
  const { tx, tenantId } = run;
  if (!['running', 'back'].includes(run.instance.status) || run.instance.suspended) return undefined;
  if (!['agree', 'oppose', 'abandon'].includes(handled.action ?? '') || handled.type !== 'NORMAL')
    return undefined;
  if ((await repo.handledSince(tx, tenantId, run.instance.id, handled.completedAt!, handled.id)).length > 0) {
    return undefined;
  }
  if (handled.signBatch) {
    // a sequential countersign has asked its next voter already: its order cannot be undone
    if (requireNode(run.def.model, handled.nodeId).type === 'CUSTOMSIGNTASK') return undefined;
    return (await repo.findToken(tx, tenantId, handled.tokenId)) ? { kind: 'vote' } : undefined;
  }
  const tokens = (await repo.tokensOf(tx, tenantId, run.instance.id)).filter(
    (t) => t.originTaskId === handled.id,
  );
  if ((await repo.findToken(tx, tenantId, handled.tokenId)) || tokens.length === 0) return undefined;
  const node = requireNode(run.def.model, handled.nodeId);
  if (tokens.some((t) => !isDominatedBy(run.def.model, t.nodeId, node.id))) return undefined;
  return { kind: 'step', tokens };
}

/** The caller's handled task, if it is theirs; 404 otherwise. */
async function ownHandledTask(tx: Executor, auth: AuthContext, taskId: string) {
  const handled = await repo.findTask(tx, auth.tenantId, taskId);
  if (!handled || handled.completedBy !== auth.userId || handled.status !== 'done') {
    throw notFound('flow.taskNotFound', { id: taskId });
  }
  return handled;
}

/**
 * The done list's mark: each row the list query found plausible is checked by the engine's own rule
 * (retrievePlan), loading the caller once and each instance's run once.
 */
export async function markRetrievable<Row extends { taskId: string; canRetrieve: boolean }>(
  db: Db,
  auth: AuthContext,
  rows: Row[],
): Promise<Row[]> {
  if (!rows.some((row) => row.canRetrieve)) return rows;
  const person = await personOf(db, auth);
  const runs = new Map<string, Promise<Run>>();
  const runFor = (instanceId: string) => {
    if (!runs.has(instanceId)) {
      runs.set(
        instanceId,
        repo.findInstance(db, auth.tenantId, instanceId).then((instance) => runOf(db, instance!, person)),
      );
    }
    return runs.get(instanceId)!;
  };
  return Promise.all(
    rows.map(async (row) => {
      if (!row.canRetrieve) return row;
      const handled = await ownHandledTask(db, auth, row.taskId);
      return { ...row, canRetrieve: Boolean(await retrievePlan(await runFor(handled.instanceId), handled)) };
    }),
  );
}

/**
 * Take back (取回) a handled task while the step it led to is untouched (see retrievePlan). It comes back
 * to whom it belonged: the caller, or the principal or leader the caller handled it for.
 */
export async function retrieveTask(db: Db, auth: AuthContext, input: { taskId: string }) {
  return db.transaction(async (tx) => {
    const root = await repo.lockRootOfTask(tx, auth.tenantId, input.taskId);
    const handled = await ownHandledTask(tx, auth, input.taskId);
    const run = await lockRun(tx, auth, handled.instanceId);
    const plan = root && (await retrievePlan(run, handled));
    if (!plan) throw conflict('flow.cannotRetrieve');
    const node = requireNode(run.def.model, handled.nodeId);
    const opinion = await repo.taskOpinion(tx, run.tenantId, handled.id);
    const owner =
      opinion?.principalId && opinion.principalName
        ? { id: opinion.principalId, name: opinion.principalName }
        : run.actor;
    if (plan.kind === 'vote') {
      await repo.reopenTask(tx, run.tenantId, handled, owner.id);
    } else {
      await clearTokens(run, plan.tokens);
      await patchInstance(run, { status: 'running' });
      await enterUserTask(run, node, { onlyUser: owner });
    }
    await recordNodeOpinion(run, node, 'recover', run.actor);
    return { instId: run.instance.id };
  });
}
