import { and, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import iconv from 'iconv-lite';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { expectRefused, signIn } from '../../../test/fixtures.js';
import { addAccount, mailSettings } from '../../../test/mail.js';
import { startMailServers, type MailServers } from '../../../test/mail-servers.js';
import { sysFileLinks, mailMessages } from '../../db/schema.js';
import { runDueJobs } from '../../jobs/runner.js';
import { MAIL_FILES } from './account.repository.js';
import { mailKeyOf } from './password.js';
import { mailJobHandlers } from './sync.js';

/**
 * Issue 16: the sync keeps each mail's list fields only (envelope, flags, structure); its body comes from
 * the server when it is first read, and is kept.
 */
let t: TestApp;
let servers: MailServers;
const as = signIn(() => t);
let account: string;
beforeAll(async () => {
  [t, servers] = await Promise.all([createTestApp(), startMailServers()]);
  account = await addAccount(t, await as('wangfang'), mailSettings(servers, servers.users[1]));
});
afterAll(async () => {
  await Promise.all([t.close(), servers.stop()]);
});

const word = (text: string) => `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;

/** A mail with a Chinese subject and sender, a text body and a Chinese-named attachment. */
const withAttachment = (n: number) =>
  [
    `From: ${word('客户李明')} <liming@customer.example.com>`,
    'To: bob@mail.test',
    `Subject: ${word(`合同第${n}版`)}`,
    `Date: Tue, 3 Nov 2026 0${n}:00:00 +0800`,
    `Message-ID: <open-${n}@customer.example.com>`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="m"',
    '',
    '--m',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `第${n}版合同的正文`,
    '--m',
    `Content-Type: text/plain; name="${word('合同.txt')}"`,
    `Content-Disposition: attachment; filename="${word('合同.txt')}"`,
    '',
    '合同条款',
    '--m--',
    '',
  ].join('\r\n');

/** Runs `work` on an IMAP connection of the synced mailbox, its INBOX open for writing. */
async function onServer(work: (client: ImapFlow) => Promise<unknown>) {
  const user = servers.users[1];
  const client = new ImapFlow({
    host: servers.host,
    port: servers.imapPort,
    secure: false,
    auth: { user: user.address, pass: user.password },
    logger: false,
  });
  await client.connect();
  try {
    const lock = await client.getMailboxLock('INBOX');
    try {
      await work(client);
    } finally {
      lock.release();
    }
  } finally {
    await client.logout();
  }
}

async function sync() {
  const token = await as('wangfang');
  await t.call('syncMail', { token, query: { id: account } });
  await runDueJobs(t.database.db, mailJobHandlers(mailKeyOf(t.config)));
  const state = (await t.call('getMailSyncState', { token, query: { id: account } })).body.value;
  expect(state).toMatchObject({ status: 'done', error: null });
  return state;
}

async function inbox(keyword: string) {
  const { body } = await t.call('listMails', {
    token: await as('wangfang'),
    body: { querys: [{ property: 'keyword', value: keyword, operation: 'LIKE' }] },
  });
  expect(body.state, body.message).toBe(true);
  return body.value.rows;
}

const rowOf = async (id: string) =>
  (await t.database.db.select().from(mailMessages).where(eq(mailMessages.id, id)))[0]!;

const linkedFiles = async (id: string) =>
  t.database.db
    .select()
    .from(sysFileLinks)
    .where(and(eq(sysFileLinks.ownerType, MAIL_FILES), eq(sysFileLinks.ownerId, id)));

describe('sync lists, reading fetches', () => {
  it('after a sync the list has subjects, senders, dates and the attachment flag, and no body was fetched', async () => {
    await onServer(async (client) => {
      for (const n of [1, 2, 3]) await client.append('INBOX', withAttachment(n));
    });
    const state = await sync();
    expect(state).toMatchObject({ fetched: 3, skipped: 0 });
    const rows = await inbox('合同');
    expect(rows.map((r) => r.subject)).toEqual(['合同第3版', '合同第2版', '合同第1版']);
    expect(rows[0]).toMatchObject({
      from: { name: '客户李明', address: 'liming@customer.example.com' },
      sendDate: '2026-11-02T19:00:00.000Z',
      hasAttachments: true,
      isRead: false,
    });
    // searched by the sender's name too
    expect(await inbox('李明')).toHaveLength(3);
    const stored = await rowOf(rows[0]!.id);
    expect(stored).toMatchObject({ bodyKept: false, html: null, text: null, attachments: [] });
    expect(stored.messageId).toBe('<open-3@customer.example.com>');
    expect(await linkedFiles(stored.id)).toEqual([]);
  });

  it('opening fetches and keeps the body once: read again after the server lost it, it comes from the portal', async () => {
    const [mail] = await inbox('合同第2版');
    const token = await as('wangfang');
    const first = await t.call('getMail', { token, query: { id: mail!.id } });
    expect(first.body.state, first.body.message).toBe(true);
    expect(first.body.value).toMatchObject({ subject: '合同第2版', isRead: true, unreadable: null });
    expect(first.body.value.text).toContain('第2版合同的正文');
    expect(first.body.value.attachments.map((a) => a.fileName)).toEqual(['合同.txt']);
    expect(await rowOf(mail!.id)).toMatchObject({ bodyKept: true, preview: '第2版合同的正文' });
    expect(await linkedFiles(mail!.id)).toHaveLength(1);

    const uid = (await rowOf(mail!.id)).uid;
    await onServer((client) => client.messageDelete(String(uid), { uid: true }));
    const again = await t.call('getMail', { token, query: { id: mail!.id } });
    expect(again.body.state, again.body.message).toBe(true);
    expect(again.body.value.text).toBe(first.body.value.text);
    expect(again.body.value.attachments).toEqual(first.body.value.attachments);
    expect(await linkedFiles(mail!.id)).toHaveLength(1);
  });

  it('a mail deleted on the server between sync and opening is a 404 saying so, and nothing changes', async () => {
    const [mail] = await inbox('合同第1版');
    const before = await rowOf(mail!.id);
    await onServer((client) => client.messageDelete(String(before.uid), { uid: true }));
    for (const lang of ['zh-CN', 'en-US']) {
      const gone = await t.call('getMail', { token: await as('wangfang'), lang, query: { id: mail!.id } });
      expectRefused(gone, 404);
      expect(gone.body.message).toContain(lang === 'zh-CN' ? '邮件服务器上已没有这封邮件' : 'no longer has');
    }
    expect(await rowOf(mail!.id)).toEqual(before);
    // the next sync drops it
    await sync();
    expect(await inbox('合同第1版')).toEqual([]);
  });

  it('a mail the database refuses (a NUL in its subject) is recorded as unreadable; the others sync', async () => {
    await onServer(async (client) => {
      await client.append('INBOX', withAttachment(4));
      await client.append('INBOX', withAttachment(5).replace(word('合同第5版'), word('合同第5\u0000版')));
      await client.append('INBOX', withAttachment(6));
    });
    const state = await sync();
    expect(state).toMatchObject({ fetched: 2, skipped: 1 });
    const rows = await inbox('合同第');
    expect(rows.map((r) => r.subject)).toEqual(['合同第6版', '合同第5版', '合同第4版', '合同第3版']);
    const bad = await t.call('getMail', { token: await as('wangfang'), query: { id: rows[1]!.id } });
    expect(bad.body.state, bad.body.message).toBe(true);
    expect(bad.body.value.unreadable).toBeTruthy();
  });

  it('a forward of a mail never opened quotes its body and carries its attachment', async () => {
    await onServer((client) => client.append('INBOX', withAttachment(7)));
    await sync();
    const [mail] = await inbox('合同第7版');
    expect((await rowOf(mail!.id)).bodyKept).toBe(false);
    const token = await as('wangfang');
    const forward = await t.call('sendMail', {
      token,
      body: {
        accountId: account,
        to: [],
        subject: '转发：合同第7版',
        html: '<p>请看</p>',
        forwardId: mail!.id,
        saveAsDraft: true,
      },
    });
    expect(forward.body.state, forward.body.message).toBe(true);
    const draft = await t.call('getMail', { token, query: { id: forward.body.value.id! } });
    expect(draft.body.value.html).toContain('第7版合同的正文');
    expect(draft.body.value.attachments.map((a) => a.fileName)).toEqual(['合同.txt']);
  });

  it('a body with a NUL character opens without it', async () => {
    const body = Buffer.from('第8版合同\u0000的正文', 'utf8').toString('base64');
    const withNul = withAttachment(8).replace(
      'Content-Type: text/plain; charset=utf-8\r\n\r\n第8版合同的正文',
      `Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${body}`,
    );
    expect(withNul).toContain(body);
    await onServer((client) => client.append('INBOX', withNul));
    await sync();
    const [mail] = await inbox('合同第8版');
    const opened = await t.call('getMail', { token: await as('wangfang'), query: { id: mail!.id } });
    expect(opened.body.state, opened.body.message).toBe(true);
    expect(opened.body.value).toMatchObject({
      unreadable: null,
      text: expect.stringContaining('第8版合同的正文'),
    });
  });
});

/** A mail of the preview tests: its headers and, after a blank line, its MIME body. */
const previewMail = (n: number, contentType: string, body: string | Buffer, encoding?: string) =>
  Buffer.concat([
    Buffer.from(
      [
        `From: ${word('预览测试')} <preview@customer.example.com>`,
        'To: bob@mail.test',
        `Subject: ${word(`预览第${n}封`)}`,
        `Date: Wed, 4 Nov 2026 0${n}:00:00 +0800`,
        `Message-ID: <preview-${n}@customer.example.com>`,
        'MIME-Version: 1.0',
        `Content-Type: ${contentType}`,
        ...(encoding ? [`Content-Transfer-Encoding: ${encoding}`] : []),
        '',
        '',
      ].join('\r\n'),
    ),
    Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8'),
  ]);

/** Quoted-printable as mail writers write it: every byte outside printable ASCII escaped, soft breaks at 60. */
const quotedPrintable = (bytes: Buffer) =>
  [...bytes]
    .map((b) =>
      b >= 33 && b <= 126 && b !== 61
        ? String.fromCharCode(b)
        : `=${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('')
    .replace(/(.{60}(?:=[0-9A-F]{2})?)/g, '$1=\r\n');

const base64Lines = (bytes: Buffer) => bytes.toString('base64').replace(/.{76}/g, '$&\r\n');

/**
 * The bytes Dovecot sent in each IMAP session of the synced mailbox that `work` opens: counted once every
 * session opened before has ended, and once these have.
 */
async function sentInSessions(work: () => Promise<unknown>) {
  const sessions = () => servers.imapSessions(servers.users[1].address);
  const allEnded = () => expect(sessions().ended).toHaveLength(sessions().started);
  await vi.waitFor(allEnded, { timeout: 10_000 });
  const before = sessions().ended.length;
  await work();
  await vi.waitFor(allEnded, { timeout: 10_000 });
  return sessions()
    .ended.slice(before)
    .map((session) => session.out);
}

const ATTACHMENT_BYTES = 5 * 1024 * 1024;

describe('the sync keeps a preview of each new mail, from its text part only', () => {
  const text = '各位同事：\r\n\r\n   周五下午三点\t在301会议室开会。\r\n请准时参加。\r\n';
  const html =
    '<html><head><title>通知标题</title><style>p { color: red }</style></head><body>' +
    '<p>季度&nbsp;报告 &amp; 预算</p><div>请在<b>周三</b>前提交&lt;定稿&gt;</div></body></html>';
  const gbk = '你好，这是一封用GBK编码、quoted-printable传送的邮件。\r\n第二行写的是：附件已经更新，请查收。';
  const alternative = '这封邮件有文本、HTML和一个5MB的附件，预览只取文本。';
  const long = `A${'长'.repeat(1500)}`;

  it('right after the sync, before any opening: plain text, HTML only, GBK quoted-printable, UTF-8 base64 beside a 5 MB attachment', async () => {
    const attachment = randomBytes(ATTACHMENT_BYTES);
    const mixed = [
      '--mixed',
      'Content-Type: multipart/alternative; boundary="alt"',
      '',
      '--alt',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      base64Lines(Buffer.from(alternative, 'utf8')),
      '--alt',
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      base64Lines(Buffer.from(`<p>${alternative}</p>`, 'utf8')),
      '--alt--',
      '--mixed',
      'Content-Type: application/octet-stream; name="data.bin"',
      'Content-Disposition: attachment; filename="data.bin"',
      'Content-Transfer-Encoding: base64',
      '',
      base64Lines(attachment),
      '--mixed--',
      '',
    ].join('\r\n');
    await onServer(async (client) => {
      await client.append('INBOX', previewMail(1, 'text/plain; charset=utf-8', text));
      await client.append('INBOX', previewMail(2, 'text/html; charset=utf-8', html));
      await client.append(
        'INBOX',
        previewMail(
          3,
          'text/plain; charset=gbk',
          quotedPrintable(iconv.encode(gbk, 'gbk')),
          'quoted-printable',
        ),
      );
      await client.append('INBOX', previewMail(4, 'multipart/mixed; boundary="mixed"', mixed));
      // 8-bit GBK longer than the bytes fetched: the character cut at the end is not a decoding failure
      await client.append(
        'INBOX',
        previewMail(5, 'text/plain; charset=gbk', iconv.encode(long, 'gbk'), '8bit'),
      );
    });
    let state: Awaited<ReturnType<typeof sync>> | undefined;
    const sent = await sentInSessions(async () => (state = await sync()));
    expect(state).toMatchObject({ fetched: 5, skipped: 0 });

    const rows = await inbox('预览第');
    expect(rows.map((r) => [r.subject, r.preview])).toEqual([
      ['预览第5封', long.slice(0, 200)],
      ['预览第4封', alternative],
      [
        '预览第3封',
        '你好，这是一封用GBK编码、quoted-printable传送的邮件。 第二行写的是：附件已经更新，请查收。',
      ],
      ['预览第2封', '季度 报告 & 预算 请在周三前提交<定稿>'],
      ['预览第1封', '各位同事： 周五下午三点 在301会议室开会。 请准时参加。'],
    ]);
    for (const row of rows) expect(await rowOf(row.id)).toMatchObject({ bodyKept: false, text: null });
    // the attachment (6.8 MB as base64) stayed on the server: the whole sync session sent far less
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBeLessThan(256 * 1024);

    // opening it does download it, and the preview stays what the full body gives
    const opened = await sentInSessions(async () => {
      const read = await t.call('getMail', { token: await as('wangfang'), query: { id: rows[1]!.id } });
      expect(read.body.state, read.body.message).toBe(true);
      expect(read.body.value.attachments.map((a) => a.size)).toEqual([ATTACHMENT_BYTES]);
    });
    expect(opened.reduce((sum, out) => sum + out, 0)).toBeGreaterThan(ATTACHMENT_BYTES);
    expect(await rowOf(rows[1]!.id)).toMatchObject({ bodyKept: true, preview: alternative });
    const htmlOnly = await t.call('getMail', { token: await as('wangfang'), query: { id: rows[3]!.id } });
    expect(htmlOnly.body.state, htmlOnly.body.message).toBe(true);
    expect((await rowOf(rows[3]!.id)).preview).toBe('季度 报告 & 预算 请在周三前提交<定稿>');
  });

  it('a mail whose text cannot be decoded keeps an empty preview; the sync goes on', async () => {
    await onServer(async (client) => {
      await client.append(
        'INBOX',
        previewMail(
          6,
          'text/plain; charset=x-no-such-charset',
          iconv.encode('无法解码的正文', 'gbk'),
          '8bit',
        ),
      );
      await client.append(
        'INBOX',
        previewMail(7, 'text/plain; charset=utf-8', Buffer.from([0xe4, 0xbd, 0x41, 0x42])),
      );
      await client.append('INBOX', previewMail(8, 'text/plain; charset=utf-8', '后面的邮件照常有预览'));
    });
    expect(await sync()).toMatchObject({ fetched: 3, skipped: 0 });
    const rows = await inbox('预览第');
    expect(rows.slice(0, 3).map((r) => [r.subject, r.preview])).toEqual([
      ['预览第8封', '后面的邮件照常有预览'],
      ['预览第7封', ''],
      ['预览第6封', ''],
    ]);
  });
});
