import type { ContentRow, QueryFilter } from '@eip/contracts';
import type { Executor } from '../../db/client.js';
import { listEntries, type Reader } from './content.repository.js';
import { detailLink } from './content.service.js';

/** One item of a home-page column (the shape every column provider answers). */
export interface ContentColumnItem {
  id: string;
  title: string;
  summary?: string;
  imageFileId?: string;
  /** ISO date-time: when it was published, or when a meeting starts */
  time?: string;
  /** ISO date-time: when a meeting ends */
  end?: string;
  /** the SPA route of its detail page */
  link?: string;
  tag?: string;
  unread?: boolean;
}

const published = { property: 'status', value: 'published' };

/**
 * The home columns read as every reader does — published entries of their audience, drafts never — so the
 * reader is `readerOf(db, auth, false)`, read once for all of them.
 */
async function rowsFor(db: Executor, reader: Reader, kind: ContentRow['kind'], filter: QueryFilter) {
  return (await listEntries(db, reader, kind, filter)).rows;
}

const page = (size: number) => ({ page: 1, pageSize: size, showTotal: false });

/** The news carousel: the latest published news with a cover image, pinned first. */
export async function latestNewsColumn(db: Executor, reader: Reader, size = 5): Promise<ContentColumnItem[]> {
  const rows = await rowsFor(db, reader, 'news', {
    pageBean: page(size),
    querys: [published, { property: 'coverFileId', operation: 'NOTNULL' }],
  });
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    ...(row.summary ? { summary: row.summary } : {}),
    imageFileId: row.coverFileId!,
    ...(row.publishTime ? { time: row.publishTime } : {}),
    link: detailLink('news', row.id),
    ...(row.classifyName ? { tag: row.classifyName } : {}),
  }));
}

/** The latest notices, pinned first, each marked unread until the reader opens it. */
export async function latestNoticesColumn(
  db: Executor,
  reader: Reader,
  size = 8,
): Promise<ContentColumnItem[]> {
  const rows = await rowsFor(db, reader, 'notice', { pageBean: page(size), querys: [published] });
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    ...(row.summary ? { summary: row.summary } : {}),
    ...(row.publishTime ? { time: row.publishTime } : {}),
    link: detailLink('notice', row.id),
    ...(row.classifyName ? { tag: row.classifyName } : {}),
    unread: !row.isRead,
  }));
}

/** Monday 00:00 of the week of `now` and the Monday after, in the server's time zone (TZ). */
export function weekOf(now: Date): { start: Date; end: Date } {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 6) % 7));
  const end = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 7);
  return { start, end };
}

/** The reader's meetings of this week (theirs as participant or host, or published for their audience), by start. */
export async function meetingsThisWeekColumn(
  db: Executor,
  reader: Reader,
  now = new Date(),
  size = 20,
): Promise<ContentColumnItem[]> {
  const { start, end } = weekOf(now);
  const rows = await rowsFor(db, reader, 'meeting', {
    pageBean: page(size),
    querys: [
      published,
      { property: 'startTime', operation: 'GREAT_EQUAL', value: start.toISOString() },
      { property: 'startTime', operation: 'LESS', value: end.toISOString() },
    ],
    sorter: [{ property: 'startTime', direction: 'ASC' }],
  });
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    ...(row.startTime ? { time: row.startTime } : {}),
    ...(row.endTime ? { end: row.endTime } : {}),
    link: detailLink('meeting', row.id),
    ...(row.roomName ? { tag: row.roomName } : {}),
    unread: !row.isRead,
  }));
}
