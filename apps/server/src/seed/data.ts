import { boFormSchema, computeBoData, type BoDefinition, type DataTemplateDefinition } from '@eip/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import * as t from '../db/schema.js';
import { saveForm } from '../modules/bpm/form.repository.js';
import { findTenantByCode } from '../modules/uc/tenant.repository.js';
import { findUserByAccount } from '../modules/uc/user.repository.js';
import { PLATFORM, SECOND_TENANT } from './demo-data.js';

/** The demo business objects and data templates: 合同台账 (contracts), 员工档案 (employees), 资产台账 (assets). */
const CONTRACT: BoDefinition = {
  fields: [
    { name: 'code', label: '合同编号', type: 'string', required: true, maxLength: 30 },
    { name: 'name', label: '合同名称', type: 'string', required: true, maxLength: 100 },
    { name: 'type', label: '合同类型', type: 'dict', dict: 'contractType', required: true },
    { name: 'partyA', label: '甲方', type: 'string', required: true, maxLength: 100 },
    { name: 'partyB', label: '乙方', type: 'string', required: true, maxLength: 100 },
    { name: 'contactPhone', label: '联系电话', type: 'string', rules: 'phone' },
    { name: 'amount', label: '合同金额', type: 'number', required: true, decimals: 2 },
    {
      name: 'paymentTotal',
      label: '付款合计',
      type: 'number',
      decimals: 2,
      compute: { kind: 'sum', sub: 'payments', field: 'amount' },
    },
    {
      name: 'paymentTotalInWords',
      label: '付款合计（大写）',
      type: 'string',
      compute: { kind: 'moneyUppercase', field: 'paymentTotal' },
    },
    { name: 'signDate', label: '签订日期', type: 'date' },
    { name: 'status', label: '状态', type: 'dict', dict: 'contractStatus', required: true },
    { name: 'remark', label: '备注', type: 'text', maxLength: 500 },
  ],
  subs: [
    {
      alias: 'payments',
      name: '付款计划',
      maxRows: 2000,
      fields: [
        { name: 'period', label: '期次', type: 'number', required: true },
        { name: 'dueDate', label: '付款日期', type: 'date', required: true },
        { name: 'amount', label: '金额', type: 'number', required: true, decimals: 2 },
        { name: 'method', label: '付款方式', type: 'dict', dict: 'paymentMethod' },
        { name: 'note', label: '说明', type: 'string', maxLength: 100 },
      ],
    },
  ],
};

const EMPLOYEE: BoDefinition = {
  fields: [
    { name: 'name', label: '姓名', type: 'string', required: true, rules: 'chineseName' },
    { name: 'dept', label: '部门', type: 'string', required: true, maxLength: 50, dialog: 'orgDialog' },
    { name: 'mobile', label: '手机号码', type: 'string', rules: 'phone' },
    { name: 'email', label: '邮箱', type: 'string', rules: 'email' },
    { name: 'idCard', label: '身份证号', type: 'string', rules: 'idCard' },
    { name: 'education', label: '学历', type: 'dict', dict: 'education' },
    { name: 'entryDate', label: '入职日期', type: 'date' },
  ],
  subs: [
    {
      alias: 'educations',
      name: '教育经历',
      fields: [
        { name: 'school', label: '学校', type: 'string', required: true, maxLength: 100 },
        { name: 'degree', label: '学位', type: 'string', maxLength: 20 },
        { name: 'startDate', label: '开始日期', type: 'date' },
        { name: 'endDate', label: '结束日期', type: 'date' },
      ],
    },
    {
      alias: 'works',
      name: '工作经历',
      fields: [
        { name: 'company', label: '公司', type: 'string', required: true, maxLength: 100 },
        { name: 'position', label: '职位', type: 'string', maxLength: 50 },
        { name: 'startDate', label: '开始日期', type: 'date' },
        { name: 'endDate', label: '结束日期', type: 'date' },
      ],
    },
  ],
};

/** 资产: a company asset, its keeper picked from the directory (userDialog) and its department (orgDialog). */
const ASSET: BoDefinition = {
  fields: [
    { name: 'assetNo', label: '资产编号', type: 'string', required: true, maxLength: 30 },
    { name: 'name', label: '资产名称', type: 'string', required: true, maxLength: 100 },
    { name: 'category', label: '资产类别', type: 'dict', dict: 'assetCategory', required: true },
    { name: 'keeper', label: '保管人', type: 'string', required: true, maxLength: 50, dialog: 'userDialog' },
    { name: 'dept', label: '使用部门', type: 'string', maxLength: 50, dialog: 'orgDialog' },
    { name: 'purchaseDate', label: '购置日期', type: 'date' },
    { name: 'value', label: '原值', type: 'number', required: true, decimals: 2 },
    { name: 'location', label: '存放地点', type: 'string', maxLength: 100 },
    { name: 'status', label: '状态', type: 'dict', dict: 'assetStatus', required: true },
  ],
  subs: [],
};

