import type { Language } from '@eip/contracts/codes';
import {
  isUserTaskType,
  SERVICE_TASK_STATUS,
  STATUS_COLORS,
  type NodeDisplayState,
} from '@eip/contracts/flow';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { nodesIn, requireNode } from '../../flow/graph.js';
import type { FlowNode } from '../../flow/model.js';
import { settingsOf } from '../../flow/settings-schema.js';
import { translate, type MessageKey } from '../../i18n/messages.js';
import type { AuthContext } from '../../security/tokens.js';
import { findUsersByIds } from '../uc/user.repository.js';
import { findMainByKey } from './definition.repository.js';
import { loadDefinition } from './definitions.js';
import { candidatesOf } from './engine/advance.js';
import { actingOn } from './engine/authority.js';
import { offeredButtons } from './engine/buttons.js';
import { isAdmin as isTenantAdmin } from '../bpm-personal/access.js';
import { countersignResult } from './engine/countersign.js';
import {
  formAt,
  formOf,
  permissionsAt,
  viewPermissions,
  type Permissions,
  visibleData,
  type FormData,
} from './engine/forms.js';
import { isLive, personOf, runOf } from './engine/run.js';
import { rejectChoices } from './engine/send-back.js';
import { initiatorFor, requireStartRight, startNodeOfDefinition } from './engine/start.js';
import { nodesTouchedBy, opinionsOf, taskRowOf, toInstanceRow } from './lists.repository.js';
import { findNotice } from './notice.repository.js';
import * as repo from './runtime.repository.js';
import { latestCallOfNode, serviceCallsOf } from './service-call.repository.js';
import { urgentsOf } from './urgent.repository.js';
import { viewersOf, visibleInstance, visibleTask } from './visibility.js';

/** The read side of the approval centre: forms, buttons, opinions, the flow chart, progress. */

const nodeView = (node: FlowNode) => ({ nodeId: node.id, name: node.name || node.id, nodeType: node.type });

/**
 * taskDetailBo: a task with its form. Whoever may handle it gets the node's field permissions and any
 * draft they saved; anyone else who takes part gets the read-only view. Fields hidden (n) are not sent.
 */
export async function taskDetail(db: Db, auth: AuthContext, taskId: string, leaderId?: string) {
  const task = await visibleTask(db, auth, taskId, leaderId);
  const instance = (await repo.findInstance(db, auth.tenantId, task.instanceId))!;
  const def = await loadDefinition(db, auth.tenantId, instance.defId);
  const node = requireNode(def.model, task.nodeId);
  const acting = task.status === 'pending' ? await actingOn(db, auth, task, leaderId) : undefined;
  const form = formOf(def, node.id);
  const data = instance.data as FormData;
  const permissions = acting
    ? permissionsAt(def.settings, node.id, node.type === 'START', form?.form ?? null, data)
    : viewPermissions(
        def.settings,
        await nodesTouchedBy(db, auth.tenantId, instance.id, auth.userId),
        form?.form ?? null,
        data,
      );
  return {
    bpmTask: {
      ...taskRowOf(task, { instStatus: instance.status, suspended: instance.suspended }),
      signBatch: task.signBatch,
      parentTaskId: task.parentTaskId,
    },
    curNodeDef: nodeView(node),
    formKey: form?.form.formKey ?? null,
    form: form?.form ?? null,
    permissions,
    data: visibleData(data, permissions),
    draft:
      acting && task.draftData
        ? { data: visibleData(task.draftData as FormData, permissions), opinion: task.draftOpinion }
        : null,
    instance: toInstanceRow(instance),
    canHandle: Boolean(acting),
    resubmitted: await resubmissionSeenBy(db, auth.tenantId, instance.id, permissions),
    acting: acting
      ? {
          via: acting.via,
          principalId: acting.principal?.id ?? null,
          principalName: acting.principal?.name ?? null,
        }
      : null,
  };
}

/**
 * Issue 17's resubmission diff: the latest resubmission of the instance, with the changed fields the task may
 * see (a field hidden at the node stays hidden here); null when the request was never resubmitted.
 */
