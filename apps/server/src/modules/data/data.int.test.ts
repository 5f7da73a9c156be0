import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { boModifyRecords, boRows, templateDrafts } from '../../db/schema.js';

/** Spec §7 "Form data and templates": business objects, forms, data templates, records, drafts, history. */
let t: TestApp;
let token: string;
let finance: string;
let acmeToken: string;
let acmeRow: string;

const contract = (over: Record<string, unknown> = {}) => ({
  code: 'HT-T-001',
  name: '测试合同',
  type: 'purchase',
  partyA: '演示集团总部',
  partyB: '测试供应商',
  amount: 3000,
  status: 'draft',
  payments: [
    { period: 1, dueDate: '2026-12-01', amount: 1000 },
    { period: 2, dueDate: '2027-01-01', amount: 2000 },
  ],
  ...over,
});
const rowCount = async () => (await t.database.db.select({ n: count() }).from(boRows))[0]?.n;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('zhuting');
  finance = await t.login('huangmin');
  const acmeId = (await t.call('getTenantByCode', { query: { code: 'acme' } })).body.value.id;
  acmeToken = await t.login('alice', undefined, acmeId);
  const acmeList = await t.call('templateDataList', {
    token: acmeToken,
    params: { alias: 'contract' },
    body: {},
  });
  acmeRow = acmeList.body.value.rows[0]!.id;
});
afterAll(() => t.close());

describe('business objects and forms', () => {
  it('bo/def getJson answers typed fields and sub-entities; another tenant’s id is a 404', async () => {
    const bo = (await t.call('getBoDefJson', { token, query: { id: 'contract' } })).body.value;
    expect(bo.fields.find((f) => f.name === 'amount')).toMatchObject({ type: 'number', decimals: 2 });
    expect(bo.subs.map((s) => s.name)).toEqual(['付款计划']);
    const byId = await t.call('getBoDefJson', { token, query: { id: bo.id } });
    expect(byId.body.value.alias).toBe('contract');
    const acmeBo = (await t.call('getBoDefJson', { token: acmeToken, query: { id: 'contract' } })).body.value;
    expect((await t.call('getBoDefJson', { token, query: { id: acmeBo.id } })).status).toBe(404);
    expect((await t.call('getBoDefJson', { query: { id: 'contract' } })).status).toBe(401);
  });

  it('previewDesignVue answers the JSON Schema + UI schema; getSubEntsByFormKey its sub-tables', async () => {
    const form = (await t.call('previewDesignVue', { token, query: { formId: 'employeeForm' } })).body.value;
    expect(form.schema).toMatchObject({ type: 'object', required: expect.arrayContaining(['name', 'dept']) });
    expect(Object.keys(form.schema.properties as object)).toContain('educations');
    const subs = (await t.call('getSubEntsByFormKey', { token, query: { formKey: 'employeeForm' } })).body
      .value;
    expect(subs.map((s) => s.name)).toEqual(['教育经历', '工作经历']);
    expect((await t.call('previewDesignVue', { token, query: { formId: 'nothing' } })).status).toBe(404);
  });
});

