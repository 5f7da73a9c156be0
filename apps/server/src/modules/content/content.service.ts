import {
  CLASSIFY_TYPE_KEYS,
  NEWS_PUBLISH_METHOD,
  type ContentDetail,
  type ContentKind,
  type ContentSave,
  type QueryFilter,
} from '@eip/contracts';
import { Readable } from 'node:stream';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import type { FileDownload } from '../../http/register.js';
import type { AuthContext } from '../../security/tokens.js';
import type { Services } from '../../services.js';
import { insertMessages } from '../bpm/runtime.repository.js';
import { findType } from '../bpm-personal/sys-type.repository.js';
import { findFile } from '../portal/file.repository.js';
import { attachOwnFiles } from '../portal/file.service.js';
import { holdsMethod } from '../portal/menu.repository.js';
import { findUserById } from '../uc/user.repository.js';
import * as repo from './content.repository.js';
import { buildIcs } from './ics.js';
import { bodyFileIds, sanitizeBody } from './sanitize.js';

/** The portal address of an entry's detail page (the SPA route; inner messages and home columns link there). */
export const DETAIL_PATHS: Record<ContentKind, string> = {
  news: '/news/list',
  notice: '/news/notice',
  meeting: '/news/meeting',
};
export const detailLink = (kind: ContentKind, id: string) => `${DETAIL_PATHS[kind]}/${id}`;

/** Editors (新闻管理员: the method news:publish) and administrators write, publish, withdraw and delete. */
export const isEditor = (db: Executor, auth: AuthContext) =>
  holdsMethod(db, auth.tenantId, auth.userId, NEWS_PUBLISH_METHOD);

async function requireEditor(db: Executor, auth: AuthContext) {
  if (!(await isEditor(db, auth))) throw forbidden('content.editorsOnly');
}

/** The caller as a reader; `asEditor: false` reads as anyone does (published, their audience) even for editors. */
export async function readerOf(db: Executor, auth: AuthContext, asEditor = true): Promise<repo.Reader> {
  const [editor, audienceKeys] = await Promise.all([
    asEditor ? isEditor(db, auth) : false,
    repo.audienceKeys(db, auth.tenantId, auth.userId),
  ]);
  return { tenantId: auth.tenantId, userId: auth.userId, editor, audienceKeys };
}

export async function listContent(db: Executor, auth: AuthContext, kind: ContentKind, filter: QueryFilter) {
  return repo.listEntries(db, await readerOf(db, auth), kind, filter);
}

/** The carousel's news: published, of one classification or all, pinned first then newest. */
export async function latestNews(
  db: Executor,
  auth: AuthContext,
  classifyId: string | undefined,
  size: number,
) {
  const filter: QueryFilter = {
    pageBean: { page: 1, pageSize: size, showTotal: false },
    querys: [
      { property: 'status', value: 'published' },
      ...(classifyId && classifyId !== 'all' ? [{ property: 'classifyId', value: classifyId }] : []),
    ],
  };
  return (await repo.listEntries(db, await readerOf(db, auth), 'news', filter)).rows;
}

async function detailOf(db: Executor, reader: repo.Reader, id: string): Promise<ContentDetail> {
  const row = await repo.findReadable(db, reader, id);
  const entry = row && (await repo.findEntry(db, reader.tenantId, id));
  if (!row || !entry) throw notFound('content.notFound', { id });
  const [audience, counts] = await Promise.all([
    repo.audienceOf(db, reader.tenantId, id),
    reader.editor ? repo.readCounts(db, entry) : null,
  ]);
  return {
    ...row,
    content: entry.content,
    ffj: repo.attachmentsOf(entry),
    scope: entry.scope === 'part' ? 'part' : 'all',
    orgs: audience.orgs,
    roles: audience.roles,
    participants: audience.participants.map(({ id: userId, name }) => ({ id: userId, name })),
    agenda: entry.agenda,
    canEdit: reader.editor,
    readCount: counts?.readCount ?? null,
    audienceCount: counts?.audienceCount ?? null,
  };
}

