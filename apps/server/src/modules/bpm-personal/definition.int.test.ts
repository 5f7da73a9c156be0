import type { FlowSettings } from '@eip/contracts/flow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import {
  acmeTenantId,
  deployRestrictedFlow,
  expectRefused,
  signIn,
  userIdOf,
} from '../../../test/fixtures.js';
import { readDemoFlow } from '../../seed/flows.js';
import { hasStartRight } from './start-rights.js';

let t: TestApp;
const as = signIn(() => t);
let acme: string;
let projectGroupId: string;

beforeAll(async () => {
  t = await createTestApp();
  acme = await acmeTenantId(t);
  const groups = await t.call('queryGroups', { token: await as('zhuting'), body: {} });
  projectGroupId = groups.body.value.rows.find((g) => g.name === '项目组')!.id;
  await deployRestrictedFlow(t, await as('admin'), {
    key: 'hr_only',
    name: '人事专用流程',
    startRights: [
      { type: 'role', ids: ['hr'] },
      { type: 'user', ids: ['zhuting'] },
      { type: 'group', ids: [projectGroupId] },
      { type: 'org', ids: ['finance'] },
      { type: 'post', ids: ['nobody_post'] },
    ],
  });
});
afterAll(() => t.close());

const query = async (body: object, account = 'zhuting') =>
  t.call('queryDefinitions', { token: await as(account), body });

describe('flow types (sys/sysType getTypesByKey)', () => {
  it('answers the FLOW_TYPE tree of the caller’s tenant', async () => {
    const platform = await t.call('getTypesByKey', {
      token: await as('zhuting'),
      query: { typeKey: 'FLOW_TYPE' },
    });
    expect(platform.body.value.map((type) => [type.code, type.name])).toEqual([
      ['hr', '人事'],
      ['finance', '财务'],
      ['purchase', '采购'],
      ['admin', '行政'],
    ]);
    expect(platform.body.value.every((type) => type.children.length === 0 && type.parentId === null)).toBe(
      true,
    );
    const other = await t.call('getTypesByKey', {
      token: await as('alice', acme),
      query: { typeKey: 'FLOW_TYPE' },
    });
    expect(other.body.value.map((type) => type.name)).toEqual(['人事', '财务', '采购', '行政']);
    const platformIds = platform.body.value.map((type) => type.id);
    expect(other.body.value.some((type) => platformIds.includes(type.id))).toBe(false);
    expect(
      (await t.call('getTypesByKey', { token: await as('zhuting'), query: { typeKey: 'NOTHING' } })).body
        .value,
    ).toEqual([]);
    expectRefused(await t.call('getTypesByKey', { token: await as('zhuting'), query: {} }), 400);
  });
});

describe('definitions: main versions only (IS_MAIN_=Y)', () => {
  it('lists one row per flow with its type name, filters on whitelisted properties only', async () => {
    const all = (await query({})).body.value;
    expect(all.rows.map((d) => [d.defKey, d.flowTypeName])).toEqual([
      ['expense_claim', '财务'],
      ['hr_only', '人事'],
      ['onboarding', '人事'],
      ['leave_request', '人事'],
      ['contract_review', '采购'],
      ['purchase', '采购'],
    ]);
    expect(all.rows.every((d) => d.isMain)).toBe(true);
    const hr = (
      await query({
        querys: [{ property: 'flowType', value: 'hr' }],
        sorter: [{ property: 'name', direction: 'DESC' }],
      })
    ).body.value;
    expect(hr.rows.map((d) => d.defKey)).toEqual(['leave_request', 'onboarding', 'hr_only']);
    expect(
      (await query({ querys: [{ property: 'name', value: '报销', operation: 'LIKE' }] })).body.value.total,
    ).toBe(1);
    expectRefused(await query({ querys: [{ property: 'IS_MAIN_', value: 'N' }] }), 400);
    expectRefused(await query({ querys: [{ property: 'bpmnXml', value: 'x', operation: 'LIKE' }] }), 400);
    const acmeList = await t.call('queryDefinitions', { token: await as('alice', acme), body: {} });
    expect(acmeList.body.value.total).toBe(0);
  });

  it('a new version becomes the main one; every version stays readable by id', async () => {
    const old = (await query({ querys: [{ property: 'defKey', value: 'expense_claim' }] })).body.value
      .rows[0]!;
    const deployed = await t.call('deployDefinition', {
      token: await as('admin'),
      body: readDemoFlow('expense-claim'),
    });
    expect(deployed.body.state, deployed.body.message).toBe(true);
    const rows = (await query({ querys: [{ property: 'defKey', value: 'expense_claim' }] })).body.value.rows;
    expect(rows.map((d) => d.version)).toEqual([old.version + 1]);

    const oldOne = await t.call('defGet', { token: await as('zhuting'), query: { defId: old.id } });
    expect(oldOne.body.value).toMatchObject({ id: old.id, isMain: false, flowTypeName: '财务' });
    const byId = await t.call('getMainByDefIdOrKey', {
      token: await as('zhuting'),
      query: { defId: old.id },
    });
    expect(byId.body.value).toMatchObject({ id: rows[0]!.id, isMain: true });
    const byKey = await t.call('getMainByDefIdOrKey', {
      token: await as('zhuting'),
      query: { defKey: 'expense_claim' },
    });
    expect(byKey.body.value.id).toBe(rows[0]!.id);

    expectRefused(await t.call('getMainByDefIdOrKey', { token: await as('zhuting'), query: {} }), 400);
    expectRefused(
      await t.call('getMainByDefIdOrKey', { token: await as('zhuting'), query: { defKey: 'nope' } }),
      404,
    );
    expectRefused(await t.call('defGet', { token: await as('zhuting'), query: { defId: 'nope' } }), 404);
    expectRefused(await t.call('defGet', { token: await as('alice', acme), query: { defId: old.id } }), 404);
    expectRefused(
      await t.call('getMainByDefIdOrKey', { token: await as('alice', acme), query: { defId: old.id } }),
      404,
    );
  });

  it('the design (BPMN XML and settings) is for administrators only', async () => {
    const main = (await query({ querys: [{ property: 'defKey', value: 'leave_request' }] })).body.value
      .rows[0]!;
    const design = await t.call('getDefDesignByDefId', {
      token: await as('admin'),
      query: { defId: main.id },
    });
    expect(design.body.value.bpmnXml).toContain('<bpmn:process id="leave_request"');
    expect((design.body.value.settings as FlowSettings).global?.flowType).toBe('hr');
    expect(design.body.value.defKey).toBe('leave_request');
    expectRefused(
      await t.call('getDefDesignByDefId', { token: await as('zhuting'), query: { defId: main.id } }),
      403,
    );
    expectRefused(
      await t.call('getDefDesignByDefId', { token: await as('admin', acme), query: { defId: main.id } }),
      404,
    );
  });
});

