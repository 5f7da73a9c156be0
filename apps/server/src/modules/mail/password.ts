import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Config } from '../../config.js';
import { deriveKey, loadMasterSecret } from '../../security/secret.js';

/**
 * Mail account passwords at rest: AES-256-GCM under a key derived from the server's secret, the tenant
 * and account bound in as associated data (a password copied to another account's row does not open).
 */
export type MailKey = Buffer;

export const mailKeyOf = (config: Pick<Config, 'secretKey' | 'dataDir'>): MailKey =>
  deriveKey(loadMasterSecret(config.secretKey, config.dataDir), 'mail-password');

const IV_BYTES = 12;
const TAG_BYTES = 16;
const associated = (tenantId: string, accountId: string) =>
  Buffer.from(`mail:${tenantId}:${accountId}`, 'utf8');

export function encryptPassword(key: MailKey, tenantId: string, accountId: string, password: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(associated(tenantId, accountId));
  const sealed = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
}

export function decryptPassword(key: MailKey, tenantId: string, accountId: string, stored: string): string {
  const bytes = Buffer.from(stored, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(associated(tenantId, accountId));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
    'utf8',
  );
}