/** One entry for its reader; opening it records the reading. */
export async function openEntry(db: Executor, auth: AuthContext, id: string): Promise<ContentDetail> {
  const reader = await readerOf(db, auth);
  const detail = await detailOf(db, reader, id);
  if (!detail.isRead) await repo.markRead(db, auth.tenantId, id, auth.userId);
  return { ...detail, isRead: true };
}

const unique = (ids: string[] | undefined) => [...new Set(ids ?? [])];
const timeOf = (text: string | null | undefined) => (text ? new Date(text) : null);

/** The checks of a save that need no lock: classification, audience, meeting people, cover, expiry. */
async function checkSave(db: Executor, auth: AuthContext, body: ContentSave) {
  const { tenantId } = auth;
  if (!body.title.trim()) throw badRequest('content.titleRequired');
  if (body.kind !== 'meeting') {
    if (!body.classifyId) throw badRequest('content.classifyRequired');
    if (!(await findType(db, tenantId, CLASSIFY_TYPE_KEYS[body.kind], body.classifyId)))
      throw badRequest('content.classifyUnknown', { id: body.classifyId });
  }
  const orgIds = unique(body.orgIds);
  const roleIds = unique(body.roleIds);
  if (body.scope === 'part') {
    // a meeting of scope part with no org or role is for its host and participants alone
    if (body.kind !== 'meeting' && orgIds.length + roleIds.length === 0)
      throw badRequest('content.audienceRequired');
    if ((await repo.countOrgs(db, tenantId, orgIds)) < orgIds.length) throw badRequest('content.orgUnknown');
    if ((await repo.countRoles(db, tenantId, roleIds)) < roleIds.length)
      throw badRequest('content.roleUnknown');
  }
  const expireTime = timeOf(body.expireTime);
  if (expireTime && expireTime.getTime() <= Date.now()) throw badRequest('content.expireInPast');
  if (body.coverFileId) {
    const cover = await findFile(db, tenantId, body.coverFileId);
    if (!cover) throw badRequest('content.coverUnknown', { id: body.coverFileId });
    if (!cover.contentType.startsWith('image/')) throw badRequest('content.coverNotImage');
  }
  const meeting = body.kind === 'meeting' ? await checkMeeting(db, tenantId, body) : null;
  return {
    scope: body.scope,
    orgIds: body.scope === 'part' ? orgIds : [],
    roleIds: body.scope === 'part' ? roleIds : [],
    expireTime,
    meeting,
  };
}

async function checkMeeting(db: Executor, tenantId: string, body: ContentSave) {
  const startTime = timeOf(body.startTime);
  const endTime = timeOf(body.endTime);
  if (!startTime || !endTime) throw badRequest('content.meetingTimeRequired');
  if (endTime <= startTime) throw badRequest('content.meetingTimeOrder');
  if (!body.roomId) throw badRequest('content.roomRequired');
  if (!body.hostId) throw badRequest('content.hostRequired');
  const participantIds = unique(body.participantIds);
  const people = unique([body.hostId, ...participantIds]);
  if ((await repo.countActiveUsers(db, tenantId, people)) < people.length)
    throw badRequest('content.userUnknown');
  return { startTime, endTime, roomId: body.roomId, hostId: body.hostId, participantIds };
}

const pad = (value: number) => String(value).padStart(2, '0');
/** A time as people read it in messages: 2026-11-24 09:30, in the server's time zone (TZ). */
const minutes = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;

/** What a meeting's invitation says: when and where. */
export const invitationText = (start: Date, end: Date, room: string) =>
  `${minutes(start)} – ${minutes(end)} · ${room}`;

/**
 * A meeting holds its room unless withdrawn: another meeting of the room at an overlapping time is
 * refused (409). The room's row is locked first, so of two bookings at once the second sees the first.
 */
async function bookRoom(tx: Executor, tenantId: string, meetingId: string, entry: repo.EntryInsert) {
  if (entry.kind !== 'meeting' || entry.status === 'withdrawn') return;
  const room = await repo.lockRoom(tx, tenantId, entry.roomId!);
  if (!room) throw badRequest('content.roomUnknown', { id: entry.roomId! });
  const taken = await repo.overlappingMeeting(
    tx,
    tenantId,
    room.id,
    entry.startTime!,
    entry.endTime!,
    meetingId,
  );
  if (taken)
    throw conflict('content.roomTaken', {
      room: room.name,
      title: taken.title,
      start: minutes(taken.startTime!),
      end: minutes(taken.endTime!),
    });
}

