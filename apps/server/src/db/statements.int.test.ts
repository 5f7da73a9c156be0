import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { allColumns, rowStatement, statement, value } from './statements.js';
import { flowInstances, flowTasks, flowTokens } from './schema.js';
import * as repo from '../modules/bpm/runtime.repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TENANT = '-1';

async function anInstance() {
  const [instance] = await t.database.db
    .select()
    .from(flowInstances)
    .where(eq(flowInstances.tenantId, TENANT))
    .limit(1);
  return instance!;
}

const tasksOfInstance = rowStatement<typeof flowTasks, { tenantId: string; instanceId: string }>(
  flowTasks,
  () => sql`select ${allColumns(flowTasks)} from ${flowTasks}
    where ${flowTasks.tenantId} = ${value('tenantId')} and ${flowTasks.instanceId} = ${value('instanceId')}`,
);

describe('fixed statements (db/statements.ts)', () => {
  it('answer every row exactly as the query builder does: timestamps as Date, jsonb parsed, nulls kept', async () => {
    const db = t.database.db;
    const [sample] = await db.select().from(flowTasks).where(eq(flowTasks.tenantId, TENANT)).limit(1);
    expect(sample).toBeDefined();
    const built = await db
      .select()
      .from(flowTasks)
      .where(and(eq(flowTasks.tenantId, TENANT), eq(flowTasks.instanceId, sample!.instanceId)));
    // twice: the second call runs the text built by the first
    for (let run = 0; run < 2; run++) {
      const answered = await tasksOfInstance(db, { tenantId: TENANT, instanceId: sample!.instanceId });
      expect(answered).toEqual(built);
      expect(answered[0]!.createdAt).toBeInstanceOf(Date);
    }
  });

  it('bind each call its own values, and refuse a call that lacks one', async () => {
    const read = statement<{ a: string; b: number }, { a: string; b: number }>(
      () => sql`select ${value('a')}::text as a, ${value('b')}::int as b`,
    );
    expect(await read(t.database.db, { a: '甲', b: 1 })).toEqual([{ a: '甲', b: 1 }]);
    expect(await read(t.database.db, { a: "it's", b: 2 })).toEqual([{ a: "it's", b: 2 }]);
    await expect(read(t.database.db, { a: 'x' } as never)).rejects.toThrow(/No value for placeholder "b"/);
  });

  it('writes an instance patch as the builder would, and reads it back the same way', async () => {
    const db = t.database.db;
    const instance = await anInstance();
    const endAt = new Date('2026-11-23T08:30:00.123Z');
    const data = { days: 2, reason: '家中有事 "quoted"', nested: { list: [1, null, '二'] } };
    await repo.updateInstance(db, TENANT, instance.id, {
      status: 'end',
      endAt,
      suspended: true,
      data,
      subject: undefined,
    });
    const [built] = await db.select().from(flowInstances).where(eq(flowInstances.id, instance.id));
    expect(built).toMatchObject({ status: 'end', endAt, suspended: true, data, subject: instance.subject });
    expect(built!.updatedAt.getTime()).toBeGreaterThan(instance.updatedAt.getTime());
    expect(await repo.findInstance(db, TENANT, instance.id)).toEqual(built);
    await repo.updateInstance(db, TENANT, instance.id, { endAt: null });
    expect((await repo.findInstance(db, TENANT, instance.id))!.endAt).toBeNull();
  });

  it('answers nothing for another tenant', async () => {
    const instance = await anInstance();
    expect(await repo.findInstance(t.database.db, 'another-tenant', instance.id)).toBeUndefined();
  });

  it('ends an instance only when no token is left', async () => {
    const db = t.database.db;
    const instance = await anInstance();
    const endAt = new Date('2026-11-23T09:00:00.000Z');
    await db.insert(flowTokens).values({
      tenantId: TENANT,
      id: 'statements-test-token',
      instanceId: instance.id,
      nodeId: 'Somewhere',
      state: 'active',
    });
    expect(await repo.endInstanceWithoutTokens(db, TENANT, instance.id, { status: 'end', endAt })).toBe(
      false,
    );
    expect((await repo.findInstance(db, TENANT, instance.id))!.endAt).not.toEqual(endAt);
    await db.delete(flowTokens).where(eq(flowTokens.instanceId, instance.id));
    expect(
      await repo.endInstanceWithoutTokens(db, 'another-tenant', instance.id, { status: 'end', endAt }),
    ).toBe(false);
    expect(await repo.endInstanceWithoutTokens(db, TENANT, instance.id, { status: 'end', endAt })).toBe(true);
    expect(await repo.findInstance(db, TENANT, instance.id)).toMatchObject({
      status: 'end',
      endAt,
      updatedAt: endAt,
      suspended: false,
    });
  });
});
