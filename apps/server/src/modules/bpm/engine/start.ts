import type { Language } from '@eip/contracts/codes';
import { isWritable } from '@eip/contracts/flow';
import type { Db, Executor } from '../../../db/client.js';
import { newId } from '../../../db/ids.js';
import { badRequest, forbidden, notFound } from '../../../errors.js';
import { translate } from '../../../i18n/messages.js';
import type { AuthContext } from '../../../security/tokens.js';
import { hasStartRight } from '../../bpm-personal/start-rights.js';
import { countFlowUse } from '../../bpm-personal/start-flow.repository.js';
import { findPair } from '../../bpm-personal/secretary.repository.js';
import { findUserById } from '../../uc/user.repository.js';
import { findMainByKey, isMainVersion } from '../definition.repository.js';
import { loadDefinition, type LoadedDefinition } from '../definitions.js';
import * as repo from '../runtime.repository.js';
import { checkNodeUsers, moveOn } from './advance.js';
import { recordThroughTemplate } from '../../data/record.service.js';
import { refuseStartSignatures } from '../../sign/signature-field.js';
import { formAt, submitData, type FormData } from './forms.js';
import { recordNodeOpinion } from './opinions.js';
import { personOf, runOf, startNodeOf, type Person } from './run.js';

export interface StartInput {
  defId?: string;
  flowKey?: string;
  /** a draft of the caller's to start (its definition and data), changed by `data` */
  draftId?: string;
  subject?: string;
  data?: FormData;
  /** the id of the record of business object boAlias, read through template templateAlias, it starts from */
  businessKey?: string;
  boAlias?: string;
  templateAlias?: string;
  /** handlers picked for nodes that let the initiator pick them */
  nodeUsers?: Record<string, string[]>;
  /** a secretary starts the request for this leader of theirs (spec §6 userId + defId + leadId) */
  leadId?: string;
}

/** The subject of a request started without one: the flow's template, else 张三的请假申请 in the initiator's language. */
function subjectOf(
  lang: Language,
  template: string | undefined,
  defName: string,
  initiatorName: string,
  data: FormData,
) {
  if (!template) return translate(lang, 'flow.defaultSubject', { initiator: initiatorName, flow: defName });
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (name === 'initiatorName') return initiatorName;
    if (name === 'defName') return defName;
    const value = data[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : whole;
  });
}

/** The caller's draft, locked; 404 when it is not theirs or no longer a draft. */
async function lockDraft(tx: Executor, auth: AuthContext, draftId: string) {
  const draft = await repo.lockInstance(tx, auth.tenantId, draftId);
  if (!draft || draft.initiatorId !== auth.userId || draft.status !== 'draft') {
    throw notFound('flow.draftNotFound', { id: draftId });
  }
  return draft;
}

/**
 * A start of flow `defKey` from a record names it with its template and business object; the caller may read
 * it there, and the template starts that flow from its records.
 */
async function checkRecordRef(tx: Executor, auth: AuthContext, input: StartInput, defKey: string) {
  const { businessKey, boAlias, templateAlias } = input;
  if (businessKey === undefined && boAlias === undefined && templateAlias === undefined) return;
  if (businessKey === undefined || boAlias === undefined || templateAlias === undefined)
    throw badRequest('flow.recordRefRequired');
  await recordThroughTemplate(tx, auth, { businessKey, boAlias, templateAlias }, defKey);
}

/** The definition a start names: a draft's, a version by id, or the main version of a key. */
async function definitionToStart(
  tx: Executor,
  auth: AuthContext,
  input: StartInput,
  draft?: repo.InstanceRow,
) {
  const defId =
    draft?.defId ?? input.defId ?? (await findMainByKey(tx, auth.tenantId, input.flowKey ?? ''))?.id;
  if (!defId) throw notFound('flow.definitionNotFound', { id: input.flowKey ?? '' });
  return loadDefinition(tx, auth.tenantId, defId);
}

/** The record a request starts from (its id and business object): the one the start names, else its draft's. */
const recordOf = (input: StartInput, draft?: repo.InstanceRow) =>
  input.businessKey === undefined
    ? { businessKey: draft?.businessKey ?? null, boAlias: draft?.boAlias ?? null }
    : { businessKey: input.businessKey, boAlias: input.boAlias ?? null };

/** The instance row a start or draft writes: the draft's row updated, or a new one. */
export function newInstanceRow(
  auth: AuthContext,
  lang: Language,
  def: LoadedDefinition,
  initiator: Person,
  data: FormData,
  input: StartInput,
  status: 'running' | 'draft',
  draft?: repo.InstanceRow,
): repo.InstanceRow {
  const now = new Date();
  return {
    tenantId: auth.tenantId,
    id: draft?.id ?? newId(),
    defId: def.row.id,
    defKey: def.row.defKey,
    defName: def.row.name,
    subject:
      input.subject?.trim() ||
      subjectOf(lang, def.settings.global?.subjectTemplate, def.row.name, initiator.name, data),
    status,
    initiatorId: initiator.id,
    initiatorName: initiator.name,
    initiatorPostId: initiator.id === auth.userId ? (auth.postId ?? null) : null,
    data,
    vars: {},
    ...recordOf(input, draft),
    flowType: def.row.flowType,
    suspended: false,
    parentInstanceId: null,
    parentNodeId: null,
    parentTokenId: null,
    rootInstanceId: null,
    createdAt: now,
    updatedAt: now,
    endAt: null,
  };
}

