import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { sm2 } from 'sm-crypto-v2';
import { describe, expect, it } from 'vitest';
import { encryptPassword, encryptWithForge, encryptWithWebCrypto, sm2PointOf } from './rsa';

const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

const decrypt = (base64: string) =>
  privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(base64, 'base64'),
  ).toString('utf8');

const password = 'Demo@2026 密码';

describe('password encryption (RSA-OAEP, SHA-256)', () => {
  it('the pure-JS fallback for plain-http addresses decrypts on the server side', async () => {
    const encrypted = await encryptWithForge(publicKey, password);
    expect(Buffer.from(encrypted, 'base64')).toHaveLength(256);
    expect(decrypt(encrypted)).toBe(password);
  });

  it('WebCrypto encryption decrypts on the server side', async () => {
    expect(decrypt(await encryptWithWebCrypto(crypto.subtle, publicKey, password))).toBe(password);
  });

  it('uses the fallback when the page is not a secure context (no crypto.subtle)', async () => {
    const original = Object.getOwnPropertyDescriptor(globalThis, 'crypto');
    Object.defineProperty(globalThis, 'crypto', {
      value: { getRandomValues: () => undefined },
      configurable: true,
    });
    try {
      expect(decrypt(await encryptPassword(publicKey, password))).toBe(password);
    } finally {
      if (original) Object.defineProperty(globalThis, 'crypto', original);
    }
  });

  it('each encryption is randomised', async () => {
    expect(await encryptWithForge(publicKey, password)).not.toBe(await encryptWithForge(publicKey, password));
  });
});

describe('password encryption under GM_MODE (SM2, ASN.1 C1C3C2)', () => {
  const keys = sm2.generateKeyPairHex();
  const spki = Buffer.from(`3059301306072a8648ce3d020106082a811ccf5501822d034200${keys.publicKey}`, 'hex');
  const sm2Pem = `-----BEGIN PUBLIC KEY-----\n${spki.toString('base64')}\n-----END PUBLIC KEY-----\n`;
  const sm2Decrypt = (base64: string) =>
    sm2.doDecrypt(Buffer.from(base64, 'base64').toString('hex'), keys.privateKey, 1, { asn1: true });

  it('tells an SM2 key from an RSA one', () => {
    expect(sm2PointOf(sm2Pem)).toBe(keys.publicKey);
    expect(sm2PointOf(publicKey)).toBeNull();
  });

  it('encrypts with SM2 when getPublicKey hands out an SM2 key, randomised each time', async () => {
    const encrypted = await encryptPassword(sm2Pem, password);
    expect(sm2Decrypt(encrypted)).toBe(password);
    expect(await encryptPassword(sm2Pem, password)).not.toBe(encrypted);
  });

  it('keeps RSA-OAEP for an RSA key', async () => {
    expect(decrypt(await encryptPassword(publicKey, password))).toBe(password);
  });
});
