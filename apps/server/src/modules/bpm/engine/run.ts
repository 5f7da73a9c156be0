import type { Executor } from '../../../db/client.js';
import { AppError } from '../../../errors.js';
import { conditionTest, type ExpressionScope } from '../../../flow/conditions.js';
import { ExpressionError, RoutingError } from '../../../flow/errors.js';
import { nodesIn, takenFlows } from '../../../flow/graph.js';
import type { FlowNode } from '../../../flow/model.js';
import { settingsOf } from '../../../flow/settings-schema.js';
import type { AuthContext } from '../../../security/tokens.js';
import { findUserById } from '../../uc/user.repository.js';
import { loadDefinition, type LoadedDefinition } from '../definitions.js';
import * as repo from '../runtime.repository.js';
import type { FormData } from './forms.js';

/** A person as the engine records them: id and full name. */
export interface Person {
  id: string;
  name: string;
}

/** One command's view of an instance: its definition, the locked row and who acts. */
export interface Run {
  tx: Executor;
  tenantId: string;
  def: LoadedDefinition;
  instance: repo.InstanceRow;
  actor: Person;
  /** the handlers the acting person picked for nodes ahead (nodeUsers), by node id */
  nodeUsers: Record<string, string[]>;
  /** the task being handled: tokens the command creates record it, so a take-back finds them */
  originTaskId: string | null;
}

export const nodeSettings = (run: Run, nodeId: string) => settingsOf(run.def.settings, nodeId);

export const startNodeOf = (run: Run): FlowNode =>
  nodesIn(run.def.model, null).find((n) => n.type === 'START')!;

export const nodeName = (node: FlowNode) => node.name || node.id;

export async function personOf(db: Executor, auth: AuthContext): Promise<Person> {
  if (auth.fullname) return { id: auth.userId, name: auth.fullname };
  const user = await findUserById(db, auth.tenantId, auth.userId);
  return { id: auth.userId, name: user?.fullname ?? auth.account };
}

/** Whether an instance is under way: started and not ended. */
export const isLive = (instance: repo.InstanceRow) =>
  !['end', 'manualend', 'draft'].includes(instance.status);

/** Builds the run of a locked instance. */
export async function runOf(
  tx: Executor,
  instance: repo.InstanceRow,
  actor: Person,
  nodeUsers: Record<string, string[]> = {},
): Promise<Run> {
  const def = await loadDefinition(tx, instance.tenantId, instance.defId);
  return { tx, tenantId: instance.tenantId, def, instance, actor, nodeUsers, originTaskId: null };
}

/** Locks an instance and builds its run; 404 when it does not exist in the caller's tenant. */
export async function lockRun(tx: Executor, auth: AuthContext, instId: string): Promise<Run> {
  const instance = await repo.lockInstance(tx, auth.tenantId, instId);
  if (!instance) throw new AppError(404, 'flow.instanceNotFound', { id: instId });
  return runOf(tx, instance, await personOf(tx, auth));
}

export async function patchInstance(run: Run, patch: repo.InstancePatch) {
  await repo.updateInstance(run.tx, run.tenantId, run.instance.id, patch);
  run.instance = { ...run.instance, ...patch };
}

/** What CEL conditions and rules see: the business data as `form`, the instance variables as `vars`. */
export const scopeOf = (run: Run): ExpressionScope => ({
  form: run.instance.data as FormData,
  vars: run.instance.vars as Record<string, unknown>,
});

/** Decides conditions on the instance's data; a condition that cannot be evaluated fails the command visibly. */
function test(run: Run) {
  const check = conditionTest(scopeOf(run));
  return (expression: string) => {
    try {
      return check(expression);
    } catch (error) {
      if (error instanceof ExpressionError) throw new AppError(422, 'flow.conditionFailed', { expression });
      throw error;
    }
  };
}

/** The nodes a token leaves a node for. */
export function takenTargets(run: Run, nodeId: string): string[] {
  try {
    return takenFlows(run.def.model, nodeId, test(run)).map((flow) => flow.targetId);
  } catch (error) {
    if (error instanceof RoutingError) throw new AppError(422, 'flow.noWayOn', { node: nodeId });
    throw error;
  }
}
