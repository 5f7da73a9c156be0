import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { startS3Server, type S3Server } from '../../../test/s3.js';
import { uploadFile } from '../../../test/upload.js';
import { sysFileRenditions, sysFiles } from '../../db/schema.js';
import { configuredFileStore } from '../../files/store.js';
import { removeOrphanFiles } from './file-cleanup.js';

/**
 * Files shared by every process (issue 16): two app instances, each with a data directory of its own, on one
 * database and one S3-protocol server (FILE_STORE=s3).
 */
let s3: S3Server;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  s3 = await startS3Server();
  const env = { ...s3.env, SECRET_KEY: randomBytes(32).toString('hex') };
  a = await createTestApp(env);
  b = await createTestApp(env, { sameDatabaseAs: a });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await s3?.close();
});

const fetchFrom = (t: TestApp, token: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

/** Text of `size` bytes: lines of random letters. */
const text = (size: number) =>
  Buffer.from(randomBytes(size).toString('base64').slice(0, size).replace(/.{99}/g, '$&\n'));

describe('the file store shared by two processes (FILE_STORE=s3)', () => {
  it('a file uploaded through one process downloads byte-identical through the other', async () => {
    const token = await a.login('zhangwei');
    // larger than one part of a multipart upload (5 MB)
    const content = text(6 * 1024 * 1024);
    const uploaded = await uploadFile(a, token, '季度数据.txt', content);
    expect(uploaded.body.state, uploaded.body.message).toBe(true);
    const url = `/portal/system/file/downloadFile?fileId=${uploaded.body.value.fileId}`;

    const downloaded = await fetchFrom(b, token, url);
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers['content-length']).toBe(String(content.length));
    expect(downloaded.rawPayload.equals(content)).toBe(true);
    // neither process keeps the bytes in its own data directory
    expect(existsSync(path.join(a.config.dataDir, 'files'))).toBe(false);
    expect(existsSync(path.join(b.config.dataDir, 'files'))).toBe(false);
    // 6 MB through inject's multipart parsing takes a while on a busy machine
  }, 90_000);

  it('a thumbnail one process makes and keeps is the one the other serves', async () => {
    const token = await a.login('zhangwei');
    const image = await sharp({ create: { width: 300, height: 150, channels: 3, background: '#2f54eb' } })
      .png()
      .toBuffer();
    const uploaded = await uploadFile(a, token, '横幅.png', image, 'image/png', 'newsImage');
    const { fileId } = uploaded.body.value;
    const url = `/portal/system/file/downloadImage?fileId=${fileId}&thumbnail=128`;

    const made = await fetchFrom(b, token, url);
    expect(made.statusCode).toBe(200);
    const [kept] = await a.database.db
      .select()
      .from(sysFileRenditions)
      .where(eq(sysFileRenditions.fileId, fileId));
    expect(kept).toMatchObject({ kind: 'thumb-128', size: made.rawPayload.length });
    const served = await fetchFrom(a, token, url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(made.rawPayload)).toBe(true);
  });

  it('a file removed through one process is gone for the other: 404, and no bytes left', async () => {
    const token = await a.login('zhangwei');
    const uploaded = await uploadFile(a, token, '临时.txt', '用后即删');
    const { fileId } = uploaded.body.value;
    const url = `/portal/system/file/downloadFile?fileId=${fileId}`;
    expect((await fetchFrom(b, token, url)).statusCode).toBe(200);

    // the cleanup of unattached files, run by process A
    const [{ tenantId }] = (await a.database.db
      .select({ tenantId: sysFiles.tenantId })
      .from(sysFiles)
      .where(eq(sysFiles.id, fileId))) as [{ tenantId: string }];
    await a.database.db
      .update(sysFiles)
      .set({ createdAt: new Date(Date.now() - 2 * 24 * 3600_000) })
      .where(eq(sysFiles.id, fileId));
    await removeOrphanFiles(
      a.database.db,
      configuredFileStore(a.config),
      new Date(Date.now() - 24 * 3600_000),
    );

    const answer = await fetchFrom(b, token, url);
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ state: false, code: 404 });
    const bytes = configuredFileStore(b.config).get(tenantId, fileId);
    await expect(bytes.toArray()).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('a missing object answers as a missing local file does: the 500 envelope saying so, no file headers', async () => {
    const token = await a.login('zhangwei');
    const uploaded = await uploadFile(a, token, '丢失.txt', '对象已不在');
    const { fileId } = uploaded.body.value;
    const [{ tenantId }] = (await a.database.db
      .select({ tenantId: sysFiles.tenantId })
      .from(sysFiles)
      .where(eq(sysFiles.id, fileId))) as [{ tenantId: string }];
    await configuredFileStore(a.config).remove(tenantId, fileId);

    const answer = await fetchFrom(b, token, `/portal/system/file/downloadFile?fileId=${fileId}`);
    expect(answer.statusCode).toBe(500);
    expect(answer.headers['content-disposition']).toBeUndefined();
    expect(answer.json()).toMatchObject({
      state: false,
      code: 500,
      message: expect.stringContaining('文件内容已丢失'),
    });
    expect(answer.body).not.toContain('对象已不在');
  });
});
