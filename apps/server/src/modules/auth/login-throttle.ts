import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginFailures } from '../../db/schema.js';

/**
 * Failed credential checks counted per account and per client address, in the database so every
 * server process sees the same counts. After `slowAfter` failures answers are delayed; after
 * `lockAfter` the key is locked for `lockMinutes`. An address gets four times the room of an account,
 * since many staff may share one address. Counts older than the lock time start again from zero.
 */
export interface ThrottleLimits {
  slowAfter: number;
  lockAfter: number;
  lockMinutes: number;
}

export interface ThrottleKeys {
  account: string;
  address: string;
}

export const throttleKeys = (tenantId: string, account: string, address: string): ThrottleKeys => ({
  account: `account:${tenantId}:${account.toLowerCase()}`,
  address: `ip:${address}`,
});

const ADDRESS_FACTOR = 4;
const SLOW_STEP_MS = 400;
const SLOW_MAX_MS = 3000;

export interface ThrottleState {
  /** whether the account has failures on record (a success then clears them) */
  accountHasFailures: boolean;
  /** minutes until the lock ends, when locked */
  lockedMinutes: number | null;
  /** the delay to add before answering */
  delayMs: number;
}

export async function readThrottle(
  db: Db,
  keys: ThrottleKeys,
  limits: ThrottleLimits,
): Promise<ThrottleState> {
  const rows = await db
    .select()
    .from(loginFailures)
    .where(inArray(loginFailures.key, [keys.account, keys.address]));
  const now = Date.now();
  const windowMs = limits.lockMinutes * 60_000;
  let lockedUntil = 0;
  let excess = 0;
  for (const row of rows) {
    if (row.lockedUntil && row.lockedUntil.getTime() > now)
      lockedUntil = Math.max(lockedUntil, row.lockedUntil.getTime());
    if (now - row.lastFailureAt.getTime() > windowMs) continue;
    const slowAfter = row.key === keys.address ? limits.slowAfter * ADDRESS_FACTOR : limits.slowAfter;
    excess = Math.max(excess, row.failures - slowAfter + 1);
  }
  return {
    accountHasFailures: rows.some((row) => row.key === keys.account),
    lockedMinutes: lockedUntil ? Math.ceil((lockedUntil - now) / 60_000) : null,
    delayMs: excess > 0 ? Math.min(SLOW_MAX_MS, excess * SLOW_STEP_MS) : 0,
  };
}

/** Counts one failure for both keys; answers whether the account (or address) is now locked. */
export async function recordFailure(db: Db, keys: ThrottleKeys, limits: ThrottleLimits): Promise<boolean> {
  const windowSeconds = limits.lockMinutes * 60;
  let locked = false;
  for (const [key, lockAfter] of [
    [keys.account, limits.lockAfter],
    [keys.address, limits.lockAfter * ADDRESS_FACTOR],
  ] as const) {
    const [row] = await db
      .insert(loginFailures)
      .values({ key, failures: 1, lastFailureAt: new Date() })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          failures: sql`case when ${loginFailures.lastFailureAt} < now() - make_interval(secs => ${windowSeconds})
            then 1 else ${loginFailures.failures} + 1 end`,
          lastFailureAt: sql`now()`,
        },
      })
      .returning({ failures: loginFailures.failures });
    if (row && row.failures >= lockAfter) {
      await db
        .update(loginFailures)
        .set({ lockedUntil: sql`now() + make_interval(secs => ${windowSeconds})`, failures: 0 })
        .where(sql`${loginFailures.key} = ${key}`);
      locked = true;
    }
  }
  return locked;
}

/** A successful sign-in clears the account's count (the address keeps its own). */
export async function clearFailures(db: Db, keys: ThrottleKeys): Promise<void> {
  await db.delete(loginFailures).where(inArray(loginFailures.key, [keys.account]));
}
