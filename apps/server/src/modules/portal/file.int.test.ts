import { count, eq } from 'drizzle-orm';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { docx, pdf, zip } from '../../../test/docx.js';
import { flowSteps } from '../../../test/flow.js';
import { uploadFile } from '../../../test/upload.js';
import { sysFiles } from '../../db/schema.js';
import { configuredFileStore } from '../../files/store.js';

/**
 * Uploads (purposes, types from the bytes, names, size and quota), attachments, a file's metadata and
 * extra properties, the preview's description and bytes, image download — and who may see each.
 */
let t: TestApp;
let f: ReturnType<typeof flowSteps>;
let acme: string;
beforeAll(async () => {
  t = await createTestApp({ FILE_LIMIT_BYTES: '2048', FILE_QUOTA_BYTES: '6000' });
  f = flowSteps(t);
  acme = (await t.call('getTenantByCode', { query: { code: 'acme' } })).body.value.id;
});
afterAll(() => t.close());

const upload = async (
  account: string,
  name: string,
  content: Buffer | string,
  purpose: Parameters<typeof uploadFile>[5] = 'opinion',
) => uploadFile(t, await f.as(account), name, content, 'application/octet-stream', purpose);

const fetchAs = async (account: string, url: string, tenantId?: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${await f.as(account, tenantId)}` } });

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2f54eb' } })
    .png()
    .toBuffer();
/** The first bytes of a Windows program. */
const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

/** What is stored: rows of sys_file and files in the store. */
async function stored() {
  const [row] = await t.database.db.select({ n: count() }).from(sysFiles);
  const root = path.join(t.config.dataDir, 'files');
  let bytes = 0;
  try {
    for (const tenant of readdirSync(root)) bytes += readdirSync(path.join(root, tenant)).length;
  } catch {
    // no file stored yet
  }
  return { rows: row!.n, bytes };
}

/** An instance of guoming's leave request whose agree opinion of linxue attaches the file. */
async function attachToOpinion(fileId: string, fileName: string) {
  const instId = await f.start('guoming', 'leave_request', { days: 1, reason: '附件' });
  await f.handleOk('linxue', instId, 'agree', {
    files: [{ name: fileName, response: { fileId, fileName } }],
    data: await f.leaderSigned('linxue'),
  });
  return instId;
}

describe('opinion attachments', () => {
  it('a handler uploads a file, attaches it to an opinion, and those who take part can download it', async () => {
    const uploaded = await upload('linxue', '../../病假证明.txt', '医院证明：休息一天');
    expect(uploaded.body.state, uploaded.body.message).toBe(true);
    expect(uploaded.body.value).toMatchObject({
      fileName: '病假证明.txt',
      size: Buffer.byteLength('医院证明：休息一天'),
      contentType: 'text/plain; charset=utf-8',
    });
    const { fileId, fileName } = uploaded.body.value;
    const instId = await attachToOpinion(fileId, fileName);
    const opinion = (await f.opinions(instId)).find((o) => o.status === 'agree')!;
    expect(opinion.files).toEqual([{ name: fileName, response: { fileId, fileName } }]);

    for (const account of ['linxue', 'guoming']) {
      const response = await fetchAs(account, `/portal/system/file/downloadFile?fileId=${fileId}`);
      expect(response.statusCode, account).toBe(200);
      expect(response.body).toBe('医院证明：休息一天');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename*=UTF-8''${encodeURIComponent('病假证明.txt')}`,
      );
    }
    expect((await fetchAs('xiena', `/portal/system/file/downloadFile?fileId=${fileId}`)).statusCode).toBe(
      404,
    );
    const outsider = await fetchAs('alice', `/portal/system/file/downloadFile?fileId=${fileId}`, acme);
    expect(outsider.statusCode).toBe(404);
  });

  it('nobody attaches a file someone else uploaded', async () => {
    const theirs = (await upload('heyu', 'x.txt', 'x')).body.value;
    const instId = await f.start('guoming', 'leave_request', { days: 1, reason: '别人的附件' });
    const refused = await f.handle('linxue', instId, 'agree', {
      files: [{ name: 'x.txt', response: { fileId: theirs.fileId, fileName: 'x.txt' } }],
      data: await f.leaderSigned('linxue'),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('只能附上自己上传的文件');
    expect(await f.todoOf('linxue', instId)).toHaveLength(1);
  });
});

