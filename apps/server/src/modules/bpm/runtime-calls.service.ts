import type { Language } from '@eip/contracts/codes';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { afterJumpNodes, requireNode } from '../../flow/graph.js';
import { settingsOf } from '../../flow/settings-schema.js';
import type { AuthContext } from '../../security/tokens.js';
import { requireAdmin } from '../bpm-personal/access.js';
import { formOf } from './engine/forms.js';
import { personOf, runOf } from './engine/run.js';
import { rejectChoices } from './engine/send-back.js';
import { startNodeOfDefinition } from './engine/start.js';
import { loadDefinition } from './definitions.js';
import * as lists from './lists.repository.js';
import { nodeDetail } from './query.service.js';
import { deleteTasks } from './removal.repository.js';
import * as repo from './runtime.repository.js';
import { visibleTask } from './visibility.js';

/** The task runtime's reads about the node a task stands at, the next task, and an administrator's removal. */

/** A task the caller may see (a secretary with leaderId), its instance and definition. */
async function taskInContext(db: Db, auth: AuthContext, taskId: string, leaderId?: string) {
  const task = await visibleTask(db, auth, taskId, leaderId);
  const instance = (await repo.findInstance(db, auth.tenantId, task.instanceId))!;
  const def = await loadDefinition(db, auth.tenantId, instance.defId);
  return { task, instance, def, node: requireNode(def.model, task.nodeId) };
}

type InContext = Awaited<ReturnType<typeof taskInContext>>;

const nodeRef = ({ node }: InContext) => ({
  nodeId: node.id,
  name: node.name || node.id,
  nodeType: node.type,
});

/** The start node itself (back with the initiator) or a user task the start leads to on some branch. */
const isFirstNode = ({ def, node }: InContext) => {
  const start = startNodeOfDefinition(def);
  return node.id === start.id || afterJumpNodes(def.model, start.id).some((n) => n.id === node.id);
};

export async function taskNode(db: Db, auth: AuthContext, taskId: string, leaderId?: string) {
  return nodeRef(await taskInContext(db, auth, taskId, leaderId));
}

export async function taskIsFirstNode(db: Db, auth: AuthContext, taskId: string, leaderId?: string) {
  return isFirstNode(await taskInContext(db, auth, taskId, leaderId));
}

/** getCurNodeProperties: what the approval form needs of the task's node settings. */
export async function currentNodeProperties(db: Db, auth: AuthContext, taskId: string, leaderId?: string) {
  const context = await taskInContext(db, auth, taskId, leaderId);
  const { task, instance, def, node } = context;
  const settings = settingsOf(def.settings, node.id);
  const run = await runOf(db, instance, await personOf(db, auth));
  return {
    ...nodeRef(context),
    defId: def.row.id,
    instId: instance.id,
    selectUsers: Boolean(settings?.selectUsers),
    countersign: settings?.countersign ?? null,
    rejectModes: (await rejectChoices(run, task)).modes,
    formKey: formOf(def, node.id)?.form.formKey ?? null,
    dueTime: settings?.dueTime ?? null,
    isFirstNode: isFirstNode(context),
  };
}

/** task/v1/nodeOpinion: the opinions of the node the task stands at. */
export async function taskNodeOpinions(
  db: Db,
  auth: AuthContext,
  lang: Language,
  taskId: string,
  leaderId?: string,
) {
  const task = await visibleTask(db, auth, taskId, leaderId);
  return (await nodeDetail(db, auth, lang, { instId: task.instanceId, nodeId: task.nodeId, leaderId }))
    .opinions;
}

/** nextTask: the caller's next pending task after this one, newest first as the todo list orders it. */
export async function nextTask(db: Db, auth: AuthContext, taskId: string) {
  const task = await visibleTask(db, auth, taskId);
  const { rows } = await lists.todoList(db, auth.tenantId, auth.userId, {
    pageBean: { pageSize: 2, showTotal: false },
  });
  return rows.find((row) => row.taskId !== task.id) ?? null;
}

/**
 * task/v1/remove (administrators): the tasks go with their candidates and waiting opinions; every id must
 * be a task of the tenant (404 naming the first that is not, and nothing is removed).
 */
export async function removeTasks(db: Db, auth: AuthContext, ids: string[]) {
  await requireAdmin(db, auth);
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    for (const id of unique) {
      if (!(await repo.lockRootOfTask(tx, auth.tenantId, id))) throw notFound('flow.taskNotFound', { id });
    }
    const found = new Set((await repo.findTasks(tx, auth.tenantId, unique)).map((t) => t.id));
    const missing = unique.find((id) => !found.has(id));
    if (missing) throw notFound('flow.taskNotFound', { id: missing });
    return deleteTasks(tx, auth.tenantId, unique);
  });
}
