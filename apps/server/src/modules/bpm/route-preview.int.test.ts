import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { flowSteps } from '../../../test/flow.js';

/**
 * Route preview (task/v1/routePreview, issue 17): the engine walks from the start or a task to the end
 * by the data being submitted, naming who would handle each step, their agents and secretaries.
 */
let t: TestApp;
let f: ReturnType<typeof flowSteps>;

beforeAll(async () => {
  t = await createTestApp();
  f = flowSteps(t);
});
afterAll(() => t.close());

type Preview = Awaited<ReturnType<typeof preview>>;
const preview = async (account: string, body: Record<string, unknown>) => {
  const res = await t.call('routePreview', { token: await f.as(account), body });
  expect(res.status, res.body.message).toBe(200);
  return res.body.value;
};
const names = (route: Preview) => route.steps.map((step) => step.map((node) => node.name));

describe('the route of a leave request, by its days', () => {
  it('on the start form: the leader only up to 3 days, then 人事会签 beyond', async () => {
    const short = await preview('lina', { flowKey: 'leave_request', data: { days: 2 } });
    expect(names(short)).toEqual([['部门领导审批']]);
    expect(short.reachesEnd).toBe(true);
    const leader = short.steps[0]![0]!;
    expect(leader.candidates).toEqual([
      {
        id: await f.userId('zhangwei'),
        fullname: '张伟',
        agents: [],
        secretaries: [{ id: await f.userId('wangfang'), fullname: '王芳' }],
      },
    ]);
    expect(leader.candidateCount).toBe(1);

    const long = await preview('lina', { flowKey: 'leave_request', data: { days: 5 } });
    expect(names(long)).toEqual([['部门领导审批'], ['人事会签']]);
    const hr = long.steps[1]![0]!;
    expect(hr.nodeType).toBe('SIGNTASK');
    expect(hr.candidates.map((c) => c.fullname).sort()).toEqual(['刘洋', '杨丽', '陈静'].sort());
  });

  it('from a task: what lies after it, and an agent acting for a candidate now', async () => {
    const now = Date.now();
    const agent = await t.call('saveAgent', {
      token: await f.as('chenjing'),
      body: {
        agentId: await f.userId('gaofeng'),
        startTime: new Date(now - 60_000).toISOString(),
        endTime: new Date(now + 86_400_000).toISOString(),
        scope: 'all',
      },
    });
    expect(agent.status, agent.body.message).toBe(200);
    const instId = await f.start('lina', 'leave_request', { days: 2, reason: '路线' });
    const taskId = await f.taskOf('zhangwei', instId);
    expect(names(await preview('zhangwei', { taskId }))).toEqual([]);
    const long = await preview('zhangwei', { taskId, data: { days: 6 } });
    expect(names(long)).toEqual([['人事会签']]);
    const chenjing = long.steps[0]![0]!.candidates.find((c) => c.fullname === '陈静')!;
    expect(chenjing.agents).toEqual([{ id: await f.userId('gaofeng'), fullname: '高峰' }]);
    // the secretary reads it for her leader, as she handles the task
    const forLeader = await preview('wangfang', {
      taskId,
      leaderId: await f.userId('zhangwei'),
      data: { days: 6 },
    });
    expect(names(forLeader)).toEqual([['人事会签']]);
  });

  it('a secretary starting for her leader sees the leader’s route; for another leader she is refused', async () => {
    const own = await preview('wangfang', { flowKey: 'leave_request', data: { days: 2 } });
    expect(own.steps[0]![0]!.candidates.map((c) => c.fullname)).toEqual(['张伟']);
    const forLeader = await preview('wangfang', {
      flowKey: 'leave_request',
      leadId: await f.userId('zhangwei'),
      data: { days: 2 },
    });
    expect(forLeader.steps[0]![0]!.candidates.map((c) => c.fullname)).not.toContain('张伟');
    const other = await t.call('routePreview', {
      token: await f.as('wangfang'),
      body: { flowKey: 'leave_request', leadId: await f.userId('lina'), data: { days: 2 } },
    });
    expect(other.status).toBe(403);
  });

  it('answers no route to those who may not see the task, and bad input with the envelope', async () => {
    const instId = await f.start('lina', 'leave_request', { days: 2, reason: '路线' });
    const taskId = await f.taskOf('zhangwei', instId);
    const acme = (await t.call('getTenantByCode', { query: { code: 'acme' } })).body.value.id;
    for (const token of [await f.as('hanxu'), await f.as('alice', acme)]) {
      const res = await t.call('routePreview', { token, body: { taskId } });
      expect([403, 404]).toContain(res.status);
      expect(res.body.state).toBe(false);
    }
    const bad = await t.call('routePreview', { token: await f.as('lina'), body: { taskId: 42 } });
    expect(bad.status).toBe(400);
    expect(bad.body.state).toBe(false);
  });
});
