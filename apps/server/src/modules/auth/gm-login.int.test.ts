import { execFileSync } from 'node:child_process';
import { createPublicKey } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, sm2PointOf, type TestApp } from '../../../test/app.js';

const SECRET_KEY = 'gm-login-test-secret-0123456789abcdef';
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
