import { and, count, eq } from 'drizzle-orm';
import { Readable } from 'node:stream';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { restrictMenu } from '../../../test/fixtures.js';
import { auditLog, identities, oftenMenus, sysTags, tenants } from '../../db/schema.js';
import { localFileStore } from '../../files/store.js';
import { markSvg } from '../../seed/logos.js';
import { periodsOf } from './identity.js';

/** Spec §7 "Portal content, files, misc": dictionaries, tags, serial numbers, pinyin, dates, often, scripts. */
let t: TestApp;
let token: string;
let admin: string;
let acmeToken: string;
let acmeId: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('zhuting');
  admin = await t.login('admin');
  acmeId = (await t.call('getTenantByCode', { query: { code: 'acme' } })).body.value.id;
  acmeToken = await t.login('alice', undefined, acmeId);
});
afterAll(() => t.close());

const tagCount = async () => (await t.database.db.select({ n: count() }).from(sysTags))[0]?.n;

describe('sysDataDict getByTypeKeyForComBo', () => {
  it('answers a dictionary’s entries in order, children after their parent', async () => {
    const urgency = (await t.call('getDictByTypeKey', { token, query: { typeKey: 'urgency' } })).body.value;
    expect(urgency.map((d) => [d.key, d.name])).toEqual([
      ['normal', '普通'],
      ['urgent', '紧急'],
      ['critical', '特急'],
    ]);
    const region = (await t.call('getDictByTypeKey', { token, query: { typeKey: 'region' } })).body.value;
    expect(region.map((d) => d.name).slice(0, 4)).toEqual(['华北', '北京', '天津', '华东']);
    expect(region[1]!.parentId).toBe(region[0]!.id);
  });

  it('an unknown key, or another tenant’s key, is a 404 in the caller’s language', async () => {
    const unknown = await t.call('getDictByTypeKey', { token, query: { typeKey: 'nothing' }, lang: 'en-US' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ state: false, message: 'No such dictionary: nothing' });
    // acme has its own contractType, and none of the platform's others
    const acme = (await t.call('getDictByTypeKey', { token: acmeToken, query: { typeKey: 'contractType' } }))
      .body.value;
    expect(acme.map((d) => d.name)).toEqual(['保密协议']);
    expect(
      (await t.call('getDictByTypeKey', { token: acmeToken, query: { typeKey: 'urgency' } })).status,
    ).toBe(404);
    const bad = await t.call('getDictByTypeKey', { token, query: { typeKey: 'a b' } });
    expect(bad.status).toBe(400);
  });
});

