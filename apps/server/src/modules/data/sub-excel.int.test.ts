import type { ImportError } from '@eip/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';

/** Spec §7: a sub-table's rows to and from Excel (exportSub, importSub, form/exportFormSub). */
let t: TestApp;
let token: string;
let acme: string;
let id: string;
let saved: Record<string, unknown>;

const HEADERS = ['期次', '付款日期', '金额', '说明'];
/** An export has a column for every field: 付款方式 (a dictionary) too, by the names of its items. */
const EXPORTED = ['期次', '付款日期', '金额', '付款方式', '说明'];

async function sheet(rows: unknown[][], headers = HEADERS, name = '付款计划'): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sub = book.addWorksheet(name);
  sub.addRow(headers);
  for (const row of rows) sub.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function importSub(file: Buffer, query: string, options: { who?: string; lang?: string } = {}) {
  const boundary = '----eip-sub-boundary';
  const response = await t.app.inject({
    method: 'POST',
    url: `/form/dataTemplate/importSub?${query}`,
    headers: {
      authorization: `Bearer ${options.who ?? token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(options.lang ? { 'accept-language': options.lang } : {}),
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="付款.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  return {
    status: response.statusCode,
    body: response.json() as { state: boolean; value: { rows: unknown[]; errors: ImportError[] } },
  };
}

/** A download's answer: the workbook, or the envelope of a refusal. */
async function download(url: string, body: unknown, who = token) {
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${who}` },
    payload: body as Record<string, unknown>,
  });
  const book = new ExcelJS.Workbook();
  if (response.statusCode === 200) await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const rows = book.worksheets[0]
    ? (book.worksheets[0].getSheetValues().slice(1) as unknown[][]).map((r) => r.slice(1))
    : [];
  return { status: response.statusCode, type: String(response.headers['content-type']), book, rows };
}

const record = async () =>
  (await t.call('getTemplateForm', { token, params: { a: 'contract', b: 'contract' }, query: { id } })).body
    .value.record!;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('zhuting');
  const tenant = (await t.call('getTenantByCode', { query: { code: 'acme' } })).body.value.id;
  acme = await t.login('alice', undefined, tenant);
  const list = await t.call('templateDataList', { token, params: { alias: 'contract' }, body: {} });
  id = list.body.value.rows[0]!.id;
  saved = (await record()).data;
});
afterAll(() => t.close());

