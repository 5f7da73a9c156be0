import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/app';
import { artifacts, setupUsers } from './support/approval';

/** Opens an entry of 数据模板 from the menu and waits for its heading. */
async function openEntry(page: Page, entry: string) {
  const menu = page.getByRole('navigation', { name: '主菜单' });
  const item = menu.getByText(entry);
  if (!(await item.isVisible())) await menu.getByText('数据模板').click();
  await item.click();
  await page.getByRole('heading', { level: 1, name: entry }).waitFor();
}

const totalText = (page: Page) => page.locator('.ant-pagination-total-text').first().textContent();

// one server and one browser for the file
const { harness, as } = setupUsers();

describe('custom query and chart in Chromium (issue 12)', () => {
  it('合同查询 with a party finds that party’s contracts; 合同金额统计 charts the amounts by month', async () => {
    await harness();
    const { page } = await as('zhuting');
    await openEntry(page, '合同查询');
    await expect.poll(() => totalText(page)).toBe('共 5000 条');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('合同方').fill('华东科技');
    await page.getByRole('button', { name: /^查\s*询$/ }).click();
    await expect.poll(() => totalText(page)).toBe('共 1000 条');
    const rows = page.locator('.ant-tabs-tabpane-active .ant-table-tbody .ant-table-row');
    for (const text of await rows.allTextContents()) expect(text).toContain('华东科技有限公司');
    await page.screenshot({ path: `${artifacts}custom-query.png` });

    await openEntry(page, '合同金额统计');
    await page.getByRole('img', { name: '合同金额统计' }).waitFor();
    await page.locator('.ant-card').getByText('2026-01', { exact: true }).first().waitFor();
    await page.screenshot({ path: `${artifacts}custom-chart.png`, fullPage: true });
  });
});
