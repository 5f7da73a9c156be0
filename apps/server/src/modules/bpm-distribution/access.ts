import type { Language } from '@eip/contracts/codes';
import type { Executor } from '../../db/client.js';
import type { flowInstances } from '../../db/schema.js';
import { conflict, forbidden, notFound } from '../../errors.js';
import type { AuthContext } from '../../security/tokens.js';
import { loadDefinition } from '../bpm/definitions.js';
import { formOf, viewPermissions, visibleData, type FormData } from '../bpm/engine/forms.js';
import { startNodeOfDefinition } from '../bpm/engine/start.js';
import { opinionsOf, takesPartIn, toInstanceRow } from '../bpm/lists.repository.js';
import { opinionView } from '../bpm/query.service.js';
import * as runtime from '../bpm/runtime.repository.js';
import { handlesInstance } from './dish.repository.js';

type Instance = typeof flowInstances.$inferSelect;

/** The statuses a request may be distributed or filed in: while it runs, and once it ended approved. */
const DISTRIBUTABLE = ['running', 'end'];

/**
 * The instance a caller distributes or files (with the task they handle now, if named): they must handle
 * it — have handled one of its tasks or may handle one of its open tasks — or, once it ended approved,
 * have started it. Someone who takes no part learns nothing (404); one who takes part otherwise is
 * refused (403); a request that is not running or approved (draft, withdrawn, terminated, suspended) 409.
 */
export async function requireDistributable(db: Executor, auth: AuthContext, instId: string, taskId?: string) {
  const instance = await runtime.findInstance(db, auth.tenantId, instId);
  if (!instance || !(await takesPartIn(db, auth.tenantId, instId, auth.userId))) {
    throw notFound('flow.instanceNotFound', { id: instId });
  }
  if (taskId !== undefined) {
    const task = await runtime.findTask(db, auth.tenantId, taskId);
    if (!task || task.instanceId !== instId) throw notFound('flow.taskNotFound', { id: taskId });
  }
  const initiatorOfApproved = instance.status === 'end' && instance.initiatorId === auth.userId;
  if (!initiatorOfApproved && !(await handlesInstance(db, auth.tenantId, instId, auth.userId))) {
    throw forbidden('dish.notHandler');
  }
  if (!DISTRIBUTABLE.includes(instance.status)) throw conflict('dish.notDistributable');
  if (instance.suspended) throw conflict('flow.instanceSuspended');
  return instance;
}

/**
 * A request read as a document by someone who need not take part in it (a receiver, a library reader):
 * its start form read-only, the data no node hides, and its opinions.
 */
export async function documentView(db: Executor, lang: Language, instance: Instance, data: FormData) {
  const def = await loadDefinition(db, instance.tenantId, instance.defId);
  const form = formOf(def, startNodeOfDefinition(def).id)?.form ?? null;
  const permissions = viewPermissions(def.settings, [], form, data);
  const opinions = await opinionsOf(db, instance.tenantId, instance.id);
  return {
    instance: toInstanceRow(instance),
    form,
    permissions,
    data: visibleData(data, permissions),
    opinions: opinions.map((o, i) => opinionView(lang, o, i)),
  };
}

/** The instance of a distribution or a filed document; gone (removed by an administrator): 404. */
export async function instanceOf(db: Executor, tenantId: string, instId: string) {
  const instance = await runtime.findInstance(db, tenantId, instId);
  if (!instance) throw notFound('flow.instanceNotFound', { id: instId });
  return instance;
}
