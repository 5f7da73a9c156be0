import { createHmac } from 'node:crypto';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { queryRows, type Executor, type Tx } from '../../db/client.js';
import { auditChainHeads, auditLog, auditLogArchive } from '../../db/schema.js';

/** What an audited call says about itself: the record before its link and time are added. */
export type AuditEntry = Pick<
  typeof auditLog.$inferInsert,
  'tenantId' | 'userId' | 'account' | 'action' | 'target' | 'clientIp' | 'result' | 'requestId'
>;

/** HMAC-SHA256, or HMAC-SM3 under GM_MODE; a link names its algorithm, so a chain may hold both. */
type LinkAlgorithm = 'hmac-sha256' | 'hmac-sm3';

/** Records of no tenant (a sign-in with an unknown tenant) form a chain of their own. */
const chainOf = (tenantId: string | null | undefined) => tenantId ?? '';

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
function linkOf(key: Buffer, algorithm: LinkAlgorithm, previous: string, entry: AuditEntry, createdAt: Date) {
  const text = JSON.stringify([
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
  return `${algorithm}:${hex}`;
}

/** Whether transaction tx has written anything yet (PostgreSQL gives a transaction an id on its first write). */
export async function hasWritten(tx: Tx): Promise<boolean> {
  const [row] = await queryRows<{ wrote: boolean }>(
    tx,
    sql`select pg_current_xact_id_if_assigned() is not null as wrote`,
  );
  return row?.wrote === true;
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
   * Appends a record to its tenant's chain in transaction tx. The chain's head stays locked until tx ends, so a
   * tenant's records are linked one after another, in the order of their ids.
   */
  append(tx: Tx, entry: AuditEntry): Promise<void>;
  /**
   * Checks a tenant's chain over the archive and the trail, oldest first: each record must link to the one
   * before it, and the head read before the walk must be among the links (records appended during the walk
   * follow it). Records older than the chain (no link) are skipped until the first linked one. Answers how many
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
  const headOf = async (db: Executor, chain: string) =>
    (
      await db
        .select({ hash: auditChainHeads.hash })
        .from(auditChainHeads)
        .where(eq(auditChainHeads.chain, chain))
    )[0]?.hash ?? '';

  return {
    async append(tx, given) {
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
      const chain = chainOf(entry.tenantId);
      const [head] = await tx
        .insert(auditChainHeads)
        .values({ chain, hash: '' })
        .onConflictDoUpdate({ target: auditChainHeads.chain, set: { chain } })
        .returning({ hash: auditChainHeads.hash });
      const createdAt = new Date();
      const hash = linkOf(key, gm ? 'hmac-sm3' : 'hmac-sha256', head!.hash, entry, createdAt);
      await tx.execute(sql`
        with appended as (insert into ${auditLog} ${sql.raw(
          `(tenant_id, user_id, account, action, target, client_ip, result, request_id, created_at, hash)`,
        )} values (${entry.tenantId ?? null}, ${entry.userId ?? null}, ${entry.account ?? null}, ${entry.action},
          ${entry.target ?? null}, ${entry.clientIp ?? null}, ${entry.result}, ${entry.requestId ?? null},
          ${createdAt.toISOString()}::timestamptz, ${hash}))
        update ${auditChainHeads} set hash = ${hash} where ${auditChainHeads.chain} = ${chain}`);
    },

    async verify(db, tenantId) {
      const head = await headOf(db, chainOf(tenantId));
      let headSeen = head === '';
      let previous = '';
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
          if (row.hash === null && previous === '') continue;
          lastId = String(row.id);
          checked += 1;
          const algorithm = row.hash?.startsWith('hmac-sm3:') ? 'hmac-sm3' : 'hmac-sha256';
          const link = linkOf(key, algorithm, previous, row, row.createdAt);
          if (row.hash !== link) return { checked, intact: false, brokenId: lastId, newestRemoved: false };
          previous = link;
          headSeen ||= link === head;
        }
        if (rows.length < VERIFY_BATCH) break;
        after = rows.at(-1)!.id;
      }
      return { checked, intact: headSeen, brokenId: headSeen ? null : lastId, newestRemoved: !headSeen };
    },
  };
}
