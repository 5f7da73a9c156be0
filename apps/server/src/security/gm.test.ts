import { execFileSync } from 'node:child_process';
import { createCipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  sm2Decrypt,
  sm2KeysFromSeed,
  sm2PublicKeyPem,
  sm2Sign,
  sm2Verify,
  sm3Hex,
  sm4Seal,
  sm4Unseal,
} from './gm.js';
import { seal, sealKeyOf, unseal } from './sealed.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'gm-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, bytes?: string | Buffer) => {
  const at = path.join(dir, name);
  if (bytes !== undefined) writeFileSync(at, bytes);
  return at;
};
/** Runs the openssl command line; answers whether it exited 0, and its standard output. */
function openssl(args: string[]) {
  try {
    return { ok: true, out: execFileSync('openssl', args, { stdio: ['ignore', 'pipe', 'pipe'] }) };
  } catch {
    return { ok: false, out: Buffer.alloc(0) };
  }
}

const keys = sm2KeysFromSeed(randomBytes(32));
const pub = file('pub.pem', sm2PublicKeyPem(keys.publicKey));
/** PKCS#8 DER of an SM2 private key, before its 32-byte scalar (RFC 5915 inside RFC 5208). */
const SM2_PKCS8_PREFIX = '3041020100301306072a8648ce3d020106082a811ccf5501822d042730250201010420';
const priv = file(
  'priv.pem',
  `-----BEGIN PRIVATE KEY-----\n${Buffer.from(SM2_PKCS8_PREFIX + keys.privateKey, 'hex').toString('base64')}\n-----END PRIVATE KEY-----\n`,
);
const verifyWithOpenssl = (message: string, signature: string, distid = '1234567812345678') =>
  openssl([
    'pkeyutl', '-verify', '-pubin', '-inkey', pub, '-rawin', '-digest', 'sm3',
    '-in', file('msg', message), '-sigfile', file('sig', Buffer.from(signature, 'base64url')),
    '-pkeyopt', `distid:${distid}`,
  ]).ok; // prettier-ignore

describe('国密 primitives against published vectors', () => {
  it('SM3 of "abc" (GB/T 32905 example 1)', () => {
    expect(sm3Hex('abc')).toBe('66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0');
  });

  it('SM4 of its own key (GB/T 32907 example 1), the cipher sm4Seal runs in CTR mode', () => {
    const key = Buffer.from('0123456789abcdeffedcba9876543210', 'hex');
    const cipher = createCipheriv('sm4-ecb', key, null).setAutoPadding(false);
    expect(Buffer.concat([cipher.update(key), cipher.final()]).toString('hex')).toBe(
      '681edf34d206965e86b3e94f536e4246',
    );
  });
});

describe('SM2 (sm-crypto-v2) interoperates with OpenSSL', () => {
  it('has a command line that knows SM2', () => {
    expect(openssl(['pkey', '-pubin', '-in', pub, '-noout']).ok).toBe(true);
  });

  it('our signature verifies with openssl pkeyutl (SM3, distinguishing id 1234567812345678); a changed message or id does not', () => {
    const message = '{"hash":"签名","instanceId":"i-1"}';
    const signature = sm2Sign(keys, message);
    expect(verifyWithOpenssl(message, signature)).toBe(true);
    expect(verifyWithOpenssl(`${message} `, signature)).toBe(false);
    expect(verifyWithOpenssl(message, signature, '1234567812345679')).toBe(false);
  });

  it('verifies a signature openssl made with the same key, and refuses it for another message', () => {
    const message = 'openssl 签的';
    const { ok, out } = openssl([
      'pkeyutl', '-sign', '-inkey', priv, '-rawin', '-digest', 'sm3',
      '-in', file('to-sign', message), '-pkeyopt', 'distid:1234567812345678',
    ]); // prettier-ignore
    expect(ok).toBe(true);
    expect(sm2Verify(keys.publicKey, message, out.toString('base64url'))).toBe(true);
    expect(sm2Verify(keys.publicKey, 'another', out.toString('base64url'))).toBe(false);
  });

  it('decrypts what openssl encrypted to the public key (GM/T 0009 ASN.1); not with another key', () => {
    const { ok, out } = openssl([
      'pkeyutl',
      '-encrypt',
      '-pubin',
      '-inkey',
      pub,
      '-in',
      file('plain', '口令 Pass-1'),
    ]);
    expect(ok).toBe(true);
    expect(sm2Decrypt(keys.privateKey, out.toString('base64'))).toBe('口令 Pass-1');
    expect(sm2Decrypt(sm2KeysFromSeed(randomBytes(32)).privateKey, out.toString('base64'))).toBeNull();
    expect(sm2Decrypt(keys.privateKey, 'bm90IGEgY2lwaGVydGV4dA==')).toBeNull();
  });

  it('derives the same key pair from the same seed', () => {
    const seed = randomBytes(32);
    expect(sm2KeysFromSeed(seed)).toEqual(sm2KeysFromSeed(Buffer.from(seed)));
    expect(readFileSync(pub, 'utf8')).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
  });
});

describe('secrets at rest under GM_MODE (SM4-CTR with HMAC-SM3)', () => {
  const config = { secretKey: 'k'.repeat(40), dataDir: dir };
  const aes = sealKeyOf({ ...config, gmMode: false }, 'mail-password');
  const gm = sealKeyOf({ ...config, gmMode: true }, 'mail-password');

  it('seals new texts with SM4, tagged; both kinds open in either mode', () => {
    const sm4Text = seal(gm, 'mail:t:a', 'imap-口令');
    const aesText = seal(aes, 'mail:t:a', 'imap-口令');
    expect(sm4Text).toMatch(/^sm4:/);
    expect(aesText).not.toMatch(/^sm4:/);
    for (const key of [aes, gm]) {
      expect(unseal(key, 'mail:t:a', sm4Text)).toBe('imap-口令');
      expect(unseal(key, 'mail:t:a', aesText)).toBe('imap-口令');
    }
  });

  it('refuses another row, a changed byte, or another key', () => {
    const key = randomBytes(32);
    const stored = sm4Seal(key, 'row-1', 'secret');
    expect(sm4Unseal(key, 'row-1', stored)).toBe('secret');
    expect(() => sm4Unseal(key, 'row-2', stored)).toThrow();
    const bytes = Buffer.from(stored.slice(4), 'base64');
    bytes[20]! ^= 1;
    expect(() => sm4Unseal(key, 'row-1', `sm4:${bytes.toString('base64')}`)).toThrow();
    expect(() => sm4Unseal(randomBytes(32), 'row-1', stored)).toThrow();
    expect(() => sm4Unseal(key, 'row-1', 'sm4:AAAA')).toThrow();
  });
});
