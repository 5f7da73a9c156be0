import type { SendMessageBody } from '@eip/contracts';
import { badRequest, notFound } from '../../errors.js';
import type { Db, Executor } from '../../db/client.js';
import type { AuthContext } from '../../security/tokens.js';
import type { FileOwnerReader } from './file-access.js';
import { linkFilesToOwners } from './file.repository.js';
import { attachOwnFiles } from './file.service.js';
import * as messages from './message.repository.js';
import * as send from './message-send.repository.js';
import { ownGroupIds } from '../uc/contact-group.repository.js';

/** Those who received a message (and keep it) read its attachments. */
export const readMessageFiles: FileOwnerReader = (db, auth, messageIds) =>
  send.receivedAny(db, auth.tenantId, auth.userId, messageIds);

/** The most people one message reaches: more is a broadcast, which the news and notices are for. */
export const MAX_RECEIVERS = 2000;

/** The ids of `wanted` that `found` lacks, for the message telling which ones are unknown. */
const missing = (wanted: string[], found: string[]) => wanted.filter((id) => !found.includes(id)).join(', ');

/** Every receiver the body names, each once: unknown users, orgs or groups (or another's) are refused (404). */
async function receiversOf(db: Executor, auth: AuthContext, body: SendMessageBody) {
  const userIds = [...new Set(body.userIds ?? [])];
  const orgIds = [...new Set(body.orgIds ?? [])];
  const groupIds = [...new Set(body.groupIds ?? [])];
  const users = await send.existingUserIds(db, auth.tenantId, userIds);
  if (users.length < userIds.length) throw notFound('message.userNotFound', { ids: missing(userIds, users) });
  const knownOrgs = await send.existingOrgIds(db, auth.tenantId, orgIds);
  if (knownOrgs.length < orgIds.length)
    throw notFound('message.orgNotFound', { ids: missing(orgIds, knownOrgs) });
  const ownGroups = await ownGroupIds(db, auth.tenantId, auth.userId, groupIds);
  if (ownGroups.length < groupIds.length)
    throw notFound('message.groupNotFound', { ids: missing(groupIds, ownGroups) });
  const receivers = new Set([
    ...users,
    ...(await send.orgMemberIds(db, auth.tenantId, orgIds)),
    ...(await send.groupMemberIds(db, auth.tenantId, groupIds)),
  ]);
  if (body.replyToId !== undefined) {
    const original = await messages.findMessage(db, auth.tenantId, auth.userId, body.replyToId);
    if (!original) throw notFound('message.notFound', { id: body.replyToId });
    if (!original.sender) throw badRequest('message.noSender');
    receivers.add(original.sender.id);
  }
  receivers.delete(auth.userId);
  return [...receivers];
}

/**
 * Sends a message a user wrote: one unread row for each receiver (the caller excluded), its attachments
 * linked to each row so that the receivers may download them; all in one transaction, nothing written
 * when anything is refused. Answers how many receivers it reached.
 */
export async function sendMessage(db: Db, auth: AuthContext, body: SendMessageBody) {
  const subject = body.subject.trim();
  if (!subject) throw badRequest('message.subjectRequired');
  const files = body.files ?? [];
  return db.transaction(async (tx) => {
    const receivers = await receiversOf(tx, auth, body);
    if (receivers.length === 0) throw badRequest('message.noReceivers');
    if (receivers.length > MAX_RECEIVERS) {
      throw badRequest('message.tooManyReceivers', { count: receivers.length, max: MAX_RECEIVERS });
    }
    const ids = await send.insertSentMessages(tx, auth.tenantId, receivers, {
      subject,
      content: body.content.trim(),
      senderId: auth.userId,
      files,
      replyToId: body.replyToId ?? null,
    });
    const fileIds = files.map((file) => file.response.fileId);
    const [first, ...others] = ids;
    await attachOwnFiles(tx, auth.tenantId, auth.userId, { type: send.MESSAGE_FILES, id: first! }, fileIds);
    await linkFilesToOwners(tx, auth.tenantId, send.MESSAGE_FILES, others, fileIds);
    return ids.length;
  });
}
