import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { loginFailures } from '../../db/schema.js';

/**
 * Password attempts counted per account (at an address) and per client address, in the database so every server
 * process sees the same counts. An account's attempt is counted before its password is checked (one
 * atomic upsert), so parallel guesses cannot all slip past one reading; a success clears the count.
 * After `slowAfter` attempts answers are delayed; past `lockAfter` the account is locked for
 * `lockMinutes`. An address counts failures only and locks after `addressLockAfter`, a larger
 * number since many staff may share one address. Counts older than the lock time start again from zero.
 */
export interface ThrottleLimits {
  slowAfter: number;
  lockAfter: number;
  lockMinutes: number;
  addressLockAfter: number;
}

const SLOW_STEP_MS = 400;
const SLOW_MAX_MS = 3000;

/** The account key: the user's id when the account exists, so every spelling of it shares one count. */
export const accountKey = (tenantId: string, userId: string | undefined, account: string) =>
  userId ? `user:${tenantId}:${userId}` : `account:${tenantId}:${account.toLowerCase()}`;
export const addressKey = (address: string) => `ip:${address}`;
/**
 * Issue 14: an account's sign-in failures count per address that made them, so nobody can lock someone else
 * out from afar: the account still signs in from its owner's address while the guessing one is locked.
 */
export const accountAtAddressKey = (
  tenantId: string,
  userId: string | undefined,
  account: string,
  address: string,
) => `${accountKey(tenantId, userId, account)}@${address}`;

export type Attempt =
  { locked: true; minutes: number } | { locked: false; attempts: number; delayMs: number };

async function count(db: Db, key: string, windowSeconds: number) {
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
    .returning({ failures: loginFailures.failures, lockedUntil: loginFailures.lockedUntil });
  return row!;
}

async function lock(db: Db, key: string, windowSeconds: number) {
  await db
    .update(loginFailures)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${windowSeconds})`, failures: 0 })
    .where(eq(loginFailures.key, key));
}

const minutesLeft = (until: Date) => Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));

/** Counts one attempt for the account (and reads the address); answers a lock or the delay to apply. */
export async function beginAttempt(
  db: Db,
  account: string,
  address: string,
  limits: ThrottleLimits,
): Promise<Attempt> {
  const windowSeconds = limits.lockMinutes * 60;
  const [addressRow] = await db
    .select()
    .from(loginFailures)
    .where(eq(loginFailures.key, addressKey(address)));
  if (addressRow?.lockedUntil && addressRow.lockedUntil.getTime() > Date.now()) {
    return { locked: true, minutes: minutesLeft(addressRow.lockedUntil) };
  }
  const row = await count(db, account, windowSeconds);
  if (row.lockedUntil && row.lockedUntil.getTime() > Date.now())
    return { locked: true, minutes: minutesLeft(row.lockedUntil) };
  if (row.failures > limits.lockAfter) {
    await lock(db, account, windowSeconds);
    return { locked: true, minutes: limits.lockMinutes };
  }
  const excess = row.failures - limits.slowAfter;
  return {
    locked: false,
    attempts: row.failures,
    delayMs: excess > 0 ? Math.min(SLOW_MAX_MS, excess * SLOW_STEP_MS) : 0,
  };
}

/** A wrong password: the account locks at its limit, and the address counts one failure. Answers whether locked. */
export async function failAttempt(
  db: Db,
  account: string,
  address: string,
  attempts: number,
  limits: ThrottleLimits,
) {
  const windowSeconds = limits.lockMinutes * 60;
  const addressRow = await count(db, addressKey(address), windowSeconds);
  if (addressRow.failures >= limits.addressLockAfter) await lock(db, addressKey(address), windowSeconds);
  if (attempts >= limits.lockAfter) {
    await lock(db, account, windowSeconds);
    return true;
  }
  return false;
}

export async function clearAttempts(db: Db, account: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, account));
}