describe('uploads: what each purpose accepts, decided by the bytes', () => {
  it('keeps what the purpose accepts, typed by its bytes whatever the browser declared', async () => {
    const cover = await upload('luobin', '封面.png', await png(40, 30), 'newsCover');
    expect(cover.body.value).toMatchObject({ fileName: '封面.png', contentType: 'image/png' });
    const report = await upload('luobin', '议程', pdf('Agenda'), 'newsAttachment');
    // a name without an extension gets its type's
    expect(report.body.value).toMatchObject({ fileName: '议程.pdf', contentType: 'application/pdf' });
    const sheet = await upload('linxue', '名单.csv', Buffer.from([0xd5, 0xc5, 0xc8, 0xfd, 0x2c, 0x31]));
    expect(sheet.body.value.contentType).toBe('text/csv; charset=gb18030');
  });

  it.each([
    ['a program', 'setup.exe', exe, 'opinion', 400, '不允许上传此类文件（exe），只能上传：'],
    [
      'a program renamed to a permitted extension',
      '报告.pdf',
      exe,
      'opinion',
      400,
      '不允许上传此类文件（exe）',
    ],
    [
      'a PDF as a news cover',
      'cover.png',
      pdf('x'),
      'newsCover',
      400,
      '不允许上传此类文件（pdf），只能上传：png, jpg, gif, webp, bmp',
    ],
    ['text as an inline image', 'photo.jpg', 'not an image', 'newsImage', 400, '不允许上传此类文件（jpg）'],
    [
      'a web page',
      'page.html',
      '<script>alert(1)</script>',
      'newsAttachment',
      400,
      '不允许上传此类文件（html）',
    ],
    ['a picture named as a PDF', '合同.pdf', 'PNG', 'opinion', 400, '文件内容与扩展名不符：内容是 png 文件'],
    ['an empty file', 'empty.txt', '', 'opinion', 400, '文件为空，请选择有内容的文件'],
  ] as const)('refuses %s, and keeps nothing', async (_what, name, content, purpose, status, message) => {
    const before = await stored();
    const bytes = content === 'PNG' ? await png(8, 8) : content;
    const refused = await upload('linxue', name, bytes, purpose);
    expect(refused.status).toBe(status);
    expect(refused.body).toMatchObject({ state: false, code: status, value: null });
    expect(refused.body.message).toContain(message);
    expect(await stored()).toEqual(before);
  });

  it('refuses an upload without a purpose or with an unknown one', async () => {
    const token = await f.as('linxue');
    for (const query of ['', '?purpose=avatar']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/portal/system/file/upload${query}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x--\r\n',
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toContain('purpose');
    }
  });

  it('cleans the name: no directory, control or direction characters, no characters Windows refuses', async () => {
    const name = '..\\..\\etc/年度\u202Efdp.exe\u0007<计划>?.txt';
    const uploaded = await upload('linxue', name, '计划');
    expect(uploaded.body.value.fileName).toBe('年度fdp.exe_计划__.txt');
  });

  it('refuses a file over FILE_LIMIT_BYTES or a request without one, and keeps nothing', async () => {
    const before = await stored();
    const big = await upload('linxue', 'big.txt', Buffer.alloc(4096, 0x41));
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('文件过大，不能超过 2048 字节');
    const none = await t.app.inject({
      method: 'POST',
      url: '/portal/system/file/upload?purpose=opinion',
      headers: { authorization: `Bearer ${await f.as('linxue')}`, 'content-type': 'application/json' },
      payload: {},
    });
    expect(none.statusCode).toBeGreaterThanOrEqual(400);
    expect(none.statusCode).toBeLessThan(500);
    expect(await stored()).toEqual(before);
    expect((await t.database.db.select().from(sysFiles).where(eq(sysFiles.name, 'big.txt'))).length).toBe(0);
  });

  it('refuses an upload past the uploader’s quota (FILE_QUOTA_BYTES), and keeps nothing', async () => {
    for (let i = 0; i < 3; i++)
      expect((await upload('xiena', `${i}.txt`, 'x'.repeat(2000))).status).toBe(200);
    const before = await stored();
    const over = await upload('xiena', 'more.txt', 'x'.repeat(1000));
    expect(over.status).toBe(413);
    expect(over.body.message).toBe('个人文件空间不足：上限 5.9 KB，已用 5.9 KB');
    expect(await stored()).toEqual(before);
    // another user's room is their own
    expect((await upload('heyu', 'mine.txt', 'x'.repeat(1000))).status).toBe(200);
  });
});

