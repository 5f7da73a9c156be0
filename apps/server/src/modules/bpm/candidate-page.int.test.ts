import { PLATFORM_TENANT_ID } from '@eip/contracts/codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { testBpmn } from '../../../test/bpmn.js';
import { acmeTenantId } from '../../../test/fixtures.js';
import { flowSteps } from '../../../test/flow.js';
import { users } from '../../db/schema.js';

/**
 * The candidate picker's pages (spec §9: 50 at a time): getNodeCandidatePage pages through the real
 * candidates of a node ahead that lets the handler pick, searched by name, for those getAfterJumpNodes
 * answers — a secretary with her leader's leaderId too — and for no one else.
 */
let t: TestApp;
let f: ReturnType<typeof flowSteps>;
let taskId: string;
let leaderId: string;
const CROWD = 60;
// listed from the last to the first: the picker keeps the candidates' order, not the accounts'
const crowd = Array.from({ length: CROWD }, (_, i) => CROWD - i);
const pick = {
  selectUsers: true,
  candidates: [{ type: 'user' as const, ids: crowd.map((n) => `picker${n}`) }],
};

beforeAll(async () => {
  t = await createTestApp();
  f = flowSteps(t);
  await t.database.db.insert(users).values(
    crowd.map((n) => ({
      tenantId: PLATFORM_TENANT_ID,
      id: `picker-user-${n}`,
      account: `picker${n}`,
      fullname: `候选${n}号`,
      passwordHash: 'x',
    })),
  );
  // zhangwei handles the first step (his secretary is wangfang); the next lets him pick among 60
  await f.deploy({
    bpmnXml: testBpmn(
      'pick_many',
      '选人分页',
      [
        { id: 'Start', kind: 'start' },
        { id: 'Lead', kind: 'userTask', name: '领导审批' },
        { id: 'Pick', kind: 'userTask', name: '经办' },
        { id: 'End', kind: 'end' },
      ],
      [
        ['Start', 'Lead'],
        ['Lead', 'Pick'],
        ['Pick', 'End'],
      ],
    ),
    settings: {
      nodes: {
        Lead: { candidates: [{ type: 'user', ids: ['zhangwei'] }] },
        Pick: pick,
      },
    },
  });
  // a flow whose first step is picked for by the initiator
  await f.deploy({
    bpmnXml: testBpmn(
      'pick_first',
      '发起选人',
      [
        { id: 'Start', kind: 'start' },
        { id: 'Pick', kind: 'userTask', name: '经办' },
        { id: 'End', kind: 'end' },
      ],
      [
        ['Start', 'Pick'],
        ['Pick', 'End'],
      ],
    ),
    settings: { nodes: { Pick: pick } },
  });
  const instId = await f.start('lina', 'pick_many', {});
  taskId = await f.taskOf('zhangwei', instId);
  leaderId = await f.userId('zhangwei');
});
afterAll(() => t.close());

const page = async (token: string, body: Record<string, unknown>) =>
  t.call('getNodeCandidatePage', { token, body: { taskId, nodeId: 'Pick', ...body } });
const names = (n: number[]) => n.map((i) => `候选${i}号`);

describe('the candidates of a node the handler picks for, a page at a time (spec §9)', () => {
  it('answers 50, then the rest, in the candidates’ order, the same people getAfterJumpNodes names', async () => {
    const token = await f.as('zhangwei');
    const first = (await page(token, {})).body.value;
    expect(first).toMatchObject({ total: CROWD, page: 1, pageSize: 50 });
    expect(first.rows.map((r) => r.fullname)).toEqual(names(crowd.slice(0, 50)));
    const second = (await page(token, { pageBean: { page: 2, pageSize: 50 } })).body.value;
    expect(second).toMatchObject({ total: CROWD, page: 2 });
    expect(second.rows.map((r) => r.fullname)).toEqual(names(crowd.slice(50)));
    const all = (await t.call('getAfterJumpNodes', { token, body: { taskId } })).body.value;
    expect([...first.rows, ...second.rows]).toEqual(all.find((n) => n.nodeId === 'Pick')!.candidates);
  });

  it('narrows to the names searched for, and a start pages by the flow', async () => {
    const token = await f.as('zhangwei');
    const found = await page(token, {
      querys: [{ property: 'fullname', value: '候选5', operation: 'LIKE' }],
    });
    expect(found.body.value.total).toBe(11);
    expect(found.body.value.rows.map((r) => r.fullname)).toEqual(
      names([59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 5]),
    );
    const sorted = await page(token, {
      pageBean: { page: 1, pageSize: 3 },
      sorter: [{ property: 'account', direction: 'ASC' }],
    });
    expect(sorted.body.value.rows.map((r) => r.fullname)).toEqual(names([1, 10, 11]));
    const unknown = await page(token, { querys: [{ property: 'passwordHash', value: 'x' }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('passwordHash');
    const lina = await f.as('lina');
    const start = await t.call('getNodeCandidatePage', {
      token: lina,
      body: { flowKey: 'pick_first', nodeId: 'Pick', data: {}, pageBean: { page: 2 } },
    });
    expect(start.body.value.rows.map((r) => r.fullname)).toEqual(names(crowd.slice(50)));
    // from the start of pick_many the next node is Lead, which is not picked for
    const notPicked = await t.call('getNodeCandidatePage', {
      token: lina,
      body: { flowKey: 'pick_many', nodeId: 'Lead' },
    });
    expect(notPicked.status).toBe(400);
    expect(notPicked.body.message).toBe('节点 Lead 不能指定处理人');
  });

  it('pages for a secretary with her leader’s leaderId, and for nobody else or another node', async () => {
    const secretary = await f.as('wangfang');
    const forLeader = await page(secretary, { leaderId });
    expect(forLeader.status).toBe(200);
    expect(forLeader.body.value.total).toBe(CROWD);
    expect((await page(secretary, {})).status).toBe(404);
    expect((await page(await f.as('hanxu'), {})).status).toBe(404);
    expect((await page(await f.as('hanxu'), { leaderId })).status).toBe(404);
    expect((await page(await f.as('admin', await acmeTenantId(t)), {})).status).toBe(404);
    // a node that is not ahead, or not there at all
    expect((await page(await f.as('zhangwei'), { nodeId: 'Lead' })).status).toBe(400);
    expect((await page(await f.as('zhangwei'), { nodeId: 'Nowhere' })).status).toBe(400);
  });
});
