import { STATUS_COLORS } from '@eip/contracts/flow';
import type { Db } from '../../db/client.js';
import { forbidden, notFound } from '../../errors.js';
import { rejectTargets, requireNode } from '../../flow/graph.js';
import { settingsOf } from '../../flow/settings-schema.js';
import type { AuthContext } from '../../security/tokens.js';
import { accessOf } from '../portal/menu.repository.js';
import { loadDefinition } from './definitions.js';
import { findInstance, opinionsOf, takesPartIn } from './lists.repository.js';
import { findTask, isCandidate } from './runtime.repository.js';

const isAdmin = async (db: Db, auth: AuthContext) =>
  (await accessOf(db, auth.tenantId, auth.userId)) === 'all';

/** The instance, when the caller takes part in it (or administers the tenant); 404 otherwise. */
export async function visibleInstance(db: Db, auth: AuthContext, instId: string) {
  const instance = await findInstance(db, auth.tenantId, instId);
  if (
    !instance ||
    !((await takesPartIn(db, auth.tenantId, instId, auth.userId)) || (await isAdmin(db, auth)))
  ) {
    throw notFound('flow.instanceNotFound', { id: instId });
  }
  return instance;
}

/** A pending task the caller may handle; 404 when it is not theirs to see, as with instances. */
async function ownTask(db: Db, auth: AuthContext, taskId: string) {
  const task = await findTask(db, auth.tenantId, taskId);
  if (!task || !(await takesPartIn(db, auth.tenantId, task.instanceId, auth.userId))) {
    throw notFound('flow.taskNotFound', { id: taskId });
  }
  return task;
}

export async function canHandle(db: Db, auth: AuthContext, taskId: string) {
  const task = await ownTask(db, auth, taskId);
  return task.status === 'pending' && (await isCandidate(db, auth.tenantId, taskId, auth.userId));
}

const DEFAULT_BUTTONS = [
  { alias: 'agree', name: '同意' },
  { alias: 'oppose', name: '反对' },
  { alias: 'reject', name: '驳回' },
];

export async function taskButtons(db: Db, auth: AuthContext, taskId: string) {
  const task = await ownTask(db, auth, taskId);
  if (task.status !== 'pending') return [];
  if (task.nodeType === 'START') return [{ alias: 'startFlow', name: '提交' }];
  const def = await loadDefinition(
    db,
    auth.tenantId,
    (await visibleInstance(db, auth, task.instanceId)).defId,
  );
  const buttons = settingsOf(def.settings, task.nodeId)?.buttons;
  return (buttons ?? DEFAULT_BUTTONS).map(({ alias, name }) => ({ alias, name }));
}

export async function rejectChoices(db: Db, auth: AuthContext, taskId: string) {
  const task = await ownTask(db, auth, taskId);
  const instance = await visibleInstance(db, auth, task.instanceId);
  const def = await loadDefinition(db, auth.tenantId, instance.defId);
  return rejectTargets(def.model, task.nodeId).map((n) => ({
    nodeId: n.id,
    name: n.name || n.id,
    nodeType: n.type,
  }));
}

export async function instanceOpinions(db: Db, auth: AuthContext, instId: string) {
  await visibleInstance(db, auth, instId);
  return (await opinionsOf(db, auth.tenantId, instId)).map((o) => {
    const qualfieds = o.qualfieds as { id: string; name: string; type: string }[];
    return {
      id: o.id,
      taskId: o.taskId,
      nodeId: o.nodeId,
      taskName: o.taskName,
      status: o.status,
      auditor: o.auditorId,
      auditorName: o.auditorName,
      qualfieds,
      qualfiedNames: qualfieds.map((q) => q.name).join(','),
      opinion: o.opinion,
      createTime: o.createdAt.toISOString(),
      completeTime: o.completedAt ? o.completedAt.toISOString() : null,
      durMs: o.durMs,
    };
  });
}

/** The colour of a node is the status of its latest opinion: waiting shows as pending. */
const statusColor = (status: string): string | undefined =>
  status === 'awaiting_check' ? STATUS_COLORS.pending : (STATUS_COLORS as Record<string, string>)[status];

export async function flowImage(db: Db, auth: AuthContext, query: { instId?: string; defId?: string }) {
  const instance = query.instId ? await visibleInstance(db, auth, query.instId) : undefined;
  const defId = instance?.defId ?? query.defId;
  if (!defId) throw notFound('flow.definitionNotFound', { id: '' });
  const def = await loadDefinition(db, auth.tenantId, defId);
  const nodeColorMap: Record<string, string> = {};
  if (instance) {
    for (const opinion of await opinionsOf(db, auth.tenantId, instance.id)) {
      const color = statusColor(opinion.status);
      if (color) nodeColorMap[opinion.nodeId] = color;
    }
  }
  const { layout } = def.model;
  return {
    defId: def.row.id,
    instanceId: instance?.id ?? null,
    bpmDefLayout: {
      defId: def.row.id,
      name: def.row.name,
      width: layout.width,
      height: layout.height,
      listLayout: layout.shapes.map((shape) => {
        const node = requireNode(def.model, shape.nodeId);
        return { ...shape, name: node.name, nodeType: node.type };
      }),
    },
    nodeColorMap,
    statusColorMap: { ...STATUS_COLORS },
    bpmnXml: def.row.bpmnXml,
  };
}

export async function requireAdmin(db: Db, auth: AuthContext) {
  if (!(await isAdmin(db, auth))) throw forbidden();
}
