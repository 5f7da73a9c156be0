import { passwordWithNonce } from '@eip/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/app.js';
import { passwordNonces } from './password-transport.js';
import { deriveKey, loadMasterSecret } from './secret.js';

/**
 * Issue 14: a captured password ciphertext cannot be replayed. Each is accepted once; one carrying a nonce
 * of getPasswordNonce only within two minutes of it.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Each test signs in as its own account: a refused ciphertext counts as a failed sign-in of that account. */
const signIn = (password: string, username = 'zhuting') => t.call('login', { body: { username, password } });
const nonce = async () => (await t.call('getPasswordNonce')).body.value;
/** A nonce as this server would have issued it at `at`. */
const nonceIssuedAt = (at: number) =>
  passwordNonces(deriveKey(loadMasterSecret(t.config.secretKey, t.config.dataDir), 'password-nonce')).issue(
    at,
  );

describe('password ciphertexts are accepted once (replay protection)', () => {
  it('a sign-in with a nonce works once; the same request replayed is refused', async () => {
    const value = await nonce();
    expect(value).toMatch(/^n1\.[A-Za-z0-9_-]{54}$/);
    const ciphertext = await t.encrypt(passwordWithNonce(value, DEMO_PASSWORD));
    const first = await signIn(ciphertext);
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.value.token).toBeTruthy();
    const replay = await signIn(ciphertext);
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe('该加密密码已使用过，请重新输入密码');
    // the nonce itself is used: encrypted anew with it, the password is refused too
    const again = await signIn(await t.encrypt(passwordWithNonce(value, DEMO_PASSWORD)));
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('该加密密码已使用过，请重新输入密码');
  });

  it('a bare password (the published protocol) is accepted once too, however its base64 is spelled', async () => {
    const ciphertext = await t.encrypt(DEMO_PASSWORD);
    expect((await signIn(ciphertext, 'gaofeng')).status).toBe(200);
    const bytes = Buffer.from(ciphertext, 'base64');
    for (const spelling of [
      ciphertext,
      ciphertext.replace(/=+$/, ''),
      `${ciphertext.slice(0, 64)}\n${ciphertext.slice(64)}`,
      bytes.toString('base64url'),
      Buffer.concat([Buffer.alloc(1), bytes]).toString('base64'),
    ]) {
      const replay = await signIn(spelling, 'gaofeng');
      expect(replay.status, spelling).toBe(400);
      expect(replay.body.message).toMatch(/该加密密码已使用过|密码解密失败/);
    }
  });

  it('refuses a nonce older than two minutes, or one the server did not issue', async () => {
    for (const forged of [nonceIssuedAt(Date.now() - 121_000), `n1.${'A'.repeat(54)}`]) {
      const res = await t.call('login', {
        body: { username: 'heyu', password: await t.encrypt(passwordWithNonce(forged, DEMO_PASSWORD)) },
        lang: 'en-US',
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('The encrypted password has expired, please submit again');
    }
    const fresh = nonceIssuedAt(Date.now() - 100_000);
    expect((await signIn(await t.encrypt(passwordWithNonce(fresh, DEMO_PASSWORD)), 'heyu')).status).toBe(200);
  });

  it('a password change replayed changes nothing more', async () => {
    const token = await t.login('yangli');
    const body = {
      oldPwd: await t.encrypt(passwordWithNonce(await nonce(), DEMO_PASSWORD)),
      newPwd: await t.encrypt(passwordWithNonce(await nonce(), 'Another#2026')),
    };
    const first = await t.call('modifiUserPsd', { token, body });
    expect(first.status, first.body.message).toBe(200);
    const replay = await t.call('modifiUserPsd', { token: await t.login('yangli', 'Another#2026'), body });
    expect(replay.status).toBe(400);
    expect(replay.body.state).toBe(false);
    expect(
      (await t.call('login', { body: { username: 'yangli', password: await t.encrypt('Another#2026') } }))
        .status,
    ).toBe(200);
  });
});
