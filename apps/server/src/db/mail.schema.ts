import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Personal mail (spec §7 "Mail and messages"): each user's accounts, their folders and mails, contacts. */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });

/** A mail account of a user; its password is encrypted (AES-256-GCM), the sync's progress kept with it. */
export const mailAccounts = pgTable(
  'mail_account',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    userId: text('user_id').notNull(),
    mailAddress: text('mail_address').notNull(),
    nickname: text('nickname').notNull(),
    account: text('account').notNull(),
    /** base64 of iv, tag and cipher text */
    password: text('password').notNull(),
    imapHost: text('imap_host').notNull(),
    imapPort: integer('imap_port').notNull(),
    imapTls: text('imap_tls').notNull(),
    smtpHost: text('smtp_host').notNull(),
    smtpPort: integer('smtp_port').notNull(),
    smtpTls: text('smtp_tls').notNull(),
    allowSelfSigned: boolean('allow_self_signed').notNull().default(false),
    isDefault: boolean('is_default').notNull().default(false),
    syncStatus: text('sync_status').notNull().default('idle'),
    syncJobId: text('sync_job_id'),
    syncFoldersDone: integer('sync_folders_done').notNull().default(0),
    syncFoldersTotal: integer('sync_folders_total').notNull().default(0),
    syncFetched: integer('sync_fetched').notNull().default(0),
    syncSkipped: integer('sync_skipped').notNull().default(0),
    syncError: text('sync_error'),
    syncStartedAt: at('sync_started_at'),
    syncFinishedAt: at('sync_finished_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('mail_account_user_idx').on(t.tenantId, t.userId),
  ],
);

/** A folder of an account as last synced; uidValidity and lastUid make the next sync incremental. */
export const mailFolders = pgTable(
  'mail_folder',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    accountId: text('account_id').notNull(),
    path: text('path').notNull(),
    name: text('name').notNull(),
    specialUse: text('special_use'),
    uidValidity: bigint('uid_validity', { mode: 'number' }),
    lastUid: bigint('last_uid', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('mail_folder_path_idx').on(t.tenantId, t.accountId, t.path),
  ],
);

/**
 * A mail of a folder: its list fields from the sync (the server's envelope and structure), its body and
 * attachment files from the first reading (or kept at send).
 */
export const mailMessages = pgTable(
  'mail_message',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    userId: text('user_id').notNull(),
    accountId: text('account_id').notNull(),
    folderId: text('folder_id').notNull(),
    uid: bigint('uid', { mode: 'number' }).notNull(),
    messageId: text('message_id'),
    inReplyTo: text('in_reply_to'),
    references: jsonb('references').$type<string[]>().notNull().default([]),
    subject: text('subject').notNull(),
    fromAddress: jsonb('from_address').$type<{ name: string; address: string } | null>(),
    toAddresses: jsonb('to_addresses').$type<{ name: string; address: string }[]>().notNull(),
    ccAddresses: jsonb('cc_addresses').$type<{ name: string; address: string }[]>().notNull(),
    bccAddresses: jsonb('bcc_addresses').$type<{ name: string; address: string }[]>().notNull(),
    replyToAddresses: jsonb('reply_to_addresses').$type<{ name: string; address: string }[]>().notNull(),
    /** the addresses and names as one text, for the keyword search */
    people: text('people').notNull(),
    sendDate: at('send_date'),
    isRead: boolean('is_read').notNull().default(false),
    hasAttachments: boolean('has_attachments').notNull().default(false),
    preview: text('preview').notNull(),
    html: text('html'),
    text: text('text'),
    attachments: jsonb('attachments')
      .$type<{ fileId: string; fileName: string; size: number; contentType: string }[]>()
      .notNull()
      .default([]),
    /** why the message could not be parsed; it is kept as a row so that the sync does not try again */
    unreadable: text('unreadable'),
    /** whether the body (text, HTML, attachments) is here; a synced mail's comes from the server when first read */
    bodyKept: boolean('body_kept').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('mail_message_uid_idx').on(t.tenantId, t.folderId, t.uid),
    // the mail list's order (newest first, undated last), over all of a user's mail and within one folder
    index('mail_message_list_idx').on(
      t.tenantId,
      t.userId,
      t.sendDate.desc().nullsLast(),
      t.id.desc().nullsFirst(),
    ),
    index('mail_message_folder_list_idx').on(
      t.tenantId,
      t.folderId,
      t.sendDate.desc().nullsLast(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/** A mail contact of a user (邮件联系人). */
export const mailLinkmen = pgTable(
  'mail_linkman',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    userId: text('user_id').notNull(),
    name: text('name').notNull(),
    mailAddress: text('mail_address').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('mail_linkman_user_idx').on(t.tenantId, t.userId),
  ],
);
