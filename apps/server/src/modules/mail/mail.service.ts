import type { MailDetail, MailRemoveType, MailTreeAccount, MailSyncStatus } from '@eip/contracts';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { FileStore } from '../../files/store.js';
import type { FileOwnerReader } from '../portal/file-access.js';
import type { AuthContext } from '../../security/tokens.js';
import { scheduleJob } from '../../jobs/queue.js';
import * as accounts from './account.repository.js';
import { ownAccount, serverSettings } from './account.service.js';
import { withImap } from './connect.js';
import { withoutRemoteImages } from './body.js';
import * as mails from './mail.repository.js';
import type { MailKey } from './password.js';
import { fetchBody } from './sync.js';

/** Those who keep a mail read its attachments. */
export const readMailFiles: FileOwnerReader = (db, auth, mailIds) =>
  mails.keepsAny(db, auth.tenantId, auth.userId, mailIds);

export async function mailTree(db: Db, auth: AuthContext): Promise<MailTreeAccount[]> {
  const rows = await accounts.userAccounts(db, auth.tenantId, auth.userId);
  const folders = await mails.foldersOf(
    db,
    auth.tenantId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    mailAddress: row.mailAddress,
    nickname: row.nickname,
    isDefault: row.isDefault,
    syncStatus: row.syncStatus as MailSyncStatus,
    folders: folders.filter((folder) => folder.accountId === row.id),
  }));
}

/** Queues a sync of the caller's account; one queued or running already is answered as it is. */
export async function requestSync(db: Db, auth: AuthContext, accountId: string) {
  const account = await ownAccount(db, auth, accountId);
  if (account.syncStatus === 'pending' || account.syncStatus === 'running')
    return accounts.toSyncState(account);
  return db.transaction(async (tx) => {
    const jobId = await scheduleJob(tx, {
      tenantId: auth.tenantId,
      kind: 'mail.sync',
      payload: { accountId },
      runAt: new Date(),
      dedupeKey: `mail.sync:${accountId}`,
    });
    const row = await accounts.updateAccount(tx, auth.tenantId, accountId, {
      syncStatus: 'pending',
      syncJobId: jobId,
      syncError: null,
    });
    return accounts.toSyncState(row!);
  });
}

export async function syncState(db: Db, auth: AuthContext, accountId: string) {
  return accounts.toSyncState(await ownAccount(db, auth, accountId));
}

async function ownMail(db: Db, auth: AuthContext, id: string) {
  const row = await mails.findMail(db, auth.tenantId, auth.userId, id);
  if (!row) throw notFound('mail.notFound', { id });
  return row;
}

/** Sets or clears \Seen on the server; a server that cannot be reached now is caught up by the next sync. */
async function flagOnServer(db: Db, key: MailKey, row: mails.MessageRow, isRead: boolean) {
  const account = await accounts.accountById(db, row.tenantId, row.accountId);
  const folder = (await mails.accountFolders(db, row.tenantId, row.accountId)).find(
    (f) => f.id === row.folderId,
  );
  if (!account || !folder) return;
  await withImap(serverSettings(key, account), async (client) => {
    const lock = await client.getMailboxLock(folder.path);
    try {
      if (isRead) await client.messageFlagsAdd(String(row.uid), ['\\Seen'], { uid: true });
      else await client.messageFlagsRemove(String(row.uid), ['\\Seen'], { uid: true });
    } finally {
      lock.release();
    }
  }).catch(() => undefined);
}

export async function markRead(db: Db, key: MailKey, auth: AuthContext, id: string, isRead: boolean) {
  const row = await ownMail(db, auth, id);
  if (row.isRead !== isRead) {
    await mails.setRead(db, auth.tenantId, [id], isRead);
    await flagOnServer(db, key, row, isRead);
  }
  return isRead;
}

/**
 * A mail to read (marked read); a synced one's body is fetched from the server on its first reading and
 * kept. Remote images are left out unless allowed.
 */
export async function readMail(
  db: Db,
  store: FileStore,
  key: MailKey,
  auth: AuthContext,
  id: string,
  allowImages: boolean,
): Promise<MailDetail> {
  const found = await ownMail(db, auth, id);
  const row = found.bodyKept ? found : await fetchBody(db, store, key, found);
  if (!row.isRead) await markRead(db, key, auth, id, true);
  const detail = mails.toDetail({ ...row, isRead: true });
  if (allowImages || !detail.html) return { ...detail, remoteImagesBlocked: false };
  const { html, blocked } = withoutRemoteImages(detail.html);
  return { ...detail, html, remoteImagesBlocked: blocked };
}

/**
 * Removes the caller's mails, account by account on the server too: to Trash (moved there, the row
 * follows under its new uid), or for good (a mail already in Trash, or type delete).
 */
export async function removeMails(
  db: Db,
  key: MailKey,
  auth: AuthContext,
  ids: string[],
  type: MailRemoveType,
) {
  const rows = await mails.findMails(db, auth.tenantId, auth.userId, ids);
  if (rows.length < new Set(ids).size)
    throw notFound('mail.notFound', { id: ids.find((id) => !rows.some((r) => r.id === id)) ?? '' });
  for (const accountId of new Set(rows.map((row) => row.accountId))) {
    const account = (await accounts.accountById(db, auth.tenantId, accountId))!;
    const folders = await mails.accountFolders(db, auth.tenantId, accountId);
    const trash = folders.find((f) => f.specialUse === 'trash');
    await withImap(serverSettings(key, account), async (client) => {
      for (const folder of folders) {
        const here = rows.filter((row) => row.folderId === folder.id);
        if (here.length === 0) continue;
        const uids = here.map((row) => row.uid).join(',');
        const lock = await client.getMailboxLock(folder.path);
        try {
          if (type === 'trash' && trash && folder.id !== trash.id) {
            const moved = await client.messageMove(uids, trash.path, { uid: true });
            for (const row of here) {
              const uid = moved && moved.uidMap?.get(row.uid);
              if (uid) await mails.moveMail(db, auth.tenantId, row.id, trash.id, uid);
              else await mails.deleteMails(db, auth.tenantId, [row.id]);
            }
          } else {
            await client.messageDelete(uids, { uid: true });
            await mails.deleteMails(
              db,
              auth.tenantId,
              here.map((row) => row.id),
            );
          }
        } finally {
          lock.release();
        }
      }
    });
  }
  return rows.length;
}
