import { createHmac, randomInt } from 'node:crypto';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { queryRows, type Executor, type Tx } from '../../db/client.js';
import { auditChainHeads, auditLog, auditLogArchive } from '../../db/schema.js';

/** What an audited call says about itself: the record before its link and time are added. */
export type AuditEntry = Pick<
  typeof auditLog.$inferInsert,
  'tenantId' | 'userId' | 'account' | 'action' | 'target' | 'clientIp' | 'result' | 'requestId'
>;

/** HMAC-SHA256, or HMAC-SM3 under GM_MODE; a link names its algorithm, so a chain may hold both. */
type LinkAlgorithm = 'hmac-sha256' | 'hmac-sm3';

/**
 * A tenant's records form this many chains, each record joining one at random: appending locks its chain's
 * head until the command commits, and with one chain a tenant's audited commands would commit one at a time.
 */
const STRANDS = 16;

/** The head of a tenant's strand; records of no tenant (a sign-in with an unknown tenant) have strands of their own. */
const chainOf = (tenantId: string | null | undefined, strand: number) => `${tenantId ?? ''}#${strand}`;

/** The strand a link names (`algorithm:strand:hex`). */
const strandOf = (link: string | null) => Number(link?.split(':')[1]);

/**
 * A text as the database stores it: the drivers write a lone UTF-16 surrogate (e.g. half of an emoji cut off)
 * as U+FFFD, and no text column holds NUL. A record's link is made of what is stored, so it checks again later.
 */
const asStored = <T extends string | null | undefined>(text: T): T =>
  (typeof text === 'string'
    ? Buffer.from(text.replaceAll('\u0000', ''), 'utf8').toString('utf8')
    : text) as T;

/**
 * A record's link: the keyed hash of the link before it ('' for the first) and of every field the record
 * says. A changed, removed or inserted record no longer links to its neighbours, and without the key (derived
 * from SECRET_KEY, never in the database) no one can make a link that checks.
 */
function linkOf(
  key: Buffer,
  algorithm: LinkAlgorithm,
  strand: number,
  previous: string,
  entry: AuditEntry,
  createdAt: Date,
) {
  const text = JSON.stringify([
    strand,
    previous,
    entry.tenantId ?? null,
    entry.userId ?? null,
    entry.account ?? null,
    entry.action,
    entry.target ?? null,
    entry.clientIp ?? null,
    entry.result,
    entry.requestId ?? null,
    createdAt.toISOString(),
  ]);
  const hex = createHmac(algorithm === 'hmac-sm3' ? 'sm3' : 'sha256', key)
    .update(text, 'utf8')
    .digest('hex');
  return `${algorithm}:${strand}:${hex}`;
}

/** What a check of a tenant's chain found. */
export interface ChainCheck {
  checked: number;
  intact: boolean;
  brokenId: string | null;
  newestRemoved: boolean;
}

/** The audit chain: records appended with a link, and a tenant's links checked. */
export interface AuditChain {
  /**
   * Appends a record to a strand of its tenant's chain in transaction tx. The strand's head stays locked until
   * tx ends, so a strand's records are linked one after another, in the order of their ids. `ifWritten`: only
   * if tx has written something already (PostgreSQL gives a transaction an id on its first write). Answers
   * whether it appended.
   */
  append(tx: Tx, entry: AuditEntry, ifWritten?: 'ifWritten'): Promise<boolean>;
  /**
   * Checks a tenant's chain over the archive and the trail, oldest first: each record must link to the one
   * before it in its strand, and each strand's head read before the walk must be among the links (records
   * appended during the walk follow it). Records older than the chain (no link) are skipped until the first linked one. Answers how many
   * records were checked and the first that does not link (a removed newest record: the last one left).
   */
  verify(db: Executor, tenantId: string): Promise<ChainCheck>;
}

/** Records read at a time when a chain is checked. */
const VERIFY_BATCH = 5_000;

const chainFields = (trail: typeof auditLog | typeof auditLogArchive) => ({
  id: trail.id,
  tenantId: trail.tenantId,
  userId: trail.userId,
  account: trail.account,
  action: trail.action,
  target: trail.target,
  clientIp: trail.clientIp,
  result: trail.result,
  requestId: trail.requestId,
  createdAt: trail.createdAt,
  hash: trail.hash,
});

