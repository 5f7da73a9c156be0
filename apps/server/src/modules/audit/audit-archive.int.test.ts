import { routeUrl } from '@eip/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { auditLog, auditLogArchive } from '../../db/schema.js';
import { archiveAuditLog } from './audit-archive.js';

/** Retention of the audit trail (issue 14, 等保 2.0): at least 180 days in audit_log, then archived as they were. */
let t: TestApp;
const DAY_MS = 24 * 60 * 60_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Writes audit records of an action at the given ages (days); answers their ids, oldest first. */
async function recorded(action: string, ages: number[]) {
  const rows = await t.database.db
    .insert(auditLog)
    .values(
      ages.map((age) => ({
        tenantId: 'platform',
        account: 'zhuting',
        action,
        target: `t-${age}`,
        result: 'success',
        createdAt: daysAgo(age),
      })),
    )
    .returning({ id: auditLog.id });
  return rows.map((row) => row.id);
}

describe('audit archive', () => {
  it('moves the records past the retention to audit_log_archive unchanged, keeps the younger ones, and moves nothing twice', async () => {
    const db = t.database.db;
    const [justPast, old, older, young] = await recorded('test.archive', [180.05, 200, 400, 179]);
    const before = await db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.id, [justPast!, old!, older!]))
      .orderBy(asc(auditLog.id));

    expect(await archiveAuditLog(db, 180)).toBeGreaterThanOrEqual(2);
    const left = await db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(eq(auditLog.action, 'test.archive'));
    expect(left.map((row) => row.id)).toEqual([young]);
    const archived = await db
      .select()
      .from(auditLogArchive)
      .where(eq(auditLogArchive.action, 'test.archive'))
      .orderBy(asc(auditLogArchive.id));
    // every field as it was, with the time it was archived
    expect(archived).toEqual(before.map((row) => ({ ...row, archivedAt: expect.any(Date) })));
    expect(await archiveAuditLog(db, 180)).toBe(0);
  });

  it('a longer retention keeps more: records of 200 days stay under a retention of 365', async () => {
    const [kept] = await recorded('test.retention', [200]);
    await archiveAuditLog(t.database.db, 365);
    expect(
      await t.database.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.id, kept!)),
    ).toHaveLength(1);
  });

  it('the audit page reads the archive: archived=true lists and exports the records moved there, to administrators only', async () => {
    const tenantId = (await t.call('getTenantByCode', { query: { code: 'platform' } })).body.value.id;
    const values = [300, 5].map((age) => ({
      tenantId,
      account: 'zhuting',
      action: 'test.page',
      target: `page-${age}`,
      result: 'success',
      createdAt: daysAgo(age),
    }));
    await t.database.db.insert(auditLog).values(values);
    await archiveAuditLog(t.database.db, 180);
    const admin = await t.login('admin');
    const body = { querys: [{ property: 'action', value: 'test.page', operation: 'EQUAL' }] };
    const targets = async (query: { archived?: 'true' | 'false' }) =>
      (await t.call('listAuditLog', { token: admin, query, body })).body.value.rows.map((r) => r.target);
    expect(await targets({ archived: 'true' })).toEqual(['page-300']);
    expect(await targets({})).toEqual(['page-5']);
    const exported = await t.app.inject({
      method: 'POST',
      url: routeUrl('exportAuditLog'),
      query: { archived: 'true' },
      headers: { authorization: `Bearer ${admin}` },
      payload: body,
    });
    expect(exported.body).toContain('page-300');
    expect(exported.body).not.toContain('page-5');
    const staff = await t.call('listAuditLog', {
      token: await t.login('zhuting'),
      query: { archived: 'true' },
      body,
    });
    expect(staff.status).toBe(403);
  });

  it('the database removes no record younger than 180 days, nor an old one without its exact copy, and edits no archived one', async () => {
    const db = t.database.db;
    const archiveCopyOf = async (id: number, change: Partial<typeof auditLog.$inferInsert> = {}) => {
      const [row] = await db.select().from(auditLog).where(eq(auditLog.id, id));
      await db.insert(auditLogArchive).values({ ...row!, ...change });
    };
    const [young, altered, uncopied] = await recorded('test.guard', [10, 300, 250]);
    await archiveCopyOf(young!);
    await expect(db.delete(auditLog).where(eq(auditLog.id, young!))).rejects.toThrow();
    await archiveCopyOf(altered!, { result: 'failure:forged' });
    await expect(db.delete(auditLog).where(eq(auditLog.id, altered!))).rejects.toThrow();
    await expect(db.delete(auditLog).where(eq(auditLog.id, uncopied!))).rejects.toThrow();
    expect(
      await db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(inArray(auditLog.id, [young!, altered!, uncopied!])),
    ).toHaveLength(3);

    // the records archived by the first test stay as they are
    await expect(db.update(auditLogArchive).set({ result: 'forged' })).rejects.toThrow();
    await expect(db.delete(auditLogArchive)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log_archive`)).rejects.toThrow();
    expect(await db.select().from(auditLogArchive).where(eq(auditLogArchive.result, 'forged'))).toEqual([]);
  });
});
