import { MAIL_SEND_METHOD, type MailAddress, type SendMailBody, type SendMailResult } from '@eip/contracts';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { buffer } from 'node:stream/consumers';
import { newId } from '../../db/ids.js';
import { AppError, badRequest, forbidden, notFound } from '../../errors.js';
import type { Services } from '../../services.js';
import type { AuthContext } from '../../security/tokens.js';
import { readableFile } from '../portal/file.service.js';
import { holdsMethod } from '../portal/menu.repository.js';
import { checkAddress, ownAccount, serverSettings } from './account.service.js';
import { sanitizeMail, textToHtml } from './body.js';
import { smtpOf, withImap } from './connect.js';
import * as mails from './mail.repository.js';
import { parseMail } from './parse.js';
import type { MailKey } from './password.js';
import { fetchBody, folderUse, syncFolders } from './sync.js';

const recipients = (list: SendMailBody['to'] | undefined) =>
  (list ?? []).map((r) => ({ name: r.name?.trim() ?? '', address: checkAddress(r.address) }));

const escape = (text: string) => textToHtml(text);
const named = (a: MailAddress | null) => (a ? escape(a.name ? `${a.name} <${a.address}>` : a.address) : '');

/** The original below the new text: who wrote it when to whom, and its body. */
function quoted(original: mails.MessageRow) {
  const head = [
    `From: ${named(original.fromAddress)}`,
    `Date: ${original.sendDate ? original.sendDate.toISOString() : ''}`,
    `To: ${original.toAddresses.map(named).join(', ')}`,
    `Subject: ${escape(original.subject)}`,
  ].join('<br>');
  const body = original.html ?? textToHtml(original.text ?? '');
  return `<br><div>------------------ Original ------------------<br>${head}</div><blockquote style="margin:0 0 0 .8ex;border-left:1px solid #ccc;padding-left:1ex">${body}</blockquote>`;
}

/** The attachments: files the caller may read (their uploads, their mails' files), then a forwarded mail's. */
async function attachmentsOf(services: Services, auth: AuthContext, fileIds: string[]) {
  const files: Mail.Attachment[] = [];
  for (const fileId of [...new Set(fileIds)]) {
    const file = await readableFile(services, auth, fileId).catch(() => {
      throw notFound('mail.fileNotFound', { id: fileId });
    });
    files.push({
      filename: file.name,
      contentType: file.contentType,
      content: await buffer(services.files.get(auth.tenantId, file.id)),
    });
  }
  return files;
}

/**
 * Sends a mail from one of the caller's accounts through its SMTP server (the shared nodemailer
 * transport) and appends a copy to its Sent folder — or, as a draft, only appends it to Drafts. A reply
 * quotes the original and threads (In-Reply-To, References); a forward quotes it and carries its files.
 */
export async function sendMail(
  services: Services,
  key: MailKey,
  auth: AuthContext,
  body: SendMailBody,
): Promise<SendMailResult> {
  const { db } = services;
  if (!(await holdsMethod(db, auth.tenantId, auth.userId, MAIL_SEND_METHOD))) throw forbidden();
  const account = await ownAccount(db, auth, body.accountId);
  const to = recipients(body.to);
  const cc = recipients(body.cc);
  const bcc = recipients(body.bcc);
  if (!body.saveAsDraft && to.length + cc.length + bcc.length === 0) throw badRequest('mail.noRecipients');
  if (body.replyToId !== undefined && body.forwardId !== undefined) throw badRequest('mail.replyAndForward');
  const originalId = body.replyToId ?? body.forwardId;
  const found =
    originalId === undefined ? undefined : await mails.findMail(db, auth.tenantId, auth.userId, originalId);
  if (originalId !== undefined && !found) throw notFound('mail.notFound', { id: originalId });
  // a synced mail never opened has no body yet: a reply quotes it and a forward carries its attachments
  const original = found && !found.bodyKept ? await fetchBody(db, services.files, key, found) : found;
  const draft =
    body.draftId === undefined
      ? undefined
      : await mails.findMail(db, auth.tenantId, auth.userId, body.draftId);
  if (body.draftId !== undefined && !draft) throw notFound('mail.notFound', { id: body.draftId });
  const fileIds = [
    ...(body.fileIds ?? []),
    ...(body.forwardId && original ? original.attachments.map((a) => a.fileId) : []),
  ];
  const attachments = await attachmentsOf(services, auth, fileIds);
  const settings = serverSettings(key, account);
  const messageId = `<${randomUUID()}@${account.mailAddress.split('@')[1]}>`;
  const message: Mail.Options = {
    from: { name: account.nickname, address: account.mailAddress },
    to,
    cc,
    bcc,
    subject: body.subject,
    html: sanitizeMail(body.html) + (original ? quoted(original) : ''),
    attachments,
    messageId,
    date: new Date(),
    ...(body.replyToId && original?.messageId
      ? { inReplyTo: original.messageId, references: [...original.references, original.messageId] }
      : {}),
  };
  if (!body.saveAsDraft) {
    const smtp = smtpOf(settings);
    try {
      await smtp.sendMail(message);
    } catch (error) {
      throw new AppError(502, 'mail.sendFailed', { reason: (error as Error).message });
    } finally {
      smtp.close();
    }
  }
  // the copy that is kept keeps its Bcc
  const raw = (await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail(message))
    .message as Buffer;
  const id = await withImap(settings, async (client) => {
    const list = await client.list();
    const use = body.saveAsDraft ? 'drafts' : 'sent';
    const box = list.find((f) => folderUse(f) === use);
    if (!box) return null;
    const appended = await client.append(
      box.path,
      raw,
      body.saveAsDraft ? ['\\Seen', '\\Draft'] : ['\\Seen'],
    );
    const folders = await syncFolders(db, account, list);
    const draftFolder = draft && folders.find((f) => f.id === draft.folderId);
    if (draft && draftFolder) {
      const lock = await client.getMailboxLock(draftFolder.path);
      try {
        await client.messageDelete(String(draft.uid), { uid: true });
      } finally {
        lock.release();
      }
    }
    const folder = folders.find((f) => f.path === box.path);
    if (!appended || !appended.uid || !folder) return null;
    const target = {
      tenantId: auth.tenantId,
      id: newId(),
      userId: auth.userId,
      accountId: account.id,
      folderId: folder.id,
      uid: appended.uid,
      isRead: true,
    };
    await mails.insertMail(db, await parseMail(db, services.files, target, raw));
    return target.id;
  });
  if (draft) await mails.deleteMails(db, auth.tenantId, [draft.id]);
  return { id, messageId };
}