async function resubmissionSeenBy(db: Db, tenantId: string, instanceId: string, permissions: Permissions) {
  const latest = await repo.latestResubmission(db, tenantId, instanceId);
  if (!latest) return null;
  return {
    time: latest.time?.toISOString() ?? null,
    by: latest.by,
    changes: latest.changes.filter(({ field }) => (permissions[field] ?? 'n') !== 'n'),
  };
}

/**
 * The definition the caller may start (403 without the start right): a draft's, a version by id, or the
 * main version of a key.
 */
export async function definitionFor(
  db: Db,
  auth: AuthContext,
  input: { defId?: string; flowKey?: string; draftId?: string; leadId?: string },
) {
  const draft = input.draftId ? await repo.findInstance(db, auth.tenantId, input.draftId) : undefined;
  if (input.draftId && (!draft || draft.status !== 'draft' || draft.initiatorId !== auth.userId)) {
    throw notFound('flow.draftNotFound', { id: input.draftId });
  }
  const defId =
    draft?.defId ?? input.defId ?? (await findMainByKey(db, auth.tenantId, input.flowKey ?? ''))?.id;
  if (!defId) throw notFound('flow.definitionNotFound', { id: input.flowKey ?? '' });
  const def = await loadDefinition(db, auth.tenantId, defId);
  await requireStartRight(db, auth, def, (await initiatorFor(db, auth, input.leadId)).id);
  return { def, draft };
}

/** getFormAndBO: the start form of a flow (or of a draft): its form, the start node's permissions and buttons. */
export async function startForm(
  db: Db,
  auth: AuthContext,
  lang: Language,
  input: { defId?: string; flowKey?: string; draftId?: string; leadId?: string },
) {
  const { def, draft } = await definitionFor(db, auth, input);
  const start = startNodeOfDefinition(def);
  const data = (draft?.data as FormData | undefined) ?? {};
  const { form, permissions } = formAt(def, start, data);
  const configured = settingsOf(def.settings, start.id)?.buttons;
  return {
    defId: def.row.id,
    defKey: def.row.defKey,
    name: def.row.name,
    version: def.row.version,
    draftId: draft?.id ?? null,
    subject: draft?.subject ?? null,
    form: form?.form ?? null,
    permissions,
    data: visibleData(data, permissions),
    buttons: buttonViews(lang, configured ?? [{ alias: 'startFlow' }, { alias: 'saveDraft' }]),
  };
}

/**
 * An instance as those who take part in it see it (a secretary as her leader, `leaderId`): its form,
 * what they may see of it by the nodes they touched, and that data.
 */
async function readableInstance(db: Db, auth: AuthContext, instId: string, leaderId?: string) {
  const instance = await visibleInstance(db, auth, instId, leaderId);
  const def = await loadDefinition(db, auth.tenantId, instance.defId);
  const form = formOf(def, startNodeOfDefinition(def).id);
  const data = instance.data as FormData;
  const touched = [];
  for (const viewer of await viewersOf(db, auth, leaderId)) {
    touched.push(...(await nodesTouchedBy(db, auth.tenantId, instance.id, viewer)));
  }
  const permissions = viewPermissions(def.settings, touched, form?.form ?? null, data);
  return { instance, form: form?.form ?? null, permissions, data: visibleData(data, permissions) };
}

/** getInstFormAndBO: the read-only view of an instance's form for those who take part in it. */
export async function instanceForm(db: Db, auth: AuthContext, instId: string, leaderId?: string) {
  const { instance, ...view } = await readableInstance(db, auth, instId, leaderId);
  return { instance: toInstanceRow(instance), ...view };
}

/** getInstanceByInstId: an instance with the form data the caller may see. */
export async function instanceWithData(db: Db, auth: AuthContext, instId: string) {
  const { instance, data } = await readableInstance(db, auth, instId);
  return { ...toInstanceRow(instance), defId: instance.defId, data };
}

