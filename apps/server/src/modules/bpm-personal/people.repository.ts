import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';

/**
 * Locks a user's row for the transaction: the saves of one principal's agents, or of one leader's
 * secretaries, take turns, so two at once cannot both pass the overlap or duplicate check.
 */
export async function lockUser(tx: Executor, tenantId: string, id: string) {
  const [row] = await tx
    .select({ id: users.id, fullname: users.fullname })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)))
    .for('update');
  return row;
}
