import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { acmeTenantId, expectRefused, rowCount, signIn } from '../../../test/fixtures.js';
import { addAccount, mailSettings } from '../../../test/mail.js';
import { startMailServers, type MailServers } from '../../../test/mail-servers.js';
import { mailAccounts, mailLinkmen } from '../../db/schema.js';
import { decryptPassword, mailKeyOf } from './password.js';

/** Mail accounts and contacts (spec §7 "Mail and messages"): against a real Dovecot and SMTP server. */
let t: TestApp;
let servers: MailServers;
const as = signIn(() => t);
beforeAll(async () => {
  [t, servers] = await Promise.all([createTestApp(), startMailServers()]);
});
afterAll(async () => {
  await Promise.all([t.close(), servers.stop()]);
});

const alice = () => mailSettings(servers, servers.users[0]);

describe('mail settings', () => {
  it('saves an account with its password encrypted at rest and never sent back; the first is the default', async () => {
    const token = await as('zhangwei');
    // the user's only account is their default even when the body says otherwise
    const id = await addAccount(t, token, { ...alice(), isDefault: false });
    const [row] = await t.database.db.select().from(mailAccounts).where(eq(mailAccounts.id, id));
    expect(row!.password).not.toContain(servers.users[0].password);
    expect(decryptPassword(mailKeyOf(t.config), row!.tenantId, id, row!.password)).toBe(
      servers.users[0].password,
    );
    // the same cipher text under another account's id does not open
    expect(() => decryptPassword(mailKeyOf(t.config), row!.tenantId, 'other', row!.password)).toThrow();

    const { body } = await t.call('listMailSettings', { token, body: {} });
    expect(body.value.rows).toHaveLength(1);
    expect(body.value.rows[0]).toMatchObject({
      id,
      mailAddress: 'alice@mail.test',
      isDefault: true,
      syncStatus: 'idle',
    });
    expect(JSON.stringify(body.value)).not.toContain(servers.users[0].password);

    // isOriginPwd keeps the stored password; a second account made default takes it over
    const kept = await t.call('saveMailSetting', {
      token,
      body: { ...alice(), id, password: undefined, isOriginPwd: true, nickname: '爱丽丝' },
    });
    expect(kept.body.value.nickname).toBe('爱丽丝');
    const [after] = await t.database.db.select().from(mailAccounts).where(eq(mailAccounts.id, id));
    expect(decryptPassword(mailKeyOf(t.config), after!.tenantId, id, after!.password)).toBe(
      servers.users[0].password,
    );
    const second = await addAccount(t, token, {
      ...mailSettings(servers, servers.users[1]),
      isDefault: true,
    });
    const list = (await t.call('listMailSettings', { token, body: {} })).body.value.rows;
    expect(list.map((a) => [a.id, a.isDefault])).toEqual([
      [second, true],
      [id, false],
    ]);
    expect((await t.call('removeMailSettings', { token, query: { ids: second } })).body.value).toBe(1);
    expect((await t.call('listMailSettings', { token, body: {} })).body.value.rows[0]).toMatchObject({
      id,
      isDefault: true,
    });
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const token = await as('zhangwei');
    const before = await rowCount(t, mailAccounts);
    expectRefused(
      await t.call('saveMailSetting', { token, body: { ...alice(), mailAddress: 'not-an-address' } }),
      400,
    );
    expectRefused(await t.call('saveMailSetting', { token, body: { ...alice(), password: undefined } }), 400);
    expectRefused(await t.call('saveMailSetting', { token, body: { ...alice(), imapPort: 70000 } }), 400);
    expectRefused(await t.call('saveMailSetting', { token, body: { ...alice(), imapTls: 'tls13' } }), 400);
    expectRefused(await t.call('saveMailSetting', { token, body: { ...alice(), extra: 1 } }), 400);
    expectRefused(await t.call('removeMailSettings', { token, query: {} }), 400);
    expect(await rowCount(t, mailAccounts)).toBe(before);
  });

  it('another user’s or tenant’s account is not found (404), nothing read or changed', async () => {
    const id = await addAccount(t, await as('wangfang'), alice());
    const other = await as('zhangwei');
    expectRefused(
      await t.call('saveMailSetting', { token: other, body: { ...alice(), id, nickname: 'x' } }),
      404,
    );
    expectRefused(
      await t.call('testMailSetting', { token: other, body: { ...alice(), id, isOriginPwd: true } }),
      404,
    );
    expectRefused(await t.call('syncMail', { token: other, query: { id } }), 404);
    expectRefused(await t.call('getMailSyncState', { token: other, query: { id } }), 404);
    expect((await t.call('removeMailSettings', { token: other, query: { ids: id } })).body.value).toBe(0);
    const acme = await as('admin', await acmeTenantId(t));
    expectRefused(await t.call('syncMail', { token: acme, query: { id } }), 404);
    const [row] = await t.database.db.select().from(mailAccounts).where(eq(mailAccounts.id, id));
    expect(row!.nickname).toBe('alice');
  });
});

