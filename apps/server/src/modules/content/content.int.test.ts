import sharp from 'sharp';
import { routeUrl, type ContentSave, type RouteName } from '@eip/contracts';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type CallOptions, type TestApp } from '../../../test/app.js';
import { flowSteps } from '../../../test/flow.js';
import { uploadFile } from '../../../test/upload.js';
import * as tables from '../../db/schema.js';
import {
  latestNewsColumn,
  latestNoticesColumn,
  meetingsThisWeekColumn,
  weekOf,
} from './content-columns.service.js';
import { readerOf } from './content.service.js';

/**
 * News, notices and meetings through the API: reading by audience, the editor's write / publish /
 * withdraw / delete, sanitised bodies, linked files, read tracking, room bookings, the calendar file and
 * the home columns — with bad input and other tenants answered 4xx, nothing changed.
 */
let t: TestApp;
let f: ReturnType<typeof flowSteps>;
let acmeId: string;
let newsType: string;
let noticeType: string;
let rooms: { id: string; name: string }[];

const call = async <N extends RouteName>(name: N, account: string, options: CallOptions<N> = {}) =>
  t.call(name, { ...options, token: await f.as(account) });

/** A download route's answer as it is (not JSON). */
const fetchFile = async (name: RouteName, account: string, query: Record<string, string>) =>
  t.app.inject({
    method: 'GET',
    url: routeUrl(name),
    query,
    headers: { authorization: `Bearer ${await f.as(account)}` },
  });

const rowCounts = async () =>
  Object.fromEntries(
    await Promise.all(
      (
        [
          'newsNotices',
          'newsAudience',
          'newsReads',
          'meetingParticipants',
          'sysFileLinks',
          'innerMessages',
        ] as const
      ).map(
        async (name) =>
          [name, (await t.database.db.select({ n: count() }).from(tables[name]))[0]?.n] as const,
      ),
    ),
  );

const draft = (fields: Partial<ContentSave> = {}): ContentSave => ({
  kind: 'news',
  classifyId: newsType,
  title: '测试新闻',
  content: '<p>正文</p>',
  scope: 'all',
  ...fields,
});

const save = async (account: string, body: ContentSave) => call('saveNews', account, { body });

beforeAll(async () => {
  t = await createTestApp();
  f = flowSteps(t);
  acmeId = (await t.call('getTenantByCode', { query: { code: 'acme' } })).body.value.id;
  const types = async (typeKey: string) =>
    (await call('getTypesByKey', 'xuhui', { query: { typeKey } })).body.value.map((type) => type.id);
  newsType = (await types('NEWS_TYPE'))[0]!;
  noticeType = (await types('NOTICE_TYPE'))[0]!;
  rooms = (await call('getMeetingRooms', 'xuhui')).body.value;
});
afterAll(() => t.close());

