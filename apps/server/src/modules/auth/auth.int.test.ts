import { routeUrl } from '@eip/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/app.js';
import { auditLog, users } from '../../db/schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_LOCK_AFTER: '5', LOGIN_SLOW_AFTER: '3', LOGIN_ADDRESS_LOCK_AFTER: '1000' });
});
afterAll(() => t.close());

const lastAudit = async (action: string) =>
  (
    await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, action))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

describe('sign-in', () => {
  it('signs a demo user in with an RSA-OAEP password and answers the login result of the reference', async () => {
    const { status, body } = await t.call('login', {
      query: { tenantId: '-1' },
      body: { username: 'zhangwei', password: await t.encrypt(DEMO_PASSWORD) },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      state: true,
      code: 200,
      value: {
        username: '张伟',
        account: 'zhangwei',
        loginStatus: true,
        expiration: 604800,
        userAttrs: { tenantId: '-1', tenantCode: 'platform' },
      },
    });
    const me = await t.call('getDetailByAccountOrId', { token: body.value.token, body: {} });
    expect(me.body.value.user.fullname).toBe('张伟');
  });

  it('gives an unknown account and a wrong password the same message', async () => {
    const wrong = await t.call('login', {
      body: { username: 'lina', password: await t.encrypt('nope-nope1!') },
    });
    const unknown = await t.call('login', {
      body: { username: 'nobody', password: await t.encrypt('nope-nope1!') },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ state: false, message: '账号或密码错误' });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body.message).toBe(wrong.body.message);
  });

  it.each([
    ['dongjie', '账号已被禁用，请联系管理员'],
    ['xiaoyu', '账号未激活，请联系管理员'],
    ['caiwen', '账号已离职，无法登录'],
  ])('spec §4 user status: %s is refused with a clear message', async (account, message) => {
    const { status, body } = await t.call('login', {
      body: { username: account, password: await t.encrypt(DEMO_PASSWORD) },
    });
    expect(status).toBe(403);
    expect(body).toMatchObject({ state: false, code: 403, message });
  });

  it('answers in the caller’s language (Accept-Language zh-TW and en-US)', async () => {
    // each submission encrypts anew: a ciphertext is accepted once
    const password = () => t.encrypt('wrong-password');
    const tw = await t.call('login', {
      body: { username: 'lina', password: await password() },
      lang: 'zh-TW',
    });
    const en = await t.call('login', {
      body: { username: 'lina', password: await password() },
      lang: 'en-US,en;q=0.9',
    });
    expect(tw.body.message).toBe('帳號或密碼錯誤');
    expect(en.body.message).toBe('Wrong account or password');
  });

  it('refuses a password that is not RSA-encrypted with the login key', async () => {
    const { status, body } = await t.call('login', { body: { username: 'lina', password: 'cGxhaW4=' } });
    expect(status).toBe(400);
    expect(body.message).toBe('密码解密失败，请刷新页面后重试');
  });

  it('refuses an unknown tenant', async () => {
    const { status, body } = await t.call('login', {
      query: { tenantId: 'no-such-tenant' },
      body: { username: 'admin', password: await t.encrypt(DEMO_PASSWORD) },
    });
    expect(status).toBe(400);
    expect(body.message).toBe('租户不存在：no-such-tenant');
  });

  it('locks an account after repeated failures, with a message saying for how long, even for the right password', async () => {
    const bad = () => t.encrypt('wrong-password');
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(await t.call('login', { body: { username: 'heyu', password: await bad() } }));
    expect(answers.slice(0, 4).map((a) => a.body.message)).toEqual(Array(4).fill('账号或密码错误'));
    expect(answers[4]!.status).toBe(429);
    expect(answers[4]!.body.message).toBe('登录失败次数过多，账号已锁定，请在15分钟后重试');
    const right = await t.call('login', {
      body: { username: 'heyu', password: await t.encrypt(DEMO_PASSWORD) },
    });
    expect(right.status).toBe(429);
    expect(right.body.message).toMatch(/账号已锁定/);
    // another account from the same address is not locked by it
    await expect(t.login('guoming')).resolves.toBeTruthy();
  });

  it('a lock holds only at the address that failed: the owner still signs in from elsewhere (issue 14)', async () => {
    const bad = () => t.encrypt('wrong-password');
    const from = async (remoteAddress: string, password: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: routeUrl('login'),
        remoteAddress,
        payload: { username: 'liangchen', password },
      });
      return { status: response.statusCode, message: response.json().message as string };
    };
    for (let i = 0; i < 5; i++) await from('203.0.113.7', await bad());
    const attacker = await from('203.0.113.7', await t.encrypt(DEMO_PASSWORD));
    expect(attacker.status).toBe(429);
    expect(attacker.message).toMatch(/账号已锁定/);
    const owner = await from('198.51.100.20', await t.encrypt(DEMO_PASSWORD));
    expect(owner.status).toBe(200);
  });

  it('counts parallel guesses before checking them: of 20 at once at most 5 passwords are checked', async () => {
    const bad = () => t.encrypt('wrong-password');
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () =>
        t.call('login', { body: { username: 'fengtao', password: await bad() } }),
      ),
    );
    const checked = answers.filter((a) => a.body.message === '账号或密码错误').length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(15);
  });

  it('locks a client address after its own limit of failures over any accounts', async () => {
    const strict = await createTestApp({ LOGIN_ADDRESS_LOCK_AFTER: '3', LOGIN_LOCK_AFTER: '10' });
    try {
      const bad = () => strict.encrypt('wrong-password');
      for (const account of ['lina', 'heyu', 'mali']) {
        expect(
          (await strict.call('login', { body: { username: account, password: await bad() } })).status,
        ).toBe(400);
      }
      const next = await strict.call('login', {
        body: { username: 'sunhao', password: await strict.encrypt(DEMO_PASSWORD) },
      });
      expect(next.status).toBe(429);
      expect(next.body.message).toMatch(/已锁定/);
    } finally {
      await strict.close();
    }
  });

  it('a lock holds for every spelling of the account', async () => {
    const bad = () => t.encrypt('wrong-password');
    for (let i = 0; i < 5; i++) await t.call('login', { body: { username: 'hanxu', password: await bad() } });
    const other = await t.call('login', {
      body: { username: 'HanXu', password: await t.encrypt(DEMO_PASSWORD) },
    });
    expect(other.status).toBe(429);
  });

  it('a stale token does not get in the way of public calls', async () => {
    const token = await t.login('xiena');
    await t.call('signout', { token });
    expect((await t.call('getTenantByCode', { token, query: { code: 'platform' } })).status).toBe(200);
    expect(
      (
        await t.call('login', {
          token,
          body: { username: 'xiena', password: await t.encrypt(DEMO_PASSWORD) },
        })
      ).status,
    ).toBe(200);
  });

  it('a password strategy that requires a change answers loginStatus false and no session', async () => {
    const { body } = await t.call('login', {
      body: { username: 'newbie', password: await t.encrypt(DEMO_PASSWORD) },
    });
    expect(body.value).toMatchObject({ loginStatus: false, token: '', account: 'newbie' });
  });
});

