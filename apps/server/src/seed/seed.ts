import { count, eq } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.js';
import { newId } from '../db/ids.js';
import * as t from '../db/schema.js';
import { hashPassword } from '../security/passwords.js';
import {
  JOBS,
  METHODS,
  PLATFORM,
  postsOf,
  ROLES,
  SECOND_TENANT,
  type DemoOrg,
  type DemoTenant,
} from './demo-data.js';
import type { FileStore } from '../files/store.js';
import { seedContent } from './content.js';
import { seedHome } from './home.js';
import { seedDemoInstances } from './demo-instances.js';
import { namePinyin } from '../modules/uc/pinyin.js';
import { FRONT_MENU, type DemoMenu } from './menus.js';
import { seedMisc } from './misc.js';
import { seedData } from './data.js';
import { seedQueries } from './query.js';
import { seedPersonalSettings } from './personal-settings.js';
import { seedSignatures } from './signatures.js';

/** Marks a database whose demo users still have the published default password. */
export const DEMO_DEFAULT_PASSWORD_SETTING = 'demo.defaultPassword';

export const isEmpty = async (db: Db) => ((await db.select({ n: count() }).from(t.tenants))[0]?.n ?? 0) === 0;

/**
 * Seeds both demo tenants in one transaction, then their demo instances, settings and content; the
 * content's pictures and attachments go to `files` (the server's file store) when given.
 */
export async function seedDemo(
  db: Db,
  password: string,
  isDefaultPassword: boolean,
  files?: FileStore,
): Promise<void> {
  const keys = [PLATFORM, SECOND_TENANT].flatMap((tenant) =>
    tenant.users.map((u) => `${tenant.code}:${u.account}`),
  );
  const passwordHashes = new Map(
    await Promise.all(keys.map(async (key) => [key, await hashPassword(password)] as const)),
  );
  await db.transaction(async (tx) => {
    for (const tenant of [PLATFORM, SECOND_TENANT]) {
      await seedTenant(tx, tenant, (account) => passwordHashes.get(`${tenant.code}:${account}`) ?? '');
    }
    if (isDefaultPassword) {
      await tx.insert(t.systemSettings).values({ name: DEMO_DEFAULT_PASSWORD_SETTING, value: 'true' });
    }
  });
  await seedSignatures(db, isDefaultPassword, files);
  await seedDemoInstances(db);
  await seedPersonalSettings(db);
  await seedContent(db, files);
  await seedHome(db);
  await seedMisc(db, files);
  await seedData(db);
  await seedQueries(db);
}

export async function usesDefaultDemoPassword(db: Db): Promise<boolean> {
  const [row] = await db
    .select()
    .from(t.systemSettings)
    .where(eq(t.systemSettings.name, DEMO_DEFAULT_PASSWORD_SETTING));
  return row?.value === 'true';
}

function orgPath(org: DemoOrg, all: DemoOrg[]): DemoOrg[] {
  const parent = all.find((o) => o.code === org.parent);
  return parent ? [...orgPath(parent, all), org] : [org];
}