/** Links the cover, inline images and attachments to the entry; files it no longer shows are unlinked. */
async function linkFiles(tx: Executor, auth: AuthContext, newsId: string, fileIds: string[]) {
  const linked = new Set(await repo.linkedFileIds(tx, auth.tenantId, newsId));
  const added = fileIds.filter((id) => !linked.has(id));
  await attachOwnFiles(tx, auth.tenantId, auth.userId, { type: repo.CONTENT_FILES, id: newsId }, added);
  await repo.unlinkFilesExcept(tx, auth.tenantId, newsId, fileIds);
}

/** An inner message to the host and each participant of a published meeting, linking to it. */
async function inviteToMeeting(tx: Executor, tenantId: string, newsId: string, entry: repo.EntryInsert) {
  const { participants } = await repo.audienceOf(tx, tenantId, newsId);
  const receivers = new Set([entry.hostId!, ...participants.map((p) => p.id)]);
  const room = (await repo.listRooms(tx, tenantId)).find((r) => r.id === entry.roomId);
  await insertMessages(
    tx,
    [...receivers].map((receiverId) => ({
      tenantId,
      receiverId,
      subject: entry.title,
      content: invitationText(entry.startTime!, entry.endTime!, room?.name ?? ''),
      link: detailLink('meeting', newsId),
      type: 'meeting',
    })),
  );
}

/**
 * Creates a draft or changes an entry (editors only). The body is sanitised by the allow-list — markup
 * is cleaned, never refused; the files it shows are linked to it. A published meeting tells its people.
 */
export async function saveEntry(
  services: Services,
  auth: AuthContext,
  body: ContentSave,
): Promise<ContentDetail> {
  const { db } = services;
  await requireEditor(db, auth);
  const checked = await checkSave(db, auth, body);
  const content = sanitizeBody(body.content);
  const ffj = body.ffj ?? [];
  const id = body.id ?? newId();
  await db.transaction(async (tx) => {
    const existing = body.id ? await repo.lockEntry(tx, auth.tenantId, body.id) : undefined;
    if (body.id && !existing) throw notFound('content.notFound', { id: body.id });
    if (existing && existing.kind !== body.kind) throw badRequest('content.kindChanged');
    const meeting = checked.meeting;
    const row: repo.EntryInsert = {
      tenantId: auth.tenantId,
      id,
      kind: body.kind,
      classifyId: body.kind === 'meeting' ? null : (body.classifyId ?? null),
      title: body.title.trim(),
      summary: body.summary?.trim() || null,
      coverFileId: body.coverFileId ?? null,
      content,
      ffj,
      status: existing?.status ?? 'draft',
      pinned: body.pinned ?? false,
      mustRead: body.kind === 'notice' && (body.mustRead ?? false),
      scope: checked.scope,
      expireTime: checked.expireTime,
      startTime: meeting?.startTime ?? null,
      endTime: meeting?.endTime ?? null,
      roomId: meeting?.roomId ?? null,
      hostId: meeting?.hostId ?? null,
      agenda: body.kind === 'meeting' ? body.agenda?.trim() || null : null,
      createdBy: existing?.createdBy ?? auth.userId,
    };
    await bookRoom(tx, auth.tenantId, id, row);
    if (existing) await repo.updateEntry(tx, auth.tenantId, id, row);
    else await repo.insertEntry(tx, row);
    await repo.replaceAudience(tx, auth.tenantId, id, {
      orgIds: checked.orgIds,
      roleIds: checked.roleIds,
      participantIds: meeting?.participantIds ?? [],
    });
    const files = [
      ...(row.coverFileId ? [row.coverFileId] : []),
      ...ffj.map((file) => file.response.fileId),
      ...bodyFileIds(content),
    ];
    await linkFiles(tx, auth, id, [...new Set(files)]);
    if (row.status === 'published' && row.kind === 'meeting')
      await inviteToMeeting(tx, auth.tenantId, id, row);
    // named in the audit record
    return { id };
  });
  return detailOf(db, await readerOf(db, auth), id);
}

