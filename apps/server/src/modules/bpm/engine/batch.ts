import type { Db } from '../../../db/client.js';
import { BATCH_APPROVE_METHOD } from '@eip/contracts';
import { AppError, forbidden } from '../../../errors.js';
import { holdsMethod } from '../../portal/menu.repository.js';
import { nextUserTaskNodes, requireNode } from '../../../flow/graph.js';
import type { MessageKey } from '../../../i18n/messages.js';
import type { AuthContext } from '../../../security/tokens.js';
import * as repo from '../runtime.repository.js';
import { loadDefinition } from '../definitions.js';
import { lockHolder } from '../task-lock.repository.js';
import { actingOn } from './authority.js';
import { offeredButtons } from './buttons.js';
import { completeTask } from './complete.js';
import { conditionTest } from '../../../flow/conditions.js';
import { missingRequiredField, type FormData } from './forms.js';
import { settingsOf } from '../../../flow/settings-schema.js';

/** Why a task cannot be approved in a batch (spec §5: batch handling filters these out first). */
export type UnbatchableReason =
  | 'notFound'
  | 'handled'
  | 'locked'
  | 'suspended'
  | 'answerNeeded'
  | 'resubmission'
  | 'noAgree'
  | 'formIncomplete'
  | 'picksHandlers';

export const UNBATCHABLE_MESSAGES: Record<UnbatchableReason, MessageKey> = {
  notFound: 'flow.batch.notFound',
  handled: 'flow.batch.handled',
  locked: 'flow.batch.locked',
  suspended: 'flow.batch.suspended',
  answerNeeded: 'flow.batch.answerNeeded',
  resubmission: 'flow.batch.resubmission',
  noAgree: 'flow.batch.noAgree',
  formIncomplete: 'flow.batch.formIncomplete',
  picksHandlers: 'flow.batch.picksHandlers',
};

/** Why the caller cannot approve a task without opening it; undefined when they can. */
async function unbatchableReason(
  db: Db,
  auth: AuthContext,
  taskId: string,
): Promise<UnbatchableReason | undefined> {
  const task = await repo.findTask(db, auth.tenantId, taskId);
  if (!task) return 'notFound';
  const acting = task.status === 'pending' ? await actingOn(db, auth, task) : undefined;
  if (!acting || acting.via === 'secretary') return task.status === 'pending' ? 'notFound' : 'handled';
  const holder = lockHolder(task);
  if (holder && holder !== auth.userId) return 'locked';
  const instance = (await repo.findInstance(db, auth.tenantId, task.instanceId))!;
  if (instance.suspended) return 'suspended';
  if (task.type !== 'NORMAL' && task.type !== 'DELIVERTO') return 'answerNeeded';
  const def = await loadDefinition(db, auth.tenantId, instance.defId);
  const node = requireNode(def.model, task.nodeId);
  if (node.type === 'START') return 'resubmission';
  if (!offeredButtons(def, task, acting, false).some((b) => b.alias === 'agree')) return 'noAgree';
  const settings = settingsOf(def.settings, node.id);
  const data = instance.data as FormData;
  if (missingRequiredField(data, settings?.fieldPermissions ?? {})) return 'formIncomplete';
  try {
    const ahead = nextUserTaskNodes(
      def.model,
      node.id,
      conditionTest({ form: data, vars: instance.vars as Record<string, unknown> }),
    );
    if (ahead.some((n) => settingsOf(def.settings, n.id)?.selectUsers)) return 'picksHandlers';
  } catch {
    return 'formIncomplete';
  }
  return undefined;
}

/** filterUnBatchable: which of the tasks the caller can approve together, and why the others not. */
export async function filterUnbatchable(db: Db, auth: AuthContext, taskIds: readonly string[]) {
  const batchable: string[] = [];
  const unbatchable: { taskId: string; reason: UnbatchableReason }[] = [];
  for (const taskId of new Set(taskIds)) {
    const reason = await unbatchableReason(db, auth, taskId);
    if (reason) unbatchable.push({ taskId, reason });
    else batchable.push(taskId);
  }
  return { batchable, unbatchable };
}

/**
 * batchHandle: approves each batchable task with the same opinion, each in its own transaction, so one
 * failure leaves the others done. Batch handling only approves (reference: rejecting needs an opinion
 * per item).
 */
export async function batchHandle(db: Db, auth: AuthContext, input: { taskIds: string[]; opinion?: string }) {
  if (!(await holdsMethod(db, auth.tenantId, auth.userId, BATCH_APPROVE_METHOD))) throw forbidden();
  const results: { taskId: string; ok: boolean; error?: AppError; reason?: UnbatchableReason }[] = [];
  for (const taskId of new Set(input.taskIds)) {
    const reason = await unbatchableReason(db, auth, taskId);
    if (reason) {
      results.push({ taskId, ok: false, reason });
      continue;
    }
    try {
      await completeTask(db, auth, { taskId, actionName: 'agree', opinion: input.opinion });
      results.push({ taskId, ok: true });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ taskId, ok: false, error });
    }
  }
  return results;
}
