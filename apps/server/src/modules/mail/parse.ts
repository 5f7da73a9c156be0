import { Readable } from 'node:stream';
import type { MailAddress, MailAttachment } from '@eip/contracts';
import type { FetchMessageObject, MessageAddressObject, MessageStructureObject } from 'imapflow';
import type { AddressObject, ParsedMail } from 'mailparser';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import type { FileStore } from '../../files/store.js';
import { sanitizeFileName } from '../../files/names.js';
import { insertFile, linkFiles } from '../portal/file.repository.js';
import { MAIL_FILES } from './account.repository.js';
import { sanitizeMail } from './body.js';
import type { NewMessage } from './mail.repository.js';
import { previewOf } from './preview.js';

/** The creator of the files that came with mail: not an upload of the user, so not counted in their quota. */
export const MAIL_SYNC_CREATOR = 'mail-sync';

const addresses = (value: AddressObject | AddressObject[] | undefined): MailAddress[] =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((group) =>
    group.value.flatMap((a) =>
      a.group
        ? a.group.map((m) => ({ name: m.name, address: m.address ?? '' }))
        : [{ name: a.name, address: a.address ?? '' }],
    ),
  );

const references = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value : value ? value.split(/\s+/) : [];

/** What a parsed mail adds to its row: addresses, body (sanitised), preview, threading headers. */
const withoutNul = (text: string) => text.replaceAll('\u0000', '');

export function mailFields(parsed: ParsedMail) {
  const from = addresses(parsed.from)[0] ?? null;
  const to = addresses(parsed.to);
  const cc = addresses(parsed.cc);
  const bcc = addresses(parsed.bcc);
  // text columns hold no NUL character: a body with one stays readable without it
  const text = parsed.text === undefined ? null : withoutNul(parsed.text);
  return {
    messageId: parsed.messageId ?? null,
    inReplyTo: parsed.inReplyTo ?? null,
    references: references(parsed.references),
    subject: withoutNul(parsed.subject ?? ''),
    fromAddress: from,
    toAddresses: to,
    ccAddresses: cc,
    bccAddresses: bcc,
    replyToAddresses: addresses(parsed.replyTo),
    people: [from, ...to, ...cc].map((a) => (a ? `${a.name} ${a.address}` : '')).join(' '),
    sendDate: parsed.date ?? null,
    preview: previewOf(text ?? ''),
    html: typeof parsed.html === 'string' ? sanitizeMail(withoutNul(parsed.html)) : null,
    text,
  };
}

const envelopeAddresses = (value: MessageAddressObject[] | undefined): MailAddress[] =>
  (value ?? []).filter((a) => a.address).map((a) => ({ name: a.name ?? '', address: a.address! }));

/** The body parts of a message: its text and HTML, outside attachments; everything else is an attachment. */
const BODY_TYPES = new Set(['text/plain', 'text/html']);

/**
 * Whether a message's structure holds an attachment as its full parse would find one: a part marked as an
 * attachment, or one that is neither text nor HTML; the parts of a multipart/related (the images of the
 * HTML) never count.
 */
export function hasAttachment(node: MessageStructureObject, related = false): boolean {
  if (node.type.startsWith('multipart/'))
    return (node.childNodes ?? []).some((child) =>
      hasAttachment(child, related || node.type === 'multipart/related'),
    );
  if (related) return false;
  return node.disposition === 'attachment' || !BODY_TYPES.has(node.type);
}

const validDate = (value: Date | string | undefined) => {
  const date = value === undefined ? undefined : new Date(value);
  return date && !Number.isNaN(date.getTime()) ? date : null;
};

/**
 * A mail's list row from what the sync fetches (ENVELOPE, BODYSTRUCTURE, INTERNALDATE: the server has
 * decoded the RFC 2047 words of its subject and names) and the preview of its text, without its body: that
 * comes when it is first read. A mail without a Date header is dated by its arrival.
 */
export function listedMail(target: MailTarget, message: FetchMessageObject, preview: string): NewMessage {
  const envelope = message.envelope;
  if (!envelope) throw new Error('the server gave no envelope');
  const from = envelopeAddresses(envelope.from)[0] ?? null;
  const to = envelopeAddresses(envelope.to);
  const cc = envelopeAddresses(envelope.cc);
  return {
    ...target,
    messageId: envelope.messageId ?? null,
    inReplyTo: envelope.inReplyTo ?? null,
    subject: envelope.subject ?? '',
    fromAddress: from,
    toAddresses: to,
    ccAddresses: cc,
    bccAddresses: envelopeAddresses(envelope.bcc),
    replyToAddresses: envelopeAddresses(envelope.replyTo),
    people: [from, ...to, ...cc].map((a) => (a ? `${a.name} ${a.address}` : '')).join(' '),
    sendDate: validDate(envelope.date) ?? validDate(message.internalDate),
    hasAttachments: message.bodyStructure ? hasAttachment(message.bodyStructure) : false,
    preview,
    bodyKept: false,
  };
}

/** Where a parsed mail is kept: its row's keys, and the store for its attachments. */
export interface MailTarget {
  tenantId: string;
  id: string;
  userId: string;
  accountId: string;
  folderId: string;
  uid: number;
  isRead: boolean;
}

/**
 * Parses a raw message (RFC 5322: any MIME, RFC 2047/2231 names, GBK/Big5 bodies — mailparser decodes
 * them) into its row; its attachments go to the file store and are linked to the mail, so they download
 * through the file routes for whoever keeps the mail. Throws when the bytes are not a message.
 */
export async function parseMail(
  db: Executor,
  store: FileStore,
  target: MailTarget,
  source: Buffer,
): Promise<NewMessage> {
  // mailparser is loaded on the first message parsed, not at every start
  const { simpleParser } = await import('mailparser');
  const parsed = await simpleParser(source);
  const attachments: MailAttachment[] = [];
  for (const part of parsed.attachments) {
    if (part.related) continue;
    const fileId = newId();
    const fileName = sanitizeFileName(part.filename ?? 'attachment');
    const size = await store.put(target.tenantId, fileId, Readable.from([part.content]));
    await insertFile(db, {
      tenantId: target.tenantId,
      id: fileId,
      name: fileName,
      contentType: part.contentType || 'application/octet-stream',
      size,
      createdBy: MAIL_SYNC_CREATOR,
      purpose: 'mailAttachment',
    });
    attachments.push({ fileId, fileName, size, contentType: part.contentType || 'application/octet-stream' });
  }
  if (attachments.length)
    await linkFiles(
      db,
      target.tenantId,
      { type: MAIL_FILES, id: target.id },
      attachments.map((a) => a.fileId),
    );
  return { ...target, ...mailFields(parsed), attachments, hasAttachments: attachments.length > 0 };
}

/** The row of a message that could not be parsed (or was too big): recorded, skipped by the next sync. */
export const unreadableMail = (target: MailTarget, subject: string, reason: string): NewMessage => ({
  ...target,
  subject,
  toAddresses: [],
  ccAddresses: [],
  bccAddresses: [],
  replyToAddresses: [],
  people: '',
  preview: '',
  unreadable: reason.slice(0, 500),
});
