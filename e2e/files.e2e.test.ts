import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chinesePdf, docx, pdf } from '../apps/server/test/docx';
import { api, leaderSignedByApi } from './support/api';
import { seriousViolations } from './support/app';
import {
  apiToken,
  artifacts,
  label,
  openFromList,
  PHONE,
  setupUsers,
  startLeaveByApi,
  type UserPage,
} from './support/approval';
import { classifyId, publishByApi, uploadByApi } from './support/content';

const { harness, as } = setupUsers();

/**
 * Notes every text drawn on a canvas: the watermark is drawn there (antd Watermark), so what it says can
 * be read back. Installed before the page's scripts run.
 */
async function recordCanvasText({ context }: UserPage) {
  await context.addInitScript(() => {
    const drawn: string[] = [];
    (window as unknown as { __drawnText: string[] }).__drawnText = drawn;
    const fillText = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (
      text: string,
      x: number,
      y: number,
      max?: number,
    ) {
      drawn.push(String(text));
      return max === undefined ? fillText.call(this, text, x, y) : fillText.call(this, text, x, y, max);
    };
  });
}
const drawnText = (page: Page) =>
  page.evaluate(() => (window as unknown as { __drawnText: string[] }).__drawnText);

/** A news item with attachments, published by the 新闻管理员 through the API. */
async function newsWithAttachments(base: string, title: string, files: { name: string; bytes: Buffer }[]) {
  const token = await apiToken(base, 'xuhui');
  const ffj = [];
  for (const file of files) {
    const { fileId, fileName } = await uploadByApi(base, token, file.name, file.bytes, 'newsAttachment');
    ffj.push({ name: fileName, response: { fileId, fileName } });
  }
  return publishByApi(base, token, {
    kind: 'news',
    classifyId: await classifyId(base, token, 'NEWS_TYPE'),
    title,
    scope: 'all',
    content: '<p>附件请预览。</p>',
    ffj,
  });
}

describe('file preview', () => {
  it('a colleague previews a PDF attached to a news item: pages drawn, watermark with the account and the time', async () => {
    const { server } = await harness();
    const base = server.url;
    const title = '2027 年度预算通知（附件预览）';
    const entry = await newsWithAttachments(base, title, [
      { name: '预算说明.pdf', bytes: pdf('Budget 2027 preview') },
      { name: '预算表.docx', bytes: docx(['预算表']) },
    ]);

    const reader = await as('zhuting');
    await recordCanvasText(reader);
    const { page } = reader;
    await page.goto(`${base}/eipFront/news/list/${entry.id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('button', { name: '预览 预算说明.pdf' }).click();

    const dialog = page.getByRole('dialog', { name: '文件预览：预算说明.pdf' });
    await dialog.getByRole('img', { name: '第 1 页，共 1 页' }).waitFor();
    await dialog.getByText('预算说明.pdf，共 1 页').waitFor();
    // the page is drawn: its canvas holds more than a blank sheet
    await page.waitForFunction(() => {
      const canvas = document.querySelector<HTMLCanvasElement>('canvas[data-page="1"]');
      const context = canvas?.getContext('2d');
      if (!canvas || !context || canvas.width === 0) return false;
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 0; i < pixels.length; i += 4) if (pixels[i]! < 128) return true;
      return false;
    });
    const drawn = await drawnText(page);
    expect(drawn).toContain('zhuting');
    expect(drawn.some((text) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(text))).toBe(true);
    await page.screenshot({ path: `${artifacts}file-preview-pdf.png` });
    expect(await seriousViolations(page)).toEqual([]);

    // an office document without a converter on the server: said so, with the download
    await dialog
      .locator('.ant-modal-footer')
      .getByRole('button', { name: label('关闭') })
      .click();
    await page.getByRole('button', { name: '预览 预算表.docx' }).click();
    const office = page.getByRole('dialog', { name: '文件预览：预算表.docx' });
    await office.getByText('未配置文档转换服务，无法在线预览 Office 文档').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      office
        .locator('.ant-result')
        .getByRole('button', { name: label('下载') })
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe('预算表.docx');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the initiator previews an opinion’s text attachment from the approval history, on a phone too', async () => {
    const { server } = await harness();
    const base = server.url;
    const subject = '朱婷的病假（附件预览）';
    const instId = await startLeaveByApi(base, await apiToken(base, 'zhuting'), subject, 1);
    const hujun = await apiToken(base, 'hujun');
    const file = await uploadByApi(
      base,
      hujun,
      '病假证明.txt',
      Buffer.from('医院证明：建议休息一天'),
      'opinion',
    );
    const todo = await api<{ rows: { taskId: string; procInstId: string }[] }>(
      base,
      'POST',
      '/bpm-runtime/task/v1/getTodoList',
      { token: hujun, body: { pageBean: { pageSize: 100 } } },
    );
    const task = todo.envelope.value.rows.find((row) => row.procInstId === instId)!;
    const done = await api(base, 'POST', '/bpm-runtime/task/v1/complete', {
      token: hujun,
      body: {
        taskId: task.taskId,
        actionName: 'agree',
        opinion: '见附件',
        files: [{ name: file.fileName, response: file }],
        data: await leaderSignedByApi(base, hujun),
      },
    });
    expect(done.envelope.state, done.envelope.message).toBe(true);

    for (const viewport of [undefined, PHONE]) {
      const initiator = await as('zhuting', viewport);
      await recordCanvasText(initiator);
      await openFromList(initiator, base, 'myRequest', subject);
      const { page } = initiator;
      await page.locator('#eip-approval-history').getByRole('button', { name: '预览 病假证明.txt' }).click();
      const dialog = page.getByRole('dialog', { name: '文件预览：病假证明.txt' });
      await dialog.getByText('医院证明：建议休息一天').waitFor();
      expect(await drawnText(page)).toContain('zhuting');
      const box = await dialog.locator('.ant-modal-container').boundingBox();
      expect(box!.width).toBeLessThanOrEqual((viewport ?? { width: 1280 }).width);
      if (viewport) await page.screenshot({ path: `${artifacts}file-preview-phone.png` });
      expect(await seriousViolations(page)).toEqual([]);
    }
  });
  it('a PDF whose Chinese text is in a font it does not embed shows that text (pdf.js’s character maps are served)', async () => {
    const { server } = await harness();
    const base = server.url;
    const title = '公文格式示例（附件预览）';
    const entry = await newsWithAttachments(base, title, [
      { name: '公文示例.pdf', bytes: chinesePdf('关于印发制度的通知') },
    ]);
    const reader = await as('liangchen');
    await recordCanvasText(reader);
    const { page } = reader;
    await page.goto(`${base}/eipFront/news/list/${entry.id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('button', { name: '预览 公文示例.pdf' }).click();
    await page
      .getByRole('dialog', { name: '文件预览：公文示例.pdf' })
      .getByRole('img', { name: '第 1 页，共 1 页' })
      .waitFor();
    await expect
      .poll(async () => (await drawnText(page)).join(''), { timeout: 20_000 })
      .toContain('关于印发制度的通知');
  });
});
