import type { MailDetail, MailFolder, MailFolderUse, MailItem, QueryFilter } from '@eip/contracts';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { compileQueryFilter, pageList, type FilterColumns } from '../../db/query-filter.js';
import { mailFolders, mailMessages } from '../../db/schema.js';
import { unlinkMailFiles } from './account.repository.js';

export type FolderRow = typeof mailFolders.$inferSelect;
export type MessageRow = typeof mailMessages.$inferSelect;
export type NewMessage = typeof mailMessages.$inferInsert;

/** The order of the folder tree: the special folders first, then the server's own by path. */
const USE_ORDER: MailFolderUse[] = ['inbox', 'sent', 'drafts', 'trash', 'junk', 'archive'];

const COLUMNS: FilterColumns = {
  accountId: { sql: mailMessages.accountId, type: 'string' },
  folderId: { sql: mailMessages.folderId, type: 'string' },
  folderUse: {
    sql: sql`(select f.special_use from mail_folder f where f.tenant_id = mail_message.tenant_id and f.id = mail_message.folder_id)`,
    type: 'string',
    sortable: false,
  },
  subject: { sql: mailMessages.subject, type: 'string' },
  from: { sql: sql`coalesce(${mailMessages.fromAddress}::text, '')`, type: 'string' },
  to: { sql: sql`${mailMessages.toAddresses}::text`, type: 'string' },
  keyword: {
    sql: sql`(${mailMessages.subject} || ' ' || ${mailMessages.people})`,
    type: 'string',
    sortable: false,
  },
  isRead: { sql: mailMessages.isRead, type: 'boolean' },
  hasAttachments: { sql: mailMessages.hasAttachments, type: 'boolean' },
  sendDate: { sql: mailMessages.sendDate, type: 'date' },
};

const toItem = (row: MessageRow): MailItem => ({
  id: row.id,
  accountId: row.accountId,
  folderId: row.folderId,
  subject: row.subject,
  from: row.fromAddress,
  to: row.toAddresses,
  sendDate: row.sendDate ? row.sendDate.toISOString() : null,
  isRead: row.isRead,
  hasAttachments: row.hasAttachments,
  preview: row.preview,
});

export const toDetail = (row: MessageRow): Omit<MailDetail, 'remoteImagesBlocked'> => ({
  ...toItem(row),
  cc: row.ccAddresses,
  bcc: row.bccAddresses,
  replyTo: row.replyToAddresses,
  html: row.html,
  text: row.text,
  attachments: row.attachments,
  messageId: row.messageId,
  inReplyTo: row.inReplyTo,
  unreadable: row.unreadable,
});

const ownMail = (tenantId: string, userId: string) =>
  and(eq(mailMessages.tenantId, tenantId), eq(mailMessages.userId, userId));

export async function queryMails(db: Executor, tenantId: string, userId: string, filter: QueryFilter) {
  const q = compileQueryFilter(filter, COLUMNS, {
    defaultSort: [sql`${mailMessages.sendDate} desc nulls last`, desc(mailMessages.id)],
  });
  const where = and(ownMail(tenantId, userId), q.where);
  const rows = await db
    .select()
    .from(mailMessages)
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(q, rows.map(toItem), () => db.select({ n: count() }).from(mailMessages).where(where));
}

export async function findMail(db: Executor, tenantId: string, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(mailMessages)
    .where(and(ownMail(tenantId, userId), eq(mailMessages.id, id)));
  return row;
}

export const findMails = (db: Executor, tenantId: string, userId: string, ids: string[]) =>
  db
    .select()
    .from(mailMessages)
    .where(and(ownMail(tenantId, userId), inArray(mailMessages.id, ids)));

/** Whether the user keeps at least one of these mails (who may read their attachments). */
export async function keepsAny(db: Executor, tenantId: string, userId: string, ids: string[]) {
  const [row] = await db
    .select({ n: count() })
    .from(mailMessages)
    .where(and(ownMail(tenantId, userId), inArray(mailMessages.id, ids)));
  return (row?.n ?? 0) > 0;
}

export async function setRead(db: Executor, tenantId: string, ids: string[], isRead: boolean) {
  if (ids.length === 0) return;
  await db
    .update(mailMessages)
    .set({ isRead })
    .where(and(eq(mailMessages.tenantId, tenantId), inArray(mailMessages.id, ids)));
}

export async function deleteMails(db: Executor, tenantId: string, ids: string[]) {
  if (ids.length === 0) return;
  await db
    .delete(mailMessages)
    .where(and(eq(mailMessages.tenantId, tenantId), inArray(mailMessages.id, ids)));
  await unlinkMailFiles(db, tenantId, ids);
}

