import { Type, type Static } from '@sinclair/typebox';
import { DateTime, IdsQuery, PageList, QueryFilter, oneOf } from '../common.js';
import { Id, IdList, Nullable, TrueFalse } from './bpm.js';
import type { RouteSchemas } from './route-schemas.js';

/** How a connection to a mail server is secured: ssl = TLS from the start (993, 465), starttls, none. */
export const MAIL_TLS_MODES = ['ssl', 'starttls', 'none'] as const;
export type MailTlsMode = (typeof MAIL_TLS_MODES)[number];

/** What a folder is for (RFC 6154 special use; null: one of the server's own folders). */
export const MAIL_FOLDER_USES = ['inbox', 'sent', 'drafts', 'trash', 'junk', 'archive'] as const;
export type MailFolderUse = (typeof MAIL_FOLDER_USES)[number];

/** Where a sync stands: idle (never asked), pending (queued), running, done, failed. */
export const MAIL_SYNC_STATUSES = ['idle', 'pending', 'running', 'done', 'failed'] as const;
export type MailSyncStatus = (typeof MAIL_SYNC_STATUSES)[number];

/** The step a connection test failed at: the address, the certificate, the sign-in, or another refusal. */
export const MAIL_TEST_FAILURES = ['unreachable', 'timeout', 'certificate', 'login', 'refused'] as const;
export type MailTestFailure = (typeof MAIL_TEST_FAILURES)[number];

/** remove?type: trash moves the mails to the account's Trash; delete deletes them for good (on the server too). */
export const MAIL_REMOVE_TYPES = ['trash', 'delete'] as const;
export type MailRemoveType = (typeof MAIL_REMOVE_TYPES)[number];

export const MAIL_ADDRESS_MAX = 254;
export const MAIL_SUBJECT_MAX = 998;
export const MAIL_HTML_MAX = 2_000_000;
export const MAIL_RECIPIENTS_MAX = 200;
export const MAIL_ATTACHMENTS_MAX = 20;

const Host = Type.String({ minLength: 1, maxLength: 253, description: 'host name or IP address' });
const Port = Type.Integer({ minimum: 1, maximum: 65535 });
const TlsMode = oneOf(MAIL_TLS_MODES, 'ssl: TLS from the start; starttls: upgraded; none: plain');
const Address = Type.String({ minLength: 3, maxLength: MAIL_ADDRESS_MAX, description: 'an e-mail address' });
const Name = Type.String({ maxLength: 100 });

/** A mail account of the caller as it is read back: never its password. */
export const MailSetting = Type.Object({
  id: Type.String(),
  mailAddress: Type.String(),
  nickname: Type.String({ description: 'the sender name of its mails' }),
  account: Type.String({ description: 'the user name it signs in with (often the address)' }),
  imapHost: Type.String(),
  imapPort: Type.Integer(),
  imapTls: TlsMode,
  smtpHost: Type.String(),
  smtpPort: Type.Integer(),
  smtpTls: TlsMode,
  allowSelfSigned: Type.Boolean({ description: 'a certificate nobody vouches for is accepted (own risk)' }),
  isDefault: Type.Boolean({ description: 'the account new mails are written from' }),
  syncStatus: oneOf(MAIL_SYNC_STATUSES),
  lastSyncTime: Nullable(DateTime),
  createTime: DateTime,
});
export type MailSetting = Static<typeof MailSetting>;

