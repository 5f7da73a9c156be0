import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Config } from '../config.js';
import { isSm4Sealed, sm4Seal, sm4Unseal } from './gm.js';
import { deriveKey, loadMasterSecret, type KeyPurpose } from './secret.js';

/**
 * Secrets kept at rest (mail passwords, encrypted system properties): AES-256-GCM, or SM4 with HMAC-SM3
 * under GM_MODE, under a key derived from the server's secret for one purpose, the row the text belongs to
 * bound in as associated data (a text copied to another row does not open). A stored text says which it
 * is, so either opens in both modes.
 */
export interface SealKey {
  key: Buffer;
  /** new texts are sealed with SM4 */
  gm: boolean;
}

export const sealKeyOf = (
  config: Pick<Config, 'secretKey' | 'dataDir' | 'gmMode'>,
  purpose: KeyPurpose,
): SealKey => ({
  key: deriveKey(loadMasterSecret(config.secretKey, config.dataDir), purpose),
  gm: config.gmMode,
});

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The text sealed for the row `associated` names, as base64 (iv, tag, cipher text). */
export function seal({ key, gm }: SealKey, associated: string, text: string): string {
  if (gm) return sm4Seal(key, associated, text);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(associated, 'utf8'));
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
}

/** The text `seal` stored for the same row; throws when the key, the row or the bytes differ. */
export function unseal({ key }: SealKey, associated: string, stored: string): string {
  if (isSm4Sealed(stored)) return sm4Unseal(key, associated, stored);
  const bytes = Buffer.from(stored, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(associated, 'utf8'));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
    'utf8',
  );
}
