import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { flowSteps } from '../../../test/flow.js';
import { newId } from '../../db/ids.js';
import { boRows, dataTemplates, flowInstances } from '../../db/schema.js';

/** Issue 12: a flow starts from a data-template record (instance/v1/startForm) and the record shows its requests. */
let t: TestApp;
let f: ReturnType<typeof flowSteps>;
let record: { id: string; data: Record<string, unknown> };
let acmeId: string;

const ref = () => ({ businessKey: record.id, boAlias: 'contract', templateAlias: 'contract' });
const startForm = async (account: string, query = { ...ref(), defKey: 'contract_review' }, tenant?: string) =>
  t.call('startForm', { token: await f.as(account, tenant), query });
const requests = async (account: string, tenant?: string) =>
  t.call('getRecordRequests', { token: await f.as(account, tenant), query: ref() });
const startFrom = async (account: string, extra: Record<string, unknown>) =>
  t.call('startInstance', {
    token: await f.as(account),
    body: { flowKey: 'contract_review', data: { party: '测试供应商', contractAmount: 3000 }, ...extra },
  });
const instancesOfRecord = async () =>
  t.database.db.select().from(flowInstances).where(eq(flowInstances.businessKey, record.id));

beforeAll(async () => {
  t = await createTestApp();
  f = flowSteps(t);
  const list = await t.call('templateDataList', {
    token: await f.as('zhuting'),
    params: { alias: 'contract' },
    body: {},
  });
  record = list.body.value.rows[0]!;
  acmeId = (await t.call('getTenantByCode', { query: { code: 'acme' } })).body.value.id;
});
afterAll(() => t.close());

describe('instance/v1/startForm', () => {
  it('answers the flow’s start form with the record’s fields of the same name filled in', async () => {
    const { status, body } = await startForm('zhuting');
    expect(status, body.message).toBe(200);
    expect(body.value).toMatchObject({ defKey: 'contract_review', form: { formKey: 'contract_form' } });
    expect(body.value.data).toEqual({ code: record.data.code, name: record.data.name });
    expect(body.value.buttons.map((b) => b.alias)).toContain('startFlow');
  });

  it('refuses another tenant, a missing record, a template of another object, and a flow it may not find', async () => {
    expect((await startForm('alice', { ...ref(), defKey: 'contract_review' }, acmeId)).status).toBe(404);
    expect(
      (await startForm('zhuting', { ...ref(), businessKey: 'nothing', defKey: 'contract_review' })).status,
    ).toBe(404);
    expect(
      (await startForm('zhuting', { ...ref(), templateAlias: 'employee', defKey: 'contract_review' })).status,
    ).toBe(400);
    expect((await startForm('zhuting', { ...ref(), defKey: 'no_such_flow' })).status).toBe(404);
  });

  it('starts from a record only the flow its template’s startFlow button names', async () => {
    const other = await startForm('zhuting', { ...ref(), defKey: 'leave_request' });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('该数据模板不能发起流程“leave_request”');
    const started = await t.call('startInstance', {
      token: await f.as('zhuting'),
      body: { flowKey: 'leave_request', data: { days: 1, reason: '记录' }, ...ref() },
    });
    expect(started.status).toBe(403);
    expect(await instancesOfRecord()).toEqual([]);
  });

  it('holds the template’s startFlow button: with roles, only their holders start from the record', async () => {
    const [stored] = await t.database.db.select().from(boRows).where(eq(boRows.id, record.id));
    const where = and(eq(dataTemplates.alias, 'contract'), eq(dataTemplates.tenantId, stored!.tenantId));
    const [row] = await t.database.db.select().from(dataTemplates).where(where);
    const buttons = row!.def.buttons.map((b) => (b.alias === 'startFlow' ? { ...b, roles: ['finance'] } : b));
    await t.database.db
      .update(dataTemplates)
      .set({ def: { ...row!.def, buttons } })
      .where(where);
    try {
      const denied = await startForm('zhuting');
      expect(denied.status).toBe(403);
      expect((await startFrom('zhuting', ref())).status).toBe(403);
      expect((await startForm('huangmin')).status).toBe(200);
    } finally {
      await t.database.db.update(dataTemplates).set({ def: row!.def }).where(where);
    }
  });
});