const FINANCE_ONLY = ['finance', 'sysadmin'];

/** The buttons of a ledger (合同台账, 资产台账): everyone keeps records; finance alone removes and batch-updates. */
const LEDGER_BUTTONS: DataTemplateDefinition['buttons'] = [
  { alias: 'add' },
  { alias: 'edit' },
  { alias: 'detail' },
  { alias: 'copy' },
  { alias: 'del', roles: FINANCE_ONLY },
  { alias: 'batchUpdate', roles: FINANCE_ONLY },
  { alias: 'import' },
  { alias: 'export' },
];

/** 发起流程 on a contract: 合同评审 prefilled from the record (its code and name). */
const CONTRACT_BUTTONS: DataTemplateDefinition['buttons'] = [
  ...LEDGER_BUTTONS,
  { alias: 'startFlow', defKey: 'contract_review' },
];

const CONTRACT_TEMPLATE: DataTemplateDefinition = {
  columns: ['code', 'name', 'type', 'partyB', 'amount', 'signDate', 'status'],
  conditions: [
    { field: 'name', operation: 'LIKE' },
    { field: 'type', operation: 'EQUAL' },
    { field: 'status', operation: 'EQUAL' },
    { field: 'signDate', operation: 'BETWEEN' },
  ],
  sorter: [{ property: 'signDate', direction: 'DESC' }],
  buttons: CONTRACT_BUTTONS,
  batchFields: ['status'],
};

const EMPLOYEE_TEMPLATE: DataTemplateDefinition = {
  columns: ['name', 'dept', 'mobile', 'education', 'entryDate'],
  conditions: [
    { field: 'name', operation: 'LIKE' },
    { field: 'dept', operation: 'EQUAL' },
  ],
  sorter: [{ property: 'entryDate', direction: 'DESC' }],
  buttons: [
    { alias: 'add' },
    { alias: 'edit' },
    { alias: 'detail' },
    { alias: 'del', roles: ['hr', 'sysadmin'] },
  ],
  batchFields: [],
};

const ASSET_TEMPLATE: DataTemplateDefinition = {
  columns: ['assetNo', 'name', 'category', 'keeper', 'dept', 'value', 'status'],
  conditions: [
    { field: 'name', operation: 'LIKE' },
    { field: 'keeper', operation: 'LIKE' },
    { field: 'category', operation: 'EQUAL' },
    { field: 'status', operation: 'EQUAL' },
  ],
  sorter: [{ property: 'assetNo', direction: 'ASC' }],
  buttons: LEDGER_BUTTONS,
  batchFields: ['status', 'keeper'],
};

/** The dictionaries of the demo objects, seeded with them: type key → [key, name]. */
const OBJECT_DICTIONARIES: Record<string, string[][]> = {
  contractStatus: [
    ['draft', '草拟'],
    ['signed', '已签订'],
    ['executing', '履行中'],
    ['finished', '已完成'],
    ['terminated', '已终止'],
  ],
  paymentMethod: [
    ['transfer', '银行转账'],
    ['acceptance', '银行承兑汇票'],
    ['cheque', '支票'],
  ],
  assetCategory: [
    ['computer', '计算机设备'],
    ['office', '办公设备'],
    ['furniture', '家具'],
    ['vehicle', '交通工具'],
  ],
  assetStatus: [
    ['inUse', '在用'],
    ['idle', '闲置'],
    ['repair', '维修中'],
    ['scrapped', '已报废'],
  ],
};

async function seedObject(
  db: Db,
  tenantId: string,
  object: {
    alias: string;
    name: string;
    def: BoDefinition;
    formKey: string;
    template: DataTemplateDefinition;
    templateAlias: string;
    templateName: string;
  },
) {
  await db
    .insert(t.boDefs)
    .values({ tenantId, id: newId(), alias: object.alias, name: object.name, def: object.def });
  await saveForm(db, tenantId, { formKey: object.formKey, name: object.name, ...boFormSchema(object.def) });
  await db.insert(t.dataTemplates).values({
    tenantId,
    id: newId(),
    alias: object.templateAlias,
    name: object.templateName,
    boAlias: object.alias,
    formKey: object.formKey,
    def: object.template,
  });
}

