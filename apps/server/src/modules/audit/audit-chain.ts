import { createHash } from 'node:crypto';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { queryRows, type Executor, type Tx } from '../../db/client.js';
import { auditChainHeads, auditLog, auditLogArchive } from '../../db/schema.js';
import { sm3Hex } from '../../security/gm.js';

/** What an audited call says about itself: the record before its link and time are added. */
export type AuditEntry = Pick<
  typeof auditLog.$inferInsert,
  'tenantId' | 'userId' | 'account' | 'action' | 'target' | 'clientIp' | 'result' | 'requestId'
>;

/** SHA-256, or SM3 under GM_MODE; a link names its algorithm, so a chain may hold both. */
type LinkAlgorithm = 'sha256' | 'sm3';

/** Records of no tenant (a sign-in with an unknown tenant) form a chain of their own. */
const chainOf = (tenantId: string | null | undefined) => tenantId ?? '';

/**
 * A record's link: the hash of the link before it ('' for the first) and of every field the record says. A
 * changed, removed or inserted record no longer links to its neighbours.
 */
function linkOf(algorithm: LinkAlgorithm, previous: string, entry: AuditEntry, createdAt: Date) {
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
  const hex = algorithm === 'sm3' ? sm3Hex(text) : createHash('sha256').update(text, 'utf8').digest('hex');
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

/**
 * Appends a record to its tenant's chain in transaction tx. The chain's head stays locked until tx ends, so
 * a tenant's records are linked one after another, in the order of their ids.
 */
export async function appendAudit(tx: Tx, entry: AuditEntry, gm: boolean) {
  const chain = chainOf(entry.tenantId);
  const [head] = await tx
    .insert(auditChainHeads)
    .values({ chain, hash: '' })
    .onConflictDoUpdate({ target: auditChainHeads.chain, set: { chain } })
    .returning({ hash: auditChainHeads.hash });
  const createdAt = new Date();
  const hash = linkOf(gm ? 'sm3' : 'sha256', head!.hash, entry, createdAt);
  await tx.execute(sql`
    with appended as (insert into ${auditLog} ${sql.raw(
      `(tenant_id, user_id, account, action, target, client_ip, result, request_id, created_at, hash)`,
    )} values (${entry.tenantId ?? null}, ${entry.userId ?? null}, ${entry.account ?? null}, ${entry.action},
      ${entry.target ?? null}, ${entry.clientIp ?? null}, ${entry.result}, ${entry.requestId ?? null},
      ${createdAt.toISOString()}::timestamptz, ${hash}))
    update ${auditChainHeads} set hash = ${hash} where ${auditChainHeads.chain} = ${chain}`);
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

/**
 * Checks a tenant's audit chain over the archive and the trail, oldest first: each record must link to the one
 * before it, and the last to the chain's head. Records older than the chain (no link) are skipped until the
 * first linked one. Answers how many records were checked and the id of the first that does not link (a
 * removed newest record: the id of the last one left).
 */
export async function verifyChain(db: Executor, tenantId: string) {
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
      lastId = String(row.id);
      if (row.hash === null && previous === '') continue;
      checked += 1;
      const link = linkOf(row.hash?.startsWith('sm3:') ? 'sm3' : 'sha256', previous, row, row.createdAt);
      if (row.hash !== link) return { checked, intact: false, brokenId: lastId, newestRemoved: false };
      previous = link;
    }
    if (rows.length < VERIFY_BATCH) break;
    after = rows.at(-1)!.id;
  }
  const [head] = await db
    .select({ hash: auditChainHeads.hash })
    .from(auditChainHeads)
    .where(eq(auditChainHeads.chain, chainOf(tenantId)));
  const intact = (head?.hash ?? '') === previous;
  return { checked, intact, brokenId: intact ? null : lastId, newestRemoved: !intact };
}