describe('reading news, notices and meetings', () => {
  it('an employee pages the 30 demo news, pinned first then newest, and filters them', async () => {
    const page = (
      await call('getNewsPagination', 'zhuting', { body: { pageBean: { page: 1, pageSize: 10 } } })
    ).body.value;
    expect(page.total).toBe(30);
    expect(page.rows).toHaveLength(10);
    expect(page.rows.slice(0, 2).every((row) => row.pinned)).toBe(true);
    const unpinned = page.rows.filter((row) => !row.pinned).map((row) => row.publishTime!);
    expect(unpinned).toEqual([...unpinned].sort().reverse());
    expect(page.rows.every((row) => row.status === 'published' && row.coverFileId && row.classifyName)).toBe(
      true,
    );

    const types = new Set(
      (
        await call('getNewsPagination', 'zhuting', { body: { pageBean: { pageSize: 100 } } })
      ).body.value.rows.map((row) => row.classifyId),
    );
    expect(types.size).toBe(3);
    const ofOne = (
      await call('getNewsPagination', 'zhuting', {
        body: { querys: [{ property: 'classifyId', value: newsType }], pageBean: { pageSize: 100 } },
      })
    ).body.value;
    expect(ofOne.total).toBe(10);
    const found = (
      await call('getNewsPagination', 'zhuting', {
        body: { querys: [{ property: 'title', value: '技术之星', operation: 'LIKE' }] },
      })
    ).body.value;
    expect(found.rows.map((row) => row.title)).toEqual(['前端开发部朱婷获评年度“技术之星”']);
  });

  it('getNews answers the carousel of one classification or all; size is bounded', async () => {
    const all = (await call('getNews', 'zhuting', { query: { size: '5' } })).body.value;
    expect(all).toHaveLength(5);
    const one = (await call('getNews', 'zhuting', { query: { classifyId: newsType } })).body.value;
    expect(one.length).toBe(10);
    expect(one.every((row) => row.classifyId === newsType)).toBe(true);
    expect(
      (await call('getNews', 'zhuting', { query: { classifyId: 'all', size: '3' } })).body.value,
    ).toHaveLength(3);
    const tooMany = await call('getNews', 'zhuting', { query: { size: '500' } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('query.size');
  });

  it('opening an entry records the reading; the notice list marks the unread ones', async () => {
    const notices = (await call('getNoticePagination', 'zhuting', { body: { pageBean: { pageSize: 50 } } }))
      .body.value;
    expect(notices.total).toBe(10);
    expect(notices.rows.every((row) => !row.isRead)).toBe(true);
    const mustRead = notices.rows.filter((row) => row.mustRead);
    expect(mustRead.length).toBe(3);
    const opened = (await call('getNewsById', 'zhuting', { query: { id: mustRead[0]!.id } })).body.value;
    expect(opened).toMatchObject({ id: mustRead[0]!.id, isRead: true, canEdit: false, readCount: null });
    expect(opened.content).toContain('<p>');
    const unread = (
      await call('getNoticePagination', 'zhuting', {
        body: { querys: [{ property: 'isRead', value: false }], pageBean: { pageSize: 50 } },
      })
    ).body.value;
    expect(unread.total).toBe(9);
    expect(unread.rows.map((row) => row.id)).not.toContain(mustRead[0]!.id);
  });

  it('a notice for one org is seen inside it and below it, and is a 404 elsewhere', async () => {
    const lift = (
      await call('getNoticePagination', 'zhuting', {
        body: { querys: [{ property: 'title', value: '电梯', operation: 'LIKE' }] },
      })
    ).body.value.rows[0]!;
    expect(lift).toBeDefined();
    expect((await call('getNewsById', 'sunhao', { query: { id: lift.id } })).status).toBe(200);
    const outside = await call('getNewsById', 'xiena', { query: { id: lift.id } });
    expect(outside.status).toBe(404);
    expect(outside.body.message).toBe(`内容不存在或无权查看：${lift.id}`);
    const xienaNotices = (
      await call('getNoticePagination', 'xiena', { body: { pageBean: { pageSize: 50 } } })
    ).body.value;
    expect(xienaNotices.total).toBe(9);
  });

  it('another tenant’s entries do not exist for the caller', async () => {
    const acmeToken = await f.as('alice', acmeId);
    const acmeNews = (await t.call('getNewsPagination', { token: acmeToken, body: {} })).body.value;
    expect(acmeNews.total).toBe(2);
    const platformId = (await call('getNews', 'zhuting', { query: { size: '1' } })).body.value[0]!.id;
    const foreign = await t.call('getNewsById', { token: acmeToken, query: { id: platformId } });
    expect(foreign.status).toBe(404);
    expect((await call('getNewsById', 'zhuting', { query: { id: acmeNews.rows[0]!.id } })).status).toBe(404);
    expect(
      (await t.call('getNews', { token: acmeToken, query: { classifyId: newsType } })).body.value,
    ).toEqual([]);
  });

  it('an unknown filter property or operation is a 400 that names it', async () => {
    const bad = await call('getNewsPagination', 'zhuting', {
      body: { querys: [{ property: 'content', value: 'x' }] },
      lang: 'en-US',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('content');
    const op = await call('getMeetingPagination', 'zhuting', {
      body: { querys: [{ property: 'title', value: 'x', operation: 'DROP' }] },
    });
    expect(op.status).toBe(400);
  });
});

describe('writing: the 新闻管理员 and administrators', () => {
  it('an editor writes a draft, publishes it for everyone, withdraws and deletes it', async () => {
    const before = await rowCounts();
    const created = (await save('xuhui', draft({ title: '草稿新闻', summary: '摘要' }))).body;
    expect(created.state, created.message).toBe(true);
    const id = created.value.id;
    expect(created.value).toMatchObject({ status: 'draft', canEdit: true, publishTime: null });
    expect((await call('getNewsById', 'zhuting', { query: { id } })).status).toBe(404);
    expect((await call('getNewsById', 'admin', { query: { id } })).body.value.status).toBe('draft');

    const published = (await call('publishNews', 'xuhui', { query: { id } })).body.value;
    expect(published).toMatchObject({ status: 'published', publisherName: '徐辉' });
    const read = (await call('getNewsById', 'zhuting', { query: { id } })).body.value;
    expect(read.title).toBe('草稿新闻');
    expect(
      (await call('getNews', 'zhuting', { query: { size: '50' } })).body.value.map((row) => row.id),
    ).toContain(id);

    expect((await call('withdrawNews', 'xuhui', { query: { id } })).body.value.status).toBe('withdrawn');
    expect((await call('getNewsById', 'zhuting', { query: { id } })).status).toBe(404);
    const again = await call('withdrawNews', 'xuhui', { query: { id } });
    expect(again.status).toBe(409);

    expect((await call('removeNews', 'xuhui', { query: { ids: id } })).body.value).toBe(1);
    expect((await call('getNewsById', 'xuhui', { query: { id } })).status).toBe(404);
    expect(await rowCounts()).toEqual(before);
  });

  it('nobody else writes: an employee is refused (403) and nothing changes', async () => {
    const before = await rowCounts();
    const anyId = (await call('getNews', 'zhuting', { query: { size: '1' } })).body.value[0]!.id;
    for (const attempt of [
      await save('zhuting', draft()),
      await call('publishNews', 'zhuting', { query: { id: anyId } }),
      await call('withdrawNews', 'zhuting', { query: { id: anyId } }),
      await call('removeNews', 'zhuting', { query: { ids: anyId } }),
      await call('getNewsReaders', 'zhuting', { query: { id: anyId }, body: {} }),
    ]) {
      expect(attempt.status).toBe(403);
      expect(attempt.body.message).toBe('只有新闻管理员可以编辑、发布和删除新闻公告');
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('a body with scripts, event handlers and javascript: links is cleaned, not refused; the title stays text', async () => {
    const payload =
      '<h2 onclick="alert(1)">标题</h2><script>alert("x")</script><p style="color:red;text-align:center">段落<img src="x" onerror="alert(2)"></p>' +
      '<a href="javascript:alert(3)">坏链接</a><a href="https://example.com">好链接</a><iframe src="https://evil.example"></iframe>' +
      '<table><tr><td colspan="2">单元格</td></tr></table><img src="javascript:alert(4)"><svg onload="alert(5)"></svg>';
    const saved = await save('xuhui', draft({ title: '<script>alert("t")</script>标题', content: payload }));
    expect(saved.status).toBe(200);
    const { content, title } = saved.body.value;
    expect(title).toBe('<script>alert("t")</script>标题');
    expect(content).not.toMatch(/script|onerror|onclick|onload|javascript:|iframe|svg|color/i);
    expect(content).toContain('<h2>标题</h2>');
    expect(content).toContain('<p style="text-align:center">段落<img src="x" /></p>');
    expect(content).toContain('<a target="_blank" rel="noopener noreferrer">坏链接</a>');
    expect(content).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">好链接</a>',
    );
    expect(content).toContain('<td colspan="2">单元格</td>');
    await call('removeNews', 'xuhui', { query: { ids: saved.body.value.id } });
  });

  it('bad input is refused with a clear message and nothing changes', async () => {
    const before = await rowCounts();
    const cases: [Partial<ContentSave>, number, string][] = [
      [{ title: '  ' }, 400, '请输入标题'],
      [{ classifyId: null }, 400, '请选择分类'],
      [{ classifyId: noticeType }, 400, `分类不存在：${noticeType}`],
      [{ scope: 'part' }, 400, '请选择可见范围：至少一个组织或角色'],
      [{ scope: 'part', orgIds: ['no-such-org'] }, 400, '可见范围中的组织不存在'],
      [{ expireTime: '2000-01-01T00:00:00Z' }, 400, '过期时间必须晚于当前时间'],
      [{ id: 'no-such-entry' }, 404, '内容不存在或无权查看：no-such-entry'],
      [{ coverFileId: 'no-such-file' }, 400, '封面图片不存在：no-such-file'],
      [{ kind: 'meeting' }, 400, '请填写会议的开始时间和结束时间'],
      [
        { kind: 'meeting', startTime: '2030-01-01T10:00:00Z', endTime: '2030-01-01T09:00:00Z' },
        400,
        '会议的结束时间必须晚于开始时间',
      ],
    ];
    for (const [fields, status, message] of cases) {
      const answer = await save('xuhui', draft(fields));
      expect(answer.status, message).toBe(status);
      expect(answer.body.message).toBe(message);
    }
    const missing = await call('saveNews', 'xuhui', { body: { kind: 'news', content: '', scope: 'all' } });
    expect(missing.body.message).toBe('参数错误：body.title 不能为空');
    const english = await save('xuhui', draft({ classifyId: null }));
    expect(english.body.message).toBe('请选择分类');
    expect(
      (await call('saveNews', 'xuhui', { body: draft({ classifyId: null }), lang: 'en-US' })).body.message,
    ).toBe('Please choose a classification');
    expect(await rowCounts()).toEqual(before);
  });

  it('an editor of another tenant reaches nothing here', async () => {
    const before = await rowCounts();
    const acmeAdmin = await f.as('admin', acmeId);
    const id = (await call('getNews', 'zhuting', { query: { size: '1' } })).body.value[0]!.id;
    expect((await t.call('publishNews', { token: acmeAdmin, query: { id } })).status).toBe(404);
    expect((await t.call('withdrawNews', { token: acmeAdmin, query: { id } })).status).toBe(404);
    expect((await t.call('getNewsReaders', { token: acmeAdmin, query: { id }, body: {} })).status).toBe(404);
    expect((await t.call('saveNews', { token: acmeAdmin, body: draft({ id }) })).status).toBe(400);
    expect((await t.call('removeNews', { token: acmeAdmin, query: { ids: id } })).body.value).toBe(0);
    expect(await rowCounts()).toEqual(before);
  });
});

describe('files of an entry', () => {
  it('cover, inline image and attachment are readable by the audience once published, editors always', async () => {
    const editor = await f.as('xuhui');
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const cover = (await uploadFile(t, editor, 'cover.png', png, 'image/png', 'newsCover')).body.value;
    const inline = (await uploadFile(t, editor, 'inline.png', png, 'image/png', 'newsImage')).body.value;
    const attachment = (
      await uploadFile(t, editor, '报名表.txt', '姓名,部门', 'text/plain', 'newsAttachment')
    ).body.value;
    const rd = (
      await call('getOrgPage', 'xuhui', { body: { querys: [{ property: 'name', value: '研发中心' }] } })
    ).body.value.rows[0]!;
    const saved = (
      await save(
        'xuhui',
        draft({
          title: '研发中心内部通知',
          kind: 'notice',
          classifyId: noticeType,
          coverFileId: cover.fileId,
          content: `<p>见图<img src="blob:http://x/1" data-file-id="${inline.fileId}"></p>`,
          ffj: [
            {
              name: attachment.fileName,
              response: { fileId: attachment.fileId, fileName: attachment.fileName },
            },
          ],
          scope: 'part',
          orgIds: [rd.id],
          mustRead: true,
        }),
      )
    ).body.value;
    expect(saved.content).toContain(`src="/portal/system/file/downloadFile?fileId=${inline.fileId}"`);
    expect(saved.orgs).toEqual([{ id: rd.id, name: '研发中心' }]);
    const download = (account: string, fileId: string) =>
      fetchFile('downloadFile', account, { fileId }).then((answer) => answer.statusCode);
    for (const file of [cover, inline, attachment]) {
      expect(await download('zhuting', file.fileId)).toBe(404);
      expect(await download('admin', file.fileId)).toBe(200);
    }
    await call('publishNews', 'xuhui', { query: { id: saved.id } });
    for (const file of [cover, inline, attachment]) {
      expect(await download('zhuting', file.fileId)).toBe(200);
      expect(await download('xiena', file.fileId)).toBe(404);
    }
    expect((await call('getNewsById', 'xiena', { query: { id: saved.id } })).status).toBe(404);

    // the publisher sees who of the research centre has not read it yet
    await call('getNewsById', 'zhuting', { query: { id: saved.id } });
    const detail = (await call('getNewsById', 'xuhui', { query: { id: saved.id } })).body.value;
    const readers = (
      await call('getNewsReaders', 'xuhui', {
        query: { id: saved.id },
        body: { pageBean: { pageSize: 100 } },
      })
    ).body.value;
    expect(readers.total).toBe(detail.audienceCount);
    expect(detail.readCount).toBe(1);
    const notYet = (
      await call('getNewsReaders', 'xuhui', {
        query: { id: saved.id },
        body: { querys: [{ property: 'isRead', value: false }], pageBean: { pageSize: 100 } },
      })
    ).body.value;
    expect(notYet.total).toBe(readers.total - 1);
    expect(notYet.rows.map((row) => row.account)).not.toContain('zhuting');
    expect(notYet.rows.map((row) => row.account)).toContain('hujun');
    expect(readers.rows.map((row) => row.account)).not.toContain('xiena');

    // a file removed from the entry is no longer linked to it
    await save(
      'xuhui',
      draft({
        id: saved.id,
        kind: 'notice',
        classifyId: noticeType,
        content: '<p>无图</p>',
        scope: 'part',
        orgIds: [rd.id],
      }),
    );
    expect(await download('zhuting', attachment.fileId)).toBe(404);
    await call('removeNews', 'xuhui', { query: { ids: saved.id } });
  });

  it('a file someone else uploaded cannot be attached', async () => {
    const theirs = (await uploadFile(t, await f.as('heyu'), 'x.txt', 'x')).body.value;
    const before = await rowCounts();
    const answer = await save(
      'xuhui',
      draft({ ffj: [{ name: 'x.txt', response: { fileId: theirs.fileId, fileName: 'x.txt' } }] }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('只能附上自己上传的文件');
    const notImage = await save('xuhui', draft({ coverFileId: theirs.fileId }));
    expect(notImage.body.message).toBe('封面必须是图片');
    expect(await rowCounts()).toEqual(before);
  });
});

describe('meetings', () => {
  const meeting = async (fields: Partial<ContentSave>) =>
    save(
      'xuhui',
      draft({
        kind: 'meeting',
        classifyId: null,
        title: '项目复盘会',
        roomId: rooms[3]!.id,
        hostId: await f.userId('hujun'),
        participantIds: [await f.userId('zhuting'), await f.userId('gaofeng')],
        agenda: '一、复盘；二、改进',
        scope: 'part',
        startTime: '2031-03-03T02:00:00Z',
        endTime: '2031-03-03T03:00:00Z',
        ...fields,
      }),
    );

  it('participants get an inner message, see the meeting, and download it as an .ics file', async () => {
    const answer = await meeting({});
    expect(answer.status, answer.body.message).toBe(200);
    const saved = answer.body.value;
    expect(saved).toMatchObject({ kind: 'meeting', roomName: '洽谈室 A', hostName: '胡军', status: 'draft' });
    const badgeBefore = (await call('getMsgbadge', 'zhuting')).body.value;
    await call('publishNews', 'xuhui', { query: { id: saved.id } });
    expect((await call('getMsgbadge', 'zhuting')).body.value).toBe(badgeBefore + 1);
    const message = (
      await call('listMessages', 'zhuting', {
        body: { querys: [{ property: 'type', value: 'meeting' }], pageBean: { pageSize: 50 } },
      })
    ).body.value.rows.find((row) => row.subject === '项目复盘会')!;
    expect(message).toMatchObject({ link: `/news/meeting/${saved.id}`, type: 'meeting' });
    expect(message.content).toContain('洽谈室 A');
    expect(
      (
        await call('listMessages', 'hujun', {
          body: { querys: [{ property: 'subject', value: '项目复盘会' }] },
        })
      ).body.value.total,
    ).toBe(1);

    const list = (
      await call('getMeetingPagination', 'zhuting', {
        body: { querys: [{ property: 'title', value: '项目复盘会' }] },
      })
    ).body.value;
    expect(list.rows[0]).toMatchObject({ id: saved.id, startTime: '2031-03-03T02:00:00.000Z' });
    expect(
      (
        await call('getMeetingPagination', 'xiena', {
          body: { querys: [{ property: 'title', value: '项目复盘会' }] },
        })
      ).body.value.total,
    ).toBe(0);
    expect((await call('getNewsById', 'xiena', { query: { id: saved.id } })).status).toBe(404);

    const ics = await fetchFile('downloadMeetingIcs', 'zhuting', { id: saved.id });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(ics.headers['content-disposition']).toContain(encodeURIComponent('项目复盘会.ics'));
    const text = ics.body;
    const unfolded = text.replaceAll('\r\n ', '');
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text).toContain('\r\nDTSTART:20310303T020000Z\r\nDTEND:20310303T030000Z\r\n');
    expect(text).toContain('SUMMARY:项目复盘会');
    expect(text).toContain('LOCATION:洽谈室 A');
    expect(text).toContain('DESCRIPTION:一、复盘；二、改进');
    expect(unfolded).toContain('ORGANIZER;CN="胡军":mailto:hujun@platform.example.com');
    expect(unfolded).toContain('ATTENDEE;CN="朱婷";ROLE=REQ-PARTICIPANT:mailto:zhuting@platform.example.com');
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(text.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect((await fetchFile('downloadMeetingIcs', 'xiena', { id: saved.id })).statusCode).toBe(404);
    const notAMeeting = (await call('getNews', 'zhuting', { query: { size: '1' } })).body.value[0]!.id;
    expect((await fetchFile('downloadMeetingIcs', 'zhuting', { id: notAMeeting })).statusCode).toBe(400);
    await call('removeNews', 'xuhui', { query: { ids: saved.id } });
  });

  it('a room booked at an overlapping time is refused (409), also when two bookings race; withdrawing frees it', async () => {
    const first = (await meeting({ startTime: '2031-04-01T02:00:00Z', endTime: '2031-04-01T04:00:00Z' })).body
      .value;
    const before = await rowCounts();
    const clash = await meeting({
      title: '冲突会议',
      startTime: '2031-04-01T03:30:00Z',
      endTime: '2031-04-01T05:00:00Z',
    });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toMatch(
      /^会议室“洽谈室 A”在 .+ 至 .+ 已被会议“项目复盘会”预订，请更换时间或会议室$/,
    );
    expect(await rowCounts()).toEqual(before);
    const touching = await meeting({
      title: '紧接着的会',
      startTime: '2031-04-01T04:00:00Z',
      endTime: '2031-04-01T05:00:00Z',
    });
    expect(touching.status).toBe(200);

    const racing = await Promise.all(
      ['甲', '乙', '丙'].map((name) =>
        meeting({
          title: `抢会议室${name}`,
          startTime: '2031-05-01T02:00:00Z',
          endTime: '2031-05-01T03:00:00Z',
        }),
      ),
    );
    expect(racing.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);

    await call('publishNews', 'xuhui', { query: { id: first.id } });
    await call('withdrawNews', 'xuhui', { query: { id: first.id } });
    const freed = await meeting({
      title: '改期后的会',
      startTime: '2031-04-01T02:00:00Z',
      endTime: '2031-04-01T03:00:00Z',
    });
    expect(freed.status).toBe(200);
    const republish = await call('publishNews', 'xuhui', { query: { id: first.id } });
    expect(republish.status).toBe(409);
    const ids = [
      first.id,
      touching.body.value.id,
      freed.body.value.id,
      ...racing.filter((r) => r.status === 200).map((r) => r.body.value.id),
    ];
    expect((await call('removeNews', 'xuhui', { query: { ids: ids.join(',') } })).body.value).toBe(
      ids.length,
    );
  });
});

describe('home columns (the providers the home page wires in)', () => {
  it('latest news with covers, notices with unread flags, and this week’s meetings of the reader', async () => {
    const readerAs = async (tenantId: string, userId: string) =>
      readerOf(t.database.db, { tenantId, userId } as Parameters<typeof readerOf>[1], false);
    const auth = await readerAs('-1', await f.userId('zhuting'));
    const news = await latestNewsColumn(t.database.db, auth, 5);
    expect(news).toHaveLength(5);
    expect(news.every((item) => item.imageFileId && item.link === `/news/list/${item.id}` && item.tag)).toBe(
      true,
    );

    const notices = await latestNoticesColumn(t.database.db, auth, 10);
    const first = notices.find((item) => item.unread)!;
    await call('getNewsById', 'zhuting', { query: { id: first.id } });
    const after = await latestNoticesColumn(t.database.db, await readerAs('-1', auth.userId), 10);
    expect(after.find((item) => item.id === first.id)!.unread).toBe(false);
    expect(after.every((item) => item.link === `/news/notice/${item.id}`)).toBe(true);

    const meetings = await meetingsThisWeekColumn(t.database.db, auth);
    const { start, end } = weekOf(new Date());
    expect(meetings.map((item) => item.title).sort()).toEqual(
      ['信息安全培训', '年度绩效考核启动会', '门户项目迭代评审会'].sort(),
    );
    for (const item of meetings) {
      expect(new Date(item.time!) >= start && new Date(item.time!) < end).toBe(true);
      expect(item.end! > item.time!).toBe(true);
      expect(item.link).toBe(`/news/meeting/${item.id}`);
    }
    const boss = await readerAs('-1', await f.userId('zhangwei'));
    expect((await meetingsThisWeekColumn(t.database.db, boss)).map((item) => item.title).sort()).toEqual(
      ['周一经营例会', '年度绩效考核启动会'].sort(),
    );
    const alice = (await t.call('getDetailByAccountOrId', { token: await f.as('alice', acmeId), body: {} }))
      .body.value;
    const acme = await readerAs(acmeId, alice.user.id);
    expect(await latestNewsColumn(t.database.db, acme)).toHaveLength(2);
    expect(await meetingsThisWeekColumn(t.database.db, acme)).toEqual([]);
  });
});