/**
 * The computed fields of a demo object's records, set by the computation a save uses (the records are
 * inserted by SQL above): one statement, whatever their number.
 */
async function computeRecords(db: Db, tenantId: string, alias: string, def: BoDefinition) {
  const computed = def.fields.filter((field) => field.compute).map((field) => field.name);
  if (!computed.length) return;
  const rows = await db
    .select({ id: t.boRows.id, data: t.boRows.data })
    .from(t.boRows)
    .where(and(eq(t.boRows.tenantId, tenantId), eq(t.boRows.boAlias, alias)));
  const values = rows.map((row) => {
    const data = computeBoData(def, row.data);
    return { id: row.id, values: Object.fromEntries(computed.map((name) => [name, data[name] ?? null])) };
  });
  await db.execute(sql`
    update form_bo_row r set data = r.data || jsonb_strip_nulls(v.values)
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id text, values jsonb)
    where r.tenant_id = ${tenantId} and r.id = v.id`);
}

/** n demo contracts in one statement, each with three payments (transfer, acceptance) summing to its amount. */
const insertContracts = (tenantId: string, userId: string, n: number) => sql`
  insert into form_bo_row (tenant_id, id, bo_alias, data, created_by, created_at, updated_at)
  select ${tenantId}, md5(${tenantId} || 'contract' || i), 'contract',
    jsonb_build_object(
      'code', 'HT-' || lpad(i::text, 5, '0'),
      'name', (array['办公设备采购','软件开发服务','办公场地租赁','年度审计服务','市场推广合作'])[1 + i % 5] || '合同' || i,
      'type', (array['purchase','service','lease','service','sales'])[1 + i % 5],
      'partyA', '演示集团总部',
      'partyB', (array['华东科技有限公司','北方软件股份公司','南方物业管理公司','信达会计师事务所','星辰传媒有限公司'])[1 + i % 5],
      'contactPhone', '138' || lpad((i * 7919 % 100000000)::text, 8, '0'),
      'amount', round((10000 + (i * 3779 % 990000))::numeric, 2) * 3,
      'signDate', to_char(date '2026-01-01' + (i % 330), 'YYYY-MM-DD'),
      'status', (array['draft','signed','executing','finished','terminated'])[1 + i % 5],
      'payments', jsonb_build_array(
        jsonb_build_object('period', 1, 'dueDate', to_char(date '2026-02-01' + (i % 300), 'YYYY-MM-DD'), 'amount', round((10000 + (i * 3779 % 990000))::numeric, 2), 'method', 'transfer', 'note', '首付款'),
        jsonb_build_object('period', 2, 'dueDate', to_char(date '2026-05-01' + (i % 200), 'YYYY-MM-DD'), 'amount', round((10000 + (i * 3779 % 990000))::numeric, 2), 'method', 'acceptance', 'note', '进度款'),
        jsonb_build_object('period', 3, 'dueDate', to_char(date '2026-09-01' + (i % 100), 'YYYY-MM-DD'), 'amount', round((10000 + (i * 3779 % 990000))::numeric, 2), 'method', 'transfer', 'note', '尾款'))),
    ${userId}, timestamptz '2026-01-01' + i * interval '1 hour', timestamptz '2026-01-01' + i * interval '1 hour'
  from generate_series(1, ${n}) as i`;

/** n demo employees with their education and work history. */
const insertEmployees = (tenantId: string, userId: string, n: number) => sql`
  insert into form_bo_row (tenant_id, id, bo_alias, data, created_by, created_at, updated_at)
  select ${tenantId}, md5(${tenantId} || 'employee' || i), 'employee',
    jsonb_build_object(
      'name', (array['张','王','李','赵','刘','陈','杨','黄'])[1 + i % 8] || (array['伟','芳','娜','敏','静','磊','洋','军','霞','涛'])[1 + i % 10] || (array['','华','明','丽'])[1 + i % 4],
      'dept', (array['人力资源部','财务部','前端组','后端组','测试组','销售部'])[1 + i % 6],
      'mobile', '139' || lpad((i * 104729 % 100000000)::text, 8, '0'),
      'email', 'emp' || i || '@example.com',
      'education', (array['college','bachelor','master','doctor'])[1 + i % 4],
      'entryDate', to_char(date '2015-01-01' + (i * 3 % 4000), 'YYYY-MM-DD'),
      'educations', jsonb_build_array(
        jsonb_build_object('school', (array['北京大学','浙江大学','复旦大学','武汉大学'])[1 + i % 4], 'degree', '学士', 'startDate', '2008-09-01', 'endDate', '2012-07-01')),
      'works', jsonb_build_array(
        jsonb_build_object('company', '华东科技有限公司', 'position', '工程师', 'startDate', '2012-08-01', 'endDate', '2015-12-31'))),
    ${userId}, timestamptz '2026-01-01' + i * interval '1 minute', timestamptz '2026-01-01' + i * interval '1 minute'
  from generate_series(1, ${n}) as i`;