describe('data templates', () => {
  it('getBpmDataTemplateInfo answers the template and the caller’s buttons', async () => {
    const info = (await t.call('getBpmDataTemplateInfo', { token, query: { alias: 'contract' } })).body.value;
    expect(info.template).toMatchObject({ name: '合同台账', boAlias: 'contract' });
    expect(info.permissions).toMatchObject({ add: true, edit: true, del: false, batchUpdate: false });
    const fin = (await t.call('getBpmDataTemplateInfo', { token: finance, query: { alias: 'contract' } }))
      .body.value;
    expect(fin.permissions).toMatchObject({ del: true, batchUpdate: true });
    const lean = await t.call('getBpmDataTemplateInfo', {
      token,
      query: { alias: 'contract', needDisplayFileds: 'false' },
    });
    expect(lean.body.value.template.columns).toEqual([]);
    const perms = await t.call('getDataTemplateButtonPermission', {
      token,
      query: { templateAlias: 'contract', permissionTypes: 'add,del' },
    });
    expect(perms.body.value).toEqual({ add: true, del: false });
    const unknown = await t.call('getDataTemplateButtonPermission', {
      token,
      query: { templateAlias: 'contract', permissionTypes: 'add,hack' },
    });
    expect(unknown.status).toBe(400);
    const templates = (await t.call('listDataTemplates', { token, body: {} })).body.value;
    expect(templates.rows.map((r) => r.alias)).toEqual(['asset', 'contract', 'employee']);
  });

  it('dataList pages, filters and sorts the 5,000 contracts; an unknown property is a 400', async () => {
    const all = (await t.call('templateDataList', { token, params: { alias: 'contract' }, body: {} })).body
      .value;
    expect(all.total).toBe(5000);
    const filtered = await t.call('templateDataList', {
      token,
      params: { alias: 'contract' },
      body: {
        querys: [
          { property: 'status', value: 'signed', operation: 'EQUAL' },
          { property: 'amount', value: 1000000, operation: 'GREAT' },
          { property: 'name', value: '软件', operation: 'LIKE' },
        ],
        sorter: [{ property: 'amount', direction: 'DESC' }],
        pageBean: { page: 1, pageSize: 20, showTotal: true },
      },
    });
    const rows = filtered.body.value.rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.data).toMatchObject({ status: 'signed' });
      expect(row.data.amount).toBeGreaterThan(1000000);
      expect(row.data).not.toHaveProperty('payments');
    }
    const amounts = rows.map((r) => r.data.amount as number);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    const bad = await t.call('templateDataList', {
      token,
      params: { alias: 'contract' },
      body: { querys: [{ property: 'data; drop table x', value: 1 }] },
    });
    expect(bad.status).toBe(400);
    expect((await t.call('templateDataList', { token, params: { alias: 'nothing' }, body: {} })).status).toBe(
      404,
    );
  });

  it('资产台账 lists 300 assets, each kept by an active member of the directory, found by keeper', async () => {
    const list = async (body: object) =>
      (await t.call('templateDataList', { token, params: { alias: 'asset' }, body })).body.value;
    const all = await list({ pageBean: { page: 1, pageSize: 300, showTotal: true } });
    expect(all.total).toBe(300);
    const staff = (
      await t.call('queryUserWithMainOrgPost', {
        token,
        body: {
          pageBean: { page: 1, pageSize: 100 },
          querys: [{ property: 'status', value: 1, operation: 'EQUAL' }],
        },
      })
    ).body.value.rows;
    const staffOrgs = new Map(staff.map((user) => [user.fullname, user.orgName]));
    for (const { data } of all.rows) {
      expect(staffOrgs.has(data.keeper as string)).toBe(true);
      expect(data.dept).toBe(staffOrgs.get(data.keeper as string));
    }
    const kept = await list({ querys: [{ property: 'keeper', value: '朱婷', operation: 'LIKE' }] });
    expect(kept.total).toBeGreaterThan(0);
    expect(new Set(kept.rows.map((row) => row.data.keeper))).toEqual(new Set(['朱婷']));
  });
});

