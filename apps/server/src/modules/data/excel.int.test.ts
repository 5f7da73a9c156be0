import type { ImportError } from '@eip/contracts';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { boRows } from '../../db/schema.js';

/** Spec §7 "Form data and templates": Excel import template, dry run, review, save, logs and export. */
let t: TestApp;
let token: string;
let other: string;

const contracts = async () =>
  (await t.database.db.select({ n: count() }).from(boRows).where(eq(boRows.boAlias, 'contract')))[0]?.n;

const HEADERS = [
  '*合同编号',
  '*合同名称',
  '*合同类型',
  '*甲方',
  '*乙方',
  '联系电话',
  '*合同金额',
  '签订日期',
  '*状态',
];

async function workbook(main: unknown[][], payments: unknown[][] = [], headers = HEADERS): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('合同台账');
  sheet.addRow(headers);
  for (const row of main) sheet.addRow(row);
  const sub = book.addWorksheet('付款计划');
  sub.addRow(['*主表行号', '*期次', '*付款日期', '*金额', '说明']);
  for (const row of payments) sub.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function upload(file: Buffer, who = token, alias = 'contract') {
  const boundary = '----eip-import-boundary';
  const response = await t.app.inject({
    method: 'POST',
    url: `/form/dataTemplate/newImport?templateAlias=${alias}`,
    headers: { authorization: `Bearer ${who}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="合同.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  return { status: response.statusCode, body: response.json() };
}

/** A download route's answer: the file, not an envelope. */
async function download(url: string, body?: unknown, who = token) {
  const response = await t.app.inject({
    method: body ? 'POST' : 'GET',
    url,
    headers: { authorization: `Bearer ${who}` },
    ...(body ? { payload: body as Record<string, unknown> } : {}),
  });
  const book = new ExcelJS.Workbook();
  if (response.statusCode === 200) await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return { status: response.statusCode, type: String(response.headers['content-type']), book };
}

const good = (code: string) => [
  code,
  '导入合同',
  '采购合同',
  '演示集团总部',
  '导入供应商',
  '13800138000',
  1200.5,
  '2026-10-01',
  '草拟',
];

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('zhuting');
  other = await t.login('gaofeng');
});
afterAll(() => t.close());

describe('Excel import and export of a data template', () => {
  it('downloadTempFile: required columns marked, dictionaries as drop-downs, a sheet per sub-table', async () => {
    const { status, type, book } = await download('/form/dataTemplate/downloadTempFile/contract');
    expect(status).toBe(200);
    expect(type).toContain('spreadsheetml');
    const main = book.worksheets[0]!;
    expect((main.getRow(1).values as string[]).slice(1)).toEqual([...HEADERS, '备注']);
    expect(main.getCell('C2').dataValidation).toMatchObject({
      type: 'list',
      formulae: ['"采购合同,销售合同,技术服务合同,劳动合同,租赁合同"'],
    });
    expect((book.getWorksheet('付款计划')!.getRow(1).values as string[]).slice(1)).toEqual([
      '*主表行号',
      '*期次',
      '*付款日期',
      '*金额',
      '付款方式',
      '说明',
    ]);
    expect(book.getWorksheet('付款计划')!.getCell('E2').dataValidation).toMatchObject({
      type: 'list',
      formulae: ['"银行转账,银行承兑汇票,支票"'],
    });
    expect((await download('/form/dataTemplate/downloadTempFile/nothing')).status).toBe(404);
  });

  it('newImport is a dry run naming each error by sheet, row and column; saveImportResult keeps the good rows', async () => {
    const before = await contracts();
    const file = await workbook(
      [
        good('IMP-1'),
        ['IMP-2', '坏合同', '不存在的类型', '甲', '乙', '123', 'abc', '2026/13/01', '草拟'],
        good('IMP-3'),
      ],
      [
        [2, 1, '2026-11-01', 600],
        [2, 2, '2026-12-01', 600.25],
        [9, 1, '2026-11-01', 1],
      ],
    );
    const dry = await upload(file);
    expect(dry.status).toBe(200);
    const result = dry.body.value as {
      importId: string;
      total: number;
      valid: number;
      errors: ImportError[];
    };
    expect(result).toMatchObject({ total: 3, valid: 2 });
    expect(result.errors).toEqual(
      expect.arrayContaining([
        { sheet: '合同台账', row: 3, column: '合同类型', message: '不是字典中的值' },
        { sheet: '合同台账', row: 3, column: '合同金额', message: '类型不正确' },
        { sheet: '合同台账', row: 3, column: '签订日期', message: '类型不正确' },
        { sheet: '合同台账', row: 3, column: '联系电话', message: '不是有效的手机号码' },
        { sheet: '付款计划', row: 4, column: '主表行号', message: '主表行号不是主表中的数据行' },
      ]),
    );
    expect(await contracts()).toBe(before);

    const review = await t.call('getImportCache', { token, body: { importId: result.importId } });
    expect(review.body.value.errors).toHaveLength(result.errors.length);
    expect(
      (await t.call('getImportCache', { token: other, body: { importId: result.importId } })).status,
    ).toBe(404);
    expect(
      (await t.call('saveImportResult', { token: other, body: { importId: result.importId } })).status,
    ).toBe(404);

    const saved = await t.call('saveImportResult', { token, body: { importId: result.importId } });
    expect(saved.body.value).toMatchObject({ total: 3, succeeded: 2, failed: 1, userName: '朱婷' });
    expect(await contracts()).toBe(before + 2);
    const imported = await t.call('templateDataList', {
      token,
      params: { alias: 'contract' },
      body: { querys: [{ property: 'code', value: 'IMP-1' }] },
    });
    const id = imported.body.value.rows[0]!.id;
    const payments = await t.call('getSubDataPagination', {
      token,
      body: { templateAlias: 'contract', id, subAlias: 'payments' },
    });
    expect(payments.body.value.rows).toEqual([
      { period: 1, dueDate: '2026-11-01', amount: 600 },
      { period: 2, dueDate: '2026-12-01', amount: 600.25 },
    ]);
    expect((await t.call('saveImportResult', { token, body: { importId: result.importId } })).status).toBe(
      404,
    );
    const logs = await t.call('listImportLogs', { token, body: {} });
    expect(logs.body.value.rows[0]).toMatchObject({ fileName: '合同.xlsx', succeeded: 2, failed: 1 });
  });

  it('a missing required column, a file that is no workbook, and 10,001 rows are refused', async () => {
    const missing = await upload(
      await workbook(
        [good('IMP-9')],
        [],
        HEADERS.filter((h) => h !== '*乙方'),
      ),
    );
    expect(missing.body.value.errors).toContainEqual({
      sheet: '合同台账',
      row: 1,
      column: '乙方',
      message: '缺少必填列',
    });
    expect(missing.body.value.valid).toBe(0);
    expect((await upload(Buffer.from('not a workbook'))).status).toBe(400);
    const before = await contracts();
    const many = await upload(await workbook(Array.from({ length: 10001 }, (_, i) => good(`MANY-${i}`))));
    expect(many.status).toBe(413);
    expect(await contracts()).toBe(before);
    // the employee template's import is for HR only
    expect((await upload(await workbook([]), token, 'employee')).status).toBe(403);
  });

  it('batchSave saves all rows or none', async () => {
    const before = await contracts();
    const row = {
      code: 'B-1',
      name: '批量',
      type: 'sales',
      partyA: '甲',
      partyB: '乙',
      amount: 1,
      status: 'draft',
    };
    const bad = await t.call('batchSave', {
      token,
      body: { templateAlias: 'contract', rows: [row, { ...row, amount: 'x' }] },
    });
    expect(bad.status).toBe(400);
    expect(await contracts()).toBe(before);
    const ok = await t.call('batchSave', { token, body: { templateAlias: 'contract', rows: [row, row] } });
    expect(ok.body.value).toEqual({ saved: 2 });
  });

  it('export writes the filtered or selected records, sub-table rows on their own sheet', async () => {
    const filter = { querys: [{ property: 'status', value: 'terminated' }] };
    const total = (
      await t.call('templateDataList', {
        token,
        params: { alias: 'contract' },
        body: { ...filter, pageBean: { pageSize: 1 } },
      })
    ).body.value.total;
    const { status, book } = await download('/form/dataTemplate/export', {
      templateAlias: 'contract',
      filter,
    });
    expect(status).toBe(200);
    const main = book.getWorksheet('合同台账')!;
    expect(main.actualRowCount - 1).toBe(total);
    // after 合同金额 (G) its computed 付款合计 and 付款合计（大写）, stored for the seeded contracts too
    expect(main.getCell('H1').text).toBe('付款合计');
    expect(main.getCell('H2').value).toBe(main.getCell('G2').value);
    expect(main.getCell('I2').text).toMatch(/元整$/);
    expect(main.getCell('K2').text).toBe('已终止');
    expect(book.getWorksheet('付款计划')!.actualRowCount - 1).toBe(total * 3);
    const some = (await t.call('templateDataList', { token, params: { alias: 'contract' }, body: {} })).body
      .value.rows;
    const ids = some.slice(0, 2).map((r) => r.id);
    const picked = await download('/form/dataTemplate/export', { templateAlias: 'contract', ids });
    expect(picked.book.worksheets[0]!.actualRowCount).toBe(3);
    const acme = await t.login(
      'alice',
      undefined,
      (await t.call('getTenantByCode', { query: { code: 'acme' } })).body.value.id,
    );
    const foreign = await download('/form/dataTemplate/export', { templateAlias: 'contract', ids }, acme);
    expect(foreign.status).toBe(200);
    expect(foreign.book.worksheets[0]!.actualRowCount).toBe(1);
  });
});
