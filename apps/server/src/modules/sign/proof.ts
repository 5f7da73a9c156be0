import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { deriveKey } from '../../security/secret.js';
import { canonicalJson } from './canonical.js';

/** PKCS#8 DER of an Ed25519 private key, before its 32-byte seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export interface ProofKeys {
  privateKey: KeyObject;
  publicKey: KeyObject;
}

/** The server's Ed25519 key pair for signature proofs, from a 32-byte seed derived from SECRET_KEY. */
export function proofKeys(seed: Buffer): ProofKeys {
  const privateKey = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  return { privateKey, publicKey: createPublicKey(privateKey) };
}

let installed: ProofKeys | null = null;

/**
 * The app installs its key once it has read the master secret (SECRET_KEY), and so does the demo seed,
 * which signs its leave requests at their leader node; every process with the same secret has the same
 * key, so any of them verifies what another signed.
 */
export function installProofKeys(master: Buffer) {
  installed = proofKeys(deriveKey(master, 'signature-proof'));
}

function keys(): ProofKeys {
  if (!installed) throw new Error('signature proof keys are not installed');
  return installed;
}

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The SHA-256 of a JSON value's RFC 8785 canonical form. */
export const digestOf = (value: unknown) => sha256(canonicalJson(value ?? null));

/** The server's Ed25519 signature (base64url) over the canonical form of a record. */
export const proofOf = (record: Record<string, unknown>) =>
  sign(null, Buffer.from(canonicalJson(record), 'utf8'), keys().privateKey).toString('base64url');

export function proofHolds(record: Record<string, unknown>, proof: unknown): boolean {
  if (typeof proof !== 'string' || !/^[A-Za-z0-9_-]{86}$/.test(proof)) return false;
  try {
    return verify(
      null,
      Buffer.from(canonicalJson(record), 'utf8'),
      keys().publicKey,
      Buffer.from(proof, 'base64url'),
    );
  } catch {
    return false;
  }
}