/** Publishes an entry (again, after a withdrawal): its audience sees it; a meeting's people are told. */
export async function publishEntry(services: Services, auth: AuthContext, id: string) {
  const { db } = services;
  await requireEditor(db, auth);
  await db.transaction(async (tx) => {
    const entry = await repo.lockEntry(tx, auth.tenantId, id);
    if (!entry) throw notFound('content.notFound', { id });
    if (entry.status === 'published') return;
    if (entry.expireTime && entry.expireTime.getTime() <= Date.now())
      throw badRequest('content.expireInPast');
    const published = { ...entry, status: 'published', publisherId: auth.userId, publishTime: new Date() };
    await bookRoom(tx, auth.tenantId, id, published);
    await repo.updateEntry(tx, auth.tenantId, id, {
      status: 'published',
      publisherId: published.publisherId,
      publishTime: published.publishTime,
    });
    if (entry.kind === 'meeting') await inviteToMeeting(tx, auth.tenantId, id, published);
  });
  return detailOf(db, await readerOf(db, auth), id);
}

/** Takes a published entry back: from now on only editors see it (a meeting frees its room). */
export async function withdrawEntry(services: Services, auth: AuthContext, id: string) {
  const { db } = services;
  await requireEditor(db, auth);
  await db.transaction(async (tx) => {
    const entry = await repo.lockEntry(tx, auth.tenantId, id);
    if (!entry) throw notFound('content.notFound', { id });
    if (entry.status !== 'published') throw conflict('content.notPublished');
    await repo.updateEntry(tx, auth.tenantId, id, { status: 'withdrawn' });
  });
  return detailOf(db, await readerOf(db, auth), id);
}

export async function removeEntriesOf(services: Services, auth: AuthContext, ids: string[]) {
  await requireEditor(services.db, auth);
  return services.db.transaction((tx) => repo.removeEntries(tx, auth.tenantId, ids));
}

/** Editors: who of the entry's audience has read it, and who not yet. */
export async function entryReaders(db: Executor, auth: AuthContext, id: string, filter: QueryFilter) {
  await requireEditor(db, auth);
  const entry = await repo.findEntry(db, auth.tenantId, id);
  if (!entry) throw notFound('content.notFound', { id });
  return repo.listReaders(db, entry, filter);
}

/** A meeting the caller may see, as an iCalendar file named after it. */
export async function meetingCalendar(
  services: Services,
  auth: AuthContext,
  id: string,
): Promise<FileDownload> {
  const { db } = services;
  const reader = await readerOf(db, auth);
  const row = await repo.findReadable(db, reader, id);
  if (!row) throw notFound('content.notFound', { id });
  if (row.kind !== 'meeting') throw badRequest('content.notMeeting', { id });
  const entry = (await repo.findEntry(db, auth.tenantId, id))!;
  const { participants } = await repo.audienceOf(db, auth.tenantId, id);
  const organizer = entry.hostId ? await findUserById(db, auth.tenantId, entry.hostId) : undefined;
  const text = buildIcs({
    uid: `${entry.id}@${auth.tenantId}.eip-portal`,
    title: entry.title,
    description: entry.agenda ?? entry.summary ?? '',
    location: row.roomName ?? '',
    start: entry.startTime!,
    end: entry.endTime!,
    stamp: new Date(),
    modified: entry.updatedAt,
    organizer: organizer ? { name: organizer.fullname, email: organizer.email } : null,
    attendees: participants.map((p) => ({ name: p.name, email: p.email })),
    url: `${services.config.publicUrl}/eipFront${detailLink('meeting', id)}`,
  });
  const bytes = Buffer.from(text, 'utf8');
  // eslint-disable-next-line no-control-regex -- control characters have no place in a file name
  const name = `${entry.title.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').slice(0, 100) || 'meeting'}.ics`;
  return {
    name,
    contentType: 'text/calendar; charset=utf-8',
    size: bytes.length,
    content: Readable.from(bytes),
  };
}
