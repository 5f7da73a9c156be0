import type { CustomQueryInput } from '@eip/contracts';
import { count, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { boRows, customQueries } from '../../db/schema.js';
import { readOnly } from './query.repository.js';

/** Spec §7 custom query, query views, custom charts and custom dialogs. */
let t: TestApp;
let token: string;
let admin: string;
let acmeToken: string;
let acmeAdmin: string;

const rowCount = async () => (await t.database.db.select({ n: count() }).from(boRows))[0]?.n;
const queryCount = async () => (await t.database.db.select({ n: count() }).from(customQueries))[0]?.n;

const view = (body: object, who = token, alias = 'detail') =>
  t.call('queryViewData', { token: who, params: { sqlAlias: 'contractQuery', alias }, body });

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('zhuting');
  admin = await t.login('admin');
  const acmeId = (await t.call('getTenantByCode', { query: { code: 'acme' } })).body.value.id;
  acmeToken = await t.login('alice', undefined, acmeId);
  acmeAdmin = await t.login('admin', undefined, acmeId);
});
afterAll(() => t.close());

describe('custom query and query views', () => {
  it('getByAlias and getJson answer the definition with its fields; unknown or another tenant’s is a 404', async () => {
    const query = (await t.call('customQueryGetByAlias', { token, body: { alias: 'contractQuery' } })).body
      .value;
    expect(query).toMatchObject({ name: '合同查询', boAlias: 'contract' });
    expect(query.params.map((p) => p.name)).toEqual(['party', 'from', 'to']);
    expect(query.views.map((v) => v.name)).toEqual(['合同明细', '合同简表']);
    expect(query.fields.find((f) => f.name === 'amount')).toMatchObject({
      label: '合同金额',
      type: 'number',
    });
    const byId = await t.call('queryViewGetJson', { token, query: { id: query.id } });
    expect(byId.body.value.alias).toBe('contractQuery');
    expect((await t.call('queryViewGetJson', { token, query: { id: 'contractQuery' } })).body.value.id).toBe(
      query.id,
    );
    expect((await t.call('customQueryGetByAlias', { token, body: { alias: 'nothing' } })).status).toBe(404);
    const acme = (
      await t.call('customQueryGetByAlias', { token: acmeToken, body: { alias: 'contractQuery' } })
    ).body.value;
    expect(acme.id).not.toBe(query.id);
    expect((await t.call('queryViewGetJson', { token, query: { id: acme.id } })).status).toBe(404);
    expect((await t.call('customQueryGetByAlias', { body: { alias: 'contractQuery' } })).status).toBe(401);
  });

  it('a view pages the contracts of a party and period, the same rows the template list finds', async () => {
    const params = { party: '华东科技', from: '2026-03-01', to: '2026-03-31' };
    const page = (await view({ params, pageBean: { page: 1, pageSize: 20 } })).body.value;
    expect(page.total).toBeGreaterThan(0);
    expect(page.rows).toHaveLength(Math.min(20, page.total));
    for (const row of page.rows) {
      expect(row.partyB).toBe('华东科技有限公司');
      expect(String(row.signDate) >= '2026-03-01' && String(row.signDate) <= '2026-03-31').toBe(true);
      expect(Object.keys(row).sort()).toEqual([
        'amount',
        'code',
        'id',
        'name',
        'partyB',
        'signDate',
        'status',
      ]);
    }
    const dates = page.rows.map((row) => String(row.signDate));
    expect(dates).toEqual([...dates].sort().reverse());
    const list = await t.call('templateDataList', {
      token,
      params: { alias: 'contract' },
      body: {
        querys: [
          { property: 'partyB', operation: 'LIKE', value: '华东科技' },
          { property: 'signDate', operation: 'BETWEEN', value: ['2026-03-01', '2026-03-31'] },
        ],
      },
    });
    expect(page.total).toBe(list.body.value.total);
    const byAmount = (await view({ params, sorter: [{ property: 'amount', direction: 'ASC' }] })).body.value
      .rows;
    const amounts = byAmount.map((row) => Number(row.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    const all = (await view({})).body.value;
    expect(all.total).toBe(5000);
    const brief = (await view({ pageBean: { pageSize: 1 } }, token, 'brief')).body.value.rows[0]!;
    expect(Object.keys(brief).sort()).toEqual(['code', 'id', 'name', 'partyB']);
    const searched = await view(
      { querys: [{ property: 'code', operation: 'EQUAL', value: 'HT-00007' }] },
      token,
      'brief',
    );
    expect(searched.body.value.rows.map((row) => row.code)).toEqual(['HT-00007']);
  });

  it('a parameter trying SQL is only a value: no rows, nothing changed', async () => {
    const before = await rowCount();
    for (const party of ["'; drop table form_bo_row; --", "华东' or '1'='1", '%', '_']) {
      const answer = await view({ params: { party } });
      expect(answer.status).toBe(200);
      expect(answer.body.value.total).toBe(0);
    }
    const injected = await view({ params: { from: "2026-01-01' or 1=1 --" } });
    expect(injected.status).toBe(400);
    expect(await rowCount()).toBe(before);
  });

  it('bad input is a clear 400: unknown parameter or view, a column outside the view, a too-wide page', async () => {
    expect((await view({ params: { hack: 'x' } })).status).toBe(400);
    expect((await view({ params: { party: { sql: 'x' } } })).status).toBe(400);
    expect((await view({ sorter: [{ property: 'type', direction: 'ASC' }] })).status).toBe(400);
    expect((await view({ querys: [{ property: 'remark', value: 'x' }] })).status).toBe(400);
    expect((await view({ pageBean: { pageSize: 5000 } })).status).toBe(400);
    expect((await view({ params: { from: 'yesterday' } })).status).toBe(400);
    expect((await view({}, token, 'nothing')).status).toBe(404);
    const unknown = await t.call('queryViewData', {
      token,
      params: { sqlAlias: 'nothing', alias: 'detail' },
      body: {},
    });
    expect(unknown.status).toBe(404);
  });

  it('each tenant reads its own rows only', async () => {
    const acme = (await view({}, acmeToken)).body.value;
    expect(acme.total).toBe(3);
  });

  it('export writes every row of the view for the parameters as .xlsx', async () => {
    const params = { party: '星辰传媒', from: '2026-06-01', to: '2026-06-30' };
    const total = (await view({ params })).body.value.total;
    const response = await t.app.inject({
      method: 'POST',
      url: '/form/query/queryView/export',
      headers: { authorization: `Bearer ${token}` },
      payload: { sqlAlias: 'contractQuery', alias: 'detail', params },
    });
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      '合同编号',
      '合同名称',
      '乙方',
      '合同金额',
      '签订日期',
      '状态',
    ]);
    expect(sheet.actualRowCount).toBe(total + 1);
    expect(['草拟', '已签订', '履行中', '已完成', '已终止']).toContain(sheet.getRow(2).getCell(6).text);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/form/query/queryView/export',
      headers: { authorization: `Bearer ${token}` },
      payload: { sqlAlias: 'contractQuery', alias: 'detail', params: { hack: 1 } },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('reads run read-only under a statement timeout', async () => {
    const write = readOnly(t.database.db, (tx) => tx.execute(sql`delete from form_bo_row`));
    await expect(write).rejects.toThrow();
    if (t.database.engine === 'postgres') {
      const slow = readOnly(t.database.db, (tx) => tx.execute(sql`select pg_sleep(2)`), 50);
      await expect(slow).rejects.toMatchObject({ status: 503, key: 'customQuery.timeout' });
    }
    expect(await rowCount()).toBeGreaterThan(5000);
  });
});

const definition = (over: Partial<CustomQueryInput> = {}): CustomQueryInput => ({
  alias: 'bigContracts',
  name: '大额合同',
  boAlias: 'contract',
  params: [{ name: 'min', label: '最低金额', type: 'number', required: true }],
  conditions: [
    { field: 'amount', operation: 'GREAT_EQUAL', param: 'min' },
    { field: 'status', operation: 'EQUAL', value: 'signed' },
  ],
  columns: ['code', 'amount', 'status'],
  sorter: [{ property: 'amount', direction: 'DESC' }],
  views: [{ alias: 'list', name: '列表', columns: ['code', 'amount'] }],
  ...over,
});

describe('administrators maintain custom queries', () => {
  it('creates, runs, edits, lists and deletes a query; others get a 403 and nothing changes', async () => {
    const before = await queryCount();
    expect((await t.call('customQuerySave', { token, body: definition() })).status).toBe(403);
    expect((await t.call('customQueryRemove', { token, query: { ids: 'x' } })).status).toBe(403);
    expect(await queryCount()).toBe(before);

    const saved = (await t.call('customQuerySave', { token: admin, body: definition() })).body.value;
    expect(saved.fields.map((f) => f.name)).toEqual(['code', 'amount', 'status']);
    const run = (path: object) =>
      t.call('queryViewData', { token, params: { sqlAlias: 'bigContracts', alias: 'list' }, body: path });
    expect((await run({})).status).toBe(400);
    expect((await run({ params: { min: 'abc' } })).status).toBe(400);
    const rows = (await run({ params: { min: 2_900_000 } })).body.value;
    expect(rows.total).toBeGreaterThan(0);
    expect(rows.rows.every((row) => Number(row.amount) >= 2_900_000)).toBe(true);

    const taken = await t.call('customQuerySave', { token: admin, body: definition({ name: '重复' }) });
    expect(taken.status).toBe(409);
    const edited = await t.call('customQuerySave', {
      token: admin,
      body: definition({ id: saved.id, name: '大额' }),
    });
    expect(edited.body.value.name).toBe('大额');
    const listed = (
      await t.call('customQueryList', {
        token: admin,
        body: { querys: [{ property: 'name', value: '大额' }] },
      })
    ).body.value;
    expect(listed.rows.map((r) => r.alias)).toEqual(['bigContracts']);

    const acmeQuery = (
      await t.call('customQueryGetByAlias', { token: acmeToken, body: { alias: 'contractQuery' } })
    ).body.value;
    expect(
      (await t.call('customQueryRemove', { token: admin, query: { ids: `${saved.id},${acmeQuery.id}` } }))
        .status,
    ).toBe(404);
    const foreignEdit = await t.call('customQuerySave', {
      token: admin,
      body: definition({ id: acmeQuery.id, alias: 'other' }),
    });
    expect(foreignEdit.status).toBe(404);
    expect(
      (await t.call('customQueryGetByAlias', { token: acmeAdmin, body: { alias: 'contractQuery' } })).body
        .value.name,
    ).toBe('合同查询');
    expect(
      (await t.call('customQueryRemove', { token: admin, query: { ids: saved.id } })).body.value,
    ).toEqual({ deleted: 1 });
    expect(await queryCount()).toBe(before);
  });

  it('refuses definitions naming what the business object or the query lacks', async () => {
    const before = await queryCount();
    const bad: Partial<CustomQueryInput>[] = [
      { columns: ['code', 'nothing'] },
      { conditions: [{ field: 'amount', operation: 'LIKE', value: '1' }] },
      { conditions: [{ field: 'code', operation: 'EQUAL' }] },
      { conditions: [{ field: 'code', operation: 'EQUAL', param: 'ghost' }] },
      { views: [{ alias: 'v', name: 'v', columns: ['remark'] }] },
      { sorter: [{ property: 'nothing', direction: 'ASC' }] },
      {
        params: [
          { name: 'min', label: 'a', type: 'number' },
          { name: 'min', label: 'b', type: 'number' },
        ],
      },
    ];
    for (const over of bad) {
      const answer = await t.call('customQuerySave', { token: admin, body: definition(over) });
      expect(answer.status, JSON.stringify(over)).toBe(400);
    }
    expect(
      (await t.call('customQuerySave', { token: admin, body: definition({ boAlias: 'nothing' }) })).status,
    ).toBe(404);
    expect(await queryCount()).toBe(before);
  });
});

describe('custom charts', () => {
  it('get answers the chart by alias or id; getListData sums the amounts by month', async () => {
    const chart = (await t.call('customChartGet', { token, params: { id: 'contractAmountByMonth' } })).body
      .value;
    expect(chart).toMatchObject({ name: '合同金额统计', type: 'bar', bucket: 'month', aggregate: 'sum' });
    expect((await t.call('customChartGet', { token, params: { id: chart.id } })).body.value.alias).toBe(
      'contractAmountByMonth',
    );
    const answer = await t.call('customChartListData', { token, query: { alias: chart.alias }, body: {} });
    expect(answer.body.state).toBe(true);
    const data = answer.body.value;
    expect(data.categories[0]).toBe('2026-01');
    expect(data.categories.every((c) => /^\d{4}-\d{2}$/.test(c))).toBe(true);
    expect(data.series[0]!.name).toBe('合同金额合计');
    const [sum] = await t.database.db
      .select({ n: sql<number>`sum((${boRows.data} ->> 'amount')::numeric)`.mapWith(Number) })
      .from(boRows)
      .where(sql`${boRows.tenantId} = '-1' and ${boRows.boAlias} = 'contract'`);
    const charted = data.series[0]!.data.reduce((a, b) => a + b, 0);
    expect(Math.abs(charted - sum!.n)).toBeLessThan(1);
    const party = (
      await t.call('customChartListData', {
        token,
        query: { alias: chart.alias },
        body: { params: { party: '信达' } },
      })
    ).body.value;
    expect(party.series[0]!.data.reduce((a, b) => a + b, 0)).toBeLessThan(charted);
    const english = await t.call('customChartListData', {
      token,
      lang: 'en-US',
      query: { alias: chart.alias },
      body: {},
    });
    expect(english.body.value.series[0]!.name).toBe('Total 合同金额');
  });

  it('another tenant’s chart, an unknown one or a bad parameter are clear errors', async () => {
    const acme = (
      await t.call('customChartGet', { token: acmeToken, params: { id: 'contractAmountByMonth' } })
    ).body.value;
    expect((await t.call('customChartGet', { token, params: { id: acme.id } })).status).toBe(404);
    expect((await t.call('customChartListData', { token, query: { alias: acme.id }, body: {} })).status).toBe(
      404,
    );
    const bad = await t.call('customChartListData', {
      token,
      query: { alias: 'contractAmountByMonth' },
      body: { params: { hack: "1'; drop table x" } },
    });
    expect(bad.status).toBe(400);
  });
});

describe('custom dialogs', () => {
  it('getByAlias answers list and tree dialogs; getTreeData the organisation', async () => {
    const list = (await t.call('customDialogGetByAlias', { token, query: { alias: 'contractDialog' } })).body
      .value;
    expect(list).toMatchObject({
      style: 'list',
      queryAlias: 'contractQuery',
      viewAlias: 'brief',
      valueField: 'id',
    });
    const users = (await t.call('customDialogGetByAlias', { token, query: { alias: 'userDialog' } })).body
      .value;
    expect(users).toMatchObject({ style: 'list', listSource: 'user', valueField: 'fullname' });
    const tree = (await t.call('customDialogGetByAlias', { token, query: { alias: 'orgDialog' } })).body
      .value;
    expect(tree).toMatchObject({ style: 'tree', treeSource: 'org' });
    const nodes = (await t.call('customDialogTreeData', { token, query: { alias: 'orgDialog' } })).body.value;
    expect(nodes.find((n) => n.parentId === null)?.name).toBe('演示集团总部');
    const finance = nodes.find((n) => n.name === '财务部')!;
    expect(nodes.find((n) => n.id === finance.parentId)?.name).toBe('行政中心');
    const acmeNodes = (
      await t.call('customDialogTreeData', { token: acmeToken, query: { alias: 'orgDialog' } })
    ).body.value;
    expect(acmeNodes.some((n) => n.id === finance.id)).toBe(false);
    expect((await t.call('customDialogTreeData', { token, query: { alias: 'contractDialog' } })).status).toBe(
      400,
    );
    expect((await t.call('customDialogGetByAlias', { token, query: { alias: 'nothing' } })).status).toBe(404);
  });
});
