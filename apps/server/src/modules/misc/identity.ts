import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { identities } from '../../db/schema.js';

export type IdentityRow = typeof identities.$inferSelect;
export const GEN_TYPES = ['none', 'day', 'month', 'year'] as const;

const two = (n: number) => String(n).padStart(2, '0');

/** The periods of a moment (server time zone): the counter restarts when the row's period changes. */
export function periodsOf(now: Date) {
  const year = String(now.getFullYear());
  const month = year + two(now.getMonth() + 1);
  return { none: '', year, month, day: month + two(now.getDate()) };
}

/**
 * Takes the next number of a serial number in one UPDATE: the counter goes on by `step` within its
 * period and restarts at `initValue` in a new one. Concurrent callers wait for the row lock and each
 * gets the number after the one before, so numbers are unique and without gaps.
 */
export async function takeNextNumber(db: Executor, tenantId: string, alias: string, now: Date) {
  const periods = periodsOf(now);
  const period = sql`case ${identities.genType} when 'day' then ${periods.day} when 'month' then ${periods.month}
    when 'year' then ${periods.year} else '' end`;
  const [row] = await db
    .update(identities)
    .set({
      curValue: sql`case when ${identities.curValue} is not null and ${identities.curPeriod} = ${period}
        then ${identities.curValue} + ${identities.step} else ${identities.initValue} end`,
      curPeriod: period,
    })
    .where(and(eq(identities.tenantId, tenantId), eq(identities.alias, alias)))
    .returning();
  return row;
}

/** The number as its regulation writes it: {yyyy} {yy} {MM} {dd} and {NO} (zero-padded to noLength). */
export function formatSerial(row: Pick<IdentityRow, 'regulation' | 'noLength'>, value: number, now: Date) {
  const { year, month, day } = periodsOf(now);
  const fields: Record<string, string> = {
    yyyy: year,
    yy: year.slice(2),
    MM: month.slice(4),
    dd: day.slice(6),
    NO: String(value).padStart(row.noLength, '0'),
  };
  return row.regulation.replace(/\{(\w+)\}/g, (whole, name: string) => fields[name] ?? whole);
}