describe('sysTag query and save', () => {
  it('queries the tenant’s tags by kind, in order', async () => {
    const flow = await t.call('queryTags', {
      token,
      body: { querys: [{ property: 'typeKey', value: 'flow' }] },
    });
    expect(flow.body.value.rows.map((tag) => tag.name)).toEqual(['人事', '财务', '行政', '加急']);
    expect(flow.body.value.total).toBe(4);
    const acme = await t.call('queryTags', { token: acmeToken, body: {} });
    expect(acme.body.value.rows.map((tag) => tag.name)).toEqual(['示例专属']);
  });

  it('an administrator creates and changes a tag; a name taken in its kind is a 409', async () => {
    const created = await t.call('saveTag', {
      token: admin,
      body: { typeKey: 'flow', name: '  合同 ', color: '#52C41A', sn: 9 },
    });
    expect(created.status).toBe(200);
    expect(created.body.value).toMatchObject({ typeKey: 'flow', name: '合同', color: '#52C41A', sn: 9 });
    const renamed = await t.call('saveTag', {
      token: admin,
      body: { id: created.body.value.id, typeKey: 'flow', name: '合同审批' },
    });
    expect(renamed.body.value).toMatchObject({
      id: created.body.value.id,
      name: '合同审批',
      color: '#52C41A',
    });
    const before = await tagCount();
    const taken = await t.call('saveTag', { token: admin, body: { typeKey: 'flow', name: '人事' } });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('同类标签中已有“人事”');
    // the same name in another kind is another tag
    expect((await t.call('saveTag', { token: admin, body: { typeKey: 'news', name: '人事' } })).status).toBe(
      200,
    );
    expect(await tagCount()).toBe(before + 1);
  });

  it('an ordinary user may not save; another tenant’s tag cannot be changed; nothing changes', async () => {
    const before = await t.database.db.select().from(sysTags);
    const forbidden = await t.call('saveTag', {
      token,
      body: { typeKey: 'flow', name: '我的' },
      lang: 'zh-TW',
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe('只有管理員可以新增和修改標籤');
    const acmeTag = (await t.call('queryTags', { token: acmeToken, body: {} })).body.value.rows[0]!;
    const foreign = await t.call('saveTag', {
      token: admin,
      body: { id: acmeTag.id, typeKey: 'flow', name: '改掉' },
    });
    expect(foreign.status).toBe(404);
    const badColor = await t.call('saveTag', {
      token: admin,
      body: { typeKey: 'flow', name: 'x', color: 'red' },
    });
    expect(badColor.status).toBe(400);
    expect(await t.database.db.select().from(sysTags)).toEqual(before);
  });
});

describe('identity getNextIdByAlias', () => {
  it('gives numbers in the regulation, one after the other, and records who took which', async () => {
    const { day } = periodsOf(new Date());
    const first = (await t.call('getNextIdByAlias', { token, query: { alias: 'contractNo' } })).body.value;
    const second = (await t.call('getNextIdByAlias', { token, query: { alias: 'contractNo' } })).body.value;
    expect(first).toBe(`HT-${day}-0001`);
    expect(second).toBe(`HT-${day}-0002`);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'identity.next'), eq(auditLog.target, `alias=contractNo value=${second}`)),
      );
    expect(audit?.result).toBe('success');
  });

  it('50 concurrent calls get 50 different numbers without a gap', async () => {
    const taken = await Promise.all(
      Array.from({ length: 50 }, () => t.call('getNextIdByAlias', { token, query: { alias: 'assetNo' } })),
    );
    expect(taken.every((call) => call.status === 200)).toBe(true);
    const numbers = taken.map((call) => Number(call.body.value.replace('ZC', ''))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(taken[0]!.body.value).toMatch(/^ZC\d{6}$/);
  });

  it('restarts the counter in a new period', async () => {
    const [row] = await t.database.db
      .update(identities)
      .set({ curValue: 41, curPeriod: '202001' })
      .where(eq(identities.alias, 'leaveNo'))
      .returning();
    expect(row).toBeDefined();
    const { month } = periodsOf(new Date());
    expect((await t.call('getNextIdByAlias', { token, query: { alias: 'leaveNo' } })).body.value).toBe(
      `QJ${month}0001`,
    );
  });

  it('an unknown alias, or another tenant’s, is a 404 and takes no number', async () => {
    const unknown = await t.call('getNextIdByAlias', { token, query: { alias: 'noSuch' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('流水号不存在：noSuch');
    expect((await t.call('getNextIdByAlias', { token: acmeToken, query: { alias: 'docNo' } })).status).toBe(
      404,
    );
    const acmeFirst = (await t.call('getNextIdByAlias', { token: acmeToken, query: { alias: 'contractNo' } }))
      .body.value;
    expect(acmeFirst).toMatch(/-0001$/);
  });
});

describe('tools/getPinyin and base/tools/getCurrentDate', () => {
  it('answers initials, full pinyin and tones', async () => {
    const of = async (type?: '0' | '1' | '2') =>
      (await t.call('getPinyin', { token, query: { chinese: '单雄信', ...(type ? { type } : {}) } })).body
        .value;
    expect(await of()).toBe('shanxiongxin');
    expect(await of('0')).toBe('sxx');
    expect(await of('2')).toBe('shàn xióng xìn');
    expect((await t.call('getPinyin', { token, query: { chinese: 'x', type: '9' } })).status).toBe(400);
  });

  it('answers the server’s date in the pattern, and refuses a pattern it cannot read', async () => {
    const before = new Date();
    const today = (await t.call('getCurrentDate', { token, query: {} })).body.value;
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(`${today}T12:00:00`).getDate()).toBeOneOf([before.getDate(), new Date().getDate()]);
    const full = (await t.call('getCurrentDate', { token, query: { valFormat: 'yyyy-MM-dd HH:mm:ss' } })).body
      .value;
    expect(Math.abs(new Date(full.replace(' ', 'T')).getTime() - Date.now())).toBeLessThan(5000);
    const bad = await t.call('getCurrentDate', { token, query: { valFormat: 'yyyy-QQ' }, lang: 'en-US' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid input: query.valFormat is not a supported date pattern: yyyy-QQ');
  });
});

describe('system/often', () => {
  it('counts the menu entries a user opens and answers the most used first', async () => {
    const open = (alias: string) => t.call('often', { token, body: { alias } });
    await open('v-myTask');
    await open('v-myRequest');
    const list = (await open('v-myRequest')).body.value;
    expect(list.map((m) => [m.alias, m.uses])).toEqual([
      ['v-myRequest', 2],
      ['v-myTask', 1],
    ]);
    expect(list[0]).toMatchObject({ name: '我的请求', path: '/matter/myRequest' });
    expect((await t.call('often', { token, body: { size: 1 } })).body.value).toHaveLength(1);
    // another user's list is their own
    expect((await t.call('often', { token: admin, body: {} })).body.value).toEqual([]);
  });

  it('refuses a menu entry the user does not see, a catalog and an unknown one; nothing is counted', async () => {
    // 邮箱设置 for administrators only
    await restrictMenu(t, 'v-mailSetting', 'sysadmin');
    const hidden = await t.call('often', { token, body: { alias: 'v-mailSetting' } });
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe('菜单不存在或无权访问：v-mailSetting');
    expect((await t.call('often', { token: admin, body: { alias: 'v-mailSetting' } })).status).toBe(200);
    expect((await t.call('often', { token, body: { alias: 'v-flow' } })).status).toBe(404);
    expect((await t.call('often', { token, body: { alias: 'v-nothing' } })).status).toBe(404);
    const counted = await t.database.db.select().from(oftenMenus).where(eq(oftenMenus.tenantId, '-1'));
    expect(counted.map((row) => row.alias).sort()).toEqual(['v-mailSetting', 'v-myRequest', 'v-myTask']);
    expect(counted.find((row) => row.alias === 'v-mailSetting')?.userId).not.toBe(
      counted.find((row) => row.alias === 'v-myTask')?.userId,
    );
  });
});

describe('sysMenu getFirstMenuRouterPathByTemplateAlias', () => {
  it('answers the route of the first menu entry showing the data template, null when none does', async () => {
    const found = await t.call('getFirstMenuRouterPathByTemplateAlias', {
      token,
      query: { templateAlias: 'contract' },
    });
    expect(found.body.value).toBe('/templateDraftList/contract/1');
    const none = await t.call('getFirstMenuRouterPathByTemplateAlias', {
      token,
      query: { templateAlias: 'leave' },
    });
    expect(none).toMatchObject({ status: 200, body: { value: null } });
  });
});

describe('script/executeScript', () => {
  it('is not offered: every caller gets a 400 saying so, in their language', async () => {
    for (const [caller, lang, message] of [
      [token, 'zh-CN', '不支持执行脚本：本系统不在服务器上运行任何存储或提交的代码'],
      [
        admin,
        'en-US',
        'Running scripts is not supported: this system never runs stored or submitted code on the server',
      ],
      [admin, 'zh-TW', '不支援執行腳本：本系統不在伺服器上執行任何儲存或提交的程式碼'],
    ] as const) {
      const refused = await t.call('executeScript', { token: caller, body: { script: 'return 1' }, lang });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ state: false, code: 400, message, value: null });
    }
  });
});

describe('tenant logos without a token', () => {
  const logoIds = async (code: string) => {
    const tenant = (await t.call('getTenantByCode', { query: { code } })).body.value;
    return {
      tenant,
      ids: [tenant.frontLogo, tenant.manageLogo, tenant.ico].map(
        (field) => (JSON.parse(field ?? '[]') as { id: string }[])[0]!.id,
      ),
    };
  };

  it('serves each demo tenant’s logo files to anyone, and nothing else', async () => {
    const { tenant, ids } = await logoIds('platform');
    // the seed of the test database keeps no bytes: put the ico's as `npm start` does
    const store = localFileStore(path.join(t.config.dataDir, 'files'));
    const svg = markSvg({ mark: '演', color: '#2F54EB', wordmark: tenant.code });
    await store.put(tenant.id, ids[2]!, Readable.from(Buffer.from(svg)));
    await t.database.db.execute(
      // keep the row's size in step with the bytes written here
      `update sys_file set size = ${Buffer.byteLength(svg)} where id = '${ids[2]}'`,
    );
    const logo = await t.app.inject({
      method: 'GET',
      url: `/uc/uc/tenantManage/v1/getTenantLogo?code=platform&fileId=${ids[2]}`,
    });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    expect(logo.headers['cache-control']).toBe('public, max-age=86400');
    expect(logo.body).toBe(svg);

    // a file that is not a logo (an attachment of the content seed), another tenant's logo, a wrong code
    const [other] = await t.database.db
      .execute<{ id: string }>(
        `select id from sys_file where tenant_id = '-1' and name not like '%.svg' limit 1`,
      )
      .then((result) => (result as unknown as { rows: { id: string }[] }).rows);
    const acme = await logoIds('acme');
    for (const [code, fileId] of [
      ['platform', other!.id],
      ['platform', acme.ids[0]!],
      ['acme', ids[0]!],
      ['nobody', ids[0]!],
    ]) {
      const refused = await t.call('getTenantLogo', { query: { code, fileId } });
      expect(refused.status, `${code} ${fileId}`).toBe(404);
      expect(refused.body.message).toBe(`租户标志不存在：${fileId}`);
    }
  });

  it('a disabled tenant’s logos are not served', async () => {
    const { ids } = await logoIds('acme');
    await t.database.db.update(tenants).set({ enabled: false }).where(eq(tenants.code, 'acme'));
    try {
      expect((await t.call('getTenantLogo', { query: { code: 'acme', fileId: ids[0]! } })).status).toBe(404);
    } finally {
      await t.database.db.update(tenants).set({ enabled: true }).where(eq(tenants.code, 'acme'));
    }
  });
});
