import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { QueryFilter } from '../packages/contracts/src/index.js';
import type { Config } from '../apps/server/src/config.js';
import type { Db } from '../apps/server/src/db/client.js';
import { runDueJobs } from '../apps/server/src/jobs/runner.js';
import { withImap, type MailServerSettings } from '../apps/server/src/modules/mail/connect.js';
import { mailKeyOf } from '../apps/server/src/modules/mail/password.js';
import { queryMails } from '../apps/server/src/modules/mail/mail.repository.js';
import { mailJobHandlers } from '../apps/server/src/modules/mail/sync.js';
import { startMailServers, type MailServers } from '../apps/server/test/mail-servers.js';
import { signIn, type Client } from './client.js';
import { queryRows } from './database.js';
import { explain, type PlanSummary } from './explain.js';
import { percentiles, timed, type Percentiles } from './stats.js';

/** Who reads the mail: a demo user of the platform tenant */
const READER = 'zhuting';
/** IMAP connections that fill the mailbox at once (8 were no faster: Dovecot appends to one maildir in turn) */
const APPENDERS = 4;

export interface MailSize {
  /** messages in the INBOX that is synced */
  sync: number;
  /** messages in the INBOX whose first page is read */
  page: number;
}

export const MAIL_DESCRIPTION =
  'Dovecot (maildir) and smtp-server on loopback, started as the integration tests do; the INBOX filled by ' +
  `IMAP APPEND (${APPENDERS} connections) with ~2 KB multipart/alternative mails (Chinese subjects in RFC 2047, ` +
  'text and HTML); the sync is mail/v1/sync?id, its job run by the job runner in the bench thread ' +
  '(as the server process runs it), until getMailSyncState says done';

export interface MailResult {
  description: string;
  size: MailSize;
  fillSeconds: number;
  sync: { seconds: number; fetched: number; perSecond: number };
  /** one imapflow FETCH 1:* of every message's source, the same client options, before and after the sync */
  bare: { seconds: number[]; meanSeconds: number; perSecond: number };
  ratio: number;
  /** rows added by SQL (copies of the synced ones) to reach the page bench's size */
  insertedRows: number;
  pageDescription: string;
  page: Percentiles;
  select1: Percentiles;
  pageRatio: { p50: number; p99: number };
  plans: PlanSummary[];
}