describe('a request started from a record', () => {
  it('accepts businessKey only with a readable record, and nothing is created otherwise', async () => {
    expect((await startFrom('zhuting', { businessKey: record.id })).status).toBe(400);
    expect((await startFrom('zhuting', { ...ref(), businessKey: 'nothing' })).status).toBe(404);
    expect((await startFrom('zhuting', { ...ref(), boAlias: 'employee' })).status).toBe(400);
    const acme = await t.call('startInstance', {
      token: await f.as('alice', acmeId),
      body: { flowKey: 'contract_review', data: {}, ...ref() },
    });
    expect(acme.status).toBe(404);
    expect(await instancesOfRecord()).toEqual([]);
  });

  it('records businessKey and shows on the record’s request list to those who may see it', async () => {
    const { body } = await startFrom('zhuting', ref());
    expect(body.state, body.message).toBe(true);
    const [stored] = await instancesOfRecord();
    expect(stored).toMatchObject({ id: body.value.instId, businessKey: record.id, boAlias: 'contract' });
    const mine = await requests('zhuting');
    expect(mine.status).toBe(200);
    expect(mine.body.value).toEqual([
      expect.objectContaining({ id: body.value.instId, subject: body.value.subject, status: 'running' }),
    ]);
    // a colleague with no part in it reads the record but not the request; another tenant not even the record
    expect((await requests('xiena')).body.value).toEqual([]);
    expect((await requests('alice', acmeId)).status).toBe(404);
  });
});

describe('the requests of a record', () => {
  /** Requests of record.id stored as the engine writes them, initiated by a user who is not the caller. */
  const storeRequests = async (n: number, boAlias: string | null, createdAt: Date) => {
    const [own] = await instancesOfRecord();
    const rows = Array.from({ length: n }, (_, i) => ({
      ...own!,
      id: newId(),
      subject: `${boAlias ?? 'null'} ${i}`,
      initiatorId: 'someone-else',
      boAlias,
      createdAt: new Date(createdAt.getTime() + i),
    }));
    await t.database.db.insert(flowInstances).values(rows);
    return rows.map((r) => r.id);
  };

  it('lists the request of that business object’s record only, not another object’s with the same key', async () => {
    const [own] = await instancesOfRecord();
    const [other] = await storeRequests(1, 'employee', new Date(Date.now() + 60_000));
    const [older] = await storeRequests(1, null, new Date(Date.now() + 60_000));
    const admin = (await requests('admin')).body.value.map((r) => r.id);
    expect(admin).toEqual([own!.id]);
    expect(admin).not.toContain(other);
    expect(admin).not.toContain(older);
  });

  it('finds what the caller may see among more than 200 newer requests they may not', async () => {
    const [own] = await instancesOfRecord();
    const hidden = await storeRequests(201, 'contract', new Date(Date.now() + 120_000));
    expect((await requests('zhuting')).body.value.map((r) => r.id)).toEqual([own!.id]);
    // an administrator sees them all, latest first, at most 200
    const admin = (await requests('admin')).body.value.map((r) => r.id);
    expect(admin).toEqual(hidden.slice(1).reverse());
  });

  it('keeps the record’s business object from a draft saved from the record to its start', async () => {
    const token = await f.as('zhuting');
    const saved = await t.call('saveStartDraft', {
      token,
      body: { flowKey: 'contract_review', data: { party: '草稿供应商', contractAmount: 100 }, ...ref() },
    });
    expect(saved.status, saved.body.message).toBe(200);
    const started = await t.call('startInstance', { token, body: { draftId: saved.body.value.instId } });
    expect(started.body.state, started.body.message).toBe(true);
    const [stored] = await t.database.db
      .select()
      .from(flowInstances)
      .where(eq(flowInstances.id, started.body.value.instId));
    expect(stored).toMatchObject({ businessKey: record.id, boAlias: 'contract' });
    expect((await requests('zhuting')).body.value[0]?.id).toBe(started.body.value.instId);
  });
});
