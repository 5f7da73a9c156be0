import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { acmeTenantId, expectRefused, rowCount, signIn, startLeave } from '../../../test/fixtures.js';
import { flowTaskFollows } from '../../db/schema.js';

let t: TestApp;
const as = signIn(() => t);
let acme: string;
let instId: string;

beforeAll(async () => {
  t = await createTestApp();
  acme = await acmeTenantId(t);
  instId = await startLeave(t, await as('zhuting'), 5);
});
afterAll(() => t.close());

const follow = async (account: string, nodeIds: string[], tenantId?: string) =>
  t.call('saveTaskFollow', { token: await as(account, tenantId), body: { instId, nodeIds } });
const followed = async (account: string, tenantId?: string) =>
  t.call('getFollowedNode', { token: await as(account, tenantId), query: { instId } });

describe('task follow (taskFollow)', () => {
  it('a participant follows user-task nodes, changes them, and stops with no nodes', async () => {
    const saved = await follow('zhuting', ['HrCountersign', 'LeaderApproval', 'HrCountersign']);
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.value).toEqual(['HrCountersign', 'LeaderApproval']);
    expect((await followed('zhuting')).body.value).toEqual(['HrCountersign', 'LeaderApproval']);
    expect((await followed('hujun')).body.value).toEqual([]);
    expect((await follow('hujun', ['HrCountersign'])).body.value).toEqual(['HrCountersign']);

    expect((await follow('zhuting', ['LeaderApproval'])).body.value).toEqual(['LeaderApproval']);
    expect((await followed('zhuting')).body.value).toEqual(['LeaderApproval']);
    expect((await follow('zhuting', [])).body.value).toEqual([]);
    expect((await followed('zhuting')).body.value).toEqual([]);
    expect((await followed('hujun')).body.value).toEqual(['HrCountersign']);
  });

  it('start, end and gateway nodes cannot be followed (spec §4), nor unknown ones; nothing changes', async () => {
    const before = await rowCount(t, flowTaskFollows);
    for (const node of ['Start', 'End', 'DaysGateway', 'Nope']) {
      const result = await follow('zhuting', ['LeaderApproval', node]);
      expectRefused(result, 400);
      expect(result.body.message).toContain(node);
    }
    expectRefused(
      await t.call('saveTaskFollow', {
        token: await as('zhuting'),
        body: { instId, nodeIds: 'LeaderApproval' },
      }),
      400,
    );
    expect(await rowCount(t, flowTaskFollows)).toBe(before);
  });

  it('someone who takes no part, and another tenant, get 404', async () => {
    const before = await rowCount(t, flowTaskFollows);
    expectRefused(await follow('heyu', ['LeaderApproval']), 404);
    expectRefused(await followed('heyu'), 404);
    expectRefused(await follow('alice', ['LeaderApproval'], acme), 404);
    expectRefused(await followed('alice', acme), 404);
    expect(await rowCount(t, flowTaskFollows)).toBe(before);
  });
});
