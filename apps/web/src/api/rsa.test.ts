import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptPassword, encryptWithForge, encryptWithWebCrypto } from './rsa';

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