describe('a file’s metadata and extra properties', () => {
  it('shows the metadata to those who may read the file, and to nobody else', async () => {
    const { fileId } = (await upload('linxue', '说明.txt', '说明')).body.value;
    await attachToOpinion(fileId, '说明.txt');
    const info = await t.call('getFileInfo', { token: await f.as('guoming'), params: { id: fileId } });
    expect(info.body.value).toMatchObject({
      fileId,
      fileName: '说明.txt',
      size: 6,
      purpose: 'opinion',
      creatorName: '林雪',
      previewKind: 'text',
      canEdit: false,
    });
    const mine = await t.call('getFileInfo', { token: await f.as('linxue'), params: { id: fileId } });
    expect(mine.body.value.canEdit).toBe(true);
    expect((await t.call('getFileInfo', { token: await f.as('xiena'), params: { id: fileId } })).status).toBe(
      404,
    );
    const outsider = await t.call('getFileInfo', {
      token: await f.as('alice', acme),
      params: { id: fileId },
    });
    expect(outsider.status).toBe(404);
  });

  it('lets the uploader rename and describe files, keeping their type; all or nothing', async () => {
    const token = await f.as('linxue');
    const { fileId } = (await upload('linxue', 'a.txt', 'a')).body.value;
    const updated = await t.call('updateFileExtraProp', {
      token,
      body: [{ fileId, fileName: '会议\u202E纪要', description: '  第一次会议  ' }],
    });
    expect(updated.body.value).toMatchObject([
      { fileId, fileName: '会议纪要.txt', description: '第一次会议', canEdit: true },
    ]);
    const renamed = await t.call('updateFileExtraProp', { token, body: [{ fileId, fileName: '纪要.pdf' }] });
    expect(renamed.status).toBe(400);
    expect(renamed.body.message).toBe('文件内容与扩展名不符：内容是 txt 文件');

    const theirs = (await upload('heyu', 'b.txt', 'b')).body.value.fileId;
    const mixed = await t.call('updateFileExtraProp', {
      token,
      body: [
        { fileId, fileName: '改了.txt' },
        { fileId: theirs, description: '不是我的' },
      ],
    });
    expect(mixed.status).toBe(404);
    const after = await t.call('getFileInfo', { token, params: { id: fileId } });
    expect(after.body.value).toMatchObject({ fileName: '会议纪要.txt', description: '第一次会议' });

    // an administrator may change any file of the tenant
    const admin = await t.call('updateFileExtraProp', {
      token: await f.as('admin'),
      body: [{ fileId: theirs, description: '' }],
    });
    expect(admin.body.value[0]).toMatchObject({ fileId: theirs, description: null });
  });

  it('refuses a reader who is not the uploader (403) and changes nothing', async () => {
    const { fileId } = (await upload('linxue', 'c.txt', 'c')).body.value;
    await attachToOpinion(fileId, 'c.txt');
    const refused = await t.call('updateFileExtraProp', {
      token: await f.as('guoming'),
      body: [{ fileId, fileName: '别人改的.txt' }],
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('只有上传人或管理员可以修改文件信息');
    const info = await t.call('getFileInfo', { token: await f.as('linxue'), params: { id: fileId } });
    expect(info.body.value.fileName).toBe('c.txt');
  });
});

describe('preview', () => {
  it('describes the preview of each kind with the watermark of the viewer’s account and the time (spec §9)', async () => {
    const cases = [
      ['图.png', await png(4, 4), 'image', null],
      ['文.pdf', pdf('x'), 'pdf', null],
      ['记录.txt', '记录', 'text', 'utf-8'],
      ['方案.docx', docx(['方案']), 'office', null],
      ['资料.zip', zip({ 'a.txt': 'a' }), 'none', null],
    ] as const;
    for (const [name, bytes, kind, charset] of cases) {
      const uploaded = await upload('linxue', name, bytes);
      expect(uploaded.body.state, `${name}: ${uploaded.body.message}`).toBe(true);
      const { fileId } = uploaded.body.value;
      const { body } = await t.call('previewFile', { token: await f.as('linxue'), query: { fileId } });
      expect(body.value).toMatchObject({ kind, charset, converter: false, file: { fileId, fileName: name } });
      expect(body.value.watermark.account).toBe('linxue');
      expect(body.value.watermark.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    }
  });

  it('hands the previewer the bytes inline, and says why when it cannot', async () => {
    // guoming, not linxue: a leader's room holds his seeded signature too
    const content = (id: string, who = 'guoming', tenantId?: string) =>
      fetchAs(who, `/portal/onlinePreviewController/getFileById_${id}`, tenantId);
    const paper = (await upload('guoming', '文件.pdf', pdf('Preview'))).body.value.fileId;
    const shown = await content(paper);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('application/pdf');
    expect(shown.headers['content-disposition']).toMatch(/^inline; /);
    expect(shown.headers['content-security-policy']).toContain('sandbox');
    expect(shown.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const word = (await upload('guoming', '方案.docx', docx(['方案']))).body.value.fileId;
    const noConverter = await content(word);
    expect(noConverter.statusCode).toBe(409);
    expect(noConverter.json().message).toBe('未配置文档转换服务，无法预览 Office 文档，请下载后查看');
    const archive = (await upload('guoming', '资料.zip', zip({ 'a.txt': 'a' }))).body.value.fileId;
    expect((await content(archive)).json().message).toBe('文件无法预览，请下载后查看');

    expect((await content(paper, 'xiena')).statusCode).toBe(404);
    expect((await content(paper, 'alice', acme)).statusCode).toBe(404);
    const described = await t.call('previewFile', { token: await f.as('xiena'), query: { fileId: paper } });
    expect(described.status).toBe(404);
  });
});

describe('image download', () => {
  it('shows an image as stored or as a thumbnail no larger than asked, to those who may read it', async () => {
    const original = await png(300, 150);
    const { fileId } = (await upload('mali', '横幅.png', original, 'newsImage')).body.value;
    const url = `/portal/system/file/downloadImage?fileId=${fileId}`;
    const asIs = await fetchAs('mali', url);
    expect(asIs.headers['content-type']).toBe('image/png');
    expect(asIs.headers['content-disposition']).toMatch(/^inline; /);
    expect(asIs.rawPayload.equals(original)).toBe(true);

    for (let i = 0; i < 2; i++) {
      const thumbnail = await fetchAs('mali', `${url}&thumbnail=128`);
      expect(thumbnail.headers['content-type']).toBe('image/webp');
      const meta = await sharp(thumbnail.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 128, 64]);
    }
    expect((await fetchAs('mali', `${url}&thumbnail=100`)).statusCode).toBe(400);
    expect((await fetchAs('xiena', url)).statusCode).toBe(404);
    expect((await fetchAs('alice', url, acme)).statusCode).toBe(404);

    const text = (await upload('mali', 'a.txt', 'a')).body.value.fileId;
    const notImage = await fetchAs('mali', `/portal/system/file/downloadImage?fileId=${text}`);
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().message).toBe('该文件不是图片');
  });
});

describe('download of a file whose bytes are gone from the store', () => {
  it('answers the 500 envelope that says so, with no file headers and no partial body', async () => {
    const { fileId } = (await upload('mali', '丢失.txt', '字节已不在')).body.value;
    const [{ tenantId }] = (await t.database.db
      .select({ tenantId: sysFiles.tenantId })
      .from(sysFiles)
      .where(eq(sysFiles.id, fileId))) as [{ tenantId: string }];
    await configuredFileStore(t.config).remove(tenantId, fileId);

    const answer = await fetchAs('mali', `/portal/system/file/downloadFile?fileId=${fileId}`);
    expect(answer.statusCode).toBe(500);
    expect(answer.headers['content-disposition']).toBeUndefined();
    expect(answer.json()).toMatchObject({
      state: false,
      code: 500,
      message: expect.stringContaining('文件内容已丢失，请联系管理员'),
    });
  });
});
