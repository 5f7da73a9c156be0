import {
  DEFAULT_TASK_LIST_COLUMNS,
  TASK_LIST_COLUMNS_ALIAS,
  parseTaskListColumns,
  type SysProperty,
} from '@eip/contracts';
import type { Executor } from '../../db/client.js';
import { badRequest, notFound } from '../../errors.js';
import { seal, unseal, type SealKey } from '../../security/sealed.js';
import type { AuthContext } from '../../security/tokens.js';
import { isAdmin, requireAdmin } from '../bpm-personal/access.js';
import { findProperty, upsertProperty } from './sys-property.repository.js';

/**
 * The properties every user of the tenant reads (the web app needs them), with the value a tenant that has
 * set none gets; the others only administrators read, and a property never set is not found.
 */
const SHARED: Record<string, { fallback: string; valid: (value: string) => boolean }> = {
  [TASK_LIST_COLUMNS_ALIAS]: {
    fallback: JSON.stringify(DEFAULT_TASK_LIST_COLUMNS),
    valid: (value) => parseTaskListColumns(value) !== null,
  },
};

const sharedOf = (alias: string) => (Object.hasOwn(SHARED, alias) ? SHARED[alias] : undefined);

/** An encrypted value opens only in its own tenant and under its own alias. */
const associated = (tenantId: string, alias: string) => `sys-property:${tenantId}:${alias}`;

/** Spec §7 getDecryptByAlias: a property of the caller's tenant, decrypted. */
export async function propertyValue(db: Executor, key: SealKey, auth: AuthContext, alias: string) {
  const shared = sharedOf(alias);
  // to anyone but an administrator, a property only administrators read is one that does not exist
  const row = shared || (await isAdmin(db, auth)) ? await findProperty(db, auth.tenantId, alias) : undefined;
  if (row) return row.encrypted ? unseal(key, associated(auth.tenantId, alias), row.value) : row.value;
  if (shared) return shared.fallback;
  throw notFound('sysProperty.notFound', { alias });
}

/** An administrator sets a property of the tenant, encrypted at rest when asked. */
export async function saveProperty(
  db: Executor,
  key: SealKey,
  auth: AuthContext,
  input: { alias: string; value: string; encrypted?: boolean },
): Promise<SysProperty> {
  await requireAdmin(db, auth);
  const shared = sharedOf(input.alias);
  if (shared && !shared.valid(input.value)) throw badRequest('sysProperty.badValue', { alias: input.alias });
  const encrypted = input.encrypted ?? false;
  const value = encrypted ? seal(key, associated(auth.tenantId, input.alias), input.value) : input.value;
  const saved = await upsertProperty(db, {
    tenantId: auth.tenantId,
    alias: input.alias,
    value,
    encrypted,
    updatedBy: auth.userId,
  });
  return { alias: saved.alias, encrypted: saved.encrypted, updateTime: saved.updatedAt.toISOString() };
}