async function seedTenant(tx: Executor, tenant: DemoTenant, passwordHash: (account: string) => string) {
  const tenantId = tenant.id ?? newId();
  await tx.insert(t.tenants).values({ id: tenantId, code: tenant.code, name: tenant.name });
  await tx.insert(t.pwdStrategies).values({ tenantId, ...tenant.strategy });

  const demId = newId();
  await tx
    .insert(t.dimensions)
    .values({ tenantId, id: demId, code: 'xz', name: '行政维度', isDefault: true });

  const roleIds = new Map(ROLES.map((r) => [r.code, newId()]));
  await tx
    .insert(t.roles)
    .values(ROLES.map((r) => ({ tenantId, id: roleIds.get(r.code)!, code: r.code, name: r.name })));
  const jobIds = new Map(JOBS.map((j) => [j.code, newId()]));
  await tx.insert(t.jobs).values(JOBS.map((j) => ({ tenantId, id: jobIds.get(j.code)!, ...j })));

  const orgIds = new Map(tenant.orgs.map((o) => [o.code, newId()]));
  await tx.insert(t.orgs).values(
    tenant.orgs.map((org, i) => {
      const chain = orgPath(org, tenant.orgs);
      return {
        tenantId,
        id: orgIds.get(org.code)!,
        demId,
        parentId: org.parent ? orgIds.get(org.parent)! : null,
        code: org.code,
        name: org.name,
        path: chain.map((o) => `${orgIds.get(o.code)}.`).join(''),
        pathName: chain.map((o) => o.name).join('/'),
        grade: chain.length,
        sn: i,
      };
    }),
  );

  const postIds = new Map<string, string>();
  const postRows = tenant.orgs.flatMap((org) =>
    postsOf(org, tenant.users).map((postCode) => {
      const id = newId();
      postIds.set(`${org.code}:${postCode}`, id);
      const job = JOBS.find((j) => j.code === postCode);
      return {
        tenantId,
        id,
        orgId: orgIds.get(org.code)!,
        jobId: jobIds.get(postCode) ?? null,
        code: `${org.code}_${postCode}`,
        name: `${org.name}${job?.name ?? postCode}`,
      };
    }),
  );
  if (postRows.length) await tx.insert(t.posts).values(postRows);

  const userIds = new Map(tenant.users.map((u) => [u.account, newId()]));
  await tx.insert(t.users).values(
    tenant.users.map((u, i) => ({
      tenantId,
      id: userIds.get(u.account)!,
      account: u.account,
      fullname: u.fullname,
      ...namePinyin(u.fullname),
      passwordHash: passwordHash(u.account),
      email: `${u.account}@${tenant.code}.example.com`,
      mobile: `1380000${String(1000 + i).padStart(4, '0')}`,
      sex: u.sex ?? null,
      status: u.status ?? 1,
      isAdmin: u.isAdmin ?? false,
      mustChangePassword: u.mustChangePassword ?? false,
    })),
  );
  await tx.insert(t.orgUsers).values(
    tenant.users.map((u) => ({
      tenantId,
      id: newId(),
      orgId: orgIds.get(u.org)!,
      userId: userIds.get(u.account)!,
      postId: postIds.get(`${u.org}:${u.post}`) ?? null,
      isMaster: true,
      isCharge: u.leader ?? false,
    })),
  );
  await tx
    .insert(t.userRoles)
    .values(
      tenant.users.flatMap((u) =>
        u.roles.map((code) => ({ tenantId, userId: userIds.get(u.account)!, roleId: roleIds.get(code)! })),
      ),
    );

  const secretaryRows = Object.entries(tenant.secretaries).flatMap(([leader, secretaries]) =>
    secretaries.map((s) => ({
      tenantId,
      id: newId(),
      leaderId: userIds.get(leader)!,
      secretaryId: userIds.get(s)!,
    })),
  );
  if (secretaryRows.length) await tx.insert(t.secretaries).values(secretaryRows);

  for (const [owner, groups] of Object.entries(tenant.contactGroups)) {
    for (const [sn, [name, members]] of Object.entries(groups).entries()) {
      const groupId = newId();
      await tx
        .insert(t.contactGroups)
        .values({ tenantId, id: groupId, ownerId: userIds.get(owner)!, code: groupId, name, sn });
      await tx.insert(t.contactGroupUsers).values(
        members.map((account, i) => ({
          tenantId,
          id: newId(),
          groupId,
          userId: userIds.get(account)!,
          sn: i + 1,
        })),
      );
    }
  }

  await seedMenus(tx, tenantId, roleIds);
  const methodIds = new Map(METHODS.map((m) => [m.alias, newId()]));
  await tx
    .insert(t.methods)
    .values(METHODS.map((m) => ({ tenantId, id: methodIds.get(m.alias)!, alias: m.alias, name: m.name })));
  const methodRoleRows = METHODS.flatMap((m) =>
    m.roles.map((code) => ({ tenantId, methodId: methodIds.get(m.alias)!, roleId: roleIds.get(code)! })),
  );
  if (methodRoleRows.length) await tx.insert(t.methodRoles).values(methodRoleRows);
}

async function seedMenus(tx: Executor, tenantId: string, roleIds: Map<string, string>) {
  const menuRows: (typeof t.menus.$inferInsert)[] = [];
  const roleRows: (typeof t.menuRoles.$inferInsert)[] = [];
  const walk = (items: DemoMenu[], parentId: string | null) =>
    items.forEach((item, sn) => {
      const id = newId();
      menuRows.push({
        tenantId,
        id,
        parentId,
        menuAlias: 'front_menu',
        alias: item.alias,
        code: item.alias,
        name: item.name,
        sn,
        path: item.path,
        component: item.component,
        menuIcon: item.icon ?? null,
        routeExtend: item.routeExtend ?? null,
        affix: item.affix ?? false,
      });
      for (const code of item.roles ?? [])
        roleRows.push({ tenantId, menuId: id, roleId: roleIds.get(code)! });
      walk(item.children ?? [], id);
    });
  walk(FRONT_MENU, null);
  await tx.insert(t.menus).values(menuRows);
  if (roleRows.length) await tx.insert(t.menuRoles).values(roleRows);
}
