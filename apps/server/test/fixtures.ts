import type { StartRight } from '@eip/contracts/flow';
import { PLATFORM_TENANT_ID } from '@eip/contracts/codes';
import { and, count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { expect } from 'vitest';
import { menuRoles, menus, roles } from '../src/db/schema.js';
import { readDemoFlow } from '../src/seed/flows.js';
import type { TestApp } from './app.js';

/** Signs each account in once per test file and reuses its token; `tenantId` defaults to the platform. */
export function signIn(t: () => TestApp) {
  const tokens = new Map<string, Promise<string>>();
  return (account: string, tenantId?: string) => {
    const key = `${tenantId ?? ''}:${account}`;
    if (!tokens.has(key)) tokens.set(key, t().login(account, undefined, tenantId));
    return tokens.get(key)!;
  };
}

/** Shows a menu entry of the platform tenant only to holders of a role (a sys_menu_role row). */
export async function restrictMenu(t: TestApp, alias: string, roleCode: string) {
  const db = t.database.db;
  const [menu] = await db
    .select()
    .from(menus)
    .where(and(eq(menus.tenantId, PLATFORM_TENANT_ID), eq(menus.alias, alias)));
  const [role] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.tenantId, PLATFORM_TENANT_ID), eq(roles.code, roleCode)));
  await db.insert(menuRoles).values({ tenantId: PLATFORM_TENANT_ID, menuId: menu!.id, roleId: role!.id });
}

export const acmeTenantId = async (t: TestApp) =>
  (await t.call('getTenantByCode', { query: { code: 'acme' } })).body.value.id;

/** The id of a user of the caller's tenant, by account. */
export const userIdOf = async (t: TestApp, token: string, account: string) =>
  (await t.call('getDetailByAccountOrId', { token, body: { accountOrId: account } })).body.value.user.id;

/** The ids of users by account, each list looked up with the token of its tenant. */
export async function userIds(t: TestApp, lookups: [token: string, accounts: string[]][]) {
  const found = new Map<string, string>();
  for (const [token, accounts] of lookups) {
    for (const account of accounts) found.set(account, await userIdOf(t, token, account));
  }
  return (account: string) => {
    const id = found.get(account);
    if (!id) throw new Error(`no id fetched for ${account}`);
    return id;
  };
}

/** How many rows a table holds: a failed call must leave it as it was. */
export const rowCount = async (t: TestApp, table: PgTable) =>
  (await t.database.db.select({ n: count() }).from(table))[0]?.n ?? 0;

/** Starts a leave request as the caller; their department leader gets the first task. */
export async function startLeave(t: TestApp, token: string, days = 2) {
  const { body } = await t.call('startInstance', {
    token,
    body: { flowKey: 'leave_request', data: { days, reason: '测试' } },
  });
  expect(body.state, body.message).toBe(true);
  return body.value.instId;
}

/** A flow only the HR role may start. */
export const HR_ONLY_FLOW = {
  key: 'hr_only',
  name: '人事专用流程',
  startRights: [{ type: 'role', ids: ['hr'] }],
} as const satisfies { key: string; name: string; startRights: StartRight[] };

/**
 * Deploys a copy of the leave request under another key and name, started only by those the start
 * rights name (administrator's token).
 */
export async function deployRestrictedFlow(
  t: TestApp,
  adminToken: string,
  flow: { key: string; name: string; startRights: readonly StartRight[] },
) {
  const leave = readDemoFlow('leave-request');
  const settings = leave.settings as { global: object; nodes: object };
  const { body } = await t.call('deployDefinition', {
    token: adminToken,
    body: {
      bpmnXml: leave.bpmnXml
        .replaceAll('leave_request', flow.key)
        .replace('name="请假申请"', `name="${flow.name}"`),
      settings: { ...settings, global: { ...settings.global, startRights: flow.startRights } },
    },
  });
  expect(body.state, body.message).toBe(true);
  return body.value;
}

/** A failed call: the status, and an envelope that says so with a message. */
export function expectRefused(
  result: { status: number; body: { state: boolean; code: number; message: string } },
  status: number,
) {
  expect(result.status, result.body.message).toBe(status);
  expect(result.body.state).toBe(false);
  expect(result.body.code).toBe(status);
  expect(result.body.message.length).toBeGreaterThan(0);
}
