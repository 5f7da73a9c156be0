import { count } from 'drizzle-orm';
import type { Executor } from '../src/db/client.js';
import * as tables from '../src/db/schema.js';

/**
 * What any call may move, even one refused: the audit trail and its chain's head, and the sign-in bookkeeping
 * (failures, used password ciphertexts, revocations, each token's last use).
 */
const BOOKKEEPING = new Set([
  'auditLog',
  'auditChainHeads',
  'loginFailures',
  'usedPasswordCiphertexts',
  'revokedTokens',
  'sessionActivity',
]);

/** How many rows each table holds, the bookkeeping left out: a call that changed nothing leaves them as they were. */
export async function rowCounts(db: Executor): Promise<Record<string, number | undefined>> {
  const entries = await Promise.all(
    Object.entries(tables)
      .filter(([name]) => !BOOKKEEPING.has(name))
      .map(
        async ([name, table]) =>
          [name, (await db.select({ n: count() }).from(table as typeof tables.users))[0]?.n] as const,
      ),
  );
  return Object.fromEntries(entries);
}
