import type { CustomQueryDefinition } from '@eip/contracts';
import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import * as t from '../db/schema.js';
import type { CustomChartDefinition, CustomDialogDefinition } from '../db/schema.js';
import { findTenantByCode } from '../modules/uc/tenant.repository.js';
import { PLATFORM, SECOND_TENANT } from './demo-data.js';

/** 合同查询: the contracts of a party signed in a period (the 合同台账 records). */
const CONTRACT_QUERY: CustomQueryDefinition = {
  boAlias: 'contract',
  params: [
    { name: 'party', label: '合同方', type: 'string' },
    { name: 'from', label: '签订日期起', type: 'date' },
    { name: 'to', label: '签订日期止', type: 'date' },
  ],
  conditions: [
    { field: 'partyB', operation: 'LIKE', param: 'party' },
    { field: 'signDate', operation: 'GREAT_EQUAL', param: 'from' },
    { field: 'signDate', operation: 'LESS_EQUAL', param: 'to' },
  ],
  columns: ['code', 'name', 'type', 'partyB', 'amount', 'signDate', 'status'],
  sorter: [{ property: 'signDate', direction: 'DESC' }],
  views: [
    {
      alias: 'detail',
      name: '合同明细',
      columns: ['code', 'name', 'partyB', 'amount', 'signDate', 'status'],
    },
    { alias: 'brief', name: '合同简表', columns: ['code', 'name', 'partyB'] },
  ],
};

/** 合同金额统计: the contracts' amounts summed by the month they were signed. */
const CONTRACT_CHART: CustomChartDefinition = {
  queryAlias: 'contractQuery',
  type: 'bar',
  category: 'signDate',
  bucket: 'month',
  valueField: 'amount',
  aggregate: 'sum',
  params: {},
};

const DIALOGS: { alias: string; name: string; def: CustomDialogDefinition }[] = [
  {
    alias: 'contractDialog',
    name: '选择合同',
    def: {
      style: 'list',
      queryAlias: 'contractQuery',
      viewAlias: 'brief',
      valueField: 'id',
      labelField: 'name',
      searchFields: ['code', 'name', 'partyB'],
    },
  },
  {
    alias: 'userDialog',
    name: '选择人员',
    def: {
      style: 'list',
      listSource: 'user',
      valueField: 'fullname',
      labelField: 'fullname',
      // the directory's users are searched by name or account whatever the list says
      searchFields: [],
    },
  },
  {
    alias: 'orgDialog',
    name: '选择组织',
    def: { style: 'tree', treeSource: 'org', valueField: 'name', labelField: 'name', searchFields: [] },
  },
];

/** The demo custom query, chart and dialogs of both demo tenants. */
export async function seedQueries(db: Db) {
  for (const code of [PLATFORM.code, SECOND_TENANT.code]) {
    const tenant = await findTenantByCode(db, code);
    if (!tenant) throw new Error(`demo tenant ${code} is missing`);
    const tenantId = tenant.id;
    await db
      .insert(t.customQueries)
      .values({ tenantId, id: newId(), alias: 'contractQuery', name: '合同查询', def: CONTRACT_QUERY });
    await db.insert(t.customCharts).values({
      tenantId,
      id: newId(),
      alias: 'contractAmountByMonth',
      name: '合同金额统计',
      def: CONTRACT_CHART,
    });
    await db.insert(t.customDialogs).values(DIALOGS.map((dialog) => ({ tenantId, id: newId(), ...dialog })));
  }
}
