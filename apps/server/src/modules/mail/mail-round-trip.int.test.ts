import { MAIL_SEND_METHOD, routeUrl } from '@eip/contracts';
import { eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { acmeTenantId, expectRefused, rowCount, signIn } from '../../../test/fixtures.js';
import { mailMessages, methodRoles, methods } from '../../db/schema.js';
import { addAccount, mailSettings } from '../../../test/mail.js';
import { startMailServers, type MailServers, type MailUser } from '../../../test/mail-servers.js';
import { openStream } from '../../../test/sse.js';
import { uploadFile } from '../../../test/upload.js';
import { runDueJobs } from '../../jobs/runner.js';
import { mailKeyOf } from './password.js';
import { mailJobHandlers } from './sync.js';

/** Personal mail end to end (spec §7 "Mail and messages"): SMTP out, Dovecot in, sync, read, reply. */
let t: TestApp;
let servers: MailServers;
const as = signIn(() => t);
let aliceAccount: string;
let bobAccount: string;
beforeAll(async () => {
  [t, servers] = await Promise.all([createTestApp(), startMailServers()]);
  aliceAccount = await addAccount(t, await as('zhangwei'), mailSettings(servers, servers.users[0]));
  bobAccount = await addAccount(t, await as('wangfang'), mailSettings(servers, servers.users[1]));
});
afterAll(async () => {
  await Promise.all([t.close(), servers.stop()]);
});

/** Asks for a sync of the account and runs the job as the job runner would. */
async function sync(account: string, id: string) {
  const token = await as(account);
  const { body } = await t.call('syncMail', { token, query: { id } });
  expect(body.value).toMatchObject({ accountId: id, status: 'pending' });
  expect(body.value.jobId).toBeTruthy();
  await runDueJobs(t.database.db, mailJobHandlers(mailKeyOf(t.config)));
  const state = (await t.call('getMailSyncState', { token, query: { id } })).body.value;
  expect(state).toMatchObject({ status: 'done', error: null });
  expect(state.foldersDone).toBe(state.foldersTotal);
  return state;
}

async function inbox(account: string, extra: { property: string; value: unknown; operation: string }[] = []) {
  const { body } = await t.call('listMails', {
    token: await as(account),
    body: { querys: [{ property: 'folderUse', value: 'inbox', operation: 'EQUAL' }, ...extra] },
  });
  expect(body.state, body.message).toBe(true);
  return body.value;
}

/** Puts a raw message straight into a mailbox's INBOX (what another mail server would deliver). */
async function deliver(user: MailUser, raw: string | Buffer) {
  const client = new ImapFlow({
    host: servers.host,
    port: servers.imapPort,
    secure: false,
    auth: { user: user.address, pass: user.password },
    logger: false,
  });
  await client.connect();
  await client.append('INBOX', raw);
  await client.logout();
}

describe('the round trip', () => {
  let sentMessageId: string;
  let bobMailId: string;

  it('A sends with a Chinese-named attachment; B syncs, sees it unread in INBOX, reads and downloads it', async () => {
    const a = await as('zhangwei');
    const file = await uploadFile(
      t,
      a,
      '季度报告.txt',
      '第一季度：增长百分之十',
      'text/plain',
      'mailAttachment',
    );
    expect(file.body.state, file.body.message).toBe(true);
    const sent = await t.call('sendMail', {
      token: a,
      body: {
        accountId: aliceAccount,
        to: [{ address: servers.users[1].address, name: '王芳' }],
        subject: '关于第一季度的报告',
        html: '<p>请查收<script>alert(1)</script></p>',
        fileIds: [file.body.value.fileId],
      },
    });
    expect(sent.body.state, sent.body.message).toBe(true);
    sentMessageId = sent.body.value.messageId;
    expect(sent.body.value.id).toBeTruthy();

    const state = await sync('wangfang', bobAccount);
    expect(state.fetched).toBeGreaterThanOrEqual(1);
    const tree = (await t.call('getMailTreeData', { token: await as('wangfang') })).body.value;
    expect(tree).toHaveLength(1);
    expect(tree[0]!.folders.map((f) => f.specialUse).slice(0, 5)).toEqual([
      'inbox',
      'sent',
      'drafts',
      'trash',
      'junk',
    ]);
    expect(tree[0]!.folders[0]).toMatchObject({ total: 1, unread: 1 });

    const unread = await inbox('wangfang', [{ property: 'isRead', value: false, operation: 'EQUAL' }]);
    expect(unread.rows).toHaveLength(1);
    const item = unread.rows[0]!;
    expect(item).toMatchObject({ subject: '关于第一季度的报告', isRead: false, hasAttachments: true });
    expect(item.from).toEqual({ name: 'alice', address: 'alice@mail.test' });
    bobMailId = item.id;

    const read = (await t.call('getMail', { token: await as('wangfang'), query: { id: item.id } })).body
      .value;
    expect(read.isRead).toBe(true);
    expect(read.html).toContain('请查收');
    expect(read.html).not.toContain('script');
    expect(read.messageId).toBe(sentMessageId);
    expect(read.attachments).toHaveLength(1);
    expect(read.attachments[0]!.fileName).toBe('季度报告.txt');
    const download = async (account: string) =>
      t.app.inject({
        url: `${routeUrl('downloadFile', '/portal')}?fileId=${read.attachments[0]!.fileId}`,
        headers: { authorization: `Bearer ${await as(account)}` },
      });
    expect((await download('wangfang')).body).toBe('第一季度：增长百分之十');
    // somebody else may not download it, nor read the mail
    expect((await download('liuyang')).statusCode).toBe(404);
    expectRefused(await t.call('getMail', { token: await as('zhangwei'), query: { id: item.id } }), 404);
    expectRefused(
      await t.call('getMail', { token: await as('admin', await acmeTenantId(t)), query: { id: item.id } }),
      404,
    );
    expect((await inbox('wangfang', [{ property: 'isRead', value: false, operation: 'EQUAL' }])).total).toBe(
      0,
    );
  });

  it('B replies; A syncs and sees the reply threaded to the original (In-Reply-To), with the quote', async () => {
    const b = await as('wangfang');
    const reply = await t.call('sendMail', {
      token: b,
      body: {
        accountId: bobAccount,
        to: [{ address: servers.users[0].address }],
        subject: 'Re: 关于第一季度的报告',
        html: '<p>收到，谢谢</p>',
        replyToId: bobMailId,
      },
    });
    expect(reply.body.state, reply.body.message).toBe(true);
    await sync('zhangwei', aliceAccount);
    const rows = (await inbox('zhangwei')).rows;
    expect(rows).toHaveLength(1);
    const got = (await t.call('getMail', { token: await as('zhangwei'), query: { id: rows[0]!.id } })).body
      .value;
    expect(got.inReplyTo).toBe(sentMessageId);
    expect(got.html).toContain('收到，谢谢');
    expect(got.html).toContain('请查收');
    // A's Sent folder holds the copy of the first mail, B's the reply
    const sent = await t.call('listMails', {
      token: await as('zhangwei'),
      body: { querys: [{ property: 'folderUse', value: 'sent', operation: 'EQUAL' }] },
    });
    expect(sent.body.value.rows.map((m) => m.subject)).toEqual(['关于第一季度的报告']);
  });

  it('a finished sync tells its owner’s open pages to ask for their mail again (live push), and nobody else', async () => {
    const url = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}${routeUrl('pushStream')}`;
    const [owner, other] = await Promise.all([
      openStream(url, await as('zhangwei')),
      openStream(url, await as('wangfang')),
    ]);
    try {
      await owner.next((e) => e.event === 'counts');
      await sync('zhangwei', aliceAccount);
      const hint = await owner.next((e) => e.event === 'refresh');
      expect(JSON.parse(hint.data)).toEqual({ lists: ['mail'] });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(other.events.filter((e) => e.event === 'refresh')).toEqual([]);
    } finally {
      owner.close();
      other.close();
    }
  });

  it('a second sync adds nothing (incremental by UIDVALIDITY and UID)', async () => {
    const state = await sync('wangfang', bobAccount);
    expect(state.fetched).toBe(0);
    expect((await inbox('wangfang')).total).toBe(1);
  });
});

describe('reading what arrives', () => {
  it('decodes a GBK body and an RFC 2047 subject; blocks remote images until allowed; skips nothing that parses', async () => {
    const body = iconv.encode(
      '<p>您好，这是GBK编码的正文<img src="https://tracker.example.com/p.gif"></p>',
      'gbk',
    );
    const raw = Buffer.concat([
      Buffer.from(
        'From: =?GBK?B?' +
          iconv.encode('客户', 'gbk').toString('base64') +
          '?= <kehu@customer.example.com>\r\nTo: bob@mail.test\r\nSubject: =?GB2312?B?' +
          iconv.encode('合同草案', 'gb2312').toString('base64') +
          '?=\r\nMessage-ID: <gbk-1@customer.example.com>\r\nDate: Mon, 2 Nov 2026 10:00:00 +0800\r\nMIME-Version: 1.0\r\nContent-Type: text/html; charset=GBK\r\nContent-Transfer-Encoding: 8bit\r\n\r\n',
      ),
      body,
      Buffer.from('\r\n'),
    ]);
    await deliver(servers.users[1], raw);
    await sync('wangfang', bobAccount);
    const found = await inbox('wangfang', [{ property: 'keyword', value: '合同', operation: 'LIKE' }]);
    expect(found.rows).toHaveLength(1);
    expect(found.rows[0]!.from).toEqual({ name: '客户', address: 'kehu@customer.example.com' });
    const id = found.rows[0]!.id;
    const token = await as('wangfang');
    const blocked = (await t.call('getMail', { token, query: { id } })).body.value;
    expect(blocked.html).toContain('您好，这是GBK编码的正文');
    expect(blocked.remoteImagesBlocked).toBe(true);
    expect(blocked.html).not.toContain('tracker.example.com');
    const allowed = (await t.call('getMail', { token, query: { id, allowImages: 'true' } })).body.value;
    expect(allowed.remoteImagesBlocked).toBe(false);
    expect(allowed.html).toContain('https://tracker.example.com/p.gif');
  });
});

describe('marking, removing, drafts', () => {
  it('isRead marks unread and read again; another’s mail is 404; bad input is 400', async () => {
    const token = await as('wangfang');
    const [mail] = (await inbox('wangfang')).rows;
    expect(
      (await t.call('markMailRead', { token, query: { id: mail!.id, isRead: 'false' } })).body.value,
    ).toBe(false);
    expect((await inbox('wangfang', [{ property: 'isRead', value: false, operation: 'EQUAL' }])).total).toBe(
      1,
    );
    expect((await t.call('markMailRead', { token, query: { id: mail!.id } })).body.value).toBe(true);
    expectRefused(
      await t.call('markMailRead', { token: await as('zhangwei'), query: { id: mail!.id } }),
      404,
    );
    expectRefused(await t.call('markMailRead', { token, query: { id: mail!.id, isRead: 'maybe' } }), 400);
    expectRefused(await t.call('removeMails', { token, query: { ids: mail!.id, type: 'burn' } }), 400);
    expectRefused(
      await t.call('removeMails', { token: await as('zhangwei'), query: { ids: mail!.id, type: 'delete' } }),
      404,
    );
    expectRefused(
      await t.call('listMails', { token, body: { querys: [{ property: 'nope', value: 1 }] } }),
      400,
    );
  });

  it('to Trash moves the mail there (on the server too); delete removes it for good', async () => {
    const token = await as('wangfang');
    const [mail] = (await inbox('wangfang', [{ property: 'keyword', value: '合同', operation: 'LIKE' }]))
      .rows;
    expect((await t.call('removeMails', { token, query: { ids: mail!.id, type: 'trash' } })).body.value).toBe(
      1,
    );
    const trash = await t.call('listMails', {
      token,
      body: { querys: [{ property: 'folderUse', value: 'trash', operation: 'EQUAL' }] },
    });
    expect(trash.body.value.rows.map((m) => m.id)).toEqual([mail!.id]);
    // the server agrees: a fresh sync keeps it in Trash, once
    await sync('wangfang', bobAccount);
    const tree = (await t.call('getMailTreeData', { token })).body.value[0]!;
    expect(tree.folders.find((f) => f.specialUse === 'trash')!.total).toBe(1);
    expect(
      (await t.call('removeMails', { token, query: { ids: mail!.id, type: 'delete' } })).body.value,
    ).toBe(1);
    await sync('wangfang', bobAccount);
    const after = (await t.call('getMailTreeData', { token })).body.value[0]!;
    expect(after.folders.find((f) => f.specialUse === 'trash')!.total).toBe(0);
  });

  it('a draft is kept in Drafts and replaced when sent; sending needs a recipient', async () => {
    const token = await as('zhangwei');
    const base = { accountId: aliceAccount, to: [], subject: '草稿', html: '<p>未完</p>' };
    expectRefused(await t.call('sendMail', { token, body: base }), 400);
    expectRefused(await t.call('sendMail', { token, body: { ...base, to: [{ address: 'bad' }] } }), 400);
    expectRefused(
      await t.call('sendMail', { token: await as('wangfang'), body: { ...base, saveAsDraft: true } }),
      404,
    );
    const draft = await t.call('sendMail', { token, body: { ...base, saveAsDraft: true } });
    expect(draft.body.state, draft.body.message).toBe(true);
    const drafts = async () =>
      (
        await t.call('listMails', {
          token,
          body: { querys: [{ property: 'folderUse', value: 'drafts', operation: 'EQUAL' }] },
        })
      ).body.value.rows;
    expect((await drafts()).map((m) => m.id)).toEqual([draft.body.value.id]);
    const sent = await t.call('sendMail', {
      token,
      body: { ...base, to: [{ address: servers.users[1].address }], draftId: draft.body.value.id! },
    });
    expect(sent.body.state, sent.body.message).toBe(true);
    expect(await drafts()).toEqual([]);
  });

  it('sending and drafting need the method mail:send (spec §6): without it → 403 and nothing is kept', async () => {
    const token = await as('zhangwei');
    const [method] = await t.database.db.select().from(methods).where(eq(methods.alias, MAIL_SEND_METHOD));
    const holders = await t.database.db
      .select()
      .from(methodRoles)
      .where(eq(methodRoles.methodId, method!.id));
    await t.database.db.delete(methodRoles).where(eq(methodRoles.methodId, method!.id));
    try {
      const before = await rowCount(t, mailMessages);
      const body = {
        accountId: aliceAccount,
        to: [{ address: servers.users[1].address }],
        subject: '无权',
        html: '',
      };
      expectRefused(await t.call('sendMail', { token, body }), 403);
      expectRefused(await t.call('sendMail', { token, body: { ...body, saveAsDraft: true } }), 403);
      expect(await rowCount(t, mailMessages)).toBe(before);
    } finally {
      await t.database.db.insert(methodRoles).values(holders);
    }
  });
});

describe('sync failures', () => {
  it('an account whose server refuses it fails with the reason; another account syncs in the same round', async () => {
    const token = await as('xuhui');
    const broken = await addAccount(t, token, {
      ...mailSettings(servers, servers.users[0]),
      password: 'wrong',
    });
    const fine = await addAccount(t, token, mailSettings(servers, servers.users[1]));
    await t.call('syncMail', { token, query: { id: broken } });
    await t.call('syncMail', { token, query: { id: fine } });
    await runDueJobs(t.database.db, mailJobHandlers(mailKeyOf(t.config)));
    const failed = (await t.call('getMailSyncState', { token, query: { id: broken } })).body.value;
    expect(failed.status).toBe('failed');
    expect(failed.error).toBeTruthy();
    const done = (await t.call('getMailSyncState', { token, query: { id: fine } })).body.value;
    expect(done).toMatchObject({ status: 'done', error: null });
    expect(done.fetched).toBeGreaterThan(0);
  });
});
