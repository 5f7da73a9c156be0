import { execFileSync } from 'node:child_process';
import { createPublicKey } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, DEMO_PASSWORD, sm2PointOf, type TestApp } from '../../test/app.js';
import { sysProperties } from '../db/schema.js';

/** Two processes of one database, one without GM_MODE and one with it (a mode switch, as it were). */
const SECRET_KEY = 'gm-mode-test-secret-0123456789abcdef';
let rsa: TestApp;
let gm: TestApp;
beforeAll(async () => {
  rsa = await createTestApp({ SECRET_KEY });
  gm = await createTestApp({ SECRET_KEY, GM_MODE: 'true' }, { sameDatabaseAs: rsa });
});
afterAll(async () => {
  await gm.close();
  await rsa.close();
});

const publicKeyOf = async (app: TestApp) => (await app.call('getPublicKey')).body.value;
const signIn = (app: TestApp, password: string) =>
  app.call('login', { query: { tenantId: '-1' }, body: { username: 'zhangwei', password } });

describe('sign-in password transport in both modes (GM_MODE)', () => {
  it('without GM_MODE: getPublicKey is an RSA key, RSA-OAEP signs in, an SM2 ciphertext is refused', async () => {
    expect(createPublicKey(await publicKeyOf(rsa)).asymmetricKeyType).toBe('rsa');
    expect((await signIn(rsa, await rsa.encrypt(DEMO_PASSWORD))).body.state).toBe(true);
    const refused = await signIn(rsa, await gm.encrypt(DEMO_PASSWORD));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('密码解密失败，请刷新页面后重试');
  });

  it('with GM_MODE: getPublicKey is an SM2 key, SM2 signs in, an RSA ciphertext is refused', async () => {
    const pem = await publicKeyOf(gm);
    expect(sm2PointOf(pem)).toMatch(/^04[0-9a-f]{128}$/);
    const ok = await signIn(gm, await gm.encrypt(DEMO_PASSWORD));
    expect(ok.body).toMatchObject({ state: true, value: { account: 'zhangwei' } });
    const wrong = await signIn(gm, await gm.encrypt('not-the-password'));
    expect(wrong.body.state).toBe(false);
    const refused = await signIn(gm, await rsa.encrypt(DEMO_PASSWORD));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('密码解密失败，请刷新页面后重试');
  });

  it('with GM_MODE: a password OpenSSL encrypted to the published key signs in', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gm-login-'));
    try {
      writeFileSync(path.join(dir, 'pub.pem'), await publicKeyOf(gm));
      writeFileSync(path.join(dir, 'plain'), DEMO_PASSWORD);
      const cipher = execFileSync('openssl', [
        'pkeyutl', '-encrypt', '-pubin', '-inkey', path.join(dir, 'pub.pem'), '-in', path.join(dir, 'plain'),
      ]); // prettier-ignore
      expect((await signIn(gm, cipher.toString('base64'))).body.state).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('secrets at rest in both modes (GM_MODE: SM4 with HMAC-SM3)', () => {
  const stored = async (alias: string) =>
    (
      await rsa.database.db
        .select()
        .from(sysProperties)
        .where(and(eq(sysProperties.tenantId, '-1'), eq(sysProperties.alias, alias)))
    )[0]!.value;

  it('seals new secrets with SM4 under GM_MODE, AES-GCM without; each server opens both', async () => {
    const tokens = { rsa: await rsa.login('admin'), gm: await gm.login('admin') };
    const save = (app: TestApp, token: string, alias: string) =>
      app.call('saveSysProperty', { token, body: { alias, value: `${alias}-密钥`, encrypted: true } });
    expect((await save(rsa, tokens.rsa, 'aesSecret')).body.state).toBe(true);
    expect((await save(gm, tokens.gm, 'sm4Secret')).body.state).toBe(true);
    expect(await stored('aesSecret')).not.toMatch(/^sm4:|密钥/);
    expect(await stored('sm4Secret')).toMatch(/^sm4:[A-Za-z0-9+/=]+$/);
    for (const [app, token] of [
      [rsa, tokens.rsa],
      [gm, tokens.gm],
    ] as const) {
      for (const alias of ['aesSecret', 'sm4Secret']) {
        const read = await app.call('getDecryptByAlias', { token, query: { alias } });
        expect(read.body.value).toBe(`${alias}-密钥`);
      }
    }
  });
});