describe('start rights (spec §6)', () => {
  it('flowHasStartRights: a flow without rights is for everyone; rights match user, role, org and group', async () => {
    const mayStart = async (account: string, defKey: string) =>
      (await t.call('flowHasStartRights', { token: await as(account), query: { defKey } })).body.value;
    expect(await mayStart('heyu', 'leave_request')).toBe(true);
    expect(await mayStart('liuyang', 'hr_only')).toBe(true);
    expect(await mayStart('zhuting', 'hr_only')).toBe(true);
    expect(await mayStart('gaofeng', 'hr_only')).toBe(true);
    expect(await mayStart('zhouqiang', 'hr_only')).toBe(true);
    expect(await mayStart('sunhao', 'hr_only')).toBe(false);
    expect(await mayStart('admin', 'hr_only')).toBe(false);
    expectRefused(
      await t.call('flowHasStartRights', { token: await as('zhuting'), query: { defKey: 'nope' } }),
      404,
    );
    expectRefused(
      await t.call('flowHasStartRights', { token: await as('alice', acme), query: { defKey: 'hr_only' } }),
      404,
    );
  });

  it('startRight lists who may start with names, for administrators only', async () => {
    const rights = await t.call('getStartRight', { token: await as('admin'), query: { defKey: 'hr_only' } });
    expect(rights.body.value.everyone).toBe(false);
    expect(rights.body.value.rights).toEqual([
      { type: 'role', id: 'hr', name: '人事专员' },
      { type: 'user', id: 'zhuting', name: '朱婷' },
      { type: 'group', id: projectGroupId, name: '项目组' },
      { type: 'org', id: 'finance', name: '财务部' },
      { type: 'post', id: 'nobody_post', name: null },
    ]);
    const open = await t.call('getStartRight', {
      token: await as('admin'),
      query: { defKey: 'leave_request' },
    });
    expect(open.body.value).toEqual({ everyone: true, rights: [] });
    expectRefused(
      await t.call('getStartRight', { token: await as('zhuting'), query: { defKey: 'hr_only' } }),
      403,
    );
    expectRefused(
      await t.call('getStartRight', { token: await as('admin', acme), query: { defKey: 'hr_only' } }),
      404,
    );
  });

  it('hasStartRight (the engine asks it before a start) follows the same rule', async () => {
    const design = await t.call('getDefDesignByDefId', {
      token: await as('admin'),
      query: {
        defId: (await query({ querys: [{ property: 'defKey', value: 'hr_only' }] })).body.value.rows[0]!.id,
      },
    });
    const settings = design.body.value.settings as FlowSettings;
    const { db } = t.database;
    const admin = await as('admin');
    expect(await hasStartRight(db, '-1', await userIdOf(t, admin, 'chenjing'), null, settings)).toBe(true);
    expect(await hasStartRight(db, '-1', await userIdOf(t, admin, 'sunhao'), null, settings)).toBe(false);
    expect(await hasStartRight(db, '-1', await userIdOf(t, admin, 'sunhao'), null, { nodes: {} })).toBe(true);
    expect(await hasStartRight(db, acme, await userIdOf(t, admin, 'chenjing'), null, settings)).toBe(false);
  });
});
