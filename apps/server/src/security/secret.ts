import { hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The master secret: SECRET_KEY, or a random one generated into `{dataDir}/secret.key` on first start
 * (fine for one process; several processes must share SECRET_KEY). Purpose keys are derived from it.
 */
export function loadMasterSecret(secretKey: string | undefined, dataDir: string): Buffer {
  if (secretKey) return Buffer.from(secretKey, 'utf8');
  const file = path.join(dataDir, 'secret.key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'utf8');
}

export type KeyPurpose =
  | 'token'
  | 'at-rest'
  | 'image-link'
  | 'signature-proof'
  | 'signature-proof-sm2'
  | 'login-sm2'
  | 'password-nonce'
  | 'mail-password'
  | 'sys-property'
  | 'audit-chain';

export function deriveKey(master: Buffer, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', master, 'eip-portal', purpose, 32));
}
