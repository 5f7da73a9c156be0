import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { sm2KeysFromSeed, sm2Sign, sm2Verify, sm3Hex, type Sm2Keys } from '../../security/gm.js';
import { deriveKey } from '../../security/secret.js';
import { canonicalJson } from './canonical.js';

/** PKCS#8 DER of an Ed25519 private key, before its 32-byte seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * How an entry was hashed and signed: SHA-256 and Ed25519 (entries without `alg`), or SM3 and SM2 (GM_MODE).
 * Every server verifies both, so switching the mode leaves earlier entries valid.
 */
export type ProofAlg = 'ed25519-sha256' | 'sm2-sm3';

export interface ProofKeys {
  ed25519: { privateKey: KeyObject; publicKey: KeyObject };
  sm2: Sm2Keys;
  /** what new entries are signed with */
  alg: ProofAlg;
}

/**
 * The server's key pairs for signature proofs, from 32-byte seeds derived from SECRET_KEY, and the algorithm
 * of new proofs.
 */
export function proofKeys(ed25519Seed: Buffer, sm2Seed: Buffer, gm: boolean): ProofKeys {
  const privateKey = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, ed25519Seed]),
    format: 'der',
    type: 'pkcs8',
  });
  return {
    ed25519: { privateKey, publicKey: createPublicKey(privateKey) },
    sm2: sm2KeysFromSeed(sm2Seed),
    alg: gm ? 'sm2-sm3' : 'ed25519-sha256',
  };
}

let installed: ProofKeys | null = null;

/**
 * The app installs its keys once it has read the master secret (SECRET_KEY), and so does the demo seed,
 * which signs its leave requests at their leader node; every process with the same secret has the same
 * keys, so any of them verifies what another signed. `gm`: new proofs are SM2 over SM3 (GM_MODE).
 */
export function installProofKeys(master: Buffer, gm: boolean) {
  installed = proofKeys(deriveKey(master, 'signature-proof'), deriveKey(master, 'signature-proof-sm2'), gm);
}

function keys(): ProofKeys {
  if (!installed) throw new Error('signature proof keys are not installed');
  return installed;
}

/** The algorithm new proofs are made with. */
export const signingAlg = () => keys().alg;

/** The SHA-256 (or SM3) of a JSON value's RFC 8785 canonical form. */
export function digestOf(value: unknown, alg: ProofAlg) {
  const text = canonicalJson(value ?? null);
  return alg === 'sm2-sm3' ? sm3Hex(text) : createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The server's signature (base64url) over the canonical form of a record. */
export function proofOf(record: Record<string, unknown>, alg: ProofAlg): string {
  const message = canonicalJson(record);
  if (alg === 'sm2-sm3') return sm2Sign(keys().sm2, message);
  return sign(null, Buffer.from(message, 'utf8'), keys().ed25519.privateKey).toString('base64url');
}

export function proofHolds(record: Record<string, unknown>, proof: unknown, alg: ProofAlg): boolean {
  if (typeof proof !== 'string' || !/^[A-Za-z0-9_-]{1,200}$/.test(proof)) return false;
  const message = canonicalJson(record);
  if (alg === 'sm2-sm3') return sm2Verify(keys().sm2.publicKey, message, proof);
  if (proof.length !== 86) return false;
  try {
    return verify(
      null,
      Buffer.from(message, 'utf8'),
      keys().ed25519.publicKey,
      Buffer.from(proof, 'base64url'),
    );
  } catch {
    return false;
  }
}
