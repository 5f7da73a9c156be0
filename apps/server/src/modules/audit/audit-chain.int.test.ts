import { createHash } from 'node:crypto';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { flowSteps } from '../../../test/flow.js';
import { auditLog } from '../../db/schema.js';
import { loadMasterSecret } from '../../security/secret.js';

/**
 * Issue 14: an audited command commits together with its audit record, and the records of a tenant form a
 * chain of hashes (SHA-256, SM3 under GM_MODE) that shows a record changed, removed or inserted afterwards.
 */
let t: TestApp;
let f: ReturnType<typeof flowSteps>;

beforeAll(async () => {
  t = await createTestApp();
  f = flowSteps(t);
});
afterAll(() => t.close());

/** Runs statements with the trail's append-only triggers off: what someone with the database's keys could do. */
async function tamper(statement: ReturnType<typeof sql>) {
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_log disable trigger user`);
    await tx.execute(statement);
    await tx.execute(sql`alter table audit_log enable trigger user`);
  });
}

const verify = async () => {
  const answer = await t.call('verifyAuditChain', { token: await f.as('admin') });
  expect(answer.body.code, answer.body.message).toBe(200);
  return answer.body.value;
};

describe('an audited command commits with its record, or not at all', () => {
  it('a record that cannot be written undoes the command; calls beside it are not touched', async () => {
    const instId = await f.start('guoming', 'leave_request', { days: 2, reason: '审计事务' });
    const taskId = await f.taskOf('linxue', instId);
    const completion = { taskId, actionName: 'agree' as const, data: await f.leaderSigned('linxue') };
    await t.database.db.execute(sql`
      create function test_refuse_completion() returns trigger language plpgsql as $$
      begin
        if new.action = 'flow.complete' then raise exception 'the test refuses this record'; end if;
        return new;
      end $$`);
    await t.database.db.execute(sql`
      create trigger test_refuse_completion before insert on audit_log
      for each row execute function test_refuse_completion()`);
    try {
      const [completed, saved] = await Promise.all([
        t.call('completeTask', { token: await f.as('linxue'), body: completion }),
        t.call('saveApprovalItem', { token: await f.as('zhuting'), body: { expression: '同时保存' } }),
      ]);
      expect(completed.status).toBe(500);
      expect(saved.status).toBe(200);
    } finally {
      await t.database.db.execute(sql`drop trigger test_refuse_completion on audit_log`);
      await t.database.db.execute(sql`drop function test_refuse_completion()`);
    }
    // the task was not completed: it still waits for linxue, and the request has no opinion of hers
    expect(await f.taskOf('linxue', instId)).toBe(taskId);
    const again = await t.call('completeTask', { token: await f.as('linxue'), body: completion });
    expect(again.body.code, again.body.message).toBe(200);
    const records = await t.database.db
      .select({ result: auditLog.result, target: auditLog.target })
      .from(auditLog)
      .where(eq(auditLog.action, 'flow.complete'));
    expect(records).toEqual([{ result: 'success', target: `taskId=${taskId} instId=${instId}` }]);
  });
});

describe('the audit chain', () => {
  it('is intact after ordinary calls, and only administrators may check it', async () => {
    // more records than strands: some strand holds two (the removal below needs one)
    const zhuting = await f.as('zhuting');
    for (let i = 0; i < 20; i++)
      await t.call('saveApprovalItem', { token: zhuting, body: { expression: `链${i}` } });
    await t.call('saveApprovalItem', { token: await f.as('zhuting'), body: { expression: '' } });
    const result = await verify();
    expect(result).toMatchObject({ intact: true, brokenId: null, newestRemoved: false });
    expect(result.checked).toBeGreaterThanOrEqual(3);
    const refused = await t.call('verifyAuditChain', { token: await f.as('zhuting') });
    expect(refused.status).toBe(403);
  });

  it('names a record changed afterwards, and is intact again once it is as it was', async () => {
    const rows = await t.database.db
      .select({ id: auditLog.id, target: auditLog.target })
      .from(auditLog)
      .orderBy(asc(auditLog.id));
    const middle = rows[Math.floor(rows.length / 2)]!;
    await tamper(sql`update audit_log set target = 'id=forged' where id = ${middle.id}`);
    expect(await verify()).toMatchObject({
      intact: false,
      brokenId: String(middle.id),
      newestRemoved: false,
    });
    await tamper(sql`update audit_log set target = ${middle.target} where id = ${middle.id}`);
    expect(await verify()).toMatchObject({ intact: true });
  });

  it('names the record after one removed, and the last one left when the newest are removed', async () => {
    const rows = await t.database.db.select().from(auditLog).orderBy(asc(auditLog.id));
    // a record whose strand goes on: the strand's next record no longer links
    const strandOf = (row: (typeof rows)[number]) => row.hash!.split(':')[1];
    const removed = rows.find((row, i) =>
      rows.slice(i + 1).some((later) => strandOf(later) === strandOf(row)),
    )!;
    const after = rows.find((row) => row.id > removed.id && strandOf(row) === strandOf(removed))!;
    await tamper(sql`delete from audit_log where id = ${removed.id}`);
    expect(await verify()).toMatchObject({ intact: false, brokenId: String(after.id) });
    const newest = rows.at(-1)!;
    await tamper(sql`
      insert into audit_log (id, tenant_id, user_id, account, action, target, client_ip, result, request_id, created_at, hash)
      select id, tenant_id, user_id, account, action, target, client_ip, result, request_id, created_at, hash
      from json_populate_record(null::audit_log, ${JSON.stringify(toColumns(removed))}::json)`);
    await tamper(sql`delete from audit_log where id = ${newest.id}`);
    expect(await verify()).toMatchObject({
      intact: false,
      brokenId: String(rows.at(-2)!.id),
      newestRemoved: true,
    });
    await tamper(sql`
      insert into audit_log select * from json_populate_record(null::audit_log, ${JSON.stringify(toColumns(newest))}::json)`);
    expect(await verify()).toMatchObject({ intact: true });
  });

  it('goes on across the archive', async () => {
    const [oldest] = await t.database.db.select().from(auditLog).orderBy(asc(auditLog.id)).limit(1);
    // the archiving job copies a record unchanged, then removes it from the trail
    await tamper(sql`
      with moved as (delete from audit_log where id <= ${oldest!.id + 3} returning *)
      insert into audit_log_archive (id, tenant_id, user_id, account, action, target, client_ip, result, request_id, created_at, hash)
      select id, tenant_id, user_id, account, action, target, client_ip, result, request_id, created_at, hash from moved`);
    const result = await verify();
    expect(result).toMatchObject({ intact: true });
  });
});

describe('the audit chain against forgery and odd text', () => {
  it('a record forged at the end with a link made without the key is named', async () => {
    const [last] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    const forged = { ...last!, id: last!.id + 1000, action: 'forged.action', createdAt: new Date() };
    // the newest record's strand, its link as the one before, and every field: all but the key
    const strand = Number(last!.hash!.split(':')[1]);
    const text = JSON.stringify([
      strand,
      last!.hash,
      forged.tenantId,
      forged.userId,
      forged.account,
      forged.action,
      forged.target,
      forged.clientIp,
      forged.result,
      forged.requestId,
      forged.createdAt.toISOString(),
    ]);
    const hash = `hmac-sha256:${strand}:${createHash('sha256').update(text).digest('hex')}`;
    const head = `${forged.tenantId}#${strand}`;
    await tamper(sql`
      insert into audit_log select * from json_populate_record(null::audit_log, ${JSON.stringify(toColumns({ ...forged, hash }))}::json)`);
    await tamper(sql`update audit_chain_head set hash = ${hash} where chain = ${head}`);
    expect(await verify()).toMatchObject({ intact: false, brokenId: String(forged.id) });
    await tamper(sql`delete from audit_log where id = ${forged.id}`);
    await tamper(sql`update audit_chain_head set hash = ${last!.hash} where chain = ${head}`);
    expect(await verify()).toMatchObject({ intact: true });
  });

  it('a name with half an emoji (a lone surrogate) is linked as it is stored', async () => {
    const failed = await t.call('login', {
      body: { username: '\ud83d张', password: await t.encrypt('nope-nope1!') },
    });
    expect(failed.status).toBe(400);
    expect(await verify()).toMatchObject({ intact: true });
  });
});