const buttonViews = (lang: Language, buttons: readonly { alias: string; name?: string }[]) =>
  buttons.map(({ alias, name }) => ({
    alias,
    name: name ?? translate(lang, `flow.button.${alias}` as MessageKey),
  }));

/**
 * getButtonsBytaskId: what the caller can do with a task now (engine/buttons.ts): nothing when the task
 * is not theirs to handle. Every operation on the task is held to the same buttons.
 */
export async function taskButtons(
  db: Db,
  auth: AuthContext,
  lang: Language,
  taskId: string,
  leaderId?: string,
) {
  const task = await visibleTask(db, auth, taskId, leaderId);
  const acting = task.status === 'pending' ? await actingOn(db, auth, task, leaderId) : undefined;
  if (!acting) return [];
  const instance = (await repo.findInstance(db, auth.tenantId, task.instanceId))!;
  const def = await loadDefinition(db, auth.tenantId, instance.defId);
  const shared = (await repo.candidatesOfTask(db, auth.tenantId, task.id)).length > 1;
  return buttonViews(lang, offeredButtons(def, task, acting, shared));
}

export async function canHandle(db: Db, auth: AuthContext, taskId: string, leaderId?: string) {
  const task = await visibleTask(db, auth, taskId, leaderId);
  return task.status === 'pending' && Boolean(await actingOn(db, auth, task, leaderId));
}

/**
 * taskToReject: where the task may be sent back — the start (back to the initiator) and the earlier
 * handled nodes, as the node's reject modes allow, most recent first.
 */
export async function taskRejectTargets(db: Db, auth: AuthContext, taskId: string, leaderId?: string) {
  const task = await visibleTask(db, auth, taskId, leaderId);
  const instance = (await repo.findInstance(db, auth.tenantId, task.instanceId))!;
  const run = await runOf(db, instance, await personOf(db, auth));
  const { modes, nodes } = await rejectChoices(run, task);
  const earlier = modes.includes('reject') ? nodes : modes.includes('rejectPre') ? nodes.slice(0, 1) : [];
  const start = modes.includes('backToStart') ? [startNodeOfDefinition(run.def)] : [];
  return [...earlier, ...start].map(nodeView);
}

type Qualfied = { id: string; name: string; type: string };

/** An opinion as the opinion table and the flow chart show it (spec §3 "Opinion"). */
export function opinionView(lang: Language, o: repo.OpinionRow, index: number) {
  const qualfieds = o.qualfieds as Qualfied[];
  const label = o.status === 'awaiting_check' && o.isRead ? 'awaiting_check.read' : o.status;
  return {
    id: o.id,
    taskId: o.taskId,
    nodeId: o.nodeId,
    name: o.taskName,
    taskName: o.taskName,
    type: o.taskType,
    status: o.status,
    statusVal: translate(lang, `flow.status.${label}` as MessageKey),
    auditor: o.auditorId,
    auditorName: o.auditorName,
    principalId: o.principalId,
    principalName: o.principalName,
    qualfieds,
    qualfiedNames: qualfieds.map((q) => q.name).join(','),
    opinion: o.opinion,
    files: o.files as { name: string; response: { fileId: string; fileName: string } }[],
    isRead: o.isRead,
    createTime: o.createdAt.toISOString(),
    completeTime: o.completedAt ? o.completedAt.toISOString() : null,
    durMs: o.durMs,
    sorterOpinion: index + 1,
  };
}

export async function instanceOpinions(
  db: Db,
  auth: AuthContext,
  lang: Language,
  instId: string,
  leaderId?: string,
) {
  await visibleInstance(db, auth, instId, leaderId);
  return (await opinionsOf(db, auth.tenantId, instId)).map((o, i) => opinionView(lang, o, i));
}

/**
 * getNodeOpinions: the opinions of each node. In derived mode a node without its own opinions shows
 * those it stands for: a call activity its child instances', an embedded sub-process its inner nodes'
 * (groupNode). A service task carries its call's status (-1 waiting, 0 failed, 1 succeeded).
 */
