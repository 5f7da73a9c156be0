import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { queryRows } from './client.js';
import { users } from './schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('prepared statements (PostgreSQL)', () => {
  it.skipIf(inject('engine') !== 'postgres')(
    'prepares a parameterised statement used again once per connection and reuses it',
    async () => {
      const prepared = await t.database.db.transaction(async (tx) => {
        for (const account of ['zhuting', 'heyu', 'zhangwei']) {
          await tx.select({ id: users.id }).from(users).where(eq(users.account, account));
        }
        return queryRows<{ name: string; calls: number }>(
          tx,
          sql`select name, generic_plans + custom_plans as calls from pg_prepared_statements
            where statement like '%"uc_user"."account" = $1%'`,
        );
      });
      expect(prepared).toHaveLength(1);
      expect(prepared[0]!.name).toMatch(/^eip_\d+$/);
      expect(Number(prepared[0]!.calls)).toBeGreaterThanOrEqual(2);
    },
  );

  // A value the driver cannot encode fails its call only: on the statement's first named use (the
  // driver has sent its Parse) or later (already prepared), the text's later uses work.
  it.skipIf(inject('engine') !== 'postgres').each([
    { failingUse: 'the first named use', goodUsesBefore: 1 },
    { failingUse: 'a use after it is prepared', goodUsesBefore: 2 },
  ])('a value the driver cannot encode on $failingUse fails that call only', async ({ goodUsesBefore }) => {
    const circular: Record<string, unknown> = { a: 'x' };
    circular.self = circular;
    const answers = await t.database.db.transaction(async (tx) => {
      const read = (value: unknown) =>
        queryRows<{ a: string }>(
          tx,
          sql`select (${value}::jsonb) ->> 'a' as a, ${sql.raw(String(goodUsesBefore))} as case_of_test`,
        );
      const seen: { a: string }[][] = [];
      for (let use = 1; use <= goodUsesBefore; use++) seen.push(await read({ a: String(use) }));
      await expect(read(circular)).rejects.toThrow(/Failed query/);
      // the server's answers to the failed call (its Parse, the driver's Close) arrive meanwhile
      await queryRows(tx, sql`select pg_sleep(0.01)`);
      for (const a of ['x1', 'x2', 'x3']) seen.push(await read({ a }));
      return seen.map((rows) => rows[0]!.a);
    });
    expect(answers.slice(goodUsesBefore)).toEqual(['x1', 'x2', 'x3']);
  });

  it.skipIf(inject('engine') !== 'postgres')(
    'BEGIN travels with the first statement of a transaction: every statement runs in it, a failure rolls all back',
    async () => {
      const db = t.database.db;
      // a parameterised first statement: unnamed, then named (Parse right after BEGIN), then prepared
      for (let run = 1; run <= 3; run++) {
        const ids = await db.transaction(async (tx) => {
          const [first] = await queryRows<{ id: string }>(
            tx,
            sql`select txid_current()::text as id where ${run}::int > 0`,
          );
          const [second] = await queryRows<{ id: string }>(tx, sql`select txid_current()::text as id`);
          return [first!.id, second!.id];
        });
        expect(ids[0]).toBe(ids[1]);
      }

      // a nested transaction (a savepoint first) rolls back alone
      await db.transaction(async (tx) => {
        await expect(
          tx.transaction(async (inner) => {
            await inner.update(users).set({ fullname: '内层改名' }).where(eq(users.account, 'heyu'));
            throw new Error('inner fails');
          }),
        ).rejects.toThrow('inner fails');
        await tx.update(users).set({ email: 'heyu-outer@example.com' }).where(eq(users.account, 'heyu'));
      });
      const [heyu] = await db
        .select({ fullname: users.fullname, email: users.email })
        .from(users)
        .where(eq(users.account, 'heyu'));
      expect(heyu).toMatchObject({ email: 'heyu-outer@example.com' });
      expect(heyu!.fullname).not.toBe('内层改名');

      // a callback that throws before any statement
      await expect(
        db.transaction(() => {
          throw new Error('before any statement');
        }),
      ).rejects.toThrow('before any statement');

      await expect(
        db.transaction(async (tx) => {
          await tx.update(users).set({ fullname: '改名' }).where(eq(users.account, 'zhuting'));
          await tx.execute(sql`select 1/0`);
        }),
      ).rejects.toThrow(/Failed query/);
      const [kept] = await db
        .select({ fullname: users.fullname })
        .from(users)
        .where(eq(users.account, 'zhuting'));
      expect(kept!.fullname).not.toBe('改名');

      // a transaction without statements, and one whose first statement fails, leave every connection usable
      await db.transaction(async () => undefined);
      await expect(db.transaction((tx) => tx.execute(sql`select * from no_such_table`))).rejects.toThrow();
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          db.transaction((tx) => queryRows<{ n: number }>(tx, sql`select ${i}::int as n`)),
        ),
      );
      expect(answers.map(([row]) => row!.n)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    },
  );
});
