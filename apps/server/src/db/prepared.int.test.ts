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
    'prepares a parameterised statement once per connection and reuses it',
    async () => {
      const prepared = await t.database.db.transaction(async (tx) => {
        for (const account of ['zhuting', 'heyu']) {
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
});
