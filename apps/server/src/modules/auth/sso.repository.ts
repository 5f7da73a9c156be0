import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ssoHandshakes } from '../../db/schema.js';

/** How long an oauth sign-in may take between leaving for the provider and coming back. */
const STATE_TTL_MS = 10 * 60_000;
/** How long a used cas ticket is remembered (CAS servers give tickets minutes of life at most). */
const TICKET_MEMORY_MS = 24 * 60 * 60_000;

export async function rememberAuthorization(
  db: Db,
  row: { state: string; service: string; codeVerifier: string; nonce: string; address: string },
): Promise<void> {
  await db.insert(ssoHandshakes).values({
    key: `state:${row.state}`,
    service: row.service,
    codeVerifier: row.codeVerifier,
    nonce: row.nonce,
    address: row.address,
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
}

/** How many oauth sign-ons a client address has started that are still open. */
export async function openAuthorizationsFrom(db: Db, address: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(ssoHandshakes)
    .where(and(eq(ssoHandshakes.address, address), gt(ssoHandshakes.expiresAt, new Date())));
  return row?.n ?? 0;
}

/** The oauth sign-in started with this state, taken once: a second call finds nothing. */
export async function takeAuthorization(db: Db, state: string) {
  const [row] = await db
    .delete(ssoHandshakes)
    .where(and(eq(ssoHandshakes.key, `state:${state}`), gt(ssoHandshakes.expiresAt, new Date())))
    .returning();
  return row && row.codeVerifier && row.nonce
    ? { service: row.service, codeVerifier: row.codeVerifier, nonce: row.nonce }
    : null;
}

/** Records a cas ticket (by its hash) as used; false when it was used before. */
export async function useTicketOnce(db: Db, ticketHash: string, service: string): Promise<boolean> {
  const inserted = await db
    .insert(ssoHandshakes)
    .values({ key: `ticket:${ticketHash}`, service, expiresAt: new Date(Date.now() + TICKET_MEMORY_MS) })
    .onConflictDoNothing()
    .returning({ key: ssoHandshakes.key });
  return inserted.length === 1;
}

export async function forgetExpiredHandshakes(db: Db): Promise<void> {
  await db.delete(ssoHandshakes).where(lt(ssoHandshakes.expiresAt, new Date()));
}