describe('under GM_MODE', () => {
  it('links records with SM3, after the SHA-256 links made before, and the chain checks across both', async () => {
    // a second process of the deployment: the same database and SECRET_KEY, from which the chain's key comes
    const secretKey = loadMasterSecret(t.config.secretKey, t.config.dataDir).toString('utf8');
    const gm = await createTestApp({ GM_MODE: 'true', SECRET_KEY: secretKey }, { sameDatabaseAs: t });
    try {
      const gf = flowSteps(gm);
      const saved = await gm.call('saveApprovalItem', {
        token: await gf.as('zhuting'),
        body: { expression: '国密' },
      });
      expect(saved.body.code, saved.body.message).toBe(200);
      const [newest] = await t.database.db
        .select()
        .from(auditLog)
        .orderBy(sql`id desc`)
        .limit(1);
      expect(newest!.hash).toMatch(/^hmac-sm3:\d+:[0-9a-f]{64}$/);
      const answer = await gm.call('verifyAuditChain', { token: await gf.as('admin') });
      expect(answer.body.value).toMatchObject({ intact: true });
    } finally {
      await gm.close();
    }
  });
});

/** A record as the table's columns name its fields. */
function toColumns(row: typeof auditLog.$inferSelect) {
  return {
    id: row.id,
    tenant_id: row.tenantId,
    user_id: row.userId,
    account: row.account,
    action: row.action,
    target: row.target,
    client_ip: row.clientIp,
    result: row.result,
    request_id: row.requestId,
    created_at: row.createdAt.toISOString(),
    hash: row.hash,
  };
}
