import { notFound } from '../../errors.js';
import { changed, defineHandlers } from '../../http/register.js';
import type { Services } from '../../services.js';
import { splitIds } from '../uc/ids.js';
import * as messages from './message.repository.js';
import { sendMessage } from './message.service.js';

/** Inner messages (spec §7 "Mail and messages"): each caller reaches only the messages sent to them. */
export const messageHandlers = ({ db }: Services) =>
  defineHandlers({
    listMessages: async ({ body }, { auth }) => messages.queryMessages(db, auth.tenantId, auth.userId, body),
    getMsgbadge: async (_input, { auth }) => messages.unreadMessageCount(db, auth.tenantId, auth.userId),
    getMessage: async ({ query }, { auth }) => {
      const message = await messages.findMessage(db, auth.tenantId, auth.userId, query.id);
      if (!message) throw notFound('message.notFound', { id: query.id });
      if (!message.isRead) await messages.markRead(db, auth.tenantId, auth.userId, [message.id]);
      return { ...message, isRead: true };
    },
    sendMessage: async ({ body }, { auth }) => sendMessage(db, auth, body),
    markMessages: async ({ query }, { auth }) =>
      messages.markRead(db, auth.tenantId, auth.userId, splitIds(query.ids)),
    removeMessages: async ({ query }, { auth, audit }) =>
      changed(audit, await messages.removeMessages(db, auth.tenantId, auth.userId, splitIds(query.ids))),
  });
