import { Type, type Static } from '@sinclair/typebox';
import { IdsQuery, PageList, QueryFilter } from '../common.js';
import { Id, Nullable, OpinionFiles } from './bpm.js';
import type { RouteSchemas } from './route-schemas.js';

export const MESSAGE_TYPES = ['task', 'urgent', 'notice', 'follow', 'service', 'meeting', 'message'] as const;
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
        'task: a task arrived; urgent: an urging; notice: a circulation; follow: a followed node was handled; service: a service task failed; meeting: an invitation to a meeting; message: written by a user (send)',
    },
  ),
  isRead: Type.Boolean(),
  createTime: Type.String({ format: 'date-time' }),
});
export type InnerMessage = Static<typeof InnerMessage>;

/** One message with who wrote it (null: the workflow engine), its attachments and the message it answers. */
export const InnerMessageDetail = Type.Composite([
  InnerMessage,
  Type.Object({
    sender: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
    files: OpinionFiles,
    replyToId: Nullable(Type.String()),
  }),
]);
export type InnerMessageDetail = Static<typeof InnerMessageDetail>;

export const MESSAGE_SUBJECT_MAX = 200;
export const MESSAGE_CONTENT_MAX = 10_000;
const Ids = (description: string) => Type.Array(Id, { maxItems: 500, description });

/** A message a user writes (send): its receivers are users, the members of orgs and of the caller's contact groups. */
export const SendMessageBody = Type.Object(
  {
    userIds: Type.Optional(Ids('users of the tenant')),
    orgIds: Type.Optional(Ids('orgs of the tenant: their members receive it')),
    groupIds: Type.Optional(Ids('the caller’s own contact groups (常用联系人): their members receive it')),
    subject: Type.String({ maxLength: MESSAGE_SUBJECT_MAX, description: 'trimmed; required' }),
    content: Type.String({ maxLength: MESSAGE_CONTENT_MAX, description: 'plain text' }),
    files: Type.Optional(OpinionFiles),
    replyToId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type SendMessageBody = Static<typeof SendMessageBody>;

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

export const PUSH_LISTS = ['messages', 'todo', 'leaderTodo', 'notices', 'mail'] as const;
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
    value: InnerMessageDetail,
  },
  sendMessage: {
    summary:
      'Sends a message (not in spec §7): one unread row for each receiver — the users, the members of the orgs and of the caller’s contact groups, and with replyToId the sender of that message (one the caller received) — the caller excluded and duplicates merged, in one transaction. Attachments must be files the caller uploaded; their receivers may then download them. Unknown or another tenant’s ids answer 404, no receiver 400; nothing is written then',
    body: SendMessageBody,
    value: Type.Integer({ description: 'receivers (rows written)' }),
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