const encodedWord = (text: string) => `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;

/** A plain mail of the kind an office mailbox holds: a Chinese subject, a text and an HTML part. */
function sampleMail(n: number): string {
  const date = new Date(Date.UTC(2026, 0, 1) + n * 3_600_000).toUTCString().replace('GMT', '+0000');
  const body = `第${n}封测试邮件的正文。这是为了性能测试而生成的邮件，内容没有实际意义。`.repeat(6);
  return [
    `From: ${encodedWord(`发件人${n % 97}`)} <sender${n % 97}@mail.test>`,
    'To: alice@mail.test',
    `Subject: ${encodedWord(`季度工作汇报 第${n}号`)}`,
    `Date: ${date}`,
    `Message-ID: <bench-${n}@mail.test>`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/alternative; boundary="b"',
    '',
    '--b',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from(body, 'utf8').toString('base64').replace(/.{76}/g, '$&\r\n'),
    '--b',
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from(`<p>${body}</p>`, 'utf8').toString('base64').replace(/.{76}/g, '$&\r\n'),
    '--b--',
    '',
  ].join('\r\n');
}

const settingsOf = (servers: MailServers): MailServerSettings => ({
  mailAddress: servers.users[0].address,
  nickname: 'alice',
  account: servers.users[0].address,
  password: servers.users[0].password,
  imapHost: servers.host,
  imapPort: servers.imapPort,
  imapTls: 'none',
  smtpHost: servers.host,
  smtpPort: servers.smtpPort,
  smtpTls: 'none',
  allowSelfSigned: false,
});

/** APPENDs `count` mails to the INBOX over a few connections at once. */
async function fillInbox(settings: MailServerSettings, count: number) {
  let next = 0;
  await Promise.all(
    Array.from({ length: APPENDERS }, () =>
      withImap(settings, async (client) => {
        while (next < count) {
          const n = next++;
          await client.append('INBOX', sampleMail(n), n % 3 === 0 ? ['\\Seen'] : []);
        }
      }),
    ),
  );
}

/** One FETCH of every message's source, as bare as imapflow goes; answers how many came. */
async function bareFetch(settings: MailServerSettings) {
  return withImap(settings, async (client) => {
    const lock = await client.getMailboxLock('INBOX', { readOnly: true });
    let fetched = 0;
    try {
      for await (const m of client.fetch('1:*', { uid: true, flags: true, source: true }))
        if (m.source) fetched += 1;
    } finally {
      lock.release();
    }
    return fetched;
  });
}

/**
 * Copies the synced mails of the folder by SQL until it holds `total`: new ids and uids, send dates a
 * month apart per copy; then analysed, as autovacuum would.
 */
async function growFolder(db: Db, tenantId: string, folderId: string, synced: number, total: number) {
  const copies = Math.ceil((total - synced) / synced);
  await db.execute(sql`
    insert into mail_message (tenant_id, id, user_id, account_id, folder_id, uid, message_id, in_reply_to,
      "references", subject, from_address, to_addresses, cc_addresses, bcc_addresses, reply_to_addresses,
      people, send_date, is_read, has_attachments, preview, html, text, attachments, unreadable)
    select tenant_id, md5(id || g), user_id, account_id, folder_id, uid + g * 1000000, message_id, in_reply_to,
      "references", subject, from_address, to_addresses, cc_addresses, bcc_addresses, reply_to_addresses,
      people, send_date - g * interval '30 days', is_read, has_attachments, preview, html, text, attachments,
      unreadable
    from (select *, row_number() over (order by uid) as r from mail_message
          where tenant_id = ${tenantId} and folder_id = ${folderId}) m,
         generate_series(1, ${copies}::int) g
    where (g - 1) * ${synced}::int + m.r <= ${total - synced}::int`);
  await db.execute(sql`analyze mail_message`);
  return total - synced;
}

/**
 * Personal mail (issue 16): the sync of a filled INBOX from Dovecot against a bare imapflow fetch of the
 * same mailbox, and the first page of a larger INBOX (listJson, as the mail page asks for it) against a
 * bare `select 1` on the server's pool, interleaved.
 */
export async function benchMail(
  client: Client,
  db: Db,
  config: Config,
  options: {
    tenantId: string;
    password: string;
    size: MailSize;
    warmup: number;
    samples: number;
    seconds: number;
    explainFile: string;
  },
  teardown: Array<() => Promise<unknown>>,
  progress: (line: string) => void,
): Promise<MailResult> {
  const servers = await startMailServers();
  teardown.push(() => servers.stop());
  const settings = settingsOf(servers);
  progress(`mail: appending ${options.size.sync} mails to the INBOX`);
  const fillMs = await timed(() => fillInbox(settings, options.size.sync));

  const token = await signIn(client, READER, options.password);
  const saved = await client.call('saveMailSetting', {
    token,
    body: {
      mailAddress: settings.mailAddress,
      nickname: settings.nickname,
      password: settings.password,
      imapHost: settings.imapHost,
      imapPort: settings.imapPort,
      imapTls: 'none',
      smtpHost: settings.smtpHost,
      smtpPort: settings.smtpPort,
      smtpTls: 'none',
    },
  });
  if (!saved.body.state) throw new Error(`saveMailSetting answered ${saved.status}: ${saved.body.message}`);
  const accountId = saved.body.value.id;

  const bareSeconds: number[] = [];
  const bare = async () => {
    let fetched = 0;
    bareSeconds.push((await timed(async () => (fetched = await bareFetch(settings)))) / 1000);
    if (fetched !== options.size.sync) throw new Error(`the bare fetch got ${fetched} mails`);
  };
  progress('mail: bare imapflow fetch');
  await bare();
  progress('mail: sync');
  const handlers = mailJobHandlers(mailKeyOf(config));
  const start = performance.now();
  const requested = await client.call('syncMail', { token, query: { id: accountId } });
  if (!requested.body.state)
    throw new Error(`syncMail answered ${requested.status}: ${requested.body.message}`);
  await runDueJobs(db, handlers);
  const state = (await client.call('getMailSyncState', { token, query: { id: accountId } })).body.value;
  const syncSeconds = (performance.now() - start) / 1000;
  if (state.status !== 'done' || state.fetched !== options.size.sync)
    throw new Error(`the sync ended ${state.status} with ${state.fetched} mails: ${state.error}`);
  progress('mail: bare imapflow fetch again');
  await bare();
  const bareMean = bareSeconds.reduce((a, b) => a + b, 0) / bareSeconds.length;

  const tree = (await client.call('getMailTreeData', { token })).body.value;
  const inbox = tree.find((a) => a.id === accountId)?.folders.find((f) => f.specialUse === 'inbox');
  if (!inbox) throw new Error('the synced account has no INBOX');
  progress(`mail: growing the INBOX to ${options.size.page} rows by SQL`);
  const insertedRows = await growFolder(db, options.tenantId, inbox.id, options.size.sync, options.size.page);
  const filter: QueryFilter = {
    pageBean: { page: 1, pageSize: 20, showTotal: true },
    querys: [
      { property: 'accountId', value: accountId, operation: 'EQUAL' },
      { property: 'folderId', value: inbox.id, operation: 'EQUAL' },
    ],
  };
  const list = async () => {
    const { status, body } = await client.call('listMails', { token, body: filter });
    if (status !== 200 || !body.state) throw new Error(`listMails answered ${status}: ${body.message}`);
    return body.value;
  };
  const first = await list();
  if (first.total !== options.size.page || first.rows.length !== 20)
    throw new Error(`listMails answered ${first.total} mails, expected ${options.size.page}`);
  const select1 = () => db.execute(sql`select 1`);
  for (let i = 0; i < options.warmup; i++) {
    await select1();
    await list();
  }
  const samples = { page: [] as number[], select1: [] as number[] };
  const deadline = Date.now() + options.seconds * 1000;
  for (let i = 0; i < options.samples && Date.now() < deadline; i++) {
    samples.select1.push(await timed(select1));
    samples.page.push(await timed(list));
  }
  const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from mail_message where tenant_id = ${options.tenantId} and folder_id = ${inbox.id}`,
  );
  if (n !== options.size.page) throw new Error(`the INBOX holds ${n} rows`);
  const [reader] = await queryRows<{ id: string }>(
    db,
    sql`select id from uc_user where tenant_id = ${options.tenantId} and account = ${READER}`,
  );
  const plans = await explain(
    db,
    'listMails',
    (recorder) => queryMails(recorder, options.tenantId, reader!.id, filter),
    {
      analyze: true,
      parts: ['page', 'count'],
    },
  );
  writeFileSync(options.explainFile, `${plans.map((p) => p.text).join('\n\n')}\n`);
  const page = percentiles(samples.page);
  const bareSelect = percentiles(samples.select1);
  return {
    description: MAIL_DESCRIPTION,
    size: options.size,
    fillSeconds: fillMs / 1000,
    sync: { seconds: syncSeconds, fetched: state.fetched, perSecond: state.fetched / syncSeconds },
    bare: { seconds: bareSeconds, meanSeconds: bareMean, perSecond: options.size.sync / bareMean },
    ratio: state.fetched / syncSeconds / (options.size.sync / bareMean),
    insertedRows,
    pageDescription: `listJson (listMails) as ${READER}: page 1 of 20, account and INBOX, newest first, with the total`,
    page,
    select1: bareSelect,
    pageRatio: { p50: page.p50 / bareSelect.p50, p99: page.p99 / bareSelect.p99 },
    plans: plans.map((p) => p.summary),
  };
}