/** A mail moved on the server: it is in another folder under another uid now. */
export async function moveMail(db: Executor, tenantId: string, id: string, folderId: string, uid: number) {
  await db
    .update(mailMessages)
    .set({ folderId, uid })
    .where(and(eq(mailMessages.tenantId, tenantId), eq(mailMessages.id, id)));
}

/** Stores a mail once (a folder's uid is kept once: a sync that runs again adds nothing). */
export async function insertMail(db: Executor, row: NewMessage) {
  const done = await db
    .insert(mailMessages)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: mailMessages.id });
  return done.length > 0;
}

/** Stores new mails in one statement (a folder's uid is kept once). */
export async function insertMails(db: Executor, rows: NewMessage[]) {
  await db.insert(mailMessages).values(rows).onConflictDoNothing();
}

/** A mail's row, locked until the transaction ends (one reading keeps its body, not two at once). */
export async function lockMail(tx: Executor, tenantId: string, id: string) {
  const [row] = await tx
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.tenantId, tenantId), eq(mailMessages.id, id)))
    .for('update');
  return row;
}

/** Keeps a mail's body (or why it cannot be read): fetched from the server, it is not fetched again. */
export async function keepBody(
  tx: Executor,
  key: { tenantId: string; id: string },
  values: Partial<NewMessage>,
) {
  const [row] = await tx
    .update(mailMessages)
    .set({ ...values, bodyKept: true })
    .where(and(eq(mailMessages.tenantId, key.tenantId), eq(mailMessages.id, key.id)))
    .returning();
  return row!;
}

/** The folders of the user's accounts with their counts, in tree order. */
export async function foldersOf(db: Executor, tenantId: string, accountIds: string[]): Promise<MailFolder[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .select({
      folder: mailFolders,
      total: sql<number>`(select count(*)::int from mail_message m where m.tenant_id = mail_folder.tenant_id and m.folder_id = mail_folder.id)`,
      unread: sql<number>`(select count(*)::int from mail_message m where m.tenant_id = mail_folder.tenant_id and m.folder_id = mail_folder.id and not m.is_read)`,
    })
    .from(mailFolders)
    .where(and(eq(mailFolders.tenantId, tenantId), inArray(mailFolders.accountId, accountIds)))
    .orderBy(asc(mailFolders.path));
  const rank = (use: string | null) => {
    const at = USE_ORDER.indexOf(use as MailFolderUse);
    return at < 0 ? USE_ORDER.length : at;
  };
  return rows
    .map(({ folder, total, unread }) => ({
      id: folder.id,
      accountId: folder.accountId,
      name: folder.name,
      path: folder.path,
      specialUse: folder.specialUse as MailFolderUse | null,
      total,
      unread,
    }))
    .sort((a, b) => rank(a.specialUse) - rank(b.specialUse));
}

export const accountFolders = (db: Executor, tenantId: string, accountId: string) =>
  db
    .select()
    .from(mailFolders)
    .where(and(eq(mailFolders.tenantId, tenantId), eq(mailFolders.accountId, accountId)));

export async function folderById(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(mailFolders)
    .where(and(eq(mailFolders.tenantId, tenantId), eq(mailFolders.id, id)));
  return row;
}

export async function insertFolder(db: Executor, row: typeof mailFolders.$inferInsert) {
  await db.insert(mailFolders).values(row).onConflictDoNothing();
}

export async function updateFolder(
  db: Executor,
  tenantId: string,
  id: string,
  values: Partial<Pick<FolderRow, 'uidValidity' | 'lastUid' | 'name' | 'specialUse'>>,
) {
  await db
    .update(mailFolders)
    .set(values)
    .where(and(eq(mailFolders.tenantId, tenantId), eq(mailFolders.id, id)));
}

/** Drops every mail of a folder (its UIDVALIDITY changed, or it is gone). */
export async function pruneFolder(db: Executor, tenantId: string, folderId: string) {
  const gone = await db
    .delete(mailMessages)
    .where(and(eq(mailMessages.tenantId, tenantId), eq(mailMessages.folderId, folderId)))
    .returning({ id: mailMessages.id });
  await unlinkMailFiles(
    db,
    tenantId,
    gone.map((row) => row.id),
  );
}

export async function removeFolder(db: Executor, tenantId: string, folderId: string) {
  await pruneFolder(db, tenantId, folderId);
  await db.delete(mailFolders).where(and(eq(mailFolders.tenantId, tenantId), eq(mailFolders.id, folderId)));
}

/** The uid and read state of each mail of a folder. */
export const folderUids = (db: Executor, tenantId: string, folderId: string) =>
  db
    .select({ id: mailMessages.id, uid: mailMessages.uid, isRead: mailMessages.isRead })
    .from(mailMessages)
    .where(and(eq(mailMessages.tenantId, tenantId), eq(mailMessages.folderId, folderId)));