describe('tokens', () => {
  it('sign-out revokes the token: the next call answers code 402', async () => {
    const token = await t.login('wuxia');
    expect((await t.call('getByAccount', { token, body: {} })).status).toBe(200);
    const out = await t.call('signout', { token });
    expect(out.body.state).toBe(true);
    const after = await t.call('getByAccount', { token, body: {} });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ state: false, code: 402 });
  });

  it('no token answers code 401; a forged or expired token answers code 402', async () => {
    const none = await t.call('getByAccount', { body: {} });
    expect(none.status).toBe(401);
    expect(none.body.code).toBe(401);
    const forged = await new SignJWT({ tid: '-1', tcd: 'platform', acc: 'admin', pwv: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('x')
      .setJti('x')
      .setIssuer('eip-portal')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
    expect((await t.call('getByAccount', { token: forged, body: {} })).body.code).toBe(402);
    const expired = await createTestApp({ TOKEN_TTL_SECONDS: '60' });
    try {
      const token = await expired.login('admin');
      const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
        exp: number;
      };
      expect(payload.exp - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(60);
    } finally {
      await expired.close();
    }
    const garbage = await t.call('getByAccount', { token: 'a.b.c', body: {} });
    expect(garbage.body.code).toBe(402);
  });
});

describe('password change (spec §5 rules on the server)', () => {
  it.each([
    ['Ab1!', '新密码长度至少为8'],
    ['abcdefgh', '新密码必须包含数字、字母、特殊字符'],
    ['abcd1234', '新密码必须包含数字、字母、特殊字符'],
    [DEMO_PASSWORD, '新密码不能与旧密码相同'],
  ])('spec §5: modifiUserPsd refuses %s with %s and changes nothing', async (newPwd, message) => {
    const token = await t.login('luobin');
    const { status, body } = await t.call('modifiUserPsd', {
      token,
      body: { oldPwd: await t.encrypt(DEMO_PASSWORD), newPwd: await t.encrypt(newPwd) },
    });
    expect(status).toBe(400);
    expect(body.message).toBe(message);
    await expect(t.login('luobin')).resolves.toBeTruthy();
  });

  it('guessing the old password is throttled like a sign-in', async () => {
    const token = await t.login('tangyan');
    const body = async () => ({
      oldPwd: await t.encrypt('not-my-password'),
      newPwd: await t.encrypt('Another#2027'),
    });
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await t.call('modifiUserPsd', { token, body: await body() }));
    expect(answers.slice(0, 4).map((a) => a.body.message)).toEqual(Array(4).fill('旧密码不正确'));
    expect(answers[5]!.status).toBe(429);
  });

  it('refuses a wrong old password', async () => {
    const token = await t.login('luobin');
    const { body } = await t.call('modifiUserPsd', {
      token,
      body: { oldPwd: await t.encrypt('not-my-password'), newPwd: await t.encrypt('Another#2027') },
    });
    expect(body).toMatchObject({ state: false, message: '旧密码不正确' });
  });

  it('changes the password, ends every earlier token, and the new one signs in', async () => {
    const token = await t.login('liangchen');
    const other = await t.login('liangchen');
    const { body } = await t.call('modifiUserPsd', {
      token,
      body: { oldPwd: await t.encrypt(DEMO_PASSWORD), newPwd: await t.encrypt('Changed#2027') },
    });
    expect(body.state).toBe(true);
    expect((await t.call('getByAccount', { token: other, body: {} })).body.code).toBe(402);
    await expect(t.login('liangchen')).rejects.toThrow('账号或密码错误');
    await expect(t.login('liangchen', 'Changed#2027')).resolves.toBeTruthy();
    const audit = await lastAudit('user.modifyPassword');
    expect(audit).toMatchObject({ account: 'liangchen', result: 'success', tenantId: '-1' });
  });

  it('changUserPsd lets a user whose strategy requires a change set a new password, then sign in', async () => {
    const { body } = await t.call('changUserPsd', {
      body: {
        account: 'newbie',
        oldPwd: await t.encrypt(DEMO_PASSWORD),
        newPwd: await t.encrypt('Welcome#2027'),
      },
    });
    expect(body.state).toBe(true);
    const login = await t.call('login', {
      body: { username: 'newbie', password: await t.encrypt('Welcome#2027') },
    });
    expect(login.body.value.loginStatus).toBe(true);
  });

  it('the strategy of the caller’s tenant is answered by getDefault', async () => {
    expect((await t.call('getDefaultPwdStrategy')).body.value).toEqual({
      enable: 1,
      pwdRule: 3,
      pwdLength: 8,
    });
    const acme = (await t.call('getTenantByCode', { query: { code: 'acme' } })).body.value;
    expect((await t.call('getDefaultPwdStrategy', { query: { tenantId: acme.id } })).body.value.enable).toBe(
      0,
    );
  });
});

