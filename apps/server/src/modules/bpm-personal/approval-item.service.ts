import type { ApprovalItem, QueryFilter, SaveApprovalItem } from '@eip/contracts';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../errors.js';
import type { AuthContext } from '../../security/tokens.js';
import { isAdmin, requireAdmin } from './access.js';
import * as items from './approval-item.repository.js';
import { findMainInfo } from './definition.repository.js';
import { FLOW_TYPE, findType, flowTypeId } from './sys-type.repository.js';

/**
 * A phrase the caller may change: their own, or a shared one when they administer the tenant; 404
 * for the rest, so that nobody learns another user's phrases exist.
 */
async function changeableItem(db: Db, auth: AuthContext, id: string) {
  const row = await items.findItem(db, auth.tenantId, id);
  const allowed = row && (row.userId === auth.userId || (row.userId === null && (await isAdmin(db, auth))));
  if (!row || !allowed) throw notFound('personal.approvalItemNotFound', { id });
  return row;
}

/**
 * Creates a phrase (the caller's own, or with `shared` one of the tenant, administrators only) or
 * changes one; who owns it does not change. A flow key or type, when given, must exist.
 */
export async function saveItem(db: Db, auth: AuthContext, input: SaveApprovalItem): Promise<ApprovalItem> {
  const existing = input.id ? await changeableItem(db, auth, input.id) : undefined;
  if (!existing && input.shared) await requireAdmin(db, auth);
  const defKey = input.defKey ?? null;
  if (defKey !== null && !(await findMainInfo(db, auth.tenantId, defKey))) {
    throw badRequest('personal.unknownFlow', { field: 'body.defKey', defKey });
  }
  const typeId = input.typeId || null;
  if (typeId !== null && !(await findType(db, auth.tenantId, FLOW_TYPE, typeId))) {
    throw badRequest('personal.unknownType', { id: typeId });
  }
  const values = { expression: input.expression.trim(), defKey, typeId, sn: input.sn ?? existing?.sn ?? 0 };
  // one transaction, answering the phrase: the audit record is committed with it and names it
  const { id } = await db.transaction(async (tx) => {
    if (!existing)
      return { id: await items.insertItem(tx, auth.tenantId, input.shared ? null : auth.userId, values) };
    await items.updateItem(tx, auth.tenantId, existing.id, values);
    return { id: existing.id };
  });
  return items.toApprovalItem((await items.findItem(db, auth.tenantId, id))!);
}

/** The caller's phrases, or (`personal` false) the tenant's shared ones, which everyone may read. */
export const listItems = (db: Db, auth: AuthContext, personal: boolean, filter: QueryFilter) =>
  items.queryItems(db, auth.tenantId, personal ? auth.userId : null, filter);

export async function removeItems(db: Db, auth: AuthContext, ids: string[]) {
  const withShared = await isAdmin(db, auth);
  return db.transaction((tx) =>
    items.deleteItems(tx, auth.tenantId, ids, { userId: auth.userId, withShared }),
  );
}

/** The phrases for a handler of the flow; the flow's type unless the caller names one. */
export async function itemsForFlow(db: Db, auth: AuthContext, defKey: string, typeId: string | undefined) {
  const def = await findMainInfo(db, auth.tenantId, defKey);
  if (!def) throw notFound('flow.definitionNotFound', { id: defKey });
  return items.itemsForFlow(db, auth.tenantId, auth.userId, {
    defKey,
    typeId: typeId || (await flowTypeId(db, auth.tenantId, def.flowType)),
  });
}
