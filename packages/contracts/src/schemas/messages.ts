import { Type, type Static } from '@sinclair/typebox';
import { IdsQuery, PageList, QueryFilter } from '../common.js';
import { Id } from './bpm.js';
import type { RouteSchemas } from './route-schemas.js';

export const MESSAGE_TYPES = ['task', 'urgent', 'notice', 'follow', 'service', 'meeting'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** An inner message of the caller (spec §1 "inner messages, with an unread badge"). */
export const InnerMessage = Type.Object({
  id: Type.String(),
  subject: Type.String(),
  content: Type.String(),
  link: Type.Union([Type.String(), Type.Null()], { description: 'the portal address it is about' }),
  type: Type.Union(
    MESSAGE_TYPES.map((type) => Type.Literal(type)),
    {
      description:
        'task: a task arrived; urgent: an urging; notice: a circulation; follow: a followed node was handled; service: a service task failed; meeting: an invitation to a meeting',
    },
  ),
  isRead: Type.Boolean(),
  createTime: Type.String({ format: 'date-time' }),
});
export type InnerMessage = Static<typeof InnerMessage>;

/** The counts a live push stream keeps up to date (event `counts`). */
export const PushCounts = Type.Object({
  messages: Type.Integer({ description: 'unread inner messages (the bell)' }),
  todo: Type.Integer(),
  leaderTodo: Type.Integer({ description: 'pending tasks of the leaders the caller is secretary of' }),
  noticeToRead: Type.Integer({ description: 'circulated copies not read yet' }),
});
export type PushCounts = Static<typeof PushCounts>;

/** A new inner message, for a toast (event `message`). */
export const PushMessage = Type.Pick(InnerMessage, ['id', 'subject', 'type', 'link', 'createTime']);
export type PushMessage = Static<typeof PushMessage>;

export const PUSH_LISTS = ['messages', 'todo', 'leaderTodo', 'notices'] as const;
export type PushList = (typeof PUSH_LISTS)[number];

/** Lists whose rows changed and that a page showing them should ask for again (event `refresh`). */
export const PushRefresh = Type.Object({
  lists: Type.Array(Type.Union(PUSH_LISTS.map((list) => Type.Literal(list)))),
});
export type PushRefresh = Static<typeof PushRefresh>;

/** Schemas of the inner-message routes (spec §7 "Mail and messages (portal)"). */
export const messageSchemas = {
  listMessages: {
    summary:
      'The caller’s inner messages, newest first, paged and filtered (subject, content, type, isRead, createTime)',
    body: QueryFilter,
    value: PageList(InnerMessage),
  },
  getMsgbadge: {
    summary: 'How many inner messages the caller has not read (the bell badge)',
    value: Type.Integer(),
  },
  getMessage: {
    summary: 'One of the caller’s inner messages; reading it marks it read',
    query: Type.Object({ id: Id }),
    value: InnerMessage,
  },
  markMessages: {
    summary: 'Marks some of the caller’s inner messages read',
    query: IdsQuery,
    value: Type.Integer({ description: 'messages that were unread and now are read' }),
  },
  removeMessages: {
    summary: 'Deletes some of the caller’s inner messages',
    query: IdsQuery,
    value: Type.Integer({ description: 'messages deleted' }),
  },
  pushStream: {
    summary:
      'The caller’s live push: a text/event-stream that stays open. Events: `counts` (PushCounts) at once and whenever one changes; `message` (PushMessage) for each new inner message, and on reconnection with Last-Event-ID each one since that id; `refresh` (PushRefresh) when a list’s rows changed; a comment line as heartbeat. The token goes in the Authorization header, never in the address.',
    value: Type.Null(),
  },
} as const satisfies Record<string, RouteSchemas>;