describe('audit trail', () => {
  it('records sign-in success and failure, sign-out, with tenant, user, address and result', async () => {
    await t.call('login', { body: { username: 'zhuting', password: await t.encrypt('bad-bad-bad') } });
    const failure = await lastAudit('auth.login');
    expect(failure).toMatchObject({
      tenantId: '-1',
      account: 'zhuting',
      userId: null,
      result: 'failure:400',
    });
    expect(failure?.clientIp).toBeTruthy();
    const token = await t.login('zhuting');
    const success = await lastAudit('auth.login');
    expect(success).toMatchObject({ account: 'zhuting', result: 'success' });
    expect(success?.userId).toBeTruthy();
    await t.call('signout', { token });
    expect(await lastAudit('auth.signout')).toMatchObject({ account: 'zhuting', result: 'success' });
  });

  it('is append-only: the database refuses to change or delete a record', async () => {
    const db = t.database.db;
    await expect(db.update(auditLog).set({ result: 'forged' })).rejects.toThrow();
    await expect(db.delete(auditLog)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect((await db.select().from(auditLog).where(eq(auditLog.result, 'forged'))).length).toBe(0);
  });

  it('a disabled user’s live token stops working', async () => {
    const token = await t.login('xuhui');
    await t.database.db.update(users).set({ status: 0 }).where(eq(users.account, 'xuhui'));
    expect((await t.call('getByAccount', { token, body: {} })).body.code).toBe(402);
  });
});
