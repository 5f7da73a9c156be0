import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import {
  apiToken,
  artifacts,
  handle,
  label,
  openFromList,
  setupUsers,
  signLeaveTaskByApi,
  startLeaveByApi,
} from './support/approval';

// PDFs are printed with LibreOffice, as the integration tests of the converter do
const { harness, as } = setupUsers({
  env: { OFFICE_CONVERTER: process.env.OFFICE_CONVERTER ?? 'soffice', OFFICE_TIMEOUT_SECONDS: '120' },
});

it('打印: the initiator prints her approved request to PDF and sees the print in 打印记录', async () => {
  const { server } = await harness();
  const base = server.url;
  const subject = '朱婷的事假（打印）';
  await startLeaveByApi(base, await apiToken(base, 'zhuting'), subject, 1);
  await signLeaveTaskByApi(base, 'hujun', subject);
  const hujun = await as('hujun');
  await openFromList(hujun, base, 'myTask', subject);
  await handle(hujun, base, '同意', { opinion: '同意，打印测试' });

  const zhuting = await as('zhuting');
  await openFromList(zhuting, base, 'myRequest', subject);
  const records = zhuting.page.locator('.ant-card').filter({ hasText: '打印记录' });
  await records.getByText('暂无打印记录').waitFor();
  const [download] = await Promise.all([
    zhuting.page.waitForEvent('download', { timeout: 120_000 }),
    zhuting.page
      .getByRole('toolbar')
      .getByRole('button', { name: label('打印') })
      .click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${subject}.pdf`);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await records.getByText('朱婷 打印').waitFor();
  await records.screenshot({ path: `${artifacts}print-records.png`, animations: 'disabled' });
}, 240_000);