export async function nodeOpinions(
  db: Db,
  auth: AuthContext,
  lang: Language,
  input: { instId: string; nodeIds: string[]; isDerive: boolean },
) {
  const instance = await visibleInstance(db, auth, input.instId);
  const def = await loadDefinition(db, auth.tenantId, instance.defId);
  const all = (await opinionsOf(db, auth.tenantId, instance.id)).map((o, i) => opinionView(lang, o, i));
  const calls = await serviceCallsOf(db, auth.tenantId, instance.id);
  const result: Record<
    string,
    {
      hasOpinion: boolean;
      data: ReturnType<typeof opinionView>[];
      groupNode: boolean;
      serviceStatus: number | null;
    }
  > = {};
  for (const nodeId of input.nodeIds) {
    const node = def.model.nodes.get(nodeId);
    if (!node) continue;
    let data = all.filter((o) => o.nodeId === nodeId);
    let groupNode = false;
    if (data.length === 0 && input.isDerive) {
      if (node.type === 'SUBPROCESS') {
        const inner = new Set(nodesIn(def.model, node.id).map((n) => n.id));
        data = all.filter((o) => inner.has(o.nodeId));
        groupNode = true;
      } else if (node.type === 'CALLACTIVITY') {
        for (const child of await repo.childInstances(db, auth.tenantId, instance.id, node.id)) {
          data.push(
            ...(await opinionsOf(db, auth.tenantId, child.id)).map((o, i) => opinionView(lang, o, i)),
          );
        }
        groupNode = true;
      }
    }
    const call = calls.filter((c) => c.nodeId === nodeId).at(-1);
    result[nodeId] = {
      hasOpinion: data.length > 0,
      data,
      groupNode,
      serviceStatus: call ? call.status : null,
    };
  }
  return result;
}

/**
 * nodeOpinion: one node of an instance — its opinions (任务审批详情), or, when it never had a task, its
 * tentative candidates (节点设置详情).
 */
export async function nodeDetail(
  db: Db,
  auth: AuthContext,
  lang: Language,
  input: { instId: string; nodeId: string; leaderId?: string },
) {
  const instance = await visibleInstance(db, auth, input.instId, input.leaderId);
  const run = await runOf(db, instance, await personOf(db, auth));
  const node = run.def.model.nodes.get(input.nodeId);
  if (!node) throw notFound('flow.nodeNotFound', { node: input.nodeId });
  const opinions = (await opinionsOf(db, auth.tenantId, instance.id))
    .map((o, i) => opinionView(lang, o, i))
    .filter((o) => o.nodeId === node.id);
  const candidates = opinions.length === 0 && isUserTaskType(node.type) ? await candidatesOf(run, node) : [];
  return {
    node: nodeView(node),
    hasTask: opinions.length > 0,
    opinions,
    candidates: candidates.map((p) => ({ id: p.id, name: p.name, type: 'user' })),
    serviceCall: node.type === 'SERVICETASK' ? await serviceCallView(db, auth, instance, node.id) : null,
  };
}

/**
 * The latest call of a service task node: its status and attempts for whoever sees the instance; what
 * the remote service answered only for administrators (it may name internal systems); and whether the
 * caller may run a failed call again (the initiator or an administrator, while the instance is neither
 * ended nor suspended: see retryServiceCall).
 */
async function serviceCallView(db: Db, auth: AuthContext, instance: repo.InstanceRow, nodeId: string) {
  const call = await latestCallOfNode(db, auth.tenantId, instance.id, nodeId);
  if (!call) return null;
  const admin = await isTenantAdmin(db, auth);
  return {
    status: call.status,
    attempts: call.attempts,
    lastError: admin ? call.lastError : null,
    updateTime: call.updatedAt.toISOString(),
    canRetry:
      call.status === SERVICE_TASK_STATUS.failed &&
      isLive(instance) &&
      !instance.suspended &&
      (admin || instance.initiatorId === auth.userId),
  };
}

/**
 * instanceFlowImage: the layout from the diagram, each node's colour by its status (an open task is
 * pending; otherwise its latest opinion) and its display state for the legend of spec §4.
 */
