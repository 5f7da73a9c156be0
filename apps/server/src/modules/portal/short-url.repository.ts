import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.js';
import { shortUrls, tenants } from '../../db/schema.js';

export interface NewShortUrl {
  tenantId: string;
  code: string;
  longUrl: string;
  guest: boolean;
  createdBy: string;
  /** null: the link lives until removed */
  expiresAt: Date | null;
}

const live = (now: Date) => or(isNull(shortUrls.expiresAt), gt(shortUrls.expiresAt, now));

/**
 * Serialises the calls that make a link for one long address of a tenant until the transaction ends, so
 * that two of them at once still answer one code.
 */
export async function lockLongUrl(tx: Tx, tenantId: string, longUrl: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`short-url:${tenantId}:${longUrl}`}, 0))`,
  );
}

/**
 * The code of the tenant's live link for a long address and guest choice, the oldest when several. A link for
 * guests is its maker's own (its guest reads as the maker), so only `maker`'s is reused.
 */
export async function findLiveCode(
  db: Executor,
  tenantId: string,
  longUrl: string,
  guest: boolean,
  maker: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .select({ code: shortUrls.code })
    .from(shortUrls)
    .where(
      and(
        eq(shortUrls.tenantId, tenantId),
        eq(shortUrls.longUrl, longUrl),
        eq(shortUrls.guest, guest),
        guest ? eq(shortUrls.createdBy, maker) : undefined,
        live(now),
      ),
    )
    .orderBy(asc(shortUrls.createdAt), asc(shortUrls.code))
    .limit(1);
  return row?.code;
}

/** Stores a link; false when its code is already taken (by any tenant). */
export async function insertShortUrl(db: Executor, link: NewShortUrl): Promise<boolean> {
  const inserted = await db
    .insert(shortUrls)
    .values(link)
    .onConflictDoNothing({ target: shortUrls.code })
    .returning({ code: shortUrls.code });
  return inserted.length > 0;
}

/** A live link by its code, when its tenant is still enabled. */
export async function findLiveLink(db: Executor, code: string, now: Date) {
  const [row] = await db
    .select({
      tenantId: shortUrls.tenantId,
      longUrl: shortUrls.longUrl,
      guest: shortUrls.guest,
      createdBy: shortUrls.createdBy,
    })
    .from(shortUrls)
    .innerJoin(tenants, eq(tenants.id, shortUrls.tenantId))
    .where(and(eq(shortUrls.code, code), eq(tenants.enabled, true), live(now)));
  return row;
}
