import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * News items, notices (通知公告) and meetings: one row each, the meeting columns null for the others.
 * `scope` all: the whole tenant reads it; part: the orgs (with their sub-orgs) and roles of
 * portal_news_audience. Meetings are also seen by their host and participants.
 */
export const newsNotices = pgTable(
  'portal_news_notice',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    /** news, notice, meeting */
    kind: text('kind').notNull(),
    /** a sys_type of NEWS_TYPE or NOTICE_TYPE */
    classifyId: text('classify_id'),
    title: text('title').notNull(),
    summary: text('summary'),
    coverFileId: text('cover_file_id'),
    /** sanitised HTML */
    content: text('content').notNull(),
    /** attachments: [{name, response: {fileId, fileName}}] */
    ffj: jsonb('ffj').notNull().default([]),
    /** draft, published, withdrawn */
    status: text('status').notNull().default('draft'),
    pinned: boolean('pinned').notNull().default(false),
    mustRead: boolean('must_read').notNull().default(false),
    /** all, part */
    scope: text('scope').notNull().default('all'),
    publisherId: text('publisher_id'),
    publishTime: at('publish_time'),
    expireTime: at('expire_time'),
    startTime: at('start_time'),
    endTime: at('end_time'),
    roomId: text('room_id'),
    hostId: text('host_id'),
    agenda: text('agenda'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('portal_news_notice_list_idx').on(
      t.tenantId,
      t.kind,
      t.pinned.desc(),
      sql`${t.publishTime} desc nulls last`,
      t.id.desc(),
    ),
    index('portal_news_notice_room_idx')
      .on(t.tenantId, t.roomId, t.startTime)
      .where(sql`${t.kind} = 'meeting'`),
    index('portal_news_notice_start_idx')
      .on(t.tenantId, t.startTime)
      .where(sql`${t.kind} = 'meeting'`),
  ],
);

/** Who an entry of scope part is for: an org (and the orgs below it) or a role. */
export const newsAudience = pgTable(
  'portal_news_audience',
  {
    tenantId: text('tenant_id').notNull(),
    newsId: text('news_id').notNull(),
    /** org, role */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.newsId, t.targetId] })],
);

/** Who has opened an entry, and when. */
export const newsReads = pgTable(
  'portal_news_read',
  {
    tenantId: text('tenant_id').notNull(),
    newsId: text('news_id').notNull(),
    userId: text('user_id').notNull(),
    readAt: at('read_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.newsId, t.userId] }),
    index('portal_news_read_user_idx').on(t.tenantId, t.userId),
  ],
);

/** A meeting's participants (the host is on the meeting row). */
export const meetingParticipants = pgTable(
  'portal_meeting_participant',
  {
    tenantId: text('tenant_id').notNull(),
    newsId: text('news_id').notNull(),
    userId: text('user_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.newsId, t.userId] }),
    index('portal_meeting_participant_user_idx').on(t.tenantId, t.userId),
  ],
);

/** Meeting rooms; a booking locks its room's row, so two overlapping bookings cannot both pass. */
export const meetingRooms = pgTable(
  'portal_meeting_room',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    location: text('location'),
    capacity: integer('capacity').notNull().default(10),
    sn: integer('sn').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