describe('mail settings: the connection test says which step failed (within 10 s)', () => {
  it('ok with the right settings, also with the stored password (isOriginPwd)', async () => {
    const token = await as('liuyang');
    const { body } = await t.call('testMailSetting', { token, body: alice() });
    expect(body.value).toMatchObject({ ok: true, server: null, failure: null });
    const id = await addAccount(t, token, alice());
    const stored = await t.call('testMailSetting', {
      token,
      body: { ...alice(), id, password: undefined, isOriginPwd: true },
    });
    expect(stored.body.value.ok).toBe(true);
  });

  it('a wrong port is unreachable, a wrong password a refused login, an SMTP refusal names SMTP — in each language', async () => {
    const token = await as('liuyang');
    const started = Date.now();
    const port = await t.call('testMailSetting', {
      token,
      body: { ...alice(), imapPort: servers.closedPort },
    });
    expect(port.body.value).toMatchObject({ ok: false, server: 'imap', failure: 'unreachable' });
    expect(port.body.value.message).toContain(`${servers.closedPort}`);
    const login = await t.call('testMailSetting', {
      token,
      body: { ...alice(), password: 'wrong' },
      lang: 'en-US',
    });
    expect(login.body.value).toMatchObject({ ok: false, server: 'imap', failure: 'login' });
    expect(login.body.value.message).toBe(
      'The IMAP server refused the sign-in: check the account and password',
    );
    const smtp = await t.call('testMailSetting', {
      token,
      body: { ...alice(), smtpPort: servers.closedPort },
      lang: 'zh-TW',
    });
    expect(smtp.body.value).toMatchObject({ ok: false, server: 'smtp', failure: 'unreachable' });
    expect(smtp.body.value.message).toContain('無法連線SMTP伺服器');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('a server that does not speak TLS where TLS is asked for fails at once, not after minutes', async () => {
    const token = await as('liuyang');
    const { body } = await t.call('testMailSetting', { token, body: { ...alice(), imapTls: 'ssl' } });
    expect(body.value.ok).toBe(false);
    expect(body.value.server).toBe('imap');
  });
});

describe('mail contacts', () => {
  it('saves, lists, changes and removes the caller’s own; another’s is 404; bad input 400', async () => {
    const token = await as('zhaolei');
    const saved = await t.call('saveMailLinkman', {
      token,
      body: { name: '客户甲', mailAddress: 'jia@customer.example.com' },
    });
    expect(saved.body.value).toMatchObject({ name: '客户甲', mailAddress: 'jia@customer.example.com' });
    const id = saved.body.value.id;
    const changed = await t.call('saveMailLinkman', {
      token,
      body: { id, name: '客户乙', mailAddress: 'yi@customer.example.com' },
    });
    expect(changed.body.value.name).toBe('客户乙');
    const list = await t.call('listMailLinkmen', {
      token,
      body: { querys: [{ property: 'name', value: '客户', operation: 'LIKE' }] },
    });
    expect(list.body.value.rows.map((l) => l.id)).toEqual([id]);

    const before = await rowCount(t, mailLinkmen);
    expectRefused(await t.call('saveMailLinkman', { token, body: { name: 'x', mailAddress: 'nope' } }), 400);
    expectRefused(await t.call('saveMailLinkman', { token, body: { name: '', mailAddress: 'a@b.cn' } }), 400);
    const other = await as('xuhui');
    expectRefused(
      await t.call('saveMailLinkman', { token: other, body: { id, name: 'x', mailAddress: 'a@b.cn' } }),
      404,
    );
    expect((await t.call('removeMailLinkmen', { token: other, query: { ids: id } })).body.value).toBe(0);
    expect(await rowCount(t, mailLinkmen)).toBe(before);
    expect((await t.call('listMailLinkmen', { token: other, body: {} })).body.value.total).toBe(0);

    expect((await t.call('removeMailLinkmen', { token, query: { ids: id } })).body.value).toBe(1);
    expect((await t.call('listMailLinkmen', { token, body: {} })).body.value.total).toBe(0);
  });

  it('getMailAndUserData merges the caller’s contacts and the tenant’s users with an e-mail', async () => {
    const token = await as('zhaolei');
    await t.call('saveMailLinkman', {
      token,
      body: { name: '张伟的助理', mailAddress: 'helper@customer.example.com' },
    });
    const { body } = await t.call('getMailAndUserData', { token, query: { query: '张伟' } });
    expect(body.value[0]).toMatchObject({ source: 'linkman', mailAddress: 'helper@customer.example.com' });
    expect(body.value).toContainEqual(
      expect.objectContaining({ source: 'user', name: '张伟', mailAddress: 'zhangwei@platform.example.com' }),
    );
    // another tenant's users are not offered
    const acme = await as('admin', await acmeTenantId(t));
    const theirs = await t.call('getMailAndUserData', {
      token: acme,
      query: { query: 'platform.example.com' },
    });
    expect(theirs.body.value).toEqual([]);
    expectRefused(await t.call('getMailAndUserData', { token, query: { query: 'x'.repeat(101) } }), 400);
  });
});