describe('records: save, history, copy, batch update, delete', () => {
  it('boSave validates with the §5 rules, naming the sub-table row; nothing is stored', async () => {
    const before = await rowCount();
    const bad = await t.call('boSave', {
      token,
      params: { templateKey: 'contract', boAlias: 'contract' },
      body: {
        data: contract({ contactPhone: '12345', payments: [{ period: 1, dueDate: '2026-12-01' }] }),
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('联系电话不是有效的手机号码');
    expect(bad.body.message).toContain('付款计划第1行：金额不能为空');
    const errors = await t.call('validateFormData', {
      token,
      lang: 'en-US',
      body: { templateAlias: 'contract', data: contract({ type: 'nope', amount: 1.234 }) },
    });
    expect(errors.body.value).toEqual([
      { field: 'amount', message: '合同金额 allows at most 2 decimals' },
      { field: 'type', message: '合同类型 is not a value of its dictionary' },
    ]);
    expect(await rowCount()).toBe(before);
  });

  it('creates, edits with a recorded history, and refuses a stale version', async () => {
    const created = await t.call('boSave', {
      token,
      params: { templateKey: 'contract', boAlias: 'contract' },
      body: { data: contract() },
    });
    expect(created.status).toBe(200);
    const id = created.body.value.id;
    const data = { ...created.body.value.data, amount: 3500 } as Record<string, unknown>;
    (data.payments as Record<string, unknown>[])[1]!.amount = 2500;
    const edited = await t.call('boSave', {
      token,
      params: { templateKey: 'contract', boAlias: 'contract' },
      body: { id, version: 1, data },
    });
    expect(edited.body.value.version).toBe(2);
    const stale = await t.call('boSave', {
      token,
      params: { templateKey: 'contract', boAlias: 'contract' },
      body: { id, version: 1, data },
    });
    expect(stale.status).toBe(409);
    const history = (await t.call('listModifyRecords', { token, body: { params: { refId: id } } })).body
      .value;
    expect(history.rows).toHaveLength(1);
    expect(history.rows[0]!.userName).toBe('朱婷');
    expect(history.rows[0]!.changes).toEqual([
      { field: 'amount', label: '合同金额', oldValue: 3000, newValue: 3500 },
      { field: 'paymentTotal', label: '付款合计', oldValue: 3000, newValue: 3500 },
      {
        field: 'paymentTotalInWords',
        label: '付款合计（大写）',
        oldValue: '叁仟元整',
        newValue: '叁仟伍佰元整',
      },
      { field: 'payments[2].amount', label: '付款计划[2].金额', oldValue: 2000, newValue: 2500 },
    ]);
    const page = await t.call('getSubDataPagination', {
      token,
      body: { templateAlias: 'contract', id, subAlias: 'payments', page: 2, pageSize: 1 },
    });
    expect(page.body.value).toMatchObject({ total: 2, rows: [{ period: 2, amount: 2500 }] });
    const form = await t.call('getTemplateForm', {
      token,
      params: { a: 'contract', b: 'contract' },
      query: { id, action: 'edit' },
    });
    expect(form.body.value.record?.data).toMatchObject({ amount: 3500 });
    expect(form.body.value.form.formKey).toBe('contractForm');
  });

  it('computed fields are the server’s: a wrong 付款合计 sent is stored as the sum of the payments', async () => {
    const payments = [
      { period: 1, dueDate: '2026-12-01', amount: 0.1 },
      { period: 2, dueDate: '2027-01-01', amount: 0.2 },
      { period: 3, dueDate: '2027-02-01', amount: 1000 },
    ];
    const sent = contract({ payments, paymentTotal: 999999, paymentTotalInWords: '玖元整' });
    const checked = await t.call('validateFormData', {
      token,
      body: { templateAlias: 'contract', data: sent },
    });
    expect(checked.body.value).toEqual([]);
    const saved = await t.call('boSave', {
      token,
      params: { templateKey: 'contract', boAlias: 'contract' },
      body: { data: sent },
    });
    expect(saved.status).toBe(200);
    const id = saved.body.value.id;
    const stored = async () => (await t.database.db.select().from(boRows).where(eq(boRows.id, id)))[0]!.data;
    expect(await stored()).toMatchObject({ paymentTotal: 1000.3, paymentTotalInWords: '壹仟元叁角' });

    // an edit removing a payment and sending the old total stores the new one
    const edited = await t.call('boSave', {
      token,
      params: { templateKey: 'contract', boAlias: 'contract' },
      body: { id, version: 1, data: { ...saved.body.value.data, payments: payments.slice(2) } },
    });
    expect(edited.body.value.data).toMatchObject({ paymentTotal: 1000, paymentTotalInWords: '壹仟元整' });
    expect(await stored()).toMatchObject({ paymentTotal: 1000, paymentTotalInWords: '壹仟元整' });
  });

  it('a sub-table dict cell must hold a key of its dictionary, the row named', async () => {
    const data = contract({
      payments: [
        { period: 1, dueDate: '2026-12-01', amount: 1000, method: 'cheque' },
        { period: 2, dueDate: '2027-01-01', amount: 2000, method: '支票' },
      ],
    });
    const errors = await t.call('validateFormData', {
      token,
      lang: 'en-US',
      body: { templateAlias: 'contract', data },
    });
    expect(errors.body.value).toEqual([
      {
        field: 'payments[2].method',
        message: expect.stringContaining('付款方式 is not a value of its dictionary'),
      },
    ]);
    const before = await rowCount();
    const bad = await t.call('boSave', {
      token,
      params: { templateKey: 'contract', boAlias: 'contract' },
      body: { data },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('付款计划第2行：付款方式');
    expect(await rowCount()).toBe(before);
  });

  it('another tenant’s record is a 404 everywhere, and stays unchanged', async () => {
    const calls = [
      t.call('boSave', {
        token,
        params: { templateKey: 'contract', boAlias: 'contract' },
        body: { id: acmeRow, data: contract() },
      }),
      t.call('getTemplateForm', { token, params: { a: 'contract', b: 'contract' }, query: { id: acmeRow } }),
      t.call('boCopy', { token, body: { templateAlias: 'contract', id: acmeRow } }),
      t.call('boDel', {
        token: finance,
        params: { boAlias: 'contract' },
        query: { ids: acmeRow, formKey: 'contractForm' },
      }),
      t.call('boBatchUpdate', {
        token: finance,
        params: { boAlias: 'contract' },
        body: { templateAlias: 'contract', ids: [acmeRow], data: { status: 'signed' } },
      }),
      t.call('getSubDataPagination', {
        token,
        body: { templateAlias: 'contract', id: acmeRow, subAlias: 'payments' },
      }),
      t.call('listModifyRecords', { token, body: { params: { refId: acmeRow } } }),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.status).toBe(404);
    const [row] = await t.database.db.select().from(boRows).where(eq(boRows.id, acmeRow));
    expect(row?.version).toBe(1);
  });

  it('copy, batch update and delete follow the button permissions', async () => {
    const list = (await t.call('templateDataList', { token, params: { alias: 'contract' }, body: {} })).body
      .value;
    const [first, second] = list.rows;
    const copy = await t.call('boCopy', { token, body: { templateAlias: 'contract', id: first!.id } });
    expect(copy.body.value.data).toMatchObject({ code: first!.data.code });
    const denied = await t.call('boDel', {
      token,
      params: { boAlias: 'contract' },
      query: { ids: copy.body.value.id, formKey: 'contractForm' },
    });
    expect(denied.status).toBe(403);
    const batchBody = {
      templateAlias: 'contract',
      ids: [first!.id, second!.id],
      data: { status: 'finished' },
    };
    expect(
      (await t.call('boBatchUpdate', { token, params: { boAlias: 'contract' }, body: batchBody })).status,
    ).toBe(403);
    const notBatch = await t.call('boBatchUpdate', {
      token: finance,
      params: { boAlias: 'contract' },
      body: { ...batchBody, data: { amount: 1 } },
    });
    expect(notBatch.status).toBe(400);
    const batch = await t.call('boBatchUpdate', {
      token: finance,
      params: { boAlias: 'contract' },
      body: batchBody,
    });
    expect(batch.body.value).toEqual({ updated: 2 });
    const records = await t.database.db
      .select()
      .from(boModifyRecords)
      .where(eq(boModifyRecords.refId, second!.id));
    // the record may have an earlier history: the batch's is the one of 黄敏
    expect(records.find((r) => r.userName === '黄敏')?.changes).toEqual([
      expect.objectContaining({ field: 'status', newValue: 'finished' }),
    ]);
    const deleted = await t.call('boDel', {
      token: finance,
      params: { boAlias: 'contract' },
      query: { ids: copy.body.value.id, formKey: 'contractForm' },
    });
    expect(deleted.body.value).toEqual({ deleted: 1 });
  });
});

describe('drafts', () => {
  it('saves a draft, lists it, and saving the record with delDraftId removes it', async () => {
    const draft = await t.call('boSaveDraft', {
      token,
      body: { templateAlias: 'contract', data: contract({ name: '草稿合同', amount: 'not yet' }) },
    });
    expect(draft.status).toBe(200);
    const id = draft.body.value.id;
    expect((await t.call('getTempDraftData', { token, params: { id } })).body.value.data).toMatchObject({
      name: '草稿合同',
    });
    expect((await t.call('getTempDraftData', { token: finance, params: { id } })).status).toBe(404);
    const drafts = await t.call('templateDataList', {
      token,
      params: { alias: 'contract' },
      body: { params: { draft: true } },
    });
    expect(drafts.body.value.rows.map((r) => r.id)).toEqual([id]);
    const saved = await t.call('boSave', {
      token,
      params: { templateKey: 'contract', boAlias: 'contract' },
      query: { delDraftId: id },
      body: { data: contract({ name: '草稿合同' }) },
    });
    expect(saved.status).toBe(200);
    expect(await t.database.db.select().from(templateDrafts).where(eq(templateDrafts.id, id))).toEqual([]);
  });
});