/** n demo assets, kept by the tenant's active staff in turn (the keeper's name, as userDialog picks it). */
const insertAssets = (tenantId: string, userId: string, n: number) => sql`
  with keepers as (
    select row_number() over (order by u.account) - 1 as k, u.fullname, o.name as dept
    from uc_user u
    left join uc_org_user ou on ou.tenant_id = u.tenant_id and ou.user_id = u.id and ou.is_master
    left join uc_org o on o.tenant_id = ou.tenant_id and o.id = ou.org_id
    where u.tenant_id = ${tenantId} and u.status = 1 and u.account <> 'admin'),
  kept as (select count(*) as n from keepers)
  insert into form_bo_row (tenant_id, id, bo_alias, data, created_by, created_at, updated_at)
  select ${tenantId}, md5(${tenantId} || 'asset' || i), 'asset',
    jsonb_build_object(
      'assetNo', 'ZC' || lpad(i::text, 6, '0'),
      'name', (array['笔记本电脑','台式电脑','激光打印机','投影仪','办公桌','会议椅','文件柜','商务轿车'])[1 + i % 8] || ' ' || i,
      'category', (array['computer','computer','office','office','furniture','furniture','furniture','vehicle'])[1 + i % 8],
      'keeper', keepers.fullname,
      'dept', keepers.dept,
      'purchaseDate', to_char(date '2022-01-01' + (i * 5 % 1400), 'YYYY-MM-DD'),
      'value', (array[6800, 4500, 2300, 5600, 1200, 650, 980, 168000])[1 + i % 8] + (i % 7) * 10,
      'location', (array['总部大楼 3 层','总部大楼 5 层','研发中心 2 层','库房'])[1 + i % 4],
      'status', (array['inUse','inUse','inUse','idle','repair','scrapped'])[1 + i % 6]),
    ${userId}, timestamptz '2026-01-01' + i * interval '1 day', timestamptz '2026-01-01' + i * interval '1 day'
  from generate_series(1, ${n}) as i
  cross join kept
  join keepers on keepers.k = i % nullif(kept.n, 0)`;

/** Business objects, forms, templates and their records for both demo tenants (acme gets a few). */
export async function seedData(db: Db) {
  for (const code of [PLATFORM.code, SECOND_TENANT.code]) {
    const tenant = await findTenantByCode(db, code);
    const admin = tenant && (await findUserByAccount(db, tenant.id, 'admin'));
    if (!tenant || !admin) throw new Error(`demo tenant ${code} is missing`);
    const platform = code === PLATFORM.code;
    await db.insert(t.dataDicts).values(
      Object.entries(OBJECT_DICTIONARIES).flatMap(([typeKey, entries]) =>
        entries.map(([key, name], sn) => ({
          tenantId: tenant.id,
          id: newId(),
          typeKey,
          key: key!,
          name: name!,
          sn,
        })),
      ),
    );
    await seedObject(db, tenant.id, {
      alias: 'contract',
      name: '合同',
      def: CONTRACT,
      formKey: 'contractForm',
      template: CONTRACT_TEMPLATE,
      templateAlias: 'contract',
      templateName: '合同台账',
    });
    await seedObject(db, tenant.id, {
      alias: 'employee',
      name: '员工',
      def: EMPLOYEE,
      formKey: 'employeeForm',
      template: EMPLOYEE_TEMPLATE,
      templateAlias: 'employee',
      templateName: '员工档案',
    });
    await seedObject(db, tenant.id, {
      alias: 'asset',
      name: '资产',
      def: ASSET,
      formKey: 'assetForm',
      template: ASSET_TEMPLATE,
      templateAlias: 'asset',
      templateName: '资产台账',
    });
    await db.execute(insertContracts(tenant.id, admin.id, platform ? 5000 : 3));
    await computeRecords(db, tenant.id, 'contract', CONTRACT);
    await db.execute(insertEmployees(tenant.id, admin.id, platform ? 2000 : 2));
    await db.execute(insertAssets(tenant.id, admin.id, platform ? 300 : 2));
  }
}
