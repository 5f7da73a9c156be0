import type { SaveApprovalItem } from '@eip/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { acmeTenantId, expectRefused, rowCount, signIn } from '../../../test/fixtures.js';
import { approvalItems } from '../../db/schema.js';

let t: TestApp;
const as = signIn(() => t);
let acme: string;
let hrTypeId: string;
let financeTypeId: string;

beforeAll(async () => {
  t = await createTestApp();
  acme = await acmeTenantId(t);
  const types = await t.call('getTypesByKey', {
    token: await as('zhuting'),
    query: { typeKey: 'FLOW_TYPE' },
  });
  hrTypeId = types.body.value.find((type) => type.code === 'hr')!.id;
  financeTypeId = types.body.value.find((type) => type.code === 'finance')!.id;
});
afterAll(() => t.close());

const save = async (account: string, body: Partial<SaveApprovalItem>, tenantId?: string) =>
  t.call('saveApprovalItem', { token: await as(account, tenantId), body });
const list = async (account: string, isPersonal: 'true' | 'false', tenantId?: string) =>
  t.call('listApprovalItems', { token: await as(account, tenantId), query: { isPersonal }, body: {} });
const forFlow = async (account: string, defKey: string, typeId?: string) =>
  t.call('getApprovalByDefKeyAndTypeId', {
    token: await as(account),
    query: typeId ? { defKey, typeId } : { defKey },
  });

describe('approval phrases (常用语)', () => {
  it('keeps the caller’s own phrases apart from the tenant’s shared ones', async () => {
    const own = await save('zhuting', { expression: ' 已阅，同意 ', sn: 2 });
    expect(own.status, own.body.message).toBe(200);
    expect(own.body.value).toMatchObject({ expression: '已阅，同意', shared: false, sn: 2, defKey: null });
    expect((await list('zhuting', 'true')).body.value.rows.map((r) => r.expression)).toEqual(['已阅，同意']);
    expect((await list('heyu', 'true')).body.value.total).toBe(0);
    const shared = (await list('heyu', 'false')).body.value.rows;
    expect(shared.map((r) => r.expression)).toEqual(['同意', '情况属实，同意', '请补充材料']);
    expect(shared.every((r) => r.shared)).toBe(true);

    const changed = await save('zhuting', { id: own.body.value.id, expression: '同意，请尽快办理' });
    expect(changed.body.value).toMatchObject({
      id: own.body.value.id,
      expression: '同意，请尽快办理',
      sn: 2,
    });
    const filtered = await t.call('listApprovalItems', {
      token: await as('zhuting'),
      body: { querys: [{ property: 'expression', value: '尽快', operation: 'LIKE' }] },
    });
    expect(filtered.body.value.total).toBe(1);
    expectRefused(
      await t.call('listApprovalItems', {
        token: await as('zhuting'),
        body: { querys: [{ property: 'user_id', value: 'x' }] },
      }),
      400,
    );
  });

  it('shared phrases are written by administrators only', async () => {
    const before = await rowCount(t, approvalItems);
    expectRefused(await save('zhuting', { expression: '大家都用', shared: true }), 403);
    expect(await rowCount(t, approvalItems)).toBe(before);
    const shared = await save('admin', { expression: '已核实', shared: true, sn: 9 });
    expect(shared.body.value.shared).toBe(true);
    expect((await list('zhuting', 'false')).body.value.rows.map((r) => r.expression)).toContain('已核实');
    expect((await list('admin', 'true')).body.value.total).toBe(0);
    expectRefused(await save('zhuting', { id: shared.body.value.id, expression: '改掉' }), 404);
    expect(
      (
        await t.call('removeApprovalItems', {
          token: await as('zhuting'),
          query: { ids: shared.body.value.id },
        })
      ).body.value,
    ).toBe(0);
    expect(
      (
        await t.call('removeApprovalItems', {
          token: await as('admin'),
          query: { ids: shared.body.value.id },
        })
      ).body.value,
    ).toBe(1);
  });

  it('refuses bad input with a message naming the field, and changes nothing', async () => {
    const before = await rowCount(t, approvalItems);
    const cases: [Partial<SaveApprovalItem>, number, string][] = [
      [{ expression: '   ' }, 400, 'body.expression'],
      [{}, 400, 'body.expression'],
      [{ expression: 'x'.repeat(501) }, 400, 'body.expression'],
      [{ expression: '好', defKey: 'no_such_flow' }, 400, 'no_such_flow'],
      [{ expression: '好', typeId: 'no_such_type' }, 400, 'body.typeId'],
      [{ expression: '好', sn: -1 }, 400, 'body.sn'],
      [{ expression: '好', id: 'nope' }, 404, 'nope'],
    ];
    for (const [body, status, named] of cases) {
      const result = await save('zhuting', body);
      expectRefused(result, status);
      expect(result.body.message).toContain(named);
    }
    expect(await rowCount(t, approvalItems)).toBe(before);
  });

  it('another user and another tenant can neither change nor remove a phrase', async () => {
    const own = (await save('lina', { expression: '李娜的常用语' })).body.value;
    expectRefused(await save('heyu', { id: own.id, expression: '改掉' }), 404);
    expectRefused(await save('alice', { id: own.id, expression: '改掉' }, acme), 404);
    expect(
      (await t.call('removeApprovalItems', { token: await as('heyu'), query: { ids: own.id } })).body.value,
    ).toBe(0);
    expect(
      (await t.call('removeApprovalItems', { token: await as('admin', acme), query: { ids: own.id } })).body
        .value,
    ).toBe(0);
    const acmeShared = (await list('alice', 'false', acme)).body.value.rows;
    expect(acmeShared).toHaveLength(3);
    const platformShared = (await list('lina', 'false')).body.value.rows.map((r) => r.id);
    expect(acmeShared.some((r) => platformShared.includes(r.id))).toBe(false);
    expect((await list('lina', 'true')).body.value.rows.map((r) => r.expression)).toEqual(['李娜的常用语']);
  });
});

