import { DEFAULT_TENANT_CODE } from '@eip/contracts';
import type { Executor } from '../../db/client.js';
import { badRequest, forbidden } from '../../errors.js';
import { findTenantByCode, findTenantById, type TenantRow } from './tenant.repository.js';

/** The tenant a public call names by id; absent or -1 means the default tenant (platform). */
export async function resolveTenant(db: Executor, tenantId: string | undefined): Promise<TenantRow> {
  const tenant =
    tenantId && tenantId !== '-1'
      ? await findTenantById(db, tenantId)
      : await findTenantByCode(db, DEFAULT_TENANT_CODE);
  if (!tenant) throw badRequest('auth.unknownTenant', { tenant: tenantId ?? DEFAULT_TENANT_CODE });
  if (!tenant.enabled) throw forbidden('auth.tenantDisabled', { tenant: tenant.code });
  return tenant;
}
