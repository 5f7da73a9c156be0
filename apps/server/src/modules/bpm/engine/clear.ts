import { isDominatedBy } from '../../../flow/graph.js';
import * as repo from '../runtime.repository.js';
import { deleteServiceCallsOfTokens } from '../service-call.repository.js';
import { isLive, patchInstance, runOf, type Run } from './run.js';
import { cancelTasks } from './tasks.js';

/**
 * Ends the work waiting at some tokens: their open tasks (with the questions their handlers asked),
 * the child instances of call activities, the calls of service tasks, and the tokens themselves.
 */
export async function clearTokens(run: Run, tokens: readonly repo.TokenRow[]) {
  if (tokens.length === 0) return;
  const ids = new Set(tokens.map((t) => t.id));
  const open = (await repo.openTasksOf(run.tx, run.tenantId, run.instance.id)).filter((t) =>
    ids.has(t.tokenId),
  );
  await cancelTasks(run, open);
  for (const child of await repo.childInstances(run.tx, run.tenantId, run.instance.id)) {
    if (child.parentTokenId && ids.has(child.parentTokenId) && isLive(child)) await endChild(run, child);
  }
  await deleteServiceCallsOfTokens(run.tx, run.tenantId, [...ids]);
  await repo.deleteTokens(run.tx, run.tenantId, [...ids]);
}

/** A child instance whose call activity was cleared ends as manually terminated, with all its work. */
async function endChild(run: Run, child: repo.InstanceRow) {
  const locked = await repo.lockInstance(run.tx, run.tenantId, child.id);
  if (!locked) return;
  const childRun = await runOf(run.tx, locked, run.actor);
  await clearAllWork(childRun);
  await patchInstance(childRun, { status: 'manualend', endAt: new Date() });
}

/** Ends every open task and token of the instance. */
export async function clearAllWork(run: Run) {
  await clearTokens(run, await repo.tokensOf(run.tx, run.tenantId, run.instance.id));
}

/**
 * The work a send-back to `targetId` undoes: the tokens whose every path from the start passed the
 * target (a sibling parallel branch keeps its work), plus the sender's own token.
 */
export async function tokensAfter(run: Run, targetId: string, senderTokenId: string | null) {
  const tokens = await repo.tokensOf(run.tx, run.tenantId, run.instance.id);
  return tokens.filter((t) => t.id === senderTokenId || isDominatedBy(run.def.model, t.nodeId, targetId));
}