/**
 * Who a request is started for: the caller, or the leader a secretary names (spec §6: a secretary may start
 * for their leader, with the leader's start rights). The leader must be active; anyone else is refused.
 */
export async function initiatorFor(
  tx: Executor,
  auth: AuthContext,
  leadId: string | undefined,
): Promise<Person> {
  if (leadId === undefined || leadId === auth.userId) return personOf(tx, auth);
  const pair = await findPair(tx, auth.tenantId, { leaderId: leadId, secretaryId: auth.userId }, undefined);
  const leader = pair ? await findUserById(tx, auth.tenantId, leadId) : undefined;
  if (!leader || leader.status !== 1) throw forbidden('flow.notLeadersSecretary', { id: leadId });
  return { id: leader.id, name: leader.fullname };
}

/**
 * Starts an instance with the initiator's form data (checked by the start node's permissions and the form).
 * A secretary starting for a leader makes the leader the initiator; the submit opinion names the secretary
 * acting for them.
 */
export async function startInstance(db: Db, auth: AuthContext, lang: Language, input: StartInput) {
  return db.transaction(async (tx) => {
    if (input.leadId !== undefined && input.draftId) throw badRequest('flow.draftNotForLeader');
    const draft = input.draftId ? await lockDraft(tx, auth, input.draftId) : undefined;
    const def = await definitionToStart(tx, auth, input, draft);
    await checkRecordRef(tx, auth, input, def.row.defKey);
    if (!draft && !(await isMainVersion(tx, auth.tenantId, def.row.id)))
      throw forbidden('flow.notMainVersion');
    const initiator = await initiatorFor(tx, auth, input.leadId);
    await requireStartRight(tx, auth, def, initiator.id);
    const start = startNodeOfDefinition(def);
    const current = (draft?.data as FormData | undefined) ?? {};
    const { form, permissions } = formAt(def, start, {
      ...current,
      ...input.data,
    });
    refuseStartSignatures(form?.form ?? null, input.data ?? {});
    const data = submitData(current, input.data ?? {}, permissions, form);
    const instance = newInstanceRow(auth, lang, def, initiator, data, input, 'running', draft);
    if (draft) await repo.deleteInstance(tx, auth.tenantId, draft.id);
    await repo.insertInstance(tx, instance);
    const run = await runOf(tx, instance, initiator);
    checkNodeUsers(run, input.nodeUsers);
    const actingFor = initiator.id === auth.userId ? null : initiator;
    const submitter = actingFor ? await personOf(tx, auth) : initiator;
    await recordNodeOpinion(run, startNodeOf(run), 'submit', submitter, undefined, null, actingFor);
    await moveOn(run, start.id);
    await countFlowUse(tx, auth.tenantId, auth.userId, def.row.defKey);
    return { instId: instance.id, subject: instance.subject };
  });
}

/**
 * Spec §6: start rights are checked per flow definition, for the initiator (the caller, in their current post;
 * or a leader, in their main post).
 */
export async function requireStartRight(
  tx: Executor,
  auth: AuthContext,
  def: LoadedDefinition,
  initiatorId = auth.userId,
) {
  const chosenPostId = initiatorId === auth.userId ? auth.postId : null;
  if (!(await hasStartRight(tx, auth.tenantId, initiatorId, chosenPostId, def.settings))) {
    throw forbidden('personal.noStartRight', { defKey: def.row.name });
  }
}

/** The top-level start of a definition. */
export const startNodeOfDefinition = (def: LoadedDefinition) =>
  [...def.model.nodes.values()].find((n) => n.type === 'START' && n.parentId === null)!;

/**
 * Saves the start form as a draft (new, or the caller's existing draft): only the fields the initiator
 * may write are taken; required fields and the form's rules are checked when it is started.
 */
export async function saveStartDraft(db: Db, auth: AuthContext, lang: Language, input: StartInput) {
  return db.transaction(async (tx) => {
    const draft = input.draftId ? await lockDraft(tx, auth, input.draftId) : undefined;
    const def = await definitionToStart(tx, auth, input, draft);
    await checkRecordRef(tx, auth, input, def.row.defKey);
    await requireStartRight(tx, auth, def);
    const initiator = await personOf(tx, auth);
    const current = (draft?.data as FormData | undefined) ?? {};
    const { form, permissions } = formAt(def, startNodeOfDefinition(def), {
      ...current,
      ...input.data,
    });
    refuseStartSignatures(form?.form ?? null, input.data ?? {});
    const data = { ...current };
    for (const [field, value] of Object.entries(input.data ?? {})) {
      if (isWritable(permissions[field])) data[field] = value;
    }
    const row = newInstanceRow(auth, lang, def, initiator, data, input, 'draft', draft);
    if (draft) {
      await repo.updateInstance(tx, auth.tenantId, draft.id, { data, subject: row.subject });
    } else {
      await repo.insertInstance(tx, row);
    }
    return { instId: row.id, subject: row.subject };
  });
}

export async function removeDraft(db: Db, auth: AuthContext, draftId: string) {
  return db.transaction(async (tx) => {
    const draft = await lockDraft(tx, auth, draftId);
    await repo.deleteInstance(tx, auth.tenantId, draft.id);
    return null;
  });
}
