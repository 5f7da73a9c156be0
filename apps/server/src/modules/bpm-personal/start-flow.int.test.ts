import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import {
  acmeTenantId,
  deployRestrictedFlow,
  expectRefused,
  HR_ONLY_FLOW,
  rowCount,
  signIn,
  userIdOf,
} from '../../../test/fixtures.js';
import { commonFlows, oftenFlows } from '../../db/schema.js';
import { countFlowUse } from './start-flow.repository.js';

let t: TestApp;
const as = signIn(() => t);
let acme: string;

beforeAll(async () => {
  t = await createTestApp();
  acme = await acmeTenantId(t);
  await deployRestrictedFlow(t, await as('admin'), HR_ONLY_FLOW);
});
afterAll(() => t.close());

const keysOf = (rows: { defKey: string }[]) => rows.map((r) => r.defKey);
const newProcess = async (account: string, body: object = {}, tenantId?: string) =>
  t.call('newProcess', { token: await as(account, tenantId), body });

describe('the start page: flows the caller may start (newProcess, count, card)', () => {
  it('lists main versions the caller has the right to, with type names and marks', async () => {
    const heyu = (await newProcess('heyu')).body.value;
    // onboarding and hr_only are for the HR role
    expect(keysOf(heyu.rows)).toEqual(['expense_claim', 'leave_request', 'contract_review', 'purchase']);
    expect(heyu.rows[0]).toMatchObject({ flowTypeName: '财务', isCollected: false, isCommon: false });
    expect(keysOf((await newProcess('liuyang')).body.value.rows)).toEqual([
      'expense_claim',
      'hr_only',
      'onboarding',
      'leave_request',
      'contract_review',
      'purchase',
    ]);
    expect((await t.call('newProcessCount', { token: await as('heyu'), body: {} })).body.value).toBe(4);
    expect((await t.call('newProcessCount', { token: await as('liuyang'), body: {} })).body.value).toBe(6);

    const byName = await newProcess('liuyang', {
      querys: [{ property: 'name', value: '人事', operation: 'LIKE' }],
    });
    expect(keysOf(byName.body.value.rows)).toEqual(['hr_only']);
    const paged = await newProcess('liuyang', { pageBean: { page: 2, pageSize: 4 } });
    expect(paged.body.value).toMatchObject({ total: 6, page: 2, pageSize: 4 });
    expect(keysOf(paged.body.value.rows)).toEqual(['contract_review', 'purchase']);
    expectRefused(await newProcess('heyu', { querys: [{ property: 'settings', value: 'x' }] }), 400);
    expect((await newProcess('alice', {}, acme)).body.value.total).toBe(0);
  });

  it('the card shows the first `size` flows, common flows first', async () => {
    const card = async (size?: string) =>
      t.call('newProcessCard', { token: await as('zhuting'), query: size ? { size } : {}, body: {} });
    expect(keysOf((await card()).body.value)).toEqual([
      'expense_claim',
      'leave_request',
      'contract_review',
      'purchase',
    ]);
    await t.call('customAddCommonFlow', { token: await as('zhuting'), body: { defKeys: ['leave_request'] } });
    expect(keysOf((await card('1')).body.value)).toEqual(['leave_request']);
    expect((await card('1')).body.value[0]!.isCommon).toBe(true);
    for (const size of ['0', 'abc', '1000']) expectRefused(await card(size), 400);
  });
});

