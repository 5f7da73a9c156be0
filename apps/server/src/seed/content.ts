import { CLASSIFY_TYPE_KEYS } from '@eip/contracts';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import * as t from '../db/schema.js';
import type { FileStore } from '../files/store.js';
import { CONTENT_FILES } from '../modules/content/content.repository.js';
import { weekOf } from '../modules/content/content-columns.service.js';
import { detailLink, invitationText } from '../modules/content/content.service.js';
import { fileImageSource } from '../modules/content/sanitize.js';
import { findTenantByCode } from '../modules/uc/tenant.repository.js';
import { COVER_COUNT, coverImage } from './cover-images.js';
import {
  ACME_NEWS,
  ACME_NOTICE,
  MEETING_ROOMS,
  MEETINGS,
  NEWS,
  NEWS_CLASSIFIES,
  NEWS_PARAGRAPHS,
  NOTICE_CLASSIFIES,
  NOTICE_PARAGRAPHS,
  NOTICES,
} from './content-data.js';
import { PLATFORM, SECOND_TENANT } from './demo-data.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A working-hours time `daysAgo` days before `now` (9:00–17:59, varied by `n`). */
const workdayTime = (now: Date, daysAgo: number, n: number) =>
  new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysAgo, 9 + ((n * 5) % 9), (n * 17) % 60);
/** the 新闻管理员 of the platform tenant, who publishes the demo content */
export const NEWS_ADMIN_ACCOUNT = 'xuhui';

type EntryRow = typeof t.newsNotices.$inferInsert;

interface TenantSeed {
  tenantId: string;
  users: Map<string, { id: string; email: string | null; fullname: string }>;
  publisherId: string;
  files: (typeof t.sysFiles.$inferInsert)[];
  links: (typeof t.sysFileLinks.$inferInsert)[];
  bytes: Map<string, Buffer>;
}

async function tenantSeed(db: Db, code: string, publisher: string): Promise<TenantSeed> {
  const tenant = await findTenantByCode(db, code);
  if (!tenant) throw new Error(`demo tenant ${code} is missing`);
  const rows = await db.select().from(t.users).where(eq(t.users.tenantId, tenant.id));
  const users = new Map(rows.map((u) => [u.account, { id: u.id, email: u.email, fullname: u.fullname }]));
  return {
    tenantId: tenant.id,
    users,
    publisherId: users.get(publisher)!.id,
    files: [],
    links: [],
    bytes: new Map(),
  };
}

/** A file of the seed (a cover picture or an attachment), owned by the publisher. */
function addFile(seed: TenantSeed, name: string, contentType: string, bytes: Buffer) {
  const id = newId();
  seed.files.push({
    tenantId: seed.tenantId,
    id,
    name,
    contentType,
    size: bytes.length,
    createdBy: seed.publisherId,
  });
  seed.bytes.set(id, bytes);
  return id;
}

const link = (seed: TenantSeed, newsId: string, fileIds: string[]) =>
  seed.links.push(
    ...[...new Set(fileIds)].map((fileId) => ({
      tenantId: seed.tenantId,
      fileId,
      ownerType: CONTENT_FILES,
      ownerId: newsId,
    })),
  );

async function classifies(db: Db, tenantId: string, key: string, list: { code: string; name: string }[]) {
  const rows = list.map((type, sn) => ({ tenantId, id: newId(), typeKey: key, sn, ...type }));
  await db.insert(t.sysTypes).values(rows);
  return new Map(rows.map((row) => [row.code, row.id]));
}

const paragraphs = (texts: string[]) => texts.map((text) => `<p>${text}</p>`).join('');

function entry(
  seed: TenantSeed,
  fields: Partial<EntryRow> & Pick<EntryRow, 'kind' | 'title' | 'content'>,
): EntryRow {
  return {
    tenantId: seed.tenantId,
    id: newId(),
    status: 'published',
    scope: 'all',
    publisherId: seed.publisherId,
    createdBy: seed.publisherId,
    ...fields,
  };
}

