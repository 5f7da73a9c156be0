import type { Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { dropdownPickUntil, seriousViolations } from './support/app';
import { artifacts, setupUsers } from './support/approval';

/** Opens 数据模板 → 合同台账 from the menu. */
async function openContracts(page: Page) {
  const menu = page.getByRole('navigation', { name: '主菜单' });
  await menu.getByText('数据模板').click();
  await menu.getByText('合同台账').click();
  await page.getByRole('heading', { level: 1, name: '合同台账' }).waitFor();
}

const totalText = (page: Page) => page.locator('.ant-pagination-total-text').textContent();

// one server and one browser for the file
const { harness, as } = setupUsers();

describe('data templates in Chromium (issue 12)', () => {
  it('合同台账: list → filter → edit a contract with its payments → the history shows the change', async () => {
    await harness();
    const { page } = await as('zhuting');
    await openContracts(page);
    await expect.poll(() => totalText(page)).toBe('共 5000 条');
    expect(await seriousViolations(page)).toEqual([]);

    // filter: status 已签订 and a name containing 软件
    const status = page.getByRole('combobox', { name: /状态/ });
    const signed = page.locator('.ant-select-item-option').filter({ hasText: '已签订' });
    const chosen = page.locator('.ant-form-item').filter({ hasText: '状态' }).filter({ hasText: '已签订' });
    await dropdownPickUntil(status, signed, () => chosen.first().isVisible());
    await page.getByRole('textbox', { name: /合同名称/ }).fill('软件');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => totalText(page)).not.toBe('共 5000 条');
    const rows = page.locator('.ant-table-tbody .ant-table-row');
    for (const text of await rows.allTextContents()) {
      expect(text).toContain('已签订');
      expect(text).toContain('软件');
    }
    await page.screenshot({ path: `${artifacts}template-list.png` });

    // edit the first: the amount and the second payment's amount
    await rows
      .first()
      .getByRole('button', { name: /编\s*辑/ })
      .click();
    await page.getByRole('heading', { level: 1, name: /合同台账 · 编辑/ }).waitFor();
    const second = page.getByLabel('付款计划 序号2 金额');
    await second.fill('12345.67');
    // 付款合计 follows the payments as they are typed, and its uppercase with it (the seeded others are whole)
    const payment = async (row: number) =>
      Number(await page.getByLabel(`付款计划 序号${row} 金额`).inputValue());
    const total = page.getByLabel('付款合计', { exact: true });
    await expect
      .poll(async () => Number(await total.inputValue()))
      .toBeCloseTo((await payment(1)) + 12345.67 + (await payment(3)), 2);
    await expect.poll(() => page.getByLabel('付款合计（大写）').inputValue()).toMatch(/陆角柒分$/);
    expect(await total.isEditable()).toBe(false);
    // a required cell left empty is refused, naming the row
    await page.getByLabel('付款计划 序号1 付款日期').fill('');
    await page
      .getByRole('button', { name: /保\s*存/ })
      .first()
      .click();
    await page.getByText('付款计划第1行：付款日期不能为空').waitFor();
    await page.getByLabel('付款计划 序号1 付款日期').fill('2026-12-31');
    await page
      .getByRole('button', { name: /保\s*存/ })
      .first()
      .click();
    await page.getByText('保存成功').waitFor();
    const history = page.locator('[data-history]');
    await history.getByText('付款计划[2].金额').waitFor();
    await history.getByText('付款合计', { exact: true }).waitFor();
    await history.getByText('12345.67', { exact: true }).waitFor();
    await history.getByText(/朱婷 于/).waitFor();
    await page.screenshot({ path: `${artifacts}template-form.png`, fullPage: true });
  });

  it('合同台账: import a file with an error row, read the report, import the good rows; export and read the file back', async () => {
    await harness();
    const { page } = await as('zhuting');
    await openContracts(page);
    await expect.poll(() => totalText(page)).toMatch(/^共 \d+ 条$/);
    const before = Number((await totalText(page))!.replace(/\D/g, ''));

    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('合同台账');
    sheet.addRow(['*合同编号', '*合同名称', '*合同类型', '*甲方', '*乙方', '*合同金额', '*状态']);
    sheet.addRow(['E2E-1', '浏览器导入合同', '采购合同', '演示集团总部', '导入供应商', 8800, '草拟']);
    sheet.addRow(['E2E-2', '错误合同', '采购合同', '演示集团总部', '导入供应商', '八千', '草拟']);
    const file = Buffer.from(await book.xlsx.writeBuffer());

    await page.getByRole('button', { name: /导\s*入/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type=file]').setInputFiles({
      name: '合同导入.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await dialog.getByText('共 2 行，可导入 1 行，发现 1 处错误').waitFor();
    const report = dialog.getByRole('table').last();
    await report.getByRole('cell', { name: '合同金额' }).waitFor();
    await report.getByRole('cell', { name: '类型不正确' }).waitFor();
    expect(await report.getByRole('cell', { name: '3', exact: true }).count()).toBe(1);
    await dialog.getByRole('button', { name: '确认导入' }).click();
    await page.getByText('已导入 1 行').waitFor();
    await expect.poll(() => totalText(page)).toBe(`共 ${before + 1} 条`);

    // export what the filter shows and read the file back: as many rows as the list's total
    await page.getByRole('textbox', { name: /合同名称/ }).fill('浏览器导入');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => totalText(page)).toBe('共 1 条');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出全部' }).click();
    const exported = new ExcelJS.Workbook();
    await exported.xlsx.readFile((await (await downloading).path())!);
    const main = exported.worksheets[0]!;
    expect(main.actualRowCount - 1).toBe(1);
    expect(main.getRow(2).getCell(2).text).toBe('浏览器导入合同');
  });
});

describe('资产台账 in Chromium (issue 12)', () => {
  it('edits an asset: the keeper is picked from the directory in the 选择人员 dialog', async () => {
    await harness();
    const { page } = await as('zhuting');
    const menu = page.getByRole('navigation', { name: '主菜单' });
    await menu.getByText('数据模板').click();
    await menu.getByText('资产台账').click();
    await page.getByRole('heading', { level: 1, name: '资产台账' }).waitFor();
    await expect.poll(() => totalText(page)).toBe('共 300 条');

    const first = page.locator('.ant-table-tbody .ant-table-row').first();
    await first.getByRole('button', { name: /编\s*辑/ }).click();
    await page.getByRole('heading', { level: 1, name: /资产台账 · 编辑/ }).waitFor();
    const keeperText = page.getByRole('textbox', { name: /保管人/ });
    const keeper = page.locator('.ant-space-compact').filter({ has: keeperText });
    await keeper.getByRole('button', { name: /选\s*择/ }).click();
    const dialog = page.getByRole('dialog', { name: '选择人员' });
    const search = dialog.getByLabel('输入关键字搜索');
    await search.fill('郭明');
    await search.press('Enter');
    await dialog.locator('.ant-table-row').filter({ hasText: 'guoming' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => keeperText.inputValue()).toBe('郭明');
    expect(await seriousViolations(page)).toEqual([]);
    await page
      .getByRole('button', { name: /保\s*存/ })
      .first()
      .click();
    await page.getByText('保存成功').waitFor();
    const history = page.locator('[data-history]');
    await history.getByText('保管人').first().waitFor();
    await history.getByText('郭明').first().waitFor();
    await page.screenshot({ path: `${artifacts}template-asset.png`, fullPage: true });
  });
});