describe('the phrases a handler sees for a flow', () => {
  it('own and shared ones: the flow’s first, then its type’s, then the general ones, each by sn', async () => {
    await save('liuyang', { expression: '报销请附发票', defKey: 'expense_claim' });
    await save('liuyang', { expression: '请假天数核对无误', defKey: 'leave_request', sn: 5 });
    await save('liuyang', { expression: '人事类通用', typeId: hrTypeId });
    await save('liuyang', { expression: '财务类通用', typeId: financeTypeId });
    await save('liuyang', { expression: '个人通用', sn: 0 });
    await save('admin', { expression: '请假共享', defKey: 'leave_request', shared: true, sn: 1 });
    await save('lina', { expression: '别人的', defKey: 'leave_request' });

    const leave = (await forFlow('liuyang', 'leave_request')).body.value.map((r) => r.expression);
    expect(leave).toEqual([
      '请假共享',
      '请假天数核对无误',
      '人事类通用',
      '个人通用',
      '同意',
      '情况属实，同意',
      '请补充材料',
    ]);
    const asFinance = (await forFlow('liuyang', 'leave_request', financeTypeId)).body.value.map(
      (r) => r.expression,
    );
    expect(asFinance).toContain('财务类通用');
    expect(asFinance).not.toContain('人事类通用');
    const expense = (await forFlow('liuyang', 'expense_claim')).body.value.map((r) => r.expression);
    expect(expense.slice(0, 2)).toEqual(['报销请附发票', '财务类通用']);
  });

  it('an unknown flow, or another tenant’s, is a 404', async () => {
    expectRefused(await forFlow('liuyang', 'no_such_flow'), 404);
    expectRefused(
      await t.call('getApprovalByDefKeyAndTypeId', {
        token: await as('alice', acme),
        query: { defKey: 'leave_request' },
      }),
      404,
    );
    expectRefused(
      await t.call('getApprovalByDefKeyAndTypeId', { token: await as('liuyang'), query: {} }),
      400,
    );
  });
});