/** The platform tenant: 30 news in 3 classifications with covers, 10 notices, 5 meetings this week. */
async function seedPlatform(db: Db, now: Date) {
  const seed = await tenantSeed(db, PLATFORM.code, NEWS_ADMIN_ACCOUNT);
  const { tenantId } = seed;
  const newsTypes = await classifies(db, tenantId, CLASSIFY_TYPE_KEYS.news, NEWS_CLASSIFIES);
  const noticeTypes = await classifies(db, tenantId, CLASSIFY_TYPE_KEYS.notice, NOTICE_CLASSIFIES);
  const covers = Array.from({ length: COVER_COUNT }, (_, i) =>
    addFile(seed, `封面${i + 1}.png`, 'image/png', coverImage(i)),
  );
  const rows: EntryRow[] = [];

  NEWS.forEach(([code, title, summary], i) => {
    const cover = covers[i % covers.length]!;
    const inline = i % 5 === 0 ? covers[(i + 3) % covers.length]! : null;
    const pool = NEWS_PARAGRAPHS[code]!;
    const content =
      `<p>${summary}</p>` +
      paragraphs(pool.slice(0, 2)) +
      (inline
        ? `<p><img src="${fileImageSource(inline)}" data-file-id="${inline}" alt="${title}"></p>`
        : '') +
      `<h2>下一步工作</h2><ul><li>持续跟进落实情况</li><li>定期通报进展</li></ul>` +
      paragraphs(pool.slice(2));
    const row = entry(seed, {
      kind: 'news',
      classifyId: newsTypes.get(code)!,
      title,
      summary,
      coverFileId: cover,
      content,
      pinned: i === 0 || i === 2,
      // one every day or two, the newest yesterday
      publishTime: workdayTime(now, 1 + Math.round(i * 1.7), i),
    });
    link(seed, row.id!, inline ? [cover, inline] : [cover]);
    rows.push(row);
  });

  const rd = await db
    .select({ id: t.orgs.id })
    .from(t.orgs)
    .where(and(eq(t.orgs.tenantId, tenantId), eq(t.orgs.code, 'rd_center')));
  const audience: (typeof t.newsAudience.$inferInsert)[] = [];
  NOTICES.forEach(([code, title, summary, mustRead], i) => {
    const attachments =
      i === 1 || i === 4
        ? [
            addFile(
              seed,
              i === 1 ? '差旅费报销标准.csv' : '社保缴费基数调整说明.txt',
              i === 1 ? 'text/csv' : 'text/plain',
              Buffer.from(
                i === 1
                  ? '\ufeff职级,住宿标准(元/晚),交通\n总监及以上,600,飞机经济舱\n经理,450,高铁二等座\n职员,350,高铁二等座\n'
                  : '社保缴费基数自下月起按上年度职工月平均工资调整，上下限同步调整。\n',
                'utf8',
              ),
            ),
          ]
        : [];
    const row = entry(seed, {
      kind: 'notice',
      classifyId: noticeTypes.get(code)!,
      title,
      summary,
      content: `<p>各部门、全体员工：</p><p>${summary}</p>${paragraphs(NOTICE_PARAGRAPHS)}<p style="text-align: right">综合管理部</p>`,
      ffj: attachments.map((fileId) => {
        const name = seed.files.find((f) => f.id === fileId)!.name;
        return { name, response: { fileId, fileName: name } };
      }),
      mustRead,
      pinned: i === 0,
      publishTime: workdayTime(now, 1 + Math.round(i * 2.5), i + 3),
      // the lift inspection is for the research centre only (a notice of scope part)
      ...(i === 2 && rd[0] ? { scope: 'part' } : {}),
    });
    if (i === 2 && rd[0]) audience.push({ tenantId, newsId: row.id!, targetType: 'org', targetId: rd[0].id });
    link(seed, row.id!, attachments);
    rows.push(row);
  });

  const rooms = MEETING_ROOMS.map((room, sn) => ({ tenantId, id: newId(), sn, ...room }));
  await db.insert(t.meetingRooms).values(rooms);
  const monday = weekOf(now).start;
  const participants: (typeof t.meetingParticipants.$inferInsert)[] = [];
  const messages: (typeof t.innerMessages.$inferInsert)[] = [];
  for (const [title, day, hour, minutes, room, hostAccount, people, agenda] of MEETINGS) {
    const start = new Date(
      monday.getFullYear(),
      monday.getMonth(),
      monday.getDate() + day,
      Math.floor(hour),
      (hour % 1) * 60,
    );
    const row = entry(seed, {
      kind: 'meeting',
      title,
      summary: agenda.split('\n')[0]!.replace(/^一、/, ''),
      content: `<p>请各位参会人准时参加，如不能出席请提前告知主持人。</p>`,
      startTime: start,
      endTime: new Date(start.getTime() + minutes * 60_000),
      roomId: rooms[room]!.id,
      hostId: seed.users.get(hostAccount)!.id,
      agenda,
      publishTime: workdayTime(now, 7, day),
      // for its host and participants, but the kick-off of the appraisal is open to everyone
      scope: day === 2 ? 'all' : 'part',
    });
    rows.push(row);
    const ids = people.map((account) => seed.users.get(account)!.id);
    participants.push(...ids.map((userId) => ({ tenantId, newsId: row.id!, userId })));
    for (const receiverId of new Set([row.hostId!, ...ids])) {
      messages.push({
        tenantId,
        id: newId(),
        receiverId,
        subject: title,
        content: invitationText(start, row.endTime!, rooms[room]!.name),
        link: detailLink('meeting', row.id!),
        type: 'meeting',
        createdAt: row.publishTime!,
      });
    }
  }
  await db
    .insert(t.newsNotices)
    .values(rows.map((row) => ({ ...row, createdAt: row.publishTime!, updatedAt: row.publishTime! })));
  if (audience.length) await db.insert(t.newsAudience).values(audience);
  await db.insert(t.meetingParticipants).values(participants);
  await db.insert(t.innerMessages).values(messages);
  // a few have already read the first notices
  const readers = ['lina', 'liuyang', 'zhaolei', 'sunhao'].map((account) => seed.users.get(account)!.id);
  const firstNotices = rows.filter((row) => row.kind === 'notice').slice(0, 2);
  await db
    .insert(t.newsReads)
    .values(firstNotices.flatMap((row) => readers.map((userId) => ({ tenantId, newsId: row.id!, userId }))));
  return seed;
}

