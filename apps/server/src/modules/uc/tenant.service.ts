import { DEFAULT_TENANT_CODE } from '@eip/contracts';
import type { Executor } from '../../db/client.js';
import { badRequest, forbidden, notFound } from '../../errors.js';
import type { FileDownload } from '../../http/register.js';
import type { Services } from '../../services.js';
import { findFile } from '../portal/file.repository.js';
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

/** The file ids a logo field names: a JSON list of files `[{id, name}]` (spec §3). */
export function logoFileIds(field: string | null): string[] {
  try {
    const files: unknown = JSON.parse(field ?? '[]');
    return Array.isArray(files)
      ? files
          .map((file: unknown) => (file && typeof file === 'object' && 'id' in file ? file.id : null))
          .filter((id): id is string => typeof id === 'string')
      : [];
  } catch {
    return [];
  }
}

/**
 * A logo or icon file of an enabled tenant, for anyone (the login page has no token): only a file that the
 * tenant's frontLogo, manageLogo or ico names is served; any other file id is a 404, as is a file of
 * another tenant.
 */
export async function tenantLogo(services: Services, code: string, fileId: string): Promise<FileDownload> {
  const tenant = await findTenantByCode(services.db, code);
  const named =
    tenant?.enabled &&
    [tenant.frontLogo, tenant.manageLogo, tenant.ico].some((field) => logoFileIds(field).includes(fileId));
  const file = named ? await findFile(services.db, tenant.id, fileId) : undefined;
  if (!tenant || !file) throw notFound('misc.logoNotFound', { fileId });
  return {
    name: file.name,
    contentType: file.contentType,
    size: file.size,
    content: services.files.get(tenant.id, file.id),
    // a new logo is a new file id: the address of one never shows anything else
    cacheControl: 'public, max-age=86400',
  };
}
