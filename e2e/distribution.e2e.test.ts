import { expect, it } from 'vitest';
import { apiToken, artifacts, label, openFromList, setupUsers, startLeaveByApi } from './support/approval';

const { harness, as } = setupUsers();

it('分发: a handler distributes a request to two orgs, a receiver signs for it from the menu, the sender sees who has not and reminds them once', async () => {
  const { server } = await harness();
  const base = server.url;
  const subject = '朱婷的事假（分发）';
  await startLeaveByApi(base, await apiToken(base, 'zhuting'), subject, 1);

  // the handler distributes it from the approval form to 人力资源部 and 财务部
  const hujun = await as('hujun');
  await openFromList(hujun, base, 'myTask', subject);
  await hujun.page
    .getByRole('toolbar')
    .getByRole('button', { name: label('分发') })
    .click();
  const dialog = hujun.page.getByRole('dialog', { name: '分发文件' });
  for (const org of ['人力资源部', '财务部']) {
    await dialog.getByLabel('分发到组织').click();
    await hujun.page.keyboard.type(org);
    const option = hujun.page.locator('.ant-select-item-option:visible').filter({ hasText: org });
    await expect.poll(() => option.count()).toBe(1);
    await option.click();
    await expect.poll(() => dialog.textContent()).toContain(org);
  }
  await dialog.getByLabel('分发说明').fill('请各部门阅知');
  await dialog.getByRole('button', { name: label('分发') }).click();
  await hujun.page
    .locator('.ant-message-success')
    .filter({ hasText: /已分发给 \d+ 人/ })
    .waitFor();

  // a receiver finds it through the menu (审批中心 → 分发文件), reads it and signs for it
  const liuyang = await as('liuyang');
  const menu = liuyang.page.getByRole('navigation', { name: '主菜单' });
  await menu.getByText('审批中心').click();
  await menu.getByText('分发文件').click();
  await liuyang.page.waitForURL(`${base}/eipFront/matter/distributeDocument`);
  const received = liuyang.page.locator('.ant-table-row').filter({ hasText: subject });
  await received.getByText('未签收').waitFor();
  await received.getByRole('link', { name: subject }).click();
  await liuyang.page.getByRole('heading', { level: 1, name: subject }).waitFor();
  await liuyang.page.getByText('请各部门阅知').waitFor();
  await liuyang.page.getByRole('button', { name: label('签收') }).click();
  await liuyang.page.locator('.ant-message-success').filter({ hasText: '签收成功' }).waitFor();
  await expect.poll(() => liuyang.page.getByRole('button', { name: label('签收') }).count()).toBe(0);
  await liuyang.page.goBack();
  await expect.poll(() => received.textContent()).toContain('已签收');
  expect(await received.textContent()).not.toContain('未签收');

  // the sender sees who has signed for it and who has not
  await hujun.page.goto(`${base}/eipFront/matter/distributeDocument`);
  await hujun.page.getByText('我分发的').click();
  const sent = hujun.page.locator('.ant-table-row').filter({ hasText: subject });
  await expect.poll(() => sent.textContent()).toMatch(/已签收 1 \/ [2-9]\d*/);
  await sent.getByRole('link', { name: subject }).click();
  await hujun.page.getByRole('heading', { level: 1, name: subject }).waitFor();
  const row = (name: string) => hujun.page.locator('.ant-table-row').filter({ hasText: name });
  await expect.poll(() => row('刘洋').textContent()).toContain('已签收');
  await expect.poll(() => row('赵磊').textContent()).toContain('未签收');
  await hujun.page.getByText(/^未签收 \d+$/).click();
  await expect.poll(() => row('刘洋').count()).toBe(0);
  await expect.poll(() => row('赵磊').count()).toBe(1);
  expect(await row('赵磊').textContent()).toContain('未签收');
  await hujun.page.screenshot({ path: `${artifacts}distribution-sender.png`, animations: 'disabled' });

  // the sender reminds those who have not signed (提醒签收); again within 10 minutes the server refuses (429)
  const remind = async () => {
    await hujun.page.getByRole('button', { name: label('提醒签收') }).click();
    const confirm = hujun.page.getByRole('dialog').filter({ hasText: /位未签收的接收人/ });
    await confirm.getByRole('button', { name: label('发送提醒') }).click();
    await expect.poll(() => confirm.count()).toBe(0);
  };
  await remind();
  await hujun.page
    .locator('.ant-message-success')
    .filter({ hasText: /已提醒 [1-9]\d* 人签收/ })
    .waitFor();
  await hujun.page.getByText('上次提醒').waitFor();
  await remind();
  await hujun.page
    .locator('.ant-message-error')
    .filter({ hasText: /每 10 分钟最多提醒一次，请 (10|9) 分钟后再试/ })
    .waitFor();
});
