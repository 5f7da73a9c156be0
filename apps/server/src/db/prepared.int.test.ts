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

  it.skipIf(inject('engine') !== 'postgres')(
    'a value the driver cannot encode fails its call only: the statement is prepared again next time',
    async () => {
      const circular: Record<string, unknown> = { a: 'x' };
      circular.self = circular;
      const answers = await t.database.db.transaction(async (tx) => {
        const read = (value: unknown) =>
          queryRows<{ a: string }>(tx, sql`select (${value}::jsonb) ->> 'a' as a`);
        const seen = [await read({ a: '1' }), await read({ a: '2' })];
        await expect(read(circular)).rejects.toThrow(/Failed query/);
        seen.push(await read({ a: '3' }));
        return seen.map((rows) => rows[0]!.a);
      });
      expect(answers).toEqual(['1', '2', '3']);
    },
  );
});
