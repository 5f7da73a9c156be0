import {
  constants,
  createPrivateKey,
  generateKeyPairSync,
  privateDecrypt,
  type KeyObject,
} from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ConfigError } from '../config.js';
import type { Db } from '../db/client.js';
import { systemSettings } from '../db/schema.js';
import { sm2Decrypt, sm2KeysFromSeed, sm2PublicKeyPem } from './gm.js';

const SETTING = 'login.rsa';

export interface LoginKeys {
  /** SPKI PEM: an RSA key, or an SM2 key under GM_MODE (the key says which: the web encrypts to match) */
  publicKeyPem: string;
  /** decrypts a base64 RSA-OAEP/SHA-256 (or SM2) ciphertext to UTF-8; null when it is not one of ours */
  decrypt(ciphertext: string): string | null;
}

/** Under GM_MODE: an SM2 key pair derived from SECRET_KEY (every process has it), ciphertexts GM/T 0009 ASN.1. */
export function sm2LoginKeys(seed: Buffer): LoginKeys {
  const keys = sm2KeysFromSeed(seed);
  return {
    publicKeyPem: sm2PublicKeyPem(keys.publicKey),
    decrypt: (ciphertext) => sm2Decrypt(keys.privateKey, ciphertext),
  };
}

interface StoredKeys {
  publicKeyPem: string;
  /** PKCS#8, encrypted with the at-rest key */
  privateKeyPem: string;
}

/**
 * The RSA key pair for password transport, shared by every server process through the database.
 * The first process to start creates it; the private key is stored encrypted with the at-rest key.
 */
export async function loadLoginKeys(db: Db, atRestKey: Buffer): Promise<LoginKeys> {
  const passphrase = atRestKey.toString('base64');
  let stored = await readStored(db);
  if (!stored) {
    const pair = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase },
    });
    const value: StoredKeys = { publicKeyPem: pair.publicKey, privateKeyPem: pair.privateKey };
    await db
      .insert(systemSettings)
      .values({ name: SETTING, value: JSON.stringify(value) })
      .onConflictDoNothing();
    stored = await readStored(db);
  }
  if (!stored) throw new Error('login key pair could not be stored');
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey({ key: stored.privateKeyPem, passphrase });
  } catch {
    throw new ConfigError(
      'the login key stored in the database cannot be decrypted with this SECRET_KEY: every server ' +
        'process of one database must be started with the same SECRET_KEY',
    );
  }
  return {
    publicKeyPem: stored.publicKeyPem,
    decrypt(ciphertext) {
      try {
        return privateDecrypt(
          { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(ciphertext, 'base64'),
        ).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

async function readStored(db: Db): Promise<StoredKeys | null> {
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.name, SETTING));
  return row ? (JSON.parse(row.value) as StoredKeys) : null;
}
