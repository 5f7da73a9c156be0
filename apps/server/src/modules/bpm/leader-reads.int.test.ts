import type { RouteName } from '@eip/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { flowSteps } from '../../../test/flow.js';

/**
 * A secretary handling a task for her leader (spec §6, leaderId) reads everything the approval form
 * reads with the same leaderId the task accepts; without it, for a leader she does not serve, or from
 * another tenant, the same reads answer 404.
 */
let t: TestApp;
let f: ReturnType<typeof flowSteps>;
let instId: string;
let taskId: string;
let leaderId: string;

beforeAll(async () => {
  t = await createTestApp();
  f = flowSteps(t);
  // lina's leave goes to her leader zhangwei, whose secretary is wangfang
  instId = await f.start('lina', 'leave_request', { days: 2, reason: '秘书选人' });
  leaderId = await f.userId('zhangwei');
  const rows = (await t.call('getLeaderTodoList', { token: await f.as('wangfang'), body: {} })).body.value
    .rows;
  taskId = rows.find((r) => r.procInstId === instId)!.taskId;
});
afterAll(() => t.close());

/** The reads of the approval form and its flow chart, each with a leaderId (or none). */
const reads = (
  leader: string | undefined,
): [RouteName, { query?: Record<string, unknown>; body?: unknown }][] => [
  ['getInstFormAndBO', { query: { instId, leaderId: leader } }],
  ['instanceFlowOpinions', { query: { instId, leaderId: leader } }],
  ['taskDetailBo', { query: { taskId, leaderId: leader } }],
  ['getButtonsBytaskId', { query: { taskId, leaderId: leader } }],
  ['checkTaskAuth', { query: { taskId, leaderId: leader } }],
  ['getAfterJumpNodes', { body: { taskId, leaderId: leader, data: { days: 5 } } }],
  ['routePreview', { body: { taskId, leaderId: leader, data: { days: 5 } } }],
  ['taskToReject', { query: { taskId, leaderId: leader } }],
  ['taskSignUsers', { body: { taskId, leaderId: leader } }],
  ['canLock', { query: { taskId, leaderId: leader } }],
  ['getCandidatesListByTaskId', { query: { taskId, leaderId: leader } }],
  // the flow chart, its node popover, the preview watermark, 验证签名 and the print record
  ['instanceFlowImage', { query: { instId, leaderId: leader } }],
  ['nodeOpinion', { query: { instId, nodeId: 'LeaderApproval', leaderId: leader } }],
  ['getSubInstanceList', { query: { parentInstId: instId, nodeId: 'LeaderApproval', leaderId: leader } }],
  ['getWatermark', { query: { instId, leaderId: leader } }],
  ['verifySignatures', { query: { instId, leaderId: leader } }],
  ['printLog', { body: { instId, leaderId: leader } }],
];

describe('a secretary acting for her leader', () => {
  it('reads everything the approval form reads with the leaderId the task accepts', async () => {
    const token = await f.as('wangfang');
    for (const [name, call] of reads(leaderId)) {
      const { status, body } = await t.call(name, { token, ...call });
      expect(status, `${name}: ${body.message}`).toBe(200);
    }
    const next = await t.call('getAfterJumpNodes', { token, body: { taskId, leaderId, data: { days: 5 } } });
    expect(next.body.value.map((n) => n.name)).toContain('人事会签');
    const targets = await t.call('taskToReject', { token, query: { taskId, leaderId } });
    expect(targets.body.value.map((n) => n.nodeType)).toContain('START');
  });

  it('opening the task records the read (addReadRecord): 待阅 becomes 已阅; others are refused', async () => {
    const waiting = async () =>
      (await f.opinions(instId)).find((o) => o.taskId === taskId && o.status === 'awaiting_check')!;
    expect((await waiting()).statusVal).toBe('待阅');
    const acme = (await t.call('getTenantByCode', { query: { code: 'acme' } })).body.value.id;
    for (const [token, leader] of [
      [await f.as('wangfang'), undefined],
      [await f.as('hanxu'), leaderId],
      [await f.as('alice', acme), leaderId],
    ] as const) {
      expect((await t.call('addReadRecord', { token, body: { taskId, leaderId: leader } })).status).toBe(404);
    }
    expect((await waiting()).statusVal).toBe('待阅');
    const read = await t.call('addReadRecord', { token: await f.as('wangfang'), body: { taskId, leaderId } });
    expect(read.status, read.body.message).toBe(200);
    expect((await waiting()).statusVal).toBe('已阅');
    expect((await f.todoOf('zhangwei', instId))[0]!.isRead).toBe(true);
  });

  it('is refused (404) without leaderId, for a leader she does not serve, and from another tenant', async () => {
    const acme = (await t.call('getTenantByCode', { query: { code: 'acme' } })).body.value.id;
    const cases: [string, string, string | undefined][] = [
      ['wangfang', '', undefined],
      ['wangfang', '', await f.userId('liuyang')],
      ['hanxu', '', leaderId],
      ['alice', acme, leaderId],
    ];
    for (const [account, tenant, leader] of cases) {
      const token = await f.as(account, tenant || undefined);
      for (const [name, call] of reads(leader)) {
        const { status, body } = await t.call(name, { token, ...call });
        expect(status, `${account} ${name} leaderId=${leader}: ${body.message}`).toBe(404);
      }
    }
  });
});