/** An account to save or test. */
export const MailSettingBody = Type.Object(
  {
    id: Type.Optional(Id),
    mailAddress: Address,
    nickname: Type.Optional(Name),
    account: Type.Optional(Type.String({ maxLength: 254, description: 'blank: the address' })),
    password: Type.Optional(
      Type.String({ maxLength: 256, description: 'write-only; required unless isOriginPwd' }),
    ),
    isOriginPwd: Type.Optional(
      Type.Boolean({ description: 'with id: keep (or test with) the password stored for that account' }),
    ),
    imapHost: Host,
    imapPort: Port,
    imapTls: TlsMode,
    smtpHost: Host,
    smtpPort: Port,
    smtpTls: TlsMode,
    allowSelfSigned: Type.Optional(Type.Boolean()),
    isDefault: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type MailSettingBody = Static<typeof MailSettingBody>;

/** What a connection test came to: ok, or the server and step that failed with a message in the caller's language. */
export const MailTestResult = Type.Object({
  ok: Type.Boolean(),
  server: Nullable(oneOf(['imap', 'smtp'] as const)),
  failure: Nullable(oneOf(MAIL_TEST_FAILURES)),
  message: Type.String(),
});
export type MailTestResult = Static<typeof MailTestResult>;

export const MailFolder = Type.Object({
  id: Type.String(),
  accountId: Type.String(),
  name: Type.String({ description: 'as the server names it (decoded)' }),
  path: Type.String(),
  specialUse: Nullable(oneOf(MAIL_FOLDER_USES)),
  total: Type.Integer(),
  unread: Type.Integer(),
});
export type MailFolder = Static<typeof MailFolder>;

/** One account of the folder tree with its folders (INBOX, Sent, Drafts, Trash first, then the server's own). */
export const MailTreeAccount = Type.Object({
  id: Type.String(),
  mailAddress: Type.String(),
  nickname: Type.String(),
  isDefault: Type.Boolean(),
  syncStatus: oneOf(MAIL_SYNC_STATUSES),
  folders: Type.Array(MailFolder),
});
export type MailTreeAccount = Static<typeof MailTreeAccount>;

export const MailAddress = Type.Object({ name: Type.String(), address: Type.String() });
export type MailAddress = Static<typeof MailAddress>;

export const MailAttachment = Type.Object({
  fileId: Type.String({ description: 'downloads through system/file/downloadFile?fileId' }),
  fileName: Type.String(),
  size: Type.Integer(),
  contentType: Type.String(),
});
export type MailAttachment = Static<typeof MailAttachment>;

/** A mail in a list. */
export const MailItem = Type.Object({
  id: Type.String(),
  accountId: Type.String(),
  folderId: Type.String(),
  subject: Type.String(),
  from: Nullable(MailAddress),
  to: Type.Array(MailAddress),
  sendDate: Nullable(DateTime),
  isRead: Type.Boolean(),
  hasAttachments: Type.Boolean(),
  preview: Type.String({ description: 'the first characters of its text' }),
});
export type MailItem = Static<typeof MailItem>;

/** A mail to read: its body sanitised on the server; remote images stay blocked until allowed. */
export const MailDetail = Type.Composite([
  MailItem,
  Type.Object({
    cc: Type.Array(MailAddress),
    bcc: Type.Array(MailAddress),
    replyTo: Type.Array(MailAddress),
    html: Nullable(Type.String({ description: 'sanitised HTML (null: a text-only mail)' })),
    text: Nullable(Type.String()),
    attachments: Type.Array(MailAttachment),
    remoteImagesBlocked: Type.Boolean({
      description: 'the HTML had remote images that were left out (getJson with allowImages=true shows them)',
    }),
    messageId: Nullable(Type.String()),
    inReplyTo: Nullable(Type.String()),
    unreadable: Nullable(
      Type.String({ description: 'why the message could not be parsed (it was skipped)' }),
    ),
  }),
]);
export type MailDetail = Static<typeof MailDetail>;

export const MailAddressInput = Type.Object(
  { address: Address, name: Type.Optional(Name) },
  { additionalProperties: false },
);
const Recipients = Type.Array(MailAddressInput, { maxItems: MAIL_RECIPIENTS_MAX });

/** A mail to send (or keep as a draft). */
/** The method permission of sending mail (spec §6); administrators hold every method. */
export const MAIL_SEND_METHOD = 'mail:send';

export const SendMailBody = Type.Object(
  {
    accountId: Id,
    to: Recipients,
    cc: Type.Optional(Recipients),
    bcc: Type.Optional(Recipients),
    subject: Type.String({ maxLength: MAIL_SUBJECT_MAX }),
    html: Type.String({ maxLength: MAIL_HTML_MAX, description: 'sanitised on the server' }),
    fileIds: Type.Optional(
      Type.Array(Id, {
        maxItems: MAIL_ATTACHMENTS_MAX,
        description: 'attachments: files the caller uploaded (purpose mailAttachment) or may read',
      }),
    ),
    replyToId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'a mail of the caller this answers: quoted below, In-Reply-To and References set',
      }),
    ),
    forwardId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'a mail of the caller this forwards: quoted below, its attachments attached too',
      }),
    ),
    draftId: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, description: 'the draft this replaces (it is removed)' }),
    ),
    saveAsDraft: Type.Optional(Type.Boolean({ description: 'kept in Drafts, not sent' })),
  },
  { additionalProperties: false },
);
export type SendMailBody = Static<typeof SendMailBody>;

export const SendMailResult = Type.Object({
  id: Nullable(Type.String({ description: 'the copy in Sent (or the draft in Drafts)' })),
  messageId: Type.String(),
});
export type SendMailResult = Static<typeof SendMailResult>;

/** How far the sync of an account has come. */
export const MailSyncState = Type.Object({
  accountId: Type.String(),
  jobId: Nullable(Type.String()),
  status: oneOf(MAIL_SYNC_STATUSES),
  foldersDone: Type.Integer(),
  foldersTotal: Type.Integer(),
  fetched: Type.Integer({ description: 'messages stored by this sync' }),
  skipped: Type.Integer({ description: 'malformed messages recorded and skipped' }),
  error: Nullable(Type.String()),
  startTime: Nullable(DateTime),
  finishTime: Nullable(DateTime),
});
export type MailSyncState = Static<typeof MailSyncState>;

export const MailLinkman = Type.Object({
  id: Type.String(),
  name: Type.String(),
  mailAddress: Type.String(),
  createTime: DateTime,
});
export type MailLinkman = Static<typeof MailLinkman>;

