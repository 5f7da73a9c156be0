import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from './support/api';
import { dropdownPickUntil, seriousViolations } from './support/app';
import { apiToken, artifacts, label, PHONE, setupUsers, type UserPage } from './support/approval';
import { classifyId, publishByApi } from './support/content';

/** What Word puts on the clipboard for a heading, a bulleted list, a numbered list and a table. */
const WORD_HTML = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><body><!--StartFragment-->
<h1>一、活动安排</h1>
<p class=MsoListParagraphCxSpFirst style='mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span>&nbsp;&nbsp;</span></span></span><![endif]>上午：开幕式<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span>&nbsp;&nbsp;</span></span></span><![endif]>下午：分组竞赛<o:p></o:p></p>
<p class=MsoListParagraph style='mso-list:l1 level1 lfo2'><![if !supportLists]><span style='mso-list:Ignore'>1.<span>&nbsp;</span></span><![endif]>报名截止周五<o:p></o:p></p>
<table class=MsoTableGrid border=1><tr><td><p class=MsoNormal>项目<o:p></o:p></p></td><td><p class=MsoNormal>名额<o:p></o:p></p></td></tr><tr><td><p class=MsoNormal>拔河<o:p></o:p></p></td><td><p class=MsoNormal>12<o:p></o:p></p></td></tr></table>
<!--EndFragment--></body></html>`;

/** Opens an entry of the menu 新闻公告 as a user finds it. */
async function openMenu({ page }: UserPage, entry: string) {
  const catalog = page.getByRole('menuitem', { name: /新闻公告/ });
  if ((await page.getByRole('menuitem', { name: entry, exact: true }).count()) === 0) await catalog.click();
  await page.getByRole('menuitem', { name: entry, exact: true }).click();
}

/** Picks an option of a segmented control (全部 / 未读 / 必读, 本周 …). */
const segment = (page: Page, text: string) =>
  page
    .locator('.ant-segmented-item')
    .filter({ hasText: new RegExp(`^${text}$`) })
    .click();

/** The entries of a list page (新闻, 通知公告, 会议). */
const entries = (page: Page, list: string) => page.getByRole('list', { name: list }).getByRole('listitem');

describe('news, notices and meetings in Chromium (issue 11)', () => {
  const { harness, as } = setupUsers();

  it('the 新闻管理员 writes a news item with a document pasted from Word and publishes it; a colleague reads it; it is deleted after a confirmation', async () => {
    await harness();
    const title = '第五届职工趣味运动会报名开始';
    const editor = await as('xuhui');
    await openMenu(editor, '新闻');
    await editor.page.getByRole('heading', { level: 1, name: '新闻' }).waitFor();
    await editor.page.getByRole('button', { name: label('写新闻') }).click();
    await editor.page.getByRole('heading', { level: 1, name: '写新闻' }).waitFor();
    await editor.page.getByRole('textbox', { name: '标题' }).fill(title);
    const category = editor.page.getByLabel('分类');
    await dropdownPickUntil(
      category,
      editor.page.locator('.ant-select-item-option:visible').filter({ hasText: '员工风采' }),
      () =>
        editor.page
          .locator('.ant-select')
          .filter({ has: category })
          .locator('.ant-select-content-has-value')
          .filter({ hasText: '员工风采' })
          .isVisible(),
    );
    await editor.page.getByRole('textbox', { name: '摘要' }).fill('欢迎各部门踊跃报名。');

    const body = editor.page.getByRole('textbox', { name: '正文编辑区' });
    await body.click();
    await body.evaluate((target, html) => {
      const data = new DataTransfer();
      data.setData('text/html', html);
      data.setData('text/plain', '一、活动安排');
      target.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, WORD_HTML);
    // Word's heading, its two lists and its table survive the paste
    await body.locator('h1', { hasText: '一、活动安排' }).waitFor();
    expect(await body.locator('ul > li').allTextContents()).toEqual(['上午：开幕式', '下午：分组竞赛']);
    expect(await body.locator('ol > li').allTextContents()).toEqual(['报名截止周五']);
    expect(await body.locator('table td').allTextContents()).toEqual(['项目', '名额', '拔河', '12']);
    await editor.page.screenshot({ path: `${artifacts}content-editor.png`, animations: 'disabled' });

    await editor.page.getByRole('button', { name: label('发布') }).click();
    await editor.page.waitForURL(/\/news\/list\/\w+$/);
    await editor.page.getByRole('heading', { level: 1, name: title }).waitFor();

    // a colleague finds it first in 新闻 and reads it as written
    const reader = await as('zhuting');
    await openMenu(reader, '新闻');
    await entries(reader.page, '新闻').getByRole('link', { name: title }).waitFor();
    await reader.page.mouse.move(0, 0);
    expect(await seriousViolations(reader.page)).toEqual([]);
    await reader.page.getByRole('link', { name: title }).first().click();
    await reader.page.getByRole('heading', { level: 1, name: title }).waitFor();
    const article = reader.page.locator('.content-body');
    await article.locator('h1', { hasText: '一、活动安排' }).waitFor();
    expect(await article.locator('li').allTextContents()).toEqual([
      '上午：开幕式',
      '下午：分组竞赛',
      '报名截止周五',
    ]);
    expect(await article.locator('td').count()).toBe(4);
    await reader.page.mouse.move(0, 0);
    expect(await seriousViolations(reader.page)).toEqual([]);
    await reader.page.screenshot({
      path: `${artifacts}content-detail.png`,
      animations: 'disabled',
      fullPage: true,
    });

    // the editor deletes it, after a confirmation; the colleague no longer finds it
    await editor.page.getByRole('button', { name: label('删除') }).click();
    const confirm = editor.page.getByRole('dialog').filter({ hasText: `确定删除“${title}”吗？` });
    await confirm.getByRole('button', { name: label('确定') }).click();
    await editor.page.waitForURL(/\/news\/list$/);
    await reader.page.reload();
    await reader.page.getByText('内容不存在或无权查看', { exact: true }).waitFor();
  });

  it('a stored-XSS payload in a title and body does nothing: no dialog, no script runs, the title shows as text', async () => {
    const { server } = await harness();
    const base = server.url;
    const token = await apiToken(base, 'xuhui');
    const title = '<img src=x onerror="window.__xss=1;alert(1)">安全测试';
    const entry = await publishByApi(base, token, {
      kind: 'news',
      classifyId: await classifyId(base, token, 'NEWS_TYPE'),
      title,
      scope: 'all',
      content:
        '<p>正文</p><script>window.__xss=2;alert(2)</script><img src="x" onerror="window.__xss=3;alert(3)">' +
        '<a href="javascript:window.__xss=4;alert(4)">点我</a><svg onload="window.__xss=5"></svg>' +
        '<iframe srcdoc="<script>parent.__xss=6</script>"></iframe><p onmouseover="window.__xss=7">悬停</p>',
    });
    const reader = await as('heyu');
    const dialogs: string[] = [];
    reader.page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await reader.page.goto(`${base}/eipFront/news/list`);
    await reader.page.getByRole('link', { name: title }).first().waitFor();
    await reader.page.getByRole('link', { name: title }).first().click();
    await reader.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await reader.page.getByText('悬停').hover();
    await reader.page.getByText('点我').click();
    await reader.page.waitForTimeout(500);
    expect(dialogs).toEqual([]);
    expect(await reader.page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(
      await reader.page.locator('.content-body script, .content-body iframe, .content-body svg').count(),
    ).toBe(0);
    expect(entry.title).toBe(title);
  });

  it('a must-read notice: marked unread until opened; the publisher sees who has not read it yet', async () => {
    const { server } = await harness();
    const base = server.url;
    const token = await apiToken(base, 'xuhui');
    const title = '关于开展消防疏散演练的通知';
    const notice = await publishByApi(base, token, {
      kind: 'notice',
      classifyId: await classifyId(base, token, 'NOTICE_TYPE'),
      title,
      content: '<p>本周五下午三点举行消防疏散演练，请全体员工参加。</p>',
      mustRead: true,
      scope: 'all',
    });
    const reader = await as('gaofeng');
    await openMenu(reader, '通知公告');
    await segment(reader.page, '未读');
    const item = entries(reader.page, '通知公告').filter({ hasText: title });
    await item.getByText('必读').waitFor();
    await item.getByText('未读', { exact: true }).waitFor();
    await reader.page.mouse.move(0, 0);
    expect(await seriousViolations(reader.page)).toEqual([]);
    await item.getByRole('link', { name: title }).click();
    await reader.page.getByRole('heading', { level: 1, name: title }).waitFor();
    await reader.page.getByRole('button', { name: label('返回列表') }).click();
    await segment(reader.page, '未读');
    await entries(reader.page, '通知公告').first().waitFor();
    await expect.poll(() => reader.page.getByRole('link', { name: title }).count()).toBe(0);

    const editor = await as('xuhui');
    await editor.page.goto(`${base}/eipFront/news/notice/${notice.id}`);
    const readers = editor.page.locator('.ant-card').filter({ hasText: '阅读情况' });
    await readers.getByText(/^已读 \d+ \/ \d+ 人$/).waitFor();
    const unreadNames = await readers.locator('tbody tr td:first-child').allTextContents();
    expect(unreadNames.length).toBeGreaterThan(0);
    expect(unreadNames).not.toContain('高峰');
    expect(unreadNames).toContain('陈静');
  });

  it('a participant downloads a meeting as an .ics file; a meeting is in their inner messages', async () => {
    const { server } = await harness();
    const base = server.url;
    const participant = await as('zhuting');
    await openMenu(participant, '会议');
    await segment(participant.page, '本周');
    await entries(participant.page, '会议').getByRole('link', { name: '信息安全培训' }).waitFor();
    await participant.page.mouse.move(0, 0);
    expect(await seriousViolations(participant.page)).toEqual([]);
    await participant.page.getByRole('link', { name: '信息安全培训' }).click();
    await participant.page.getByRole('heading', { level: 1, name: '信息安全培训' }).waitFor();
    await participant.page.getByText('多功能厅').waitFor();
    const [download] = await Promise.all([
      participant.page.waitForEvent('download'),
      participant.page.getByRole('button', { name: /加入日历/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('信息安全培训.ics');
    const text = await readFile((await download.path())!, 'utf8');
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text).toContain('SUMMARY:信息安全培训');
    expect(text).toContain('LOCATION:多功能厅');
    expect(text).toMatch(/DTSTART:\d{8}T\d{6}Z\r\n/);
    const messages = await api<{ rows: { subject: string; link: string }[] }>(
      base,
      'POST',
      '/portal/innermsg/messageReceiver/v1/list',
      { token: await apiToken(base, 'zhuting'), body: { querys: [{ property: 'type', value: 'meeting' }] } },
    );
    expect(messages.envelope.value.rows.map((row) => row.subject)).toContain('信息安全培训');
  });

  it('on a phone the lists and the detail fit the screen; axe finds nothing serious on the news list', async () => {
    const { server } = await harness();
    const base = server.url;
    const phone = await as('liangchen', PHONE);
    await phone.page.goto(`${base}/eipFront/news/list`);
    await phone.page.getByRole('heading', { level: 1, name: '新闻' }).waitFor();
    await entries(phone.page, '新闻').first().locator('img').waitFor();
    const fits = () => phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);
    await phone.page.mouse.move(0, 0);
    expect(await seriousViolations(phone.page)).toEqual([]);
    await phone.page.screenshot({ path: `${artifacts}content-phone-list.png`, animations: 'disabled' });
    await entries(phone.page, '新闻').first().getByRole('link').click();
    await phone.page.locator('.content-body').waitFor();
    expect(await fits()).toBe(true);
    await phone.page.goto(`${base}/eipFront/news/notice`);
    await phone.page.getByRole('heading', { level: 1, name: '通知公告' }).waitFor();
    expect(await fits()).toBe(true);
    // in English and in traditional Chinese too (the language stored under `lang`)
    for (const [lang, heading, mark] of [
      ['en-US', 'Notices', 'Must read'],
      ['zh-TW', '通知公告', '必讀'],
    ] as const) {
      await phone.page.evaluate((value) => localStorage.setItem('lang', value), lang);
      await phone.page.reload();
      await phone.page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await entries(phone.page, heading).getByText(mark, { exact: true }).first().waitFor();
    }
  });
});