describe('common flows (常用流程)', () => {
  it('adds at the end, keeps what is there, lists in order and removes', async () => {
    const token = await as('gaofeng');
    const added = await t.call('customAddCommonFlow', { token, body: { defKeys: ['leave_request'] } });
    expect(keysOf(added.body.value)).toEqual(['leave_request']);
    const more = await t.call('customAddCommonFlow', {
      token,
      body: { defKeys: ['expense_claim', 'leave_request'] },
    });
    expect(keysOf(more.body.value)).toEqual(['leave_request', 'expense_claim']);
    expect(keysOf((await t.call('getMyCommonFlow', { token, body: {} })).body.value)).toEqual([
      'leave_request',
      'expense_claim',
    ]);
    expect(
      (await newProcess('gaofeng')).body.value.rows
        .filter((r) => r.isCommon)
        .map((r) => r.defKey)
        .sort(),
    ).toEqual(['expense_claim', 'leave_request']);
    expect((await t.call('getMyCommonFlow', { token: await as('heyu'), body: {} })).body.value).toEqual([]);

    const removed = await t.call('batchRemoveCommonFlow', {
      token,
      query: { defKeys: 'leave_request,nope' },
    });
    expect(removed.body.value).toBe(1);
    expect(keysOf((await t.call('getMyCommonFlow', { token, body: {} })).body.value)).toEqual([
      'expense_claim',
    ]);
  });

  it('refuses unknown flows and flows the caller may not start, and changes nothing', async () => {
    const before = await rowCount(t, commonFlows);
    const token = await as('heyu');
    expectRefused(
      await t.call('customAddCommonFlow', { token, body: { defKeys: ['leave_request', 'nope'] } }),
      404,
    );
    expectRefused(await t.call('customAddCommonFlow', { token, body: { defKeys: ['hr_only'] } }), 403);
    expectRefused(await t.call('customAddCommonFlow', { token, body: { defKeys: [] } }), 400);
    expectRefused(
      await t.call('customAddCommonFlow', {
        token: await as('alice', acme),
        body: { defKeys: ['leave_request'] },
      }),
      404,
    );
    expect(
      (
        await t.call('batchRemoveCommonFlow', {
          token: await as('alice', acme),
          query: { defKeys: 'expense_claim' },
        })
      ).body.value,
    ).toBe(0);
    expect(await rowCount(t, commonFlows)).toBe(before);
  });
});

describe('often flows (最近常用)', () => {
  it('counts uses and ranks the top flows by count, then recency', async () => {
    const token = await as('liangchen');
    const use = async (defKey: string) =>
      (await t.call('saveMyOftenFlow', { token, body: { defKey } })).body.value;
    expect(await use('expense_claim')).toBe(1);
    expect(await use('leave_request')).toBe(1);
    expect(await use('leave_request')).toBe(2);
    const often = (await t.call('getMyOftenFlow', { token })).body.value;
    expect(often.map((r) => [r.defKey, r.useCount])).toEqual([
      ['leave_request', 2],
      ['expense_claim', 1],
    ]);
    expect(await use('expense_claim')).toBe(2);
    expect(keysOf((await t.call('getMyOftenFlow', { token })).body.value)).toEqual([
      'expense_claim',
      'leave_request',
    ]);
    expect((await t.call('getMyOftenFlow', { token: await as('wuxia') })).body.value).toEqual([]);
  });

  it('countFlowUse (the engine calls it on each start) adds one use', async () => {
    const userId = await userIdOf(t, await as('admin'), 'hanxu');
    expect(await countFlowUse(t.database.db, '-1', userId, 'leave_request')).toBe(1);
    expect(await countFlowUse(t.database.db, '-1', userId, 'leave_request')).toBe(2);
    const often = (await t.call('getMyOftenFlow', { token: await as('hanxu') })).body.value;
    expect(often.map((r) => [r.defKey, r.useCount])).toEqual([['leave_request', 2]]);
  });

  it('refuses unknown flows and flows the caller may not start, and changes nothing', async () => {
    const before = await rowCount(t, oftenFlows);
    const token = await as('heyu');
    expectRefused(await t.call('saveMyOftenFlow', { token, body: { defKey: 'nope' } }), 404);
    expectRefused(await t.call('saveMyOftenFlow', { token, body: { defKey: 'hr_only' } }), 403);
    expectRefused(await t.call('saveMyOftenFlow', { token, body: {} }), 400);
    expectRefused(
      await t.call('saveMyOftenFlow', { token: await as('alice', acme), body: { defKey: 'leave_request' } }),
      404,
    );
    expect(await rowCount(t, oftenFlows)).toBe(before);
  });
});