describe('sub-table rows to and from Excel', () => {
  it('exportSub writes one record’s sub-table rows under the field labels', async () => {
    const payments = saved.payments as { period: number; dueDate: string; amount: number }[];
    expect(payments.length).toBeGreaterThan(0);
    const { status, type, book, rows } = await download('/form/dataTemplate/exportSub', {
      templateAlias: 'contract',
      id,
      subAlias: 'payments',
    });
    expect(status).toBe(200);
    expect(type).toContain('spreadsheetml');
    expect(book.worksheets[0]!.name).toBe('付款计划');
    expect(rows[0]).toEqual(EXPORTED);
    expect(rows.slice(1).map((r) => r.slice(0, 3))).toEqual(
      payments.map((p) => [p.period, p.dueDate, p.amount]),
    );
  });

  it('exportSub refuses another tenant’s record, an unknown sub-table, a missing button and bad input', async () => {
    const body = { templateAlias: 'contract', id, subAlias: 'payments' };
    expect((await download('/form/dataTemplate/exportSub', body, acme)).status).toBe(404);
    expect((await download('/form/dataTemplate/exportSub', { ...body, subAlias: 'nothing' })).status).toBe(
      404,
    );
    // the employee template has no export button
    const employee = (await t.call('templateDataList', { token, params: { alias: 'employee' }, body: {} }))
      .body.value.rows[0]!.id;
    const denied = await download('/form/dataTemplate/exportSub', {
      templateAlias: 'employee',
      id: employee,
      subAlias: 'educations',
    });
    expect(denied.status).toBe(403);
    expect((await download('/form/dataTemplate/exportSub', { templateAlias: 'contract', id })).status).toBe(
      400,
    );
  });

  it('form/exportFormSub writes the rows a form holds, the sub-table named by subDesc', async () => {
    const rows = [
      { period: 1, dueDate: '2027-01-01', amount: 10.5, method: 'cheque', note: '首付' },
      { period: 2, dueDate: '2027-02-01' },
    ];
    for (const subDesc of ['payments', encodeURIComponent('付款计划')]) {
      const file = await download(`/form/form/exportFormSub?subDesc=${subDesc}`, {
        templateAlias: 'contract',
        rows,
      });
      expect(file.status).toBe(200);
      expect(file.rows).toEqual([EXPORTED, [1, '2027-01-01', 10.5, '支票', '首付'], [2, '2027-02-01']]);
    }
    const body = { templateAlias: 'contract', rows };
    expect((await download('/form/form/exportFormSub?subDesc=nothing', body)).status).toBe(404);
    expect((await download('/form/form/exportFormSub', body)).status).toBe(400);
    expect(
      (await download('/form/form/exportFormSub?subDesc=payments', { templateAlias: 'contract', rows: 'x' }))
        .status,
    ).toBe(400);
    expect(
      (await download('/form/form/exportFormSub?subDesc=educations', { templateAlias: 'employee', rows }))
        .status,
    ).toBe(403);
  });

  it('importSub answers the rows for the form, checked with the form’s rules; the record is unchanged', async () => {
    const file = await sheet([
      [1, '2027-03-01', 100, '一期'],
      [2, new Date(Date.UTC(2027, 3, 1)), '200.5'],
    ]);
    const read = await importSub(file, `templateAlias=contract&subAlias=payments&id=${id}`);
    expect(read.status).toBe(200);
    expect(read.body.value).toEqual({
      rows: [
        { period: 1, dueDate: '2027-03-01', amount: 100, note: '一期' },
        { period: 2, dueDate: '2027-04-01', amount: 200.5 },
      ],
      errors: [],
    });
    // a new record's form imports too (add button)
    expect((await importSub(file, 'templateAlias=contract&subAlias=payments')).body.value.rows).toHaveLength(
      2,
    );
    // an exported file reads back as the rows it holds
    const exported = await t.app.inject({
      method: 'POST',
      url: '/form/dataTemplate/exportSub',
      headers: { authorization: `Bearer ${token}` },
      payload: { templateAlias: 'contract', id, subAlias: 'payments' },
    });
    const back = await importSub(exported.rawPayload, `templateAlias=contract&subAlias=payments&id=${id}`);
    expect(back.body.value.rows).toEqual(saved.payments);
    expect((await record()).data).toEqual(saved);
  });

  it('importSub names every broken rule by row and column in the caller’s language and gives no rows', async () => {
    const file = await sheet([
      [1, '2027-03-01', 100],
      ['一', '2027/13/01', 1.234, 'x'.repeat(101)],
      [3, '', 5],
    ]);
    const read = await importSub(file, `templateAlias=contract&subAlias=payments&id=${id}`);
    expect(read.status).toBe(200);
    expect(read.body.value.rows).toEqual([]);
    expect(read.body.value.errors).toEqual(
      expect.arrayContaining([
        { sheet: '付款计划', row: 3, column: '期次', message: '类型不正确' },
        { sheet: '付款计划', row: 3, column: '付款日期', message: '类型不正确' },
        { sheet: '付款计划', row: 4, column: '付款日期', message: '不能为空' },
      ]),
    );
    expect(read.body.value.errors.map((e) => `${e.row}:${e.column}`).sort()).toEqual(
      ['3:期次', '3:付款日期', '3:金额', '3:说明', '4:付款日期'].sort(),
    );
    const english = await importSub(file, `templateAlias=contract&subAlias=payments&id=${id}`, {
      lang: 'en-US',
    });
    expect(english.body.value.errors).toContainEqual({
      sheet: '付款计划',
      row: 4,
      column: '付款日期',
      message: 'is required',
    });
    const missing = await importSub(
      await sheet([[1, '2027-03-01']], ['期次', '付款日期']),
      'templateAlias=contract&subAlias=payments',
    );
    expect(missing.body.value.rows).toEqual([]);
    expect(missing.body.value.errors).toContainEqual({
      sheet: '付款计划',
      row: 1,
      column: '金额',
      message: '缺少必填列',
    });
    expect((await record()).data).toEqual(saved);
  });

  it('importSub refuses a bad file, too many rows, another tenant’s record and a missing button', async () => {
    const query = `templateAlias=contract&subAlias=payments&id=${id}`;
    const bad = await importSub(Buffer.from('not a workbook'), query);
    expect(bad.status).toBe(400);
    expect(bad.body.state).toBe(false);
    const many = await sheet(Array.from({ length: 2001 }, (_, i) => [i + 1, '2027-01-01', 1]));
    expect((await importSub(many, query)).status).toBe(413);
    expect((await importSub(await sheet([]), query, { who: acme })).status).toBe(404);
    expect((await importSub(await sheet([]), 'templateAlias=contract&subAlias=nothing')).status).toBe(404);
    expect((await importSub(await sheet([]), 'templateAlias=contract')).status).toBe(400);
    const employee = await importSub(
      await sheet([], ['学校'], '教育经历'),
      'templateAlias=employee&subAlias=educations',
    );
    expect(employee.status).toBe(403);
    expect((await record()).data).toEqual(saved);
  });
});
