import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { sm2 } from 'sm-crypto-v2';

/**
 * 国密 (GM_MODE, issue 14): SM3 and SM4 from Node's OpenSSL; SM2 (which OpenSSL has, but Node's crypto does
 * not expose as SM2 with its Z value) from sm-crypto-v2. Signatures use the standard distinguishing id
 * 1234567812345678 and DER encoding, ciphertexts GM/T 0009 ASN.1 (C1, C3, C2): both as OpenSSL reads them.
 */

export const sm3Hex = (text: string) => createHash('sm3').update(text, 'utf8').digest('hex');

/** An SM2 key pair as the library takes it: the private scalar, and the uncompressed public point (04…), in hex. */
export interface Sm2Keys {
  privateKey: string;
  publicKey: string;
}

const SM2_ORDER = BigInt('0xFFFFFFFEFFFFFFFFFFFFFFFFFFFFFFFF7203DF6B21C6052B53BBF40939D54123');

/** The SM2 key pair of a 32-byte seed (a purpose key derived from SECRET_KEY): the scalar in [1, n − 1]. */
export function sm2KeysFromSeed(seed: Buffer): Sm2Keys {
  const scalar = (BigInt(`0x${seed.toString('hex')}`) % (SM2_ORDER - 1n)) + 1n;
  const privateKey = scalar.toString(16).padStart(64, '0');
  return { privateKey, publicKey: sm2.getPublicKeyFromPrivateKey(privateKey) };
}

/** SubjectPublicKeyInfo DER before the point: id-ecPublicKey with the SM2 curve (1.2.156.10197.1.301). */
const SM2_SPKI_PREFIX = Buffer.from('3059301306072a8648ce3d020106082a811ccf5501822d034200', 'hex');

/** The public key as SPKI PEM, the form OpenSSL and getPublicKey hand out. */
export function sm2PublicKeyPem(publicKeyHex: string): string {
  const der = Buffer.concat([SM2_SPKI_PREFIX, Buffer.from(publicKeyHex, 'hex')]).toString('base64');
  return `-----BEGIN PUBLIC KEY-----\n${der.match(/.{1,64}/g)!.join('\n')}\n-----END PUBLIC KEY-----\n`;
}

/** The SM2 signature (SM3 with Z, DER, base64url) of a UTF-8 message. */
export const sm2Sign = (keys: Sm2Keys, message: string) =>
  Buffer.from(
    sm2.doSignature(message, keys.privateKey, { der: true, hash: true, publicKey: keys.publicKey }),
    'hex',
  ).toString('base64url');

export function sm2Verify(publicKeyHex: string, message: string, signature: string): boolean {
  try {
    const der = Buffer.from(signature, 'base64url').toString('hex');
    return sm2.doVerifySignature(message, der, publicKeyHex, { der: true, hash: true });
  } catch {
    return false;
  }
}

/** The UTF-8 text of a base64 SM2 ciphertext (ASN.1, C1C3C2); null when it is not one for this key. */
export function sm2Decrypt(privateKeyHex: string, ciphertext: string): string | null {
  try {
    const hex = Buffer.from(ciphertext, 'base64').toString('hex');
    const plain = sm2.doDecrypt(hex, privateKeyHex, 1, { asn1: true });
    return plain === '' ? null : plain;
  } catch {
    return null;
  }
}

const SM4_TAG = 'sm4:';
const IV_BYTES = 16;
const MAC_BYTES = 32;

/** What the HMAC-SM3 covers: the associated data (length first) and the IV and cipher text. */
function macOf(key: Buffer, associated: string, body: Buffer) {
  const aad = Buffer.from(associated, 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(aad.length);
  return createHmac('sm3', key.subarray(16, 32)).update(length).update(aad).update(body).digest();
}

/**
 * The text sealed with SM4-CTR and HMAC-SM3 (encrypt then MAC) under a 32-byte key (its first half encrypts,
 * its second half authenticates), as `sm4:` and base64 (iv, cipher text, MAC).
 */
export function sm4Seal(key: Buffer, associated: string, text: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('sm4-ctr', key.subarray(0, 16), iv);
  const body = Buffer.concat([iv, cipher.update(text, 'utf8'), cipher.final()]);
  return SM4_TAG + Buffer.concat([body, macOf(key, associated, body)]).toString('base64');
}

export const isSm4Sealed = (stored: string) => stored.startsWith(SM4_TAG);

/** The text `sm4Seal` stored for the same associated data; throws when the key, the data or the bytes differ. */
export function sm4Unseal(key: Buffer, associated: string, stored: string): string {
  const bytes = Buffer.from(stored.slice(SM4_TAG.length), 'base64');
  const body = bytes.subarray(0, bytes.length - MAC_BYTES);
  const mac = bytes.subarray(bytes.length - MAC_BYTES);
  const expected = macOf(key, associated, body);
  if (body.length < IV_BYTES || mac.length !== MAC_BYTES || !timingSafeEqual(mac, expected))
    throw new Error('the sealed text does not open with this key and associated data');
  const decipher = createDecipheriv('sm4-ctr', key.subarray(0, 16), body.subarray(0, IV_BYTES));
  return Buffer.concat([decipher.update(body.subarray(IV_BYTES)), decipher.final()]).toString('utf8');
}
