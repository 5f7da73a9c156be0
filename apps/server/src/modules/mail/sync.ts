import type { MailFolderUse } from '@eip/contracts';
import type { ImapFlow, ListResponse } from 'imapflow';
import type { Db, Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import type { FileStore } from '../../files/store.js';
import type { JobHandlers } from '../../jobs/runner.js';
import { mailChanged } from '../push/push.repository.js';
import * as accounts from './account.repository.js';
import { serverSettings } from './account.service.js';
import { withImap } from './connect.js';
import * as mails from './mail.repository.js';
import { parseMail, unreadableMail, type MailTarget } from './parse.js';
import type { MailKey } from './password.js';

/** A message larger than this is recorded (its envelope) and skipped, not downloaded. */
export const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;
/** How many messages are downloaded per FETCH. */
const BATCH = 50;

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

/** The new mails of one folder (uid above the last one kept), the read flags of the others, expunged ones dropped. */
async function syncFolder(
  db: Db,
  store: FileStore,
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
      lastUid = 0;
    }
    // what the server has: uid, size, flags (cheap); then the sources of the new ones, a batch at a time
    const present: { uid: number; seen: boolean; size: number; subject: string }[] = [];
    if (box.exists > 0)
      for await (const m of client.fetch('1:*', { uid: true, flags: true, size: true, envelope: true }))
        present.push({
          uid: m.uid,
          seen: m.flags?.has('\\Seen') ?? false,
          size: m.size ?? 0,
          subject: m.envelope?.subject ?? '',
        });
    const kept = await mails.folderUids(db, account.tenantId, folder.id);
    const onServer = new Map(present.map((m) => [m.uid, m]));
    await mails.deleteMails(
      db,
      account.tenantId,
      kept.filter((k) => k.uid <= lastUid && !onServer.has(k.uid)).map((k) => k.id),
    );
    for (const isRead of [true, false]) {
      const changed = kept.filter(
        (k) => onServer.has(k.uid) && onServer.get(k.uid)!.seen === isRead && k.isRead !== isRead,
      );
      await mails.setRead(
        db,
        account.tenantId,
        changed.map((k) => k.id),
        isRead,
      );
    }
    // a mail this portal put there itself (sent, a draft) is kept already
    const keptUids = new Set(kept.map((k) => k.uid));
    const fresh = present.filter((m) => m.uid > lastUid && !keptUids.has(m.uid));
    for (let i = 0; i < fresh.length; i += BATCH) {
      const batch = fresh.slice(i, i + BATCH);
      const target = (m: (typeof batch)[number]): MailTarget => ({
        tenantId: account.tenantId,
        id: newId(),
        userId: account.userId,
        accountId: account.id,
        folderId: folder.id,
        uid: m.uid,
        isRead: m.seen,
      });
      for (const m of batch.filter((b) => b.size > MAX_MESSAGE_BYTES)) {
        await mails.insertMail(
          db,
          unreadableMail(target(m), m.subject, `larger than ${MAX_MESSAGE_BYTES} bytes`),
        );
        progress.skipped += 1;
      }
      const small = batch.filter((b) => b.size <= MAX_MESSAGE_BYTES).map((b) => b.uid);
      if (small.length === 0) continue;
      const sources: { uid: number; source: Buffer }[] = [];
      for await (const m of client.fetch(small.join(','), { uid: true, source: true }, { uid: true }))
        if (m.source) sources.push({ uid: m.uid, source: m.source });
      for (const { uid, source } of sources) {
        const m = onServer.get(uid)!;
        try {
          await mails.insertMail(db, await parseMail(db, store, target(m), source));
          progress.fetched += 1;
        } catch (error) {
          await mails.insertMail(db, unreadableMail(target(m), m.subject, (error as Error).message));
          progress.skipped += 1;
        }
      }
    }
    const top = Math.max(lastUid, ...present.map((m) => m.uid));
    await mails.updateFolder(db, account.tenantId, folder.id, { uidValidity, lastUid: top });
  } finally {
    lock.release();
  }
}

/**
 * Syncs one account: its folder list, then each folder incrementally (by UIDVALIDITY and UID). The
 * progress is written to the account as it goes; a malformed or oversized message is recorded and
 * skipped. Another account's sync is another job: one failing never holds up the others.
 */
export async function syncAccount(
  db: Db,
  store: FileStore,
  key: MailKey,
  tenantId: string,
  accountId: string,
) {
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
      await syncFolder(db, store, client, account, folder, progress);
      done += 1;
      await accounts.updateAccount(db, tenantId, accountId, {
        syncFoldersDone: done,
        syncFetched: progress.fetched,
        syncSkipped: progress.skipped,
      });
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
export const mailJobHandlers = (store: FileStore, key: MailKey): JobHandlers => ({
  'mail.sync': {
    outside: (db, job) => syncAccount(db, store, key, job.tenantId, job.payload.accountId),
    run: (tx, job) => syncEnded(tx, job.tenantId, job.payload.accountId, { syncStatus: 'done' }),
    failed: (tx, job, error) =>
      syncEnded(tx, job.tenantId, job.payload.accountId, {
        syncStatus: 'failed',
        syncError: (error instanceof Error ? error.message : String(error)).slice(0, 500),
      }),
  },
});