export const MailLinkmanBody = Type.Object(
  { id: Type.Optional(Id), name: Type.String({ minLength: 1, maxLength: 100 }), mailAddress: Address },
  { additionalProperties: false },
);
export type MailLinkmanBody = Static<typeof MailLinkmanBody>;

/** A person to write to: a mail contact of the caller or a user of the tenant with an e-mail. */
export const MailContact = Type.Object({
  id: Type.String(),
  name: Type.String(),
  mailAddress: Type.String(),
  source: oneOf(['linkman', 'user'] as const),
});
export type MailContact = Static<typeof MailContact>;

const AccountQuery = Type.Object({ id: Id });

/** Schemas of the personal mail routes (spec §7 "Mail and messages (portal)"). */
export const mailSchemas = {
  getMailTreeData: {
    summary:
      'The caller’s mail accounts (default first) with their folders as last synced: INBOX, Sent, Drafts, Trash, Junk, Archive, then the server’s own folders, each with its total and unread count',
    value: Type.Array(MailTreeAccount),
  },
  saveMailSetting: {
    summary:
      'Adds (no id) or changes one of the caller’s mail accounts. The password is stored encrypted; with isOriginPwd the stored one is kept. isDefault makes it the only default (the first account always is). Another user’s id answers 404',
    body: MailSettingBody,
    value: MailSetting,
  },
  testMailSetting: {
    summary:
      'Signs in to the IMAP and SMTP servers of an account (within 10 s each) and says which step failed: unreachable, timeout, certificate not trusted, login refused, or another refusal. With id and isOriginPwd the stored password is used. Nothing is saved',
    body: MailSettingBody,
    value: MailTestResult,
  },
  listMailSettings: {
    summary:
      'The caller’s mail accounts, paged and filtered (mailAddress, nickname, isDefault), default first',
    body: QueryFilter,
    value: PageList(MailSetting),
  },
  removeMailSettings: {
    summary:
      'Deletes some of the caller’s mail accounts with their stored mails and folders (not on the server)',
    query: IdsQuery,
    value: Type.Integer({ description: 'accounts deleted' }),
  },
  syncMail: {
    summary:
      'Queues a sync of one of the caller’s accounts (a job): folders, then the new mails of each folder (incremental by UIDVALIDITY and UID), attachments into the file store. A sync already queued or running is answered as it is',
    query: AccountQuery,
    value: MailSyncState,
  },
  getMailSyncState: {
    summary: 'How far the sync of one of the caller’s accounts has come (not in spec §7)',
    query: AccountQuery,
    value: MailSyncState,
  },
  listMails: {
    summary:
      'The mails of the caller, newest first, paged and filtered: accountId, folderId, folderUse (inbox, sent, …) EQUAL; subject, from, to, keyword (subject, sender and receivers) LIKE; isRead, hasAttachments EQUAL; sendDate',
    body: QueryFilter,
    value: PageList(MailItem),
  },
  sendMail: {
    summary:
      'Sends a mail through the account’s SMTP server and keeps a copy in Sent, or with saveAsDraft keeps it in Drafts (on the IMAP server too). A reply or forward quotes the original; a reply sets In-Reply-To and References',
    body: SendMailBody,
    value: SendMailResult,
  },
  getMail: {
    summary:
      'One of the caller’s mails with its sanitised body and attachments; reading it marks it read (on the server too). Remote images are left out unless allowImages=true',
    query: Type.Object({ id: Id, allowImages: Type.Optional(TrueFalse) }),
    value: MailDetail,
  },
  removeMails: {
    summary:
      'Removes some of the caller’s mails: type trash moves them to the account’s Trash (a mail already there is deleted), delete deletes them for good — on the server too',
    query: Type.Object({ ids: IdList, type: oneOf(MAIL_REMOVE_TYPES) }),
    value: Type.Integer({ description: 'mails removed' }),
  },
  markMailRead: {
    summary: 'Marks one of the caller’s mails read (isRead=false: unread), on the server too',
    query: Type.Object({ id: Id, isRead: Type.Optional(TrueFalse) }),
    value: Type.Boolean({ description: 'its state now' }),
  },
  saveMailLinkman: {
    summary: 'Adds (no id) or changes one of the caller’s mail contacts',
    body: MailLinkmanBody,
    value: MailLinkman,
  },
  listMailLinkmen: {
    summary: 'The caller’s mail contacts, paged and filtered (name, mailAddress), by name',
    body: QueryFilter,
    value: PageList(MailLinkman),
  },
  removeMailLinkmen: {
    summary: 'Deletes some of the caller’s mail contacts',
    query: IdsQuery,
    value: Type.Integer({ description: 'contacts deleted' }),
  },
  getMailAndUserData: {
    summary:
      'People to write to whose name or address contains query: the caller’s mail contacts, then the tenant’s users with an e-mail (at most 50)',
    query: Type.Object({ query: Type.Optional(Type.String({ maxLength: 100 })) }),
    value: Type.Array(MailContact),
  },
} as const satisfies Record<string, RouteSchemas>;
