import type { RouteBody } from '@eip/contracts';
import { expect } from 'vitest';
import type { TestApp } from './app.js';
import { leaderSigned as leaderSignedBy } from './sign.js';

/**
 * Workflow steps for integration tests, as the demo users: sign in once per account, start, find a task
 * in someone's todo list, handle it, read the instance and its opinions.
 */
export function flowSteps(t: TestApp) {
  const tokens = new Map<string, string>();
  const as = async (account: string, tenantId?: string) => {
    const key = `${tenantId ?? ''}:${account}`;
    if (!tokens.has(key)) tokens.set(key, await t.login(account, undefined, tenantId));
    return tokens.get(key)!;
  };
  const userId = async (account: string) =>
    (await t.call('getDetailByAccountOrId', { token: await as(account), body: {} })).body.value.user.id;
  const start = async (account: string, flowKey: string, data: Record<string, unknown>, extra = {}) => {
    const { body } = await t.call('startInstance', {
      token: await as(account),
      body: { flowKey, data, ...extra },
    });
    expect(body.state, body.message).toBe(true);
    return body.value.instId;
  };
  /**
   * The caller's pending tasks of an instance, whole: the todo list names them (and shows no more than its
   * page does), the task detail tells the rest, with how the caller acts on each (self, agent, secretary).
   */
  const todoOf = async (account: string, instId: string) => {
    const token = await as(account);
    const rows = (await t.call('getTodoList', { token, body: { pageBean: { pageSize: 1000 } } })).body.value
      .rows;
    return Promise.all(
      rows
        .filter((r) => r.procInstId === instId)
        .map(async ({ taskId }) => {
          const { bpmTask, acting } = (await t.call('taskDetailBo', { token, query: { taskId } })).body.value;
          return { ...bpmTask, actingAs: acting?.via ?? 'self' };
        }),
    );
  };
  const taskOf = async (account: string, instId: string) => {
    const [task] = await todoOf(account, instId);
    expect(task, `${account} has a task in ${instId}`).toBeDefined();
    return task!.taskId;
  };
  const handle = async (
    account: string,
    instId: string,
    actionName: RouteBody<'completeTask'>['actionName'],
    extra: Partial<RouteBody<'completeTask'>> = {},
  ) =>
    t.call('completeTask', {
      token: await as(account),
      body: {
        taskId: await taskOf(account, instId),
        actionName,
        opinion: `${account} ${actionName}`,
        ...extra,
      },
    });
  const handleOk = async (...args: Parameters<typeof handle>) => {
    const { body } = await handle(...args);
    expect(body.state, body.message).toBe(true);
  };
  /** The account's signature for the leave request's 领导签字, as form data (required at its leader node). */
  const leaderSigned = async (account: string) => leaderSignedBy(t, await as(account));
  const instance = async (instId: string, account = 'admin') =>
    (await t.call('getInstanceByInstId', { token: await as(account), query: { instId } })).body.value;
  const opinions = async (instId: string, account = 'admin') =>
    (await t.call('instanceFlowOpinions', { token: await as(account), query: { instId } })).body.value;
  /** [node name, status] of every handled opinion, in order. */
  const trail = async (instId: string) =>
    (await opinions(instId)).filter((o) => o.status !== 'awaiting_check').map((o) => [o.taskName, o.status]);
  const deploy = async (body: RouteBody<'deployDefinition'>) => {
    const result = await t.call('deployDefinition', { token: await as('admin'), body });
    expect(result.body.state, result.body.message).toBe(true);
    return result.body.value;
  };
  return {
    as,
    userId,
    start,
    todoOf,
    taskOf,
    handle,
    handleOk,
    leaderSigned,
    instance,
    opinions,
    trail,
    deploy,
  };
}