/** `key`: the chain's key (a purpose key of SECRET_KEY); `gm`: new links are HMAC-SM3. */
export function auditChain(key: Buffer, gm: boolean): AuditChain {
  return {
    async append(tx, given, ifWritten) {
      const entry: AuditEntry = {
        tenantId: asStored(given.tenantId),
        userId: asStored(given.userId),
        account: asStored(given.account),
        action: asStored(given.action),
        target: asStored(given.target),
        clientIp: asStored(given.clientIp),
        result: asStored(given.result),
        requestId: asStored(given.requestId),
      };
      const strand = randomInt(STRANDS);
      const chain = chainOf(entry.tenantId, strand);
      // the condition is evaluated before the row is written, and only this statement could have given tx its id
      const [head] = await queryRows<{ hash: string }>(
        tx,
        sql`insert into ${auditChainHeads} (chain, hash)
            select ${chain}, '' where ${ifWritten ? sql`pg_current_xact_id_if_assigned() is not null` : sql`true`}
            on conflict (chain) do update set chain = excluded.chain
            returning hash`,
      );
      if (!head) return false;
      const createdAt = new Date();
      const hash = linkOf(key, gm ? 'hmac-sm3' : 'hmac-sha256', strand, head.hash, entry, createdAt);
      await tx.execute(sql`
        with appended as (insert into ${auditLog} ${sql.raw(
          `(tenant_id, user_id, account, action, target, client_ip, result, request_id, created_at, hash)`,
        )} values (${entry.tenantId ?? null}, ${entry.userId ?? null}, ${entry.account ?? null}, ${entry.action},
          ${entry.target ?? null}, ${entry.clientIp ?? null}, ${entry.result}, ${entry.requestId ?? null},
          ${createdAt.toISOString()}::timestamptz, ${hash}))
        update ${auditChainHeads} set hash = ${hash} where ${auditChainHeads.chain} = ${chain}`);
      return true;
    },

    async verify(db, tenantId) {
      const strands = Array.from({ length: STRANDS }, (_, strand) => chainOf(tenantId, strand));
      const heads = await db
        .select({ chain: auditChainHeads.chain, hash: auditChainHeads.hash })
        .from(auditChainHeads)
        .where(inArray(auditChainHeads.chain, strands));
      /** the heads read before the walk, not yet met among the links */
      const unseen = new Set(heads.map((head) => head.hash).filter(Boolean));
      /** each strand's newest link so far */
      const previous = new Map<number, string>();
      let after = 0;
      let checked = 0;
      let lastId: string | null = null;
      for (;;) {
        const rows = await db
          .select(chainFields(auditLogArchive))
          .from(auditLogArchive)
          .where(and(eq(auditLogArchive.tenantId, tenantId), gt(auditLogArchive.id, after)))
          .unionAll(
            db
              .select(chainFields(auditLog))
              .from(auditLog)
              .where(and(eq(auditLog.tenantId, tenantId), gt(auditLog.id, after))),
          )
          .orderBy(asc(sql`id`))
          .limit(VERIFY_BATCH);
        for (const row of rows) {
          if (row.hash === null && checked === 0) continue;
          lastId = String(row.id);
          checked += 1;
          const strand = strandOf(row.hash);
          const algorithm = row.hash?.startsWith('hmac-sm3:') ? 'hmac-sm3' : 'hmac-sha256';
          const link =
            Number.isInteger(strand) && strand >= 0 && strand < STRANDS
              ? linkOf(key, algorithm, strand, previous.get(strand) ?? '', row, row.createdAt)
              : null;
          if (link === null || row.hash !== link)
            return { checked, intact: false, brokenId: lastId, newestRemoved: false };
          previous.set(strand, link);
          unseen.delete(link);
        }
        if (rows.length < VERIFY_BATCH) break;
        after = rows.at(-1)!.id;
      }
      const intact = unseen.size === 0;
      return { checked, intact, brokenId: intact ? null : lastId, newestRemoved: !intact };
    },
  };
}