export async function flowImage(
  db: Db,
  auth: AuthContext,
  query: { instId?: string; defId?: string; leaderId?: string },
) {
  const instance = query.instId ? await visibleInstance(db, auth, query.instId, query.leaderId) : undefined;
  const def = instance
    ? await loadDefinition(db, auth.tenantId, instance.defId)
    : (await definitionFor(db, auth, { defId: query.defId })).def;
  const nodeColorMap: Record<string, string> = {};
  const nodeStatusMap: Record<string, NodeDisplayState> = {};
  if (instance) {
    for (const opinion of await opinionsOf(db, auth.tenantId, instance.id)) {
      if (opinion.status === 'awaiting_check' || !(opinion.status in STATUS_COLORS)) continue;
      nodeColorMap[opinion.nodeId] = STATUS_COLORS[opinion.status as keyof typeof STATUS_COLORS];
      nodeStatusMap[opinion.nodeId] = displayState(opinion.status);
    }
    for (const child of await repo.childInstances(db, auth.tenantId, instance.id)) {
      if (child.parentNodeId && child.status === 'end') {
        nodeColorMap[child.parentNodeId] = STATUS_COLORS.complete;
        nodeStatusMap[child.parentNodeId] = 'done';
      }
    }
    const tokens = await repo.tokensOf(db, auth.tenantId, instance.id);
    for (const token of tokens) {
      nodeColorMap[token.nodeId] = instance.suspended ? STATUS_COLORS.suspend : STATUS_COLORS.pending;
      nodeStatusMap[token.nodeId] = instance.suspended ? 'suspended' : 'current';
    }
  }
  for (const node of def.model.nodes.values()) nodeStatusMap[node.id] ??= 'notStarted';
  const { layout } = def.model;
  return {
    defId: def.row.id,
    instanceId: instance?.id ?? null,
    parentInstId: instance?.parentInstanceId ?? null,
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
    nodeStatusMap,
    statusColorMap: { ...STATUS_COLORS },
    bpmnXml: def.row.bpmnXml,
  };
}

function displayState(status: string): NodeDisplayState {
  if (status === 'back' || status === 'backToStart' || status === 'sign_no_pass') return 'rejected';
  if (status === 'manual_end') return 'manualEnd';
  if (status === 'suspend') return 'suspended';
  return 'done';
}

/** getCandidatesListByTaskId: who may handle a task (and for whom an agent may). */
export async function taskCandidates(db: Db, auth: AuthContext, taskId: string, leaderId?: string) {
  const task = await visibleTask(db, auth, taskId, leaderId);
  const rows = await repo.candidatesOfTask(db, auth.tenantId, task.id);
  const ids = [...new Set(rows.flatMap((r) => [r.userId, ...(r.principalId ? [r.principalId] : [])]))];
  const names = new Map((await findUsersByIds(db, auth.tenantId, ids)).map((u) => [u.id, u.fullname]));
  return rows.map((r) => ({
    id: r.userId,
    name: names.get(r.userId) ?? r.userId,
    type: 'user',
    principalId: r.principalId,
    principalName: r.principalId ? (names.get(r.principalId) ?? null) : null,
  }));
}