/** The second tenant: two news, a notice and a room. */
async function seedAcme(db: Db, now: Date) {
  const seed = await tenantSeed(db, SECOND_TENANT.code, 'admin');
  const newsTypes = await classifies(db, seed.tenantId, CLASSIFY_TYPE_KEYS.news, [
    { code: 'company', name: '公司新闻' },
  ]);
  const noticeTypes = await classifies(db, seed.tenantId, CLASSIFY_TYPE_KEYS.notice, [
    { code: 'admin', name: '行政通知' },
  ]);
  const cover = addFile(seed, '封面.png', 'image/png', coverImage(3));
  const rows = ACME_NEWS.map(([title, summary], i) =>
    entry(seed, {
      kind: 'news',
      classifyId: newsTypes.get('company')!,
      title,
      summary,
      coverFileId: cover,
      content: `<p>${summary}</p>`,
      publishTime: new Date(now.getTime() - (i + 1) * DAY_MS),
    }),
  );
  rows.push(
    entry(seed, {
      kind: 'notice',
      classifyId: noticeTypes.get('admin')!,
      title: ACME_NOTICE[0],
      summary: ACME_NOTICE[1],
      content: `<p>${ACME_NOTICE[1]}</p>`,
      publishTime: new Date(now.getTime() - DAY_MS),
    }),
  );
  for (const row of rows) if (row.coverFileId) link(seed, row.id!, [cover]);
  await db
    .insert(t.newsNotices)
    .values(rows.map((row) => ({ ...row, createdAt: row.publishTime!, updatedAt: row.publishTime! })));
  await db
    .insert(t.meetingRooms)
    .values({ tenantId: seed.tenantId, id: newId(), name: '大会议室', capacity: 30 });
  return seed;
}

/**
 * The demo news, notices and meetings of both tenants, their cover pictures and attachments. The files'
 * bytes go to `files` when given (the server's file store); without one only their rows are made.
 */
export async function seedContent(db: Db, files?: FileStore, now = new Date()) {
  for (const seed of [await seedPlatform(db, now), await seedAcme(db, now)]) {
    await db.insert(t.sysFiles).values(seed.files);
    await db.insert(t.sysFileLinks).values(seed.links);
    if (files) {
      for (const [id, bytes] of seed.bytes) await files.put(seed.tenantId, id, Readable.from(bytes));
    }
  }
}
