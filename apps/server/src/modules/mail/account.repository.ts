import type { MailSetting, MailSyncState, MailSyncStatus, MailTlsMode, QueryFilter } from '@eip/contracts';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { compileQueryFilter, pageList, type FilterColumns } from '../../db/query-filter.js';
import { mailAccounts, mailFolders, mailMessages } from '../../db/schema.js';
import { unlinkOwners } from '../portal/file.repository.js';

export type AccountRow = typeof mailAccounts.$inferSelect;
export type AccountValues = Omit<typeof mailAccounts.$inferInsert, 'tenantId' | 'id' | 'userId'>;

/** The owner type of the files attached to mails (sys_file_link). */
export const MAIL_FILES = 'mail';

const COLUMNS: FilterColumns = {
  mailAddress: { sql: mailAccounts.mailAddress, type: 'string' },
  nickname: { sql: mailAccounts.nickname, type: 'string' },
  isDefault: { sql: mailAccounts.isDefault, type: 'boolean' },
};

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const toSetting = (row: AccountRow): MailSetting => ({
  id: row.id,
  mailAddress: row.mailAddress,
  nickname: row.nickname,
  account: row.account,
  imapHost: row.imapHost,
  imapPort: row.imapPort,
  imapTls: row.imapTls as MailTlsMode,
  smtpHost: row.smtpHost,
  smtpPort: row.smtpPort,
  smtpTls: row.smtpTls as MailTlsMode,
  allowSelfSigned: row.allowSelfSigned,
  isDefault: row.isDefault,
  syncStatus: row.syncStatus as MailSyncStatus,
  lastSyncTime: iso(row.syncFinishedAt),
  createTime: row.createdAt.toISOString(),
});

export const toSyncState = (row: AccountRow): MailSyncState => ({
  accountId: row.id,
  jobId: row.syncJobId,
  status: row.syncStatus as MailSyncStatus,
  foldersDone: row.syncFoldersDone,
  foldersTotal: row.syncFoldersTotal,
  fetched: row.syncFetched,
  skipped: row.syncSkipped,
  error: row.syncError,
  startTime: iso(row.syncStartedAt),
  finishTime: iso(row.syncFinishedAt),
});

const ownedBy = (tenantId: string, userId: string) =>
  and(eq(mailAccounts.tenantId, tenantId), eq(mailAccounts.userId, userId));

export async function queryAccounts(db: Executor, tenantId: string, userId: string, filter: QueryFilter) {
  const q = compileQueryFilter(filter, COLUMNS, {
    defaultSort: [desc(mailAccounts.isDefault), asc(mailAccounts.createdAt), asc(mailAccounts.id)],
  });
  const where = and(ownedBy(tenantId, userId), q.where);
  const rows = await db
    .select()
    .from(mailAccounts)
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(q, rows.map(toSetting), () => db.select({ n: count() }).from(mailAccounts).where(where));
}

/** Every account of the user, the default first. */
export const userAccounts = (db: Executor, tenantId: string, userId: string) =>
  db
    .select()
    .from(mailAccounts)
    .where(ownedBy(tenantId, userId))
    .orderBy(desc(mailAccounts.isDefault), asc(mailAccounts.createdAt));

export async function findAccount(db: Executor, tenantId: string, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(mailAccounts)
    .where(and(ownedBy(tenantId, userId), eq(mailAccounts.id, id)));
  return row;
}

/** An account by id alone (the sync job, which acts for its owner). */
export async function accountById(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(mailAccounts)
    .where(and(eq(mailAccounts.tenantId, tenantId), eq(mailAccounts.id, id)));
  return row;
}

export async function insertAccount(
  db: Executor,
  key: { tenantId: string; id: string; userId: string },
  values: AccountValues,
) {
  const [row] = await db
    .insert(mailAccounts)
    .values({ ...key, ...values })
    .returning();
  return row!;
}

export async function updateAccount(
  db: Executor,
  tenantId: string,
  id: string,
  values: Partial<AccountValues>,
) {
  const [row] = await db
    .update(mailAccounts)
    .set(values)
    .where(and(eq(mailAccounts.tenantId, tenantId), eq(mailAccounts.id, id)))
    .returning();
  return row;
}

/** No account of the user is the default any more (another is about to be). */
export async function clearDefault(db: Executor, tenantId: string, userId: string) {
  await db.update(mailAccounts).set({ isDefault: false }).where(ownedBy(tenantId, userId));
}

export async function accountCount(db: Executor, tenantId: string, userId: string) {
  const [row] = await db.select({ n: count() }).from(mailAccounts).where(ownedBy(tenantId, userId));
  return row?.n ?? 0;
}

/** Deletes accounts of the user with their folders, mails and the links of the mails' files. */
export async function removeAccounts(db: Executor, tenantId: string, userId: string, ids: string[]) {
  const rows = await db
    .delete(mailAccounts)
    .where(and(ownedBy(tenantId, userId), inArray(mailAccounts.id, ids)))
    .returning({ id: mailAccounts.id });
  const gone = rows.map((row) => row.id);
  if (gone.length === 0) return 0;
  const mails = await db
    .delete(mailMessages)
    .where(and(eq(mailMessages.tenantId, tenantId), inArray(mailMessages.accountId, gone)))
    .returning({ id: mailMessages.id });
  await db
    .delete(mailFolders)
    .where(and(eq(mailFolders.tenantId, tenantId), inArray(mailFolders.accountId, gone)));
  await unlinkMailFiles(
    db,
    tenantId,
    mails.map((mail) => mail.id),
  );
  // the first remaining account becomes the default when the default went
  await db.execute(sql`
    update mail_account set is_default = true
    where tenant_id = ${tenantId} and id = (
      select id from mail_account where tenant_id = ${tenantId} and user_id = ${userId}
      order by created_at, id limit 1)
      and not exists (select 1 from mail_account where tenant_id = ${tenantId} and user_id = ${userId} and is_default)`);
  return gone.length;
}

/** Forgets the files of removed mails: a file nothing links to any more is cleaned up later. */
export const unlinkMailFiles = (db: Executor, tenantId: string, mailIds: string[]) =>
  unlinkOwners(db, tenantId, MAIL_FILES, mailIds);
