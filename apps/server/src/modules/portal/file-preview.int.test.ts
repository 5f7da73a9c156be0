import { and, eq } from 'drizzle-orm';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.js';
import { docx, pdf } from '../../../test/docx.js';
import { flowSteps } from '../../../test/flow.js';
import { createOfficeTestApp } from '../../../test/office.js';
import { uploadFile } from '../../../test/upload.js';
import { scheduledJobs, sysFileLinks, sysFileRenditions, sysFiles } from '../../db/schema.js';
import { configuredFileStore } from '../../files/store.js';
import { schedulePeriodicJob } from '../../jobs/queue.js';
import { runDueJobs } from '../../jobs/runner.js';
import { CLEANUP_EVERY_MS, fileJobHandlers } from './file-cleanup.js';

/** The office preview is tested with the real converter (LibreOffice), never without it. */
let t: TestApp;
let f: ReturnType<typeof flowSteps>;
beforeAll(async () => {
  t = await createOfficeTestApp();
  f = flowSteps(t);
});
afterAll(() => t?.close());

const store = () => configuredFileStore(t.config);
const stored = (tenantId: string, key: string) =>
  store()
    .get(tenantId, key)
    .toArray()
    .then(
      () => true,
      (error: { code?: string }) => (error.code === 'ENOENT' ? false : Promise.reject(error)),
    );
const fetchAs = async (account: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${await f.as(account)}` } });

describe('office documents previewed as PDF', () => {
  it('converts a .docx with LibreOffice once, keeps the PDF, and shows the kept one after', async () => {
    const document = docx(['季度工作报告', 'Quarterly report: preview test']);
    const uploaded = await uploadFile(t, await f.as('linxue'), '季度报告.docx', document);
    expect(uploaded.body.state, uploaded.body.message).toBe(true);
    const { fileId } = uploaded.body.value;
    const described = await t.call('previewFile', { token: await f.as('linxue'), query: { fileId } });
    expect(described.body.value).toMatchObject({ kind: 'office', converter: true });

    const url = `/portal/onlinePreviewController/getFileById_${fileId}`;
    const first = await fetchAs('linxue', url);
    expect(first.statusCode, first.body.slice(0, 200)).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toBe(
      `inline; filename*=UTF-8''${encodeURIComponent('季度报告.pdf')}`,
    );
    expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdfText = first.rawPayload.toString('latin1');
    expect(pdfText).toMatch(/\/Type\s*\/Page\b/);

    const [kept] = await t.database.db
      .select()
      .from(sysFileRenditions)
      .where(and(eq(sysFileRenditions.fileId, fileId), eq(sysFileRenditions.kind, 'pdf')));
    expect(kept?.size).toBe(first.rawPayload.length);

    // the kept PDF is what the next preview shows: replaced by a marker, the marker comes back
    const marker = pdf('kept');
    await store().remove(kept!.tenantId, `${fileId}-pdf`);
    await store().put(kept!.tenantId, `${fileId}-pdf`, Readable.from(marker));
    await t.database.db
      .update(sysFileRenditions)
      .set({ size: marker.length })
      .where(eq(sysFileRenditions.fileId, fileId));
    const second = await fetchAs('linxue', url);
    expect(second.rawPayload.equals(marker)).toBe(true);

    // the converted PDF is the file's: nobody else reads it
    expect((await fetchAs('xiena', url)).statusCode).toBe(404);
  });

  it('answers 文件无法预览 when LibreOffice cannot read the document', async () => {
    // a Word document cut short: its first entries say what it is, its directory is missing
    const whole = docx(['残缺']);
    const uploaded = await uploadFile(
      t,
      await f.as('linxue'),
      '坏文件.docx',
      whole.subarray(0, whole.length - 60),
    );
    expect(uploaded.body.state, uploaded.body.message).toBe(true);
    const answer = await fetchAs(
      'linxue',
      `/portal/onlinePreviewController/getFileById_${uploaded.body.value.fileId}`,
    );
    expect(answer.statusCode).toBe(422);
    expect(answer.json().message).toBe('文件无法预览：文档转换失败，请下载后查看');
  });
});

describe('the cleanup of files nothing refers to (job file.cleanup)', () => {
  it('removes an orphan older than a day with its bytes and renditions; keeps linked and young ones', async () => {
    const token = await f.as('heyu');
    const upload = async (name: string) => (await uploadFile(t, token, name, name)).body.value.fileId;
    const [orphan, linked, young] = [
      await upload('old.txt'),
      await upload('kept.txt'),
      await upload('new.txt'),
    ];
    const { db } = t.database;
    const [{ tenantId }] = (await db
      .select({ tenantId: sysFiles.tenantId })
      .from(sysFiles)
      .where(eq(sysFiles.id, orphan))
      .limit(1)) as [{ tenantId: string }];
    await db
      .insert(sysFileLinks)
      .values({ tenantId, fileId: linked, ownerType: 'flowInstance', ownerId: 'i1' });
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600_000);
    for (const id of [orphan, linked])
      await db.update(sysFiles).set({ createdAt: twoDaysAgo }).where(eq(sysFiles.id, id));
    // a thumbnail made of the orphan goes with it
    await store().put(tenantId, `${orphan}-thumb-128`, Readable.from('thumb'));
    await db.insert(sysFileRenditions).values({ tenantId, fileId: orphan, kind: 'thumb-128', size: 5 });

    await schedulePeriodicJob(db, 'file.cleanup', new Date(Date.now() - 1000));
    // a second start does not add a second job
    await schedulePeriodicJob(db, 'file.cleanup', new Date(Date.now() - 1000));
    expect(await runDueJobs(db, fileJobHandlers(store()))).toBe(1);

    const left = (await db.select({ id: sysFiles.id }).from(sysFiles)).map((row) => row.id);
    expect(left).not.toContain(orphan);
    expect(left).toEqual(expect.arrayContaining([linked, young]));
    expect(await stored(tenantId, orphan)).toBe(false);
    expect(await stored(tenantId, `${orphan}-thumb-128`)).toBe(false);
    expect(await stored(tenantId, linked)).toBe(true);
    expect(await stored(tenantId, young)).toBe(true);
    expect(await db.select().from(sysFileRenditions).where(eq(sysFileRenditions.fileId, orphan))).toEqual([]);
    const downloaded = await fetchAs('heyu', `/portal/system/file/downloadFile?fileId=${orphan}`);
    expect(downloaded.statusCode).toBe(404);

    // it comes back in an hour, and the bpm runner leaves it alone
    const jobs = await db.select().from(scheduledJobs).where(eq(scheduledJobs.kind, 'file.cleanup'));
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.status).toBe('pending');
    expect(jobs[0]!.runAt.getTime()).toBeGreaterThan(Date.now() + CLEANUP_EVERY_MS - 60_000);
  });
});
