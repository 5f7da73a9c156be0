import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import * as t from '../db/schema.js';
import type { FileStore } from '../files/store.js';
import { findTenantByCode } from '../modules/uc/tenant.repository.js';
import { findUserByAccount } from '../modules/uc/user.repository.js';
import { PLATFORM, SECOND_TENANT } from './demo-data.js';
import { markSvg, wideLogoSvg, type TenantLook } from './logos.js';

/** A dictionary: its type key and entries [key, name, children]. */
type DictEntry = [key: string, name: string, children?: DictEntry[]];
const DICTIONARIES: Record<string, DictEntry[]> = {
  contractType: [
    ['purchase', '采购合同'],
    ['sales', '销售合同'],
    ['service', '技术服务合同'],
    ['labor', '劳动合同'],
    ['lease', '租赁合同'],
  ],
  urgency: [
    ['normal', '普通'],
    ['urgent', '紧急'],
    ['critical', '特急'],
  ],
  leaveType: [
    ['annual', '年假'],
    ['personal', '事假'],
    ['sick', '病假'],
    ['marriage', '婚假'],
    ['maternity', '产假'],
    ['compensatory', '调休'],
  ],
  education: [
    ['college', '大专'],
    ['bachelor', '本科'],
    ['master', '硕士'],
    ['doctor', '博士'],
  ],
  region: [
    [
      'north',
      '华北',
      [
        ['beijing', '北京'],
        ['tianjin', '天津'],
      ],
    ],
    [
      'east',
      '华东',
      [
        ['shanghai', '上海'],
        ['jiangsu', '江苏'],
        ['zhejiang', '浙江'],
      ],
    ],
    [
      'south',
      '华南',
      [
        ['guangdong', '广东'],
        ['fujian', '福建'],
      ],
    ],
  ],
};

/** Tags by kind: [name, colour]. */
const TAGS: Record<string, [string, string][]> = {
  flow: [
    ['人事', '#1677FF'],
    ['财务', '#FA541C'],
    ['行政', '#13C2C2'],
    ['加急', '#F5222D'],
  ],
  news: [
    ['公司动态', '#2F54EB'],
    ['党建', '#CF1322'],
    ['制度发布', '#722ED1'],
  ],
};

/** Serial numbers: alias, name, regulation, period of the counter, digits of {NO}. */
const IDENTITIES = [
  {
    alias: 'contractNo',
    name: '合同编号',
    regulation: 'HT-{yyyy}{MM}{dd}-{NO}',
    genType: 'day',
    noLength: 4,
  },
  { alias: 'leaveNo', name: '请假单号', regulation: 'QJ{yyyy}{MM}{NO}', genType: 'month', noLength: 4 },
  { alias: 'docNo', name: '发文字号', regulation: '演示发〔{yyyy}〕{NO}号', genType: 'year', noLength: 3 },
  { alias: 'assetNo', name: '资产编号', regulation: 'ZC{NO}', genType: 'none', noLength: 6 },
];

/** The look of each demo tenant's logos; the second tenant has a dictionary, a tag and a serial of its own. */
const LOOKS: Record<string, TenantLook> = {
  [PLATFORM.code]: { mark: '演', color: '#2F54EB', wordmark: 'DEMO GROUP' },
  [SECOND_TENANT.code]: { mark: '示', color: '#08979C', wordmark: 'ACME TECH' },
};

function dictRows(tenantId: string, typeKey: string, entries: DictEntry[], parentId: string | null = null) {
  return entries.flatMap(([key, name, children], sn): (typeof t.dataDicts.$inferInsert)[] => {
    const id = newId();
    return [
      { tenantId, id, typeKey, key, name, parentId, sn },
      ...dictRows(tenantId, typeKey, children ?? [], id),
    ];
  });
}

async function seedLogos(db: Db, tenantId: string, adminId: string, look: TenantLook, files?: FileStore) {
  const logos = {
    frontLogo: { name: 'front-logo.svg', bytes: Buffer.from(wideLogoSvg(look)) },
    manageLogo: { name: 'manage-logo.svg', bytes: Buffer.from(markSvg(look)) },
    ico: { name: 'favicon.svg', bytes: Buffer.from(markSvg(look)) },
  };
  const fields: Record<string, string> = {};
  for (const [field, logo] of Object.entries(logos)) {
    const id = newId();
    await db.insert(t.sysFiles).values({
      tenantId,
      id,
      name: logo.name,
      contentType: 'image/svg+xml',
      size: logo.bytes.length,
      createdBy: adminId,
    });
    await files?.put(tenantId, id, Readable.from(logo.bytes));
    fields[field] = JSON.stringify([{ id, name: logo.name }]);
  }
  await db.update(t.tenants).set(fields).where(eq(t.tenants.id, tenantId));
}

/**
 * Dictionaries, tags, serial numbers and logos of both demo tenants (the logo bytes go to `files`, the
 * server's file store, when given).
 */
export async function seedMisc(db: Db, files?: FileStore) {
  for (const code of [PLATFORM.code, SECOND_TENANT.code]) {
    const tenant = await findTenantByCode(db, code);
    const admin = tenant && (await findUserByAccount(db, tenant.id, 'admin'));
    if (!tenant || !admin) throw new Error(`demo tenant ${code} is missing`);
    const tenantId = tenant.id;
    const platform = code === PLATFORM.code;
    const dictionaries = platform ? DICTIONARIES : { contractType: [['nda', '保密协议']] as DictEntry[] };
    await db
      .insert(t.dataDicts)
      .values(
        Object.entries(dictionaries).flatMap(([typeKey, entries]) => dictRows(tenantId, typeKey, entries)),
      );
    const tags = platform ? TAGS : { flow: [['示例专属', '#08979C']] as [string, string][] };
    await db.insert(t.sysTags).values(
      Object.entries(tags).flatMap(([typeKey, list]) =>
        list.map(([name, color], sn) => ({
          tenantId,
          id: newId(),
          typeKey,
          name,
          color,
          sn,
          createdBy: admin.id,
        })),
      ),
    );
    await db
      .insert(t.identities)
      .values(
        (platform ? IDENTITIES : IDENTITIES.slice(0, 1)).map((row) => ({ tenantId, id: newId(), ...row })),
      );
    await seedLogos(db, tenantId, admin.id, LOOKS[code]!, files);
  }
}
