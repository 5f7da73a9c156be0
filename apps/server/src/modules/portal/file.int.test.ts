import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { flowSteps } from '../../../test/flow.js';
import { sysFiles } from '../../db/schema.js';

/** Opinion attachments: upload (multipart), attach to an opinion, download by those who may see it. */
let t: TestApp;
let f: ReturnType<typeof flowSteps>;
beforeAll(async () => {
  t = await createTestApp({ FILE_LIMIT_BYTES: '2048' });
  f = flowSteps(t);
});
afterAll(() => t.close());

/** A multipart body with one file part, as a browser's FormData sends it. */
function multipart(name: string, content: Buffer | string, type = 'text/plain') {
  const boundary = '----eip-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const upload = async (account: string, name: string, content: Buffer | string) => {
  const { body, contentType } = multipart(name, content);
  const response = await t.app.inject({
    method: 'POST',
    url: '/portal/system/file/upload',
    headers: { authorization: `Bearer ${await f.as(account)}`, 'content-type': contentType },
    payload: body,
  });
  return {
    status: response.statusCode,
    body: response.json() as {
      state: boolean;
      message: string;
      value: { fileId: string; fileName: string; size: number };
    },
  };
};

const download = async (account: string, fileId: string) =>
  t.app.inject({
    method: 'GET',
    url: `/portal/system/file/downloadFile?fileId=${fileId}`,
    headers: { authorization: `Bearer ${await f.as(account)}` },
  });

describe('opinion attachments', () => {
  it('a handler uploads a file, attaches it to an opinion, and those who take part can download it', async () => {
    const uploaded = await upload('linxue', '../../病假证明.txt', '医院证明：休息一天');
    expect(uploaded.body.state, uploaded.body.message).toBe(true);
    expect(uploaded.body.value).toMatchObject({
      fileName: '病假证明.txt',
      size: Buffer.byteLength('医院证明：休息一天'),
    });
    const { fileId, fileName } = uploaded.body.value;
    const instId = await f.start('guoming', 'leave_request', { days: 1, reason: '附件' });
    await f.handleOk('linxue', instId, 'agree', {
      files: [{ name: fileName, response: { fileId, fileName } }],
    });
    const opinion = (await f.opinions(instId)).find((o) => o.status === 'agree')!;
    expect(opinion.files).toEqual([{ name: fileName, response: { fileId, fileName } }]);

    for (const account of ['linxue', 'guoming']) {
      const response = await download(account, fileId);
      expect(response.statusCode, account).toBe(200);
      expect(response.body).toBe('医院证明：休息一天');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename*=UTF-8''${encodeURIComponent('病假证明.txt')}`,
      );
    }
    const stranger = await download('xiena', fileId);
    expect(stranger.statusCode).toBe(404);
    const acme = (await t.call('getTenantByCode', { query: { code: 'acme' } })).body.value.id;
    const outsider = await t.app.inject({
      method: 'GET',
      url: `/portal/system/file/downloadFile?fileId=${fileId}`,
      headers: { authorization: `Bearer ${await f.as('alice', acme)}` },
    });
    expect(outsider.statusCode).toBe(404);
  });

  it('nobody attaches a file someone else uploaded', async () => {
    const theirs = (await upload('heyu', 'x.txt', 'x')).body.value;
    const instId = await f.start('guoming', 'leave_request', { days: 1, reason: '别人的附件' });
    const refused = await f.handle('linxue', instId, 'agree', {
      files: [{ name: 'x.txt', response: { fileId: theirs.fileId, fileName: 'x.txt' } }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('只能附上自己上传的文件');
    expect(await f.todoOf('linxue', instId)).toHaveLength(1);
  });

  it('refuses a file over FILE_LIMIT_BYTES or a request without one, and keeps nothing', async () => {
    const before = (await t.database.db.select({ n: count() }).from(sysFiles))[0]!.n;
    const big = await upload('linxue', 'big.bin', Buffer.alloc(4096, 1));
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('文件过大，不能超过 2048 字节');
    const none = await t.app.inject({
      method: 'POST',
      url: '/portal/system/file/upload',
      headers: { authorization: `Bearer ${await f.as('linxue')}`, 'content-type': 'application/json' },
      payload: {},
    });
    expect(none.statusCode).toBeGreaterThanOrEqual(400);
    expect(none.statusCode).toBeLessThan(500);
    expect((await t.database.db.select({ n: count() }).from(sysFiles))[0]!.n).toBe(before);
    expect((await t.database.db.select().from(sysFiles).where(eq(sysFiles.name, 'big.bin'))).length).toBe(0);
  });
});
