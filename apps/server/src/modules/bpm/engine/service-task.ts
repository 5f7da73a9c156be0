import type { ServiceTaskSettings } from '@eip/contracts/flow';
import { evaluateExpression, type JsonValue } from '../../../flow/conditions.js';
import { requireNode } from '../../../flow/graph.js';
import type { Executor } from '../../../db/client.js';
import { tenantAdmins } from '../candidates.js';
import * as repo from '../runtime.repository.js';
import { findServiceCall, updateServiceCall } from '../service-call.repository.js';
import { serviceCallDone } from './advance.js';
import { nodeName, nodeSettings, patchInstance, runOf, scopeOf, type Run } from './run.js';
import { readonlyLink } from './tasks.js';

const HTTP_TIMEOUT_MS = 10_000;

/**
 * Makes a service task's call: a CEL expression over the instance's data, or an HTTP request whose JSON
 * body is a CEL expression's value. Never stored code. The call id goes along as Idempotency-Key, so
 * a receiver can tell a retry from a new request.
 */
async function call(run: Run, settings: ServiceTaskSettings, serviceCallId: string): Promise<JsonValue> {
  if (settings.kind === 'expression') return evaluateExpression(settings.expression, scopeOf(run));
  const body = settings.bodyTemplate ? evaluateExpression(settings.bodyTemplate, scopeOf(run)) : undefined;
  const response = await fetch(settings.url, {
    method: settings.method,
    headers: { 'content-type': 'application/json', 'idempotency-key': serviceCallId },
    ...(body === undefined || settings.method === 'GET' ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${text.slice(0, 500)}`);
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return text;
  }
}

/** The run of an instance as the engine acts for it on its own (its initiator stands as the actor). */
const automaticRun = (tx: Executor, instance: repo.InstanceRow) =>
  runOf(tx, instance, { id: instance.initiatorId, name: instance.initiatorName });

/**
 * The call of a service task's job, made outside any transaction (JobHandler.outside: an HTTP call may
 * take seconds and must hold nothing up). Null when there is nothing to call any more: the call is done
 * or gone, or its instance is suspended (resuming it schedules the call again). A failure throws, so
 * the job is retried.
 */
export async function makeServiceCall(db: Executor, tenantId: string, serviceCallId: string) {
  const serviceCall = await findServiceCall(db, tenantId, serviceCallId);
  const instance = serviceCall && (await repo.findInstance(db, tenantId, serviceCall.instanceId));
  if (!serviceCall || !instance || serviceCall.status !== -1 || instance.suspended) return null;
  const run = await automaticRun(db, instance);
  const settings = nodeSettings(run, serviceCall.nodeId)!.serviceTask!;
  return { result: await call(run, settings, serviceCall.id) };
}

/**
 * Then, in the job's transaction, with the instance locked and the call still waiting on its token: the
 * result is stored (in `vars.<resultVariable>`), the call marked succeeded (1) and the instance moved
 * on. A suspended instance waits with its result: resuming it moves it on.
 */
export async function storeServiceResult(
  tx: Executor,
  tenantId: string,
  serviceCallId: string,
  made: { result: JsonValue } | null,
) {
  if (!made) return;
  const serviceCall = await findServiceCall(tx, tenantId, serviceCallId);
  if (!serviceCall || serviceCall.status !== -1) return;
  const instance = await repo.lockInstance(tx, tenantId, serviceCall.instanceId);
  if (!instance || !(await repo.findToken(tx, tenantId, serviceCall.tokenId))) return;
  const run = await automaticRun(tx, instance);
  const node = requireNode(run.def.model, serviceCall.nodeId);
  const settings = nodeSettings(run, node.id)!.serviceTask!;
  await updateServiceCall(tx, tenantId, serviceCall.id, {
    status: 1,
    result: made.result,
    attempts: serviceCall.attempts + 1,
    lastError: null,
  });
  if (settings.resultVariable) {
    await patchInstance(run, {
      vars: { ...(run.instance.vars as Record<string, unknown>), [settings.resultVariable]: made.result },
    });
  }
  if (!instance.suspended) await serviceCallDone(run, node, serviceCall.tokenId);
}

/**
 * A failed attempt is recorded on the call; after the last one the call is failed (0) for everyone to
 * see, and the initiator and the administrators get a message. The instance waits at the node.
 */
export async function serviceCallFailed(
  tx: Executor,
  tenantId: string,
  serviceCallId: string,
  error: unknown,
  final: boolean,
) {
  const serviceCall = await findServiceCall(tx, tenantId, serviceCallId);
  if (!serviceCall) return;
  const reason = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
  await updateServiceCall(tx, tenantId, serviceCall.id, {
    attempts: serviceCall.attempts + 1,
    lastError: reason,
    ...(final ? { status: 0 } : {}),
  });
  if (!final) return;
  const instance = await repo.findInstance(tx, tenantId, serviceCall.instanceId);
  if (!instance) return;
  const receivers = new Set([instance.initiatorId, ...(await tenantAdmins(tx, tenantId)).map((a) => a.id)]);
  const node = requireNode((await automaticRun(tx, instance)).def.model, serviceCall.nodeId);
  await repo.insertMessages(
    tx,
    [...receivers].map((receiverId) => ({
      tenantId,
      receiverId,
      subject: instance.subject,
      // the node, not the remote service's answer: that stays in the call's lastError for administrators
      content: nodeName(node),
      link: readonlyLink(instance.id),
      type: 'service',
    })),
  );
}