/** taskSignUsers: a countersign round's voters with their votes, and its result code (spec §4). */
export async function signProgress(
  db: Db,
  auth: AuthContext,
  lang: Language,
  taskId: string,
  leaderId?: string,
) {
  const task = await visibleTask(db, auth, taskId, leaderId);
  if (!task.signBatch) return { result: null, mode: null, voters: [] };
  const instance = (await repo.findInstance(db, auth.tenantId, task.instanceId))!;
  const def = await loadDefinition(db, auth.tenantId, instance.defId);
  const rule = settingsOf(def.settings, task.nodeId)?.countersign;
  const batch = await repo.batchTasks(db, auth.tenantId, task.signBatch);
  const token = await repo.findToken(db, auth.tenantId, task.tokenId);
  const queued = (token?.sequence as string[] | null) ?? [];
  const names = new Map(
    (await findUsersByIds(db, auth.tenantId, [...batch.map((t) => t.assigneeId ?? ''), ...queued])).map(
      (u) => [u.id, u.fullname],
    ),
  );
  const voters = [
    ...batch.map((t) => ({
      userId: t.assigneeId ?? '',
      name: names.get(t.assigneeId ?? '') ?? '',
      status: t.status,
      action: t.action,
      actionVal: t.action ? translate(lang, `flow.status.${t.action}` as MessageKey) : null,
      completeTime: t.completedAt ? t.completedAt.toISOString() : null,
    })),
    ...queued.map((userId) => ({
      userId,
      name: names.get(userId) ?? '',
      status: 'queued',
      action: null,
      actionVal: null,
      completeTime: null,
    })),
  ];
  const votes = batch.filter((t) => t.status === 'done').map((t) => t.action ?? '');
  const stillOpen = Boolean(token) && batch.some((t) => t.status === 'pending' || t.status === 'waiting');
  return {
    result: countersignResult(rule, votes, batch.length + queued.length, stillOpen || queued.length > 0),
    mode: rule?.mode ?? 'all',
    ratio: rule?.ratio ?? null,
    voters,
  };
}

/** getSubInstanceList: the child instances a call activity started, as a JSON string (spec §7). */
export async function subInstances(
  db: Db,
  auth: AuthContext,
  input: { parentInstId: string; nodeId: string; leaderId?: string },
) {
  await visibleInstance(db, auth, input.parentInstId, input.leaderId);
  const children = await repo.childInstances(db, auth.tenantId, input.parentInstId, input.nodeId);
  return JSON.stringify(children.map(toInstanceRow));
}

/** getSubDefId: the definition a call activity runs (its child's, else the called flow's main version). */
export async function subDefId(db: Db, auth: AuthContext, input: { parentInstId: string; nodeId: string }) {
  const parent = await visibleInstance(db, auth, input.parentInstId);
  const [child] = await repo.childInstances(db, auth.tenantId, parent.id, input.nodeId);
  if (child) return child.defId;
  const def = await loadDefinition(db, auth.tenantId, parent.defId);
  const node = def.model.nodes.get(input.nodeId);
  if (node?.type !== 'CALLACTIVITY') throw notFound('flow.nodeNotFound', { node: input.nodeId });
  const key = settingsOf(def.settings, node.id)?.callActivity?.flowKey ?? node.calledElement ?? '';
  const main = await findMainByKey(db, auth.tenantId, key);
  if (!main) throw notFound('flow.definitionNotFound', { id: key });
  return main.id;
}

export async function instanceUrgents(db: Db, auth: AuthContext, lang: Language, instId: string) {
  await visibleInstance(db, auth, instId);
  return (await urgentsOf(db, auth.tenantId, instId)).map((u) => ({
    id: u.id,
    instId: u.instanceId,
    senderId: u.senderId,
    senderName: u.senderName,
    urgentStateValue: u.urgentStateValue,
    urgentStateName: translate(lang, `flow.urgent.${u.urgentStateValue}` as MessageKey),
    opinion: u.opinion,
    receivers: u.receivers as { id: string; name: string }[],
    createTime: u.createdAt.toISOString(),
  }));
}

/** getNotice: one circulation copy, for its receiver or sender. */
export async function noticeDetail(db: Db, auth: AuthContext, id: string) {
  const notice = await findNotice(db, auth.tenantId, id);
  if (!notice || (notice.receiverId !== auth.userId && notice.senderId !== auth.userId)) {
    throw notFound('flow.noticeNotFound', { id });
  }
  return {
    id: notice.id,
    procInstId: notice.instanceId,
    subject: notice.subject,
    procDefName: notice.defName,
    senderName: notice.senderName,
    receiverName: notice.receiverName,
    opinion: notice.opinion,
    isRead: notice.isRead,
    readTime: notice.readAt ? notice.readAt.toISOString() : null,
    createTime: notice.createdAt.toISOString(),
  };
}
