import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import {
  acmeTenantId,
  deployRestrictedFlow,
  expectRefused,
  HR_ONLY_FLOW,
  rowCount,
  signIn,
  startLeave,
} from '../../../test/fixtures.js';
import { flowCollections } from '../../db/schema.js';

let t: TestApp;
const as = signIn(() => t);
let acme: string;
let instId: string;

beforeAll(async () => {
  t = await createTestApp();
  acme = await acmeTenantId(t);
  await deployRestrictedFlow(t, await as('admin'), HR_ONLY_FLOW);
  instId = await startLeave(t, await as('zhuting'));
});
afterAll(() => t.close());

const collect = async (
  account: string,
  targetType: 'instance' | 'flow',
  targetId: string,
  tenantId?: string,
) => t.call('collect', { token: await as(account, tenantId), body: { targetType, targetId } });
const cancel = async (account: string, targetType: 'instance' | 'flow', targetId: string) =>
  t.call('cancelCollect', { token: await as(account), body: { targetType, targetId } });
const mine = async (account: string, body: object = {}) =>
  t.call('myCollect', { token: await as(account), body });
const count = async (account: string) =>
  (await t.call('myCollectCount', { token: await as(account), body: {} })).body.value;

describe('collections (bpmFlowCollect)', () => {
  it('the initiator and a handler collect an instance; the list and count show it', async () => {
    expect((await collect('zhuting', 'instance', instId)).body.value).toBe(true);
    expect((await collect('zhuting', 'instance', instId)).body.value).toBe(false);
    const rows = (await mine('zhuting')).body.value.rows;
    expect(rows.map((r) => [r.id, r.procDefKey, r.creator])).toEqual([[instId, 'leave_request', '朱婷']]);
    expect(rows[0]!.collectTime).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await count('zhuting')).toBe(1);

    expect((await collect('hujun', 'instance', instId)).body.value).toBe(true);
    expect(await count('hujun')).toBe(1);
    expect(
      (await mine('hujun', { querys: [{ property: 'subject', value: '朱婷', operation: 'LIKE' }] })).body
        .value.total,
    ).toBe(1);
    expect((await mine('hujun', { querys: [{ property: 'status', value: 'end' }] })).body.value.total).toBe(
      0,
    );
    expectRefused(await mine('hujun', { querys: [{ property: 'data', value: 'x' }] }), 400);

    expect((await cancel('hujun', 'instance', instId)).body.value).toBe(true);
    expect((await cancel('hujun', 'instance', instId)).body.value).toBe(false);
    expect(await count('hujun')).toBe(0);
    expect(await count('zhuting')).toBe(1);
  });

  it('a flow the caller may start is collected and marked on the start page', async () => {
    expect((await collect('heyu', 'flow', 'leave_request')).body.value).toBe(true);
    const rows = (await t.call('newProcess', { token: await as('heyu'), body: {} })).body.value.rows;
    expect(rows.find((r) => r.defKey === 'leave_request')?.isCollected).toBe(true);
    expect(rows.find((r) => r.defKey === 'expense_claim')?.isCollected).toBe(false);
    expect(await count('heyu')).toBe(0);
    expect((await cancel('heyu', 'flow', 'leave_request')).body.value).toBe(true);
  });

  it('refuses what the caller may not see or start, and changes nothing', async () => {
    const before = await rowCount(t, flowCollections);
    expectRefused(await collect('heyu', 'instance', instId), 404);
    expectRefused(await collect('heyu', 'instance', 'nope'), 404);
    expectRefused(await collect('heyu', 'flow', 'hr_only'), 403);
    expectRefused(await collect('heyu', 'flow', 'nope'), 404);
    expectRefused(await collect('alice', 'instance', instId, acme), 404);
    expectRefused(await collect('alice', 'flow', 'leave_request', acme), 404);
    const badType = await t.call('collect', {
      token: await as('heyu'),
      body: { targetType: 'task', targetId: instId },
    });
    expectRefused(badType, 400);
    expect(badType.body.message).toContain('body.targetType');
    expect(
      (
        await t.call('cancelCollect', {
          token: await as('alice', acme),
          body: { targetType: 'instance', targetId: instId },
        })
      ).body.value,
    ).toBe(false);
    expect(await rowCount(t, flowCollections)).toBe(before);
    expect(await count('zhuting')).toBe(1);
  });
});
