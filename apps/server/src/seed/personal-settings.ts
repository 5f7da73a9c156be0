import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import * as t from '../db/schema.js';
import { FLOW_TYPE } from '../modules/bpm-personal/sys-type.repository.js';
import { findTenantByCode } from '../modules/uc/tenant.repository.js';
import { findUserByAccount } from '../modules/uc/user.repository.js';
import { PLATFORM, SECOND_TENANT } from './demo-data.js';

/** The flow types of the start page; the codes are the `flowType` of the demo flows' settings. */
const FLOW_TYPES = [
  { code: 'hr', name: '人事' },
  { code: 'finance', name: '财务' },
  { code: 'purchase', name: '采购' },
  { code: 'admin', name: '行政' },
];

const SHARED_PHRASES = ['同意', '情况属实，同意', '请补充材料'];

const DAY_MS = 24 * 60 * 60 * 1000;

async function userId(db: Db, tenantId: string, account: string) {
  const user = await findUserByAccount(db, tenantId, account);
  if (!user) throw new Error(`demo user ${account} is missing`);
  return user.id;
}

/**
 * Both demo tenants get the flow types and the shared approval phrases; in the platform tenant 赵磊
 * (zhaolei) has 黄敏 (huangmin) as agent for expense claims over the next 30 days. The secretary pair
 * (王芳 for 张伟) comes with the tenant itself.
 */
export async function seedPersonalSettings(db: Db) {
  for (const demo of [PLATFORM, SECOND_TENANT]) {
    const tenant = await findTenantByCode(db, demo.code);
    if (!tenant) throw new Error(`demo tenant ${demo.code} is missing`);
    await db
      .insert(t.sysTypes)
      .values(
        FLOW_TYPES.map((type, sn) => ({ tenantId: tenant.id, id: newId(), typeKey: FLOW_TYPE, sn, ...type })),
      );
    await db.insert(t.approvalItems).values(
      SHARED_PHRASES.map((expression, i) => ({
        tenantId: tenant.id,
        id: newId(),
        userId: null,
        expression,
        sn: i + 1,
      })),
    );
  }
  const tenantId = PLATFORM.id!;
  const now = Date.now();
  await db.insert(t.flowAgents).values({
    tenantId,
    id: newId(),
    principalId: await userId(db, tenantId, 'zhaolei'),
    agentId: await userId(db, tenantId, 'huangmin'),
    startAt: new Date(now),
    endAt: new Date(now + 30 * DAY_MS),
    scope: 'flows',
    flowKeys: ['expense_claim'],
    enabled: true,
    memo: '出差期间由黄敏代为审批报销',
  });
}
