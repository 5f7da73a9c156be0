import { PASSWORD_NONCE_PATTERN, PASSWORD_NONCE_SECONDS } from '@eip/contracts';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { usedPasswordCiphertexts } from '../db/schema.js';
import { badRequest } from '../errors.js';
import type { Services } from '../services.js';

/**
 * Passwords in transit (ARCHITECTURE §3, issue 14): a password ciphertext of the key of getPublicKey is
 * opened once, so a captured sign-in (or password change, or signing password) replayed is refused. The
 * web encrypts `{nonce}:{password}` with a nonce of getPasswordNonce, whose issue time the server signed:
 * each nonce is accepted once, within PASSWORD_NONCE_SECONDS. A bare password (an outside client of the
 * published protocol) is accepted once by its ciphertext, remembered for BARE_CIPHERTEXT_MEMORY_DAYS.
 */

const NONCE_PREFIX = 'n1.';
const MAC_BYTES = 16;
export const BARE_CIPHERTEXT_MEMORY_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const NONCE_MS = PASSWORD_NONCE_SECONDS * 1000;
/** A nonce issued by another process whose clock runs a little ahead is still fresh. */
const CLOCK_SKEW_MS = 5_000;

export interface PasswordNonces {
  issue(now?: number): string;
  /** when the server issued the nonce, or null when it did not */
  issuedAt(nonce: string): number | null;
}

/** Nonces signed with a key derived from SECRET_KEY, so every process issues and checks them alike. */
export function passwordNonces(key: Buffer): PasswordNonces {
  const mac = (body: Buffer) => createHmac('sha256', key).update(body).digest().subarray(0, MAC_BYTES);
  return {
    issue(now = Date.now()) {
      const time = Buffer.alloc(8);
      time.writeBigUInt64BE(BigInt(now));
      const body = Buffer.concat([randomBytes(16), time]);
      return NONCE_PREFIX + Buffer.concat([body, mac(body)]).toString('base64url');
    },
    issuedAt(nonce) {
      if (!PASSWORD_NONCE_PATTERN.test(nonce)) return null;
      const bytes = Buffer.from(nonce.slice(NONCE_PREFIX.length), 'base64url');
      const body = bytes.subarray(0, bytes.length - MAC_BYTES);
      if (!timingSafeEqual(mac(body), bytes.subarray(bytes.length - MAC_BYTES))) return null;
      return Number(body.readBigUInt64BE(16));
    },
  };
}

/** Remembers a key until `until`; false when it was already used. */
async function useOnce(db: Db, key: string, until: Date): Promise<boolean> {
  const digest = createHash('sha256').update(key).digest('base64url');
  const inserted = await db
    .insert(usedPasswordCiphertexts)
    .values({ digest, expiresAt: until })
    .onConflictDoNothing()
    .returning({ digest: usedPasswordCiphertexts.digest });
  return inserted.length === 1;
}

/**
 * A bare ciphertext as the number it decrypts as: base64 has many spellings of the same bytes (padding,
 * line breaks, the URL alphabet), and RSA reads bytes with leading zeros as the same number.
 */
const canonicalCiphertext = (ciphertext: string) => {
  const bytes = Buffer.from(ciphertext, 'base64');
  const first = bytes.findIndex((byte) => byte !== 0);
  return bytes.subarray(first === -1 ? bytes.length : first).toString('hex');
};

/**
 * The password in a ciphertext, once: 400 when it is not one of ours, when its nonce is not the server's,
 * older than PASSWORD_NONCE_SECONDS or used before, or when a bare ciphertext was used before.
 */
export async function openPassword(services: Services, ciphertext: string): Promise<string> {
  const plain = services.keys.decrypt(ciphertext);
  if (plain === null) throw badRequest('auth.badEncryption');
  const now = Date.now();
  const colon = plain.indexOf(':');
  const nonce = colon > 0 ? plain.slice(0, colon) : '';
  if (!PASSWORD_NONCE_PATTERN.test(nonce)) {
    const until = new Date(now + BARE_CIPHERTEXT_MEMORY_DAYS * DAY_MS);
    if (!(await useOnce(services.db, `bare:${canonicalCiphertext(ciphertext)}`, until)))
      throw badRequest('auth.passwordReplayed');
    return plain;
  }
  const issuedAt = services.passwordNonces.issuedAt(nonce);
  if (issuedAt === null || now - issuedAt > NONCE_MS || issuedAt - now > CLOCK_SKEW_MS)
    throw badRequest('auth.passwordNonceStale');
  // remembered a minute past its acceptance: the database's clock, which forgets it, may run ahead
  const until = new Date(issuedAt + NONCE_MS + CLOCK_SKEW_MS + 60_000);
  if (!(await useOnce(services.db, `nonce:${nonce}`, until))) throw badRequest('auth.passwordReplayed');
  return plain.slice(colon + 1);
}

/** Forgets the ciphertexts past their memory (they are refused by their nonce's age, or were bare and old). */
export async function forgetUsedCiphertexts(db: Db): Promise<void> {
  await db.delete(usedPasswordCiphertexts).where(sql`${usedPasswordCiphertexts.expiresAt} < now()`);
}
