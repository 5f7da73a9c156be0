import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { acmeTenantId, expectRefused, rowCount, signIn, startLeave } from '../../../test/fixtures.js';
import { flowPrintRecords } from '../../db/schema.js';

let t: TestApp;
const as = signIn(() => t);
let acme: string;
let instId: string;

beforeAll(async () => {
  t = await createTestApp();
  acme = await acmeTenantId(t);
  instId = await startLeave(t, await as('zhuting'));
});
afterAll(() => t.close());

const printLog = async (account: string, tenantId?: string) =>
  t.call('printLog', { token: await as(account, tenantId), body: { instId } });
const records = async (account: string, tenantId?: string) =>
  t.call('getPrintRecordsByInstId', { token: await as(account, tenantId), query: { instId } });
const queryRecords = async (account: string, body: object = {}, tenantId?: string) =>
  t.call('queryPrintRecords', { token: await as(account, tenantId), body });

describe('print log (bpmPrintRecord)', () => {
  it('records who printed an instance; participants and administrators read the log', async () => {
    const first = await printLog('zhuting');
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.value).toMatchObject({ instId, userName: '朱婷', subject: '朱婷的请假申请' });
    await printLog('hujun');
    expect((await records('zhuting')).body.value.map((r) => r.userName)).toEqual(['胡军', '朱婷']);
    expect((await records('admin')).body.value).toHaveLength(2);

    expect((await queryRecords('hujun')).body.value.total).toBe(2);
    expect((await queryRecords('heyu')).body.value.total).toBe(0);
    expect((await queryRecords('admin')).body.value.total).toBe(2);
    const byUser = await queryRecords('zhuting', { querys: [{ property: 'userName', value: '朱婷' }] });
    expect(byUser.body.value.rows.map((r) => r.userName)).toEqual(['朱婷']);
    expectRefused(await queryRecords('zhuting', { querys: [{ property: 'tenant_id', value: '-1' }] }), 400);
    expect((await queryRecords('admin', {}, acme)).body.value.total).toBe(0);
  });

  it('someone who takes no part, and another tenant, can neither print nor read; nothing changes', async () => {
    const before = await rowCount(t, flowPrintRecords);
    expectRefused(await printLog('heyu'), 404);
    expectRefused(await printLog('alice', acme), 404);
    expectRefused(await printLog('admin', acme), 404);
    expectRefused(await records('heyu'), 404);
    expectRefused(await records('admin', acme), 404);
    expectRefused(await t.call('printLog', { token: await as('zhuting'), body: {} }), 400);
    expect(await rowCount(t, flowPrintRecords)).toBe(before);
  });
});

describe('preview watermark (spec §9: account and time)', () => {
  it('shows the caller’s account and the time on an instance they may see', async () => {
    for (const account of ['zhuting', 'hujun', 'admin']) {
      const { body } = await t.call('getWatermark', { token: await as(account), query: { instId } });
      expect(body.value.enabled).toBe(true);
      expect(body.value.text).toMatch(new RegExp(`^${account} \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$`));
    }
    expectRefused(await t.call('getWatermark', { token: await as('heyu'), query: { instId } }), 404);
    expectRefused(await t.call('getWatermark', { token: await as('alice', acme), query: { instId } }), 404);
    expectRefused(await t.call('getWatermark', { token: await as('zhuting'), query: {} }), 400);
  });
});
