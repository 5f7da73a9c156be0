import { Type, type Static } from '@sinclair/typebox';
import { DateTime, IdsQuery, oneOf, PageList, QueryFilter } from '../common.js';
import { Id, Nullable, OpinionFiles } from './bpm.js';
import type { RouteSchemas } from './route-schemas.js';

/** What an entry is: a news item, a notice (通知公告) or a meeting. */
export const CONTENT_KINDS = ['news', 'notice', 'meeting'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** draft: only editors see it; published: its audience sees it; withdrawn: taken back, editors only. */
export const CONTENT_STATUSES = ['draft', 'published', 'withdrawn'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** The sys_type keys of the classifications (getTypesByKey): news and notices each have their own. */
export const CLASSIFY_TYPE_KEYS = { news: 'NEWS_TYPE', notice: 'NOTICE_TYPE' } as const;

/** The method permission of editors (新闻管理员); administrators hold every method. */
export const NEWS_PUBLISH_METHOD = 'news:publish';

export const CONTENT_LIMITS = {
  title: 200,
  summary: 500,
  /** characters of the rich-text body as sent (HTML) */
  content: 200_000,
  agenda: 4000,
  participants: 500,
  audience: 100,
} as const;

const Named = Type.Object({ id: Type.String(), name: Type.String() });

/** An entry as the lists show it; the meeting fields are null for news and notices. */
export const ContentRow = Type.Object({
  id: Type.String(),
  kind: oneOf(CONTENT_KINDS, 'news, notice or meeting'),
  classifyId: Nullable(Type.String()),
  classifyName: Nullable(Type.String()),
  title: Type.String(),
  summary: Nullable(Type.String()),
  coverFileId: Nullable(Type.String({ description: 'the cover image (a file id)' })),
  status: oneOf(CONTENT_STATUSES, 'draft, published or withdrawn'),
  pinned: Type.Boolean(),
  mustRead: Type.Boolean({ description: 'a notice everyone of its audience must read' }),
  publisherId: Nullable(Type.String()),
  publisherName: Nullable(Type.String()),
  publishTime: Nullable(DateTime),
  expireTime: Nullable(DateTime),
  expired: Type.Boolean({ description: 'past its expiry: its readers no longer see it' }),
  isRead: Type.Boolean({ description: 'the caller has opened it' }),
  createTime: DateTime,
  updateTime: DateTime,
  startTime: Nullable(DateTime),
  endTime: Nullable(DateTime),
  roomId: Nullable(Type.String()),
  roomName: Nullable(Type.String()),
  hostId: Nullable(Type.String()),
  hostName: Nullable(Type.String()),
});
export type ContentRow = Static<typeof ContentRow>;

/** One entry whole: its body, attachments (ffj), audience and, for a meeting, participants and agenda. */
export const ContentDetail = Type.Composite([
  ContentRow,
  Type.Object({
    content: Type.String({ description: 'the rich-text body, HTML as sanitised when saved' }),
    ffj: OpinionFiles,
    scope: oneOf(
      ['all', 'part'] as const,
      'all: everyone of the tenant; part: the orgs (with their sub-orgs) and roles',
    ),
    orgs: Type.Array(Named),
    roles: Type.Array(Named),
    participants: Type.Array(Named),
    agenda: Nullable(Type.String()),
    canEdit: Type.Boolean({ description: 'the caller may change it (新闻管理员 or administrator)' }),
    readCount: Nullable(Type.Integer({ description: 'editors only: how many of its audience read it' })),
    audienceCount: Nullable(Type.Integer({ description: 'editors only: how many people its audience has' })),
  }),
]);
export type ContentDetail = Static<typeof ContentDetail>;

/** What an editor saves: a new entry (no id) is a draft; a saved one keeps its status. */
export const ContentSave = Type.Object({
  id: Type.Optional(Id),
  kind: oneOf(CONTENT_KINDS, 'news, notice or meeting'),
  classifyId: Type.Optional(Nullable(Id)),
  title: Type.String({ minLength: 1, maxLength: CONTENT_LIMITS.title }),
  summary: Type.Optional(Nullable(Type.String({ maxLength: CONTENT_LIMITS.summary }))),
  coverFileId: Type.Optional(Nullable(Id)),
  content: Type.String({
    maxLength: CONTENT_LIMITS.content,
    description:
      'HTML; sanitised by an allow-list when saved (scripts, event handlers, javascript: URLs removed)',
  }),
  ffj: Type.Optional(OpinionFiles),
  pinned: Type.Optional(Type.Boolean()),
  mustRead: Type.Optional(Type.Boolean()),
  expireTime: Type.Optional(Nullable(DateTime)),
  scope: oneOf(['all', 'part'] as const, 'all: everyone; part: the orgs and roles named'),
  orgIds: Type.Optional(Type.Array(Id, { maxItems: CONTENT_LIMITS.audience })),
  roleIds: Type.Optional(Type.Array(Id, { maxItems: CONTENT_LIMITS.audience })),
  startTime: Type.Optional(Nullable(DateTime)),
  endTime: Type.Optional(Nullable(DateTime)),
  roomId: Type.Optional(Nullable(Id)),
  hostId: Type.Optional(Nullable(Id)),
  participantIds: Type.Optional(Type.Array(Id, { maxItems: CONTENT_LIMITS.participants })),
  agenda: Type.Optional(Nullable(Type.String({ maxLength: CONTENT_LIMITS.agenda }))),
});
export type ContentSave = Static<typeof ContentSave>;

/** One person of an entry's audience and whether they have read it. */
export const ContentReader = Type.Object({
  userId: Type.String(),
  fullname: Type.String(),
  account: Type.String(),
  orgName: Nullable(Type.String()),
  isRead: Type.Boolean(),
  readTime: Nullable(DateTime),
});

export const MeetingRoom = Type.Object({
  id: Type.String(),
  name: Type.String(),
  location: Nullable(Type.String()),
  capacity: Type.Integer(),
});

const IdQuery = Type.Object({ id: Id });

/** Schemas of the content routes. */
export const contentSchemas = {
  getNews: {
    summary:
      'The latest published news the caller may read, pinned first (the carousel): of one classification, or all with classifyId absent or "all"',
    query: Type.Object({
      classifyId: Type.Optional(Id),
      size: Type.Optional(
        Type.String({ pattern: '^([1-9]|[1-4][0-9]|50)$', description: '1–50, default 10' }),
      ),
    }),
    value: Type.Array(ContentRow),
  },
  getNewsById: {
    summary:
      'One news item, notice or meeting the caller may read (its audience, participants, or an editor); opening it records that the caller read it',
    query: IdQuery,
    value: ContentDetail,
  },
  getNewsPagination: {
    summary:
      'News the caller may read (editors: every state), pinned first then newest, paged and filtered (title, classifyId, status, pinned, isRead, publishTime, publisherName)',
    body: QueryFilter,
    value: PageList(ContentRow),
  },
  getNoticePagination: {
    summary:
      'Notices the caller may read (editors: every state), pinned first then newest, paged and filtered (title, classifyId, status, mustRead, isRead, publishTime, publisherName)',
    body: QueryFilter,
    value: PageList(ContentRow),
  },
  getMeetingPagination: {
    summary:
      'Meetings the caller may see — participants, host, audience, editors — by start time, paged and filtered (title, status, roomId, hostId, startTime, endTime, isRead)',
    body: QueryFilter,
    value: PageList(ContentRow),
  },
  saveNews: {
    summary:
      'Creates (as a draft) or changes a news item, notice or meeting (新闻管理员 or administrator). The body is sanitised, never refused for its markup; a meeting whose room is taken at an overlapping time is refused (409)',
    body: ContentSave,
    value: ContentDetail,
  },
  publishNews: {
    summary:
      'Publishes an entry: its audience sees it from now on; a meeting’s participants get an inner message',
    query: IdQuery,
    value: ContentDetail,
  },
  withdrawNews: {
    summary: 'Takes a published entry back: only editors see it; a meeting frees its room',
    query: IdQuery,
    value: ContentDetail,
  },
  removeNews: {
    summary: 'Deletes entries with their read records and file links (新闻管理员 or administrator)',
    query: IdsQuery,
    value: Type.Integer({ description: 'entries deleted' }),
  },
  getNewsReaders: {
    summary:
      'Editors: the people of an entry’s audience and whether each has read it (filter isRead false: who has not read yet), paged and filtered (fullname, account, isRead)',
    query: IdQuery,
    body: QueryFilter,
    value: PageList(ContentReader),
  },
  getMeetingRooms: {
    summary: 'The meeting rooms of the tenant',
    value: Type.Array(MeetingRoom),
  },
  downloadMeetingIcs: {
    summary: 'A meeting as an iCalendar file (RFC 5545, text/calendar) for the caller’s calendar',
    query: IdQuery,
    value: Type.Unknown({ description: 'the .ics file itself, not wrapped in the envelope' }),
  },
} as const satisfies Record<string, RouteSchemas>;
