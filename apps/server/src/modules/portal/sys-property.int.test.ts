import { DEFAULT_TASK_LIST_COLUMNS } from '@eip/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { auditLog, sysProperties } from '../../db/schema.js';

let t: TestApp;
let admin: string;
let zhuting: string;
let acmeId: string;
let acmeAdmin: string;
let alice: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  zhuting = await t.login('zhuting');
  acmeId = (await t.call('getTenantByCode', { query: { code: 'acme' } })).body.value.id;
  acmeAdmin = await t.login('admin', undefined, acmeId);
  alice = await t.login('alice', undefined, acmeId);
});
afterAll(() => t.close());

const read = (token: string, alias: string) => t.call('getDecryptByAlias', { token, query: { alias } });
const save = (token: string, body: { alias: string; value: string; encrypted?: boolean }) =>
  t.call('saveSysProperty', { token, body });
const stored = async (tenantId: string, alias: string) =>
  (
    await t.database.db
      .select()
      .from(sysProperties)
      .where(and(eq(sysProperties.tenantId, tenantId), eq(sysProperties.alias, alias)))
  )[0];

describe('sys/sysProperties (spec §7 getDecryptByAlias, issue 17)', () => {
  it('answers every column in order while the tenant has chosen none', async () => {
    const answer = await read(zhuting, 'taskListFiledConf');
    expect(answer.body.code, answer.body.message).toBe(200);
    expect(JSON.parse(answer.body.value)).toEqual(DEFAULT_TASK_LIST_COLUMNS);
  });

  it('lets the administrator choose the columns; every user of the tenant reads them, the audit records it', async () => {
    const saved = await save(admin, { alias: 'taskListFiledConf', value: '["subject","creator","name"]' });
    expect(saved.body.code, saved.body.message).toBe(200);
    expect(saved.body.value).toMatchObject({ alias: 'taskListFiledConf', encrypted: false });
    expect((await read(zhuting, 'taskListFiledConf')).body.value).toBe('["subject","creator","name"]');
    const [record] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sysProperties.save'), eq(auditLog.target, 'alias=taskListFiledConf')));
    expect(record).toMatchObject({ account: 'admin', result: 'success' });
  });

  it('refuses a user who is not an administrator (403) and changes nothing', async () => {
    const refused = await save(zhuting, { alias: 'taskListFiledConf', value: '["subject"]' });
    expect(refused.status).toBe(403);
    expect(refused.body.state).toBe(false);
    expect((await read(zhuting, 'taskListFiledConf')).body.value).toBe('["subject","creator","name"]');
  });

  it('refuses bad input with 400: unknown or repeated columns, not JSON, a bad alias', async () => {
    for (const value of ['["salary"]', '["creator","creator"]', 'creator', '{}']) {
      const answer = await save(admin, { alias: 'taskListFiledConf', value });
      expect(answer.status, value).toBe(400);
      expect(answer.body.message).toContain('taskListFiledConf');
    }
    for (const alias of ['', '1abc', 'a b', 'x'.repeat(65)]) {
      expect((await save(admin, { alias, value: 'v' })).status, alias).toBe(400);
      expect((await read(admin, alias)).status, alias).toBe(400);
    }
    expect((await t.call('getDecryptByAlias', { token: admin, query: {} as { alias: string } })).status).toBe(
      400,
    );
    expect((await read(zhuting, 'taskListFiledConf')).body.value).toBe('["subject","creator","name"]');
  });

  it('keeps another tenant’s properties apart: each reads and writes only its own', async () => {
    expect(JSON.parse((await read(alice, 'taskListFiledConf')).body.value)).toEqual(
      DEFAULT_TASK_LIST_COLUMNS,
    );
    expect((await save(acmeAdmin, { alias: 'taskListFiledConf', value: '["endTime"]' })).body.code).toBe(200);
    expect((await read(alice, 'taskListFiledConf')).body.value).toBe('["endTime"]');
    expect((await read(zhuting, 'taskListFiledConf')).body.value).toBe('["subject","creator","name"]');
    expect((await stored('-1', 'taskListFiledConf'))?.value).toBe('["subject","creator","name"]');
  });

  it('keeps an encrypted value sealed at rest, opened only by administrators of its tenant (404 to the others)', async () => {
    const saved = await save(admin, { alias: 'smsApiKey', value: '密钥-123', encrypted: true });
    expect(saved.body.value).toMatchObject({ alias: 'smsApiKey', encrypted: true });
    const row = await stored('-1', 'smsApiKey');
    expect(row?.encrypted).toBe(true);
    expect(row?.value).not.toContain('123');
    expect((await read(admin, 'smsApiKey')).body.value).toBe('密钥-123');
    // to a user who may not read it, it is a property that does not exist
    const hidden = await read(zhuting, 'smsApiKey');
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).not.toContain('123');
    expect((await read(acmeAdmin, 'smsApiKey')).status).toBe(404);
  });

  it('answers 404 in the envelope for a property never set, and 401 without a token', async () => {
    const missing = await read(admin, 'noSuchProperty');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ state: false, code: 404 });
    expect(missing.body.message).toContain('noSuchProperty');
    expect((await read(zhuting, 'noSuchProperty')).status).toBe(404);
    expect((await t.call('getDecryptByAlias', { query: { alias: 'taskListFiledConf' } })).status).toBe(401);
  });
});

describe('system/convert/v1/pcToMobile (spec §7)', () => {
  const convert = (url: string) => t.call('pcToMobile', { token: zhuting, query: { url } });

  it('answers the same route of the app with mobile=1', async () => {
    const form = await convert('/matter/approvalForm?instId=7&taskId=9');
    expect(form.body.code, form.body.message).toBe(200);
    expect(form.body.value).toBe('/matter/approvalForm?instId=7&taskId=9&mobile=1');
    expect((await convert('/eipFront/matter/myTask#top')).body.value).toBe('/matter/myTask?mobile=1#top');
    expect((await convert(`${t.config.publicUrl}/eipFront/matter/startProcess?defId=3`)).body.value).toBe(
      '/matter/startProcess?defId=3&mobile=1',
    );
    expect((await convert('/index?mobile=0')).body.value).toBe('/index?mobile=1');
  });

  it('refuses addresses that lead off the portal (400), so it is no open redirect', async () => {
    for (const url of [
      'https://evil.example/matter/myTask',
      '//evil.example/x',
      '/\\evil.example',
      '/a/../..//evil.example',
      '/eipFront//evil.example',
      'javascript:alert(1)',
      'matter/myTask',
      '/matter/my Task',
      `${t.config.publicUrl}@evil.example/`,
    ]) {
      const answer = await convert(url);
      expect(answer.status, url).toBe(400);
      expect(answer.body.state).toBe(false);
    }
    expect((await convert('')).status).toBe(400);
    expect((await t.call('pcToMobile', { query: { url: '/index' } })).status).toBe(401);
  });
});
