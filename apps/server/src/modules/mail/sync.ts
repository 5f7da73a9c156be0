import type { MailFolderUse } from '@eip/contracts';
import type { FetchMessageObject, ImapFlow, ListResponse } from 'imapflow';
import type { Db, Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { AppError, notFound } from '../../errors.js';
import type { FileStore } from '../../files/store.js';
import type { JobHandlers } from '../../jobs/runner.js';
import { mailChanged } from '../push/push.repository.js';
import * as accounts from './account.repository.js';
import { serverSettings } from './account.service.js';
import { withImap } from './connect.js';
import * as mails from './mail.repository.js';
import { listedMail, parseMail, unreadableMail, type MailTarget } from './parse.js';
import type { MailKey } from './password.js';
import { fetchPreviews, uidSet } from './preview.js';

/** A message larger than this is recorded (its envelope) and skipped, never downloaded. */
export const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;
/** How many new mails are stored per statement. */
const BATCH = 500;

const USES: Record<string, MailFolderUse> = {
  '\\Inbox': 'inbox',
  '\\Sent': 'sent',
  '\\Drafts': 'drafts',
  '\\Trash': 'trash',
  '\\Junk': 'junk',
  '\\Archive': 'archive',
};

export const folderUse = (folder: Pick<ListResponse, 'specialUse' | 'path'>): MailFolderUse | null =>
  (folder.specialUse && USES[folder.specialUse]) || (folder.path.toUpperCase() === 'INBOX' ? 'inbox' : null);

interface Progress {
  fetched: number;
  skipped: number;
}

/** Brings the folder rows in line with the server's list: new ones added, gone ones removed with their mails. */
export async function syncFolders(db: Db, account: accounts.AccountRow, list: ListResponse[]) {
  const known = await mails.accountFolders(db, account.tenantId, account.id);
  const onServer = list.filter((f) => !f.flags.has('\\Noselect') && !f.flags.has('\\NonExistent'));
  for (const folder of onServer) {
    const row = known.find((k) => k.path === folder.path);
    const values = { name: folder.name, specialUse: folderUse(folder) };
    if (row) await mails.updateFolder(db, account.tenantId, row.id, values);
    else
      await mails.insertFolder(db, {
        tenantId: account.tenantId,
        id: newId(),
        accountId: account.id,
        path: folder.path,
        ...values,
      });
  }
  for (const row of known) {
    if (!onServer.some((f) => f.path === row.path)) await mails.removeFolder(db, account.tenantId, row.id);
  }
  return mails.accountFolders(db, account.tenantId, account.id);
}

/** What the sync asks for a new mail: its list fields, never its body (its preview is fetched apart). */
const LIST_QUERY = {
  uid: true,
  flags: true,
  size: true,
  envelope: true,
  bodyStructure: true,
  internalDate: true,
} as const;

/** A new mail's list row, and where it goes (its row when the database refuses the list row). */
interface Listed {
  target: MailTarget;
  row: mails.NewMessage;
}

/**
 * Stores a batch of new mails in one statement; when that fails (a row the database refuses), one by one,
 * and a mail refused alone is recorded as unreadable.
 */
async function storeListed(db: Db, batch: Listed[], progress: Progress) {
  if (batch.length === 0) return;
  try {
    await mails.insertMails(
      db,
      batch.map((b) => b.row),
    );
    progress.fetched += batch.length;
    return;
  } catch {
    // one of them is at fault: found below
  }
  for (const { target, row } of batch) {
    try {
      await mails.insertMail(db, row);
      progress.fetched += 1;
    } catch (error) {
      const subject = row.subject.replace(/\0/g, '');
      const unreadable = unreadableMail(target, subject, (error as Error).message);
      await mails.insertMail(db, { ...unreadable, sendDate: row.sendDate });
      progress.skipped += 1;
    }
  }
}

/**
 * The list rows of a chunk of new mails (envelope, flags, structure, and a preview from the first bytes of
 * the text part), fetched in one FETCH and one per text part; an oversized or malformed one is recorded and
 * skipped at once.
 */
async function listChunk(
  db: Db,
  client: ImapFlow,
  account: accounts.AccountRow,
  folder: mails.FolderRow,
  uids: number[],
  progress: Progress,
) {
  const messages: FetchMessageObject[] = [];
  for await (const m of client.fetch(uidSet(uids), LIST_QUERY, { uid: true })) messages.push(m);
  const previews = await fetchPreviews(
    client,
    messages.filter((m) => (m.size ?? 0) <= MAX_MESSAGE_BYTES),
  );
  const listed: Listed[] = [];
  for (const m of messages) {
    const target: MailTarget = {
      tenantId: account.tenantId,
      id: newId(),
      userId: account.userId,
      accountId: account.id,
      folderId: folder.id,
      uid: m.uid,
      isRead: m.flags?.has('\\Seen') ?? false,
    };
    try {
      const row = listedMail(target, m, previews.get(m.uid) ?? '');
      if ((m.size ?? 0) > MAX_MESSAGE_BYTES) {
        await mails.insertMail(db, {
          ...row,
          bodyKept: true,
          unreadable: `larger than ${MAX_MESSAGE_BYTES} bytes`,
        });
        progress.skipped += 1;
      } else listed.push({ target, row });
    } catch (error) {
      await mails.insertMail(db, unreadableMail(target, '', (error as Error).message));
      progress.skipped += 1;
    }
  }
  return listed;
}

/**
 * The new mails of one folder (uid above the last one kept) as list rows — envelope, flags, structure,
 * preview, a batch of rows per statement; their bodies come when first read — the read flags of the
 * others, expunged ones dropped.
 */
async function syncFolder(
  db: Db,
  client: ImapFlow,
  account: accounts.AccountRow,
  folder: mails.FolderRow,
  progress: Progress,
) {
  const lock = await client.getMailboxLock(folder.path, { readOnly: true });
  try {
    const box = client.mailbox;
    if (!box) return;
    const uidValidity = Number(box.uidValidity);
    let lastUid = folder.lastUid;
    if (folder.uidValidity !== uidValidity) {
      await mails.pruneFolder(db, account.tenantId, folder.id);
      // recorded now, not at the end: the rows listed from here on open during the sync (and after a failed one)
      await mails.updateFolder(db, account.tenantId, folder.id, { uidValidity, lastUid: 0 });
      lastUid = 0;
    }
    const kept = await mails.folderUids(db, account.tenantId, folder.id);
    const keptUids = new Set(kept.map((k) => k.uid));
    const seen = new Map<number, boolean>();
    const fresh: number[] = [];
    let top = lastUid;
    if (box.exists > 0)
      for await (const m of client.fetch('1:*', { uid: true, flags: true }, { uid: true })) {
        seen.set(m.uid, m.flags?.has('\\Seen') ?? false);
        if (m.uid <= lastUid) continue;
        top = Math.max(top, m.uid);
        // a mail this portal put there itself (sent, a draft) is kept already
        if (!keptUids.has(m.uid)) fresh.push(m.uid);
      }
    // a batch is stored while the next one comes from the server
    let storing: Promise<void> = Promise.resolve();
    for (let i = 0; i < fresh.length; i += BATCH) {
      const listed = await listChunk(db, client, account, folder, fresh.slice(i, i + BATCH), progress);
      await storing;
      storing = storeListed(db, listed, progress);
      // its failure is thrown where it is awaited, not reported as unhandled meanwhile
      storing.catch(() => undefined);
    }
    await storing;
    await mails.deleteMails(
      db,
      account.tenantId,
      kept.filter((k) => k.uid <= lastUid && !seen.has(k.uid)).map((k) => k.id),
    );
    for (const isRead of [true, false]) {
      const changed = kept.filter((k) => seen.get(k.uid) === isRead && k.isRead !== isRead);
      await mails.setRead(
        db,
        account.tenantId,
        changed.map((k) => k.id),
        isRead,
      );
    }
    await mails.updateFolder(db, account.tenantId, folder.id, { uidValidity, lastUid: top });
  } finally {
    lock.release();
  }
}

/**
 * Syncs one account: its folder list, then each folder incrementally (by UIDVALIDITY and UID). The
 * progress is written to the account as it goes; a malformed or oversized message is recorded and
 * skipped (its reason kept on its row). Another account's sync is another job: one failing never holds
 * up the others.
 */
export async function syncAccount(db: Db, key: MailKey, tenantId: string, accountId: string) {
  const account = await accounts.accountById(db, tenantId, accountId);
  if (!account) return;
  const progress: Progress = { fetched: 0, skipped: 0 };
  await accounts.updateAccount(db, tenantId, accountId, {
    syncStatus: 'running',
    syncStartedAt: new Date(),
    syncFinishedAt: null,
    syncError: null,
    syncFoldersDone: 0,
    syncFoldersTotal: 0,
    syncFetched: 0,
    syncSkipped: 0,
  });
  await withImap(serverSettings(key, account), async (client) => {
    const folders = await syncFolders(db, account, await client.list());
    await accounts.updateAccount(db, tenantId, accountId, { syncFoldersTotal: folders.length });
    let done = 0;
    for (const folder of folders) {
      await syncFolder(db, client, account, folder, progress);
      done += 1;
      await accounts.updateAccount(db, tenantId, accountId, {
        syncFoldersDone: done,
        syncFetched: progress.fetched,
        syncSkipped: progress.skipped,
      });
    }
  });
}

/** The source of a synced mail on the server; none when the server no longer has it there. */
async function fetchSource(key: MailKey, account: accounts.AccountRow, folder: mails.FolderRow, uid: number) {
  try {
    return await withImap(serverSettings(key, account), async (client) => {
      const lock = await client.getMailboxLock(folder.path, { readOnly: true });
      try {
        if (Number(client.mailbox && client.mailbox.uidValidity) !== folder.uidValidity) return undefined;
        const message = await client.fetchOne(String(uid), { uid: true, source: true }, { uid: true });
        return (message && message.source) || undefined;
      } finally {
        lock.release();
      }
    });
  } catch (error) {
    throw new AppError(502, 'mail.readFailed', { reason: (error as Error).message });
  }
}

/**
 * A synced mail's body on its first reading: fetched from the server, parsed (text, sanitised HTML,
 * threading headers, attachments into the file store) and kept on its row, so it is fetched once. One
 * that cannot be parsed is kept as unreadable, with the reason. A mail the server no longer has (deleted
 * or moved since the sync) is a 404 that changes nothing: the next sync drops it.
 */
export async function fetchBody(db: Db, store: FileStore, key: MailKey, row: mails.MessageRow) {
  const account = await accounts.accountById(db, row.tenantId, row.accountId);
  const folder = await mails.folderById(db, row.tenantId, row.folderId);
  const source = account && folder && (await fetchSource(key, account, folder, row.uid));
  if (!source) throw notFound('mail.goneFromServer', { id: row.id });
  return db.transaction(async (tx) => {
    const current = await mails.lockMail(tx, row.tenantId, row.id);
    if (!current) throw notFound('mail.notFound', { id: row.id });
    // read at the same time by another call: kept already
    if (current.bodyKept) return current;
    const { tenantId, id, userId, accountId, folderId, uid, isRead } = current;
    const target: MailTarget = { tenantId, id, userId, accountId, folderId, uid, isRead };
    try {
      // in a savepoint: a body the database refuses leaves the transaction usable for the unreadable mark
      return await tx.transaction(async (savepoint) => {
        const parsed = await parseMail(savepoint, store, target, source);
        return mails.keepBody(savepoint, target, {
          ...parsed,
          sendDate: parsed.sendDate ?? current.sendDate,
        });
      });
    } catch (error) {
      return mails.keepBody(tx, target, { unreadable: (error as Error).message.slice(0, 500) });
    }
  });
}

/** Records the end of an account's sync, and tells its owner's open pages to ask for their mail again. */
async function syncEnded(
  tx: Executor,
  tenantId: string,
  accountId: string,
  end: Partial<accounts.AccountValues>,
) {
  const account = await accounts.updateAccount(tx, tenantId, accountId, {
    ...end,
    syncFinishedAt: new Date(),
  });
  if (account) await mailChanged(tx, tenantId, account.userId);
}

/** The sync of an account as a job: the IMAP work outside any transaction, its end recorded on the account. */
export const mailJobHandlers = (key: MailKey): JobHandlers => ({
  'mail.sync': {
    outside: (db, job) => syncAccount(db, key, job.tenantId, job.payload.accountId),
    run: (tx, job) => syncEnded(tx, job.tenantId, job.payload.accountId, { syncStatus: 'done' }),
    failed: (tx, job, error) =>
      syncEnded(tx, job.tenantId, job.payload.accountId, {
        syncStatus: 'failed',
        syncError: (error instanceof Error ? error.message : String(error)).slice(0, 500),
      }),
  },
});
