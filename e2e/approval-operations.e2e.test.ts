import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { api } from './support/api';
import { dropdownPickUntil } from './support/app';
import {
  apiToken,
  artifacts,
  setupUsers,
  handle,
  label,
  listSubjects,
  openFromList,
  pickUser,
  signLeaderField,
  signLeaveTaskByApi,
  startLeaveByApi,
} from './support/approval';

describe('approval operations in Chromium (issue 5): delegate, agent, secretary, circulate, batch, drafts, contacts', () => {
  const { harness, as, user } = setupUsers();

  it('delegate (转办): the leader hands the task over; it shows in 我的委托 and the new handler agrees', async () => {
    const { server } = await harness();
    const base = server.url;
    const subject = '朱婷的事假（转办）';
    await startLeaveByApi(base, await apiToken(base, 'zhuting'), subject, 1);

    const hujun = await as('hujun');
    await openFromList(hujun, base, 'myTask', subject);
    await hujun.page
      .getByRole('toolbar')
      .getByRole('button', { name: label('转办') })
      .click();
    const dialog = hujun.page.getByRole('dialog', { name: '转办' });
    await pickUser(hujun.page, dialog, '转办给', '李娜');
    await dialog.getByLabel('审批意见').fill('我出差，请李娜代为审批');
    await dialog.getByRole('button', { name: label('确定') }).click();
    await hujun.page.waitForURL(`${base}/eipFront/matter/myTask`);

    await hujun.page.goto(`${base}/eipFront/matter/delegated`);
    const row = hujun.page.locator('.ant-table-row').filter({ hasText: subject });
    await row.getByText('李娜').waitFor();

    await signLeaveTaskByApi(base, 'lina', subject);
    const lina = await as('lina');
    await openFromList(lina, base, 'myTask', subject);
    await lina.page.locator('#eip-approval-history').getByText('我出差，请李娜代为审批').waitFor();
    await handle(lina, base, '同意', { opinion: '已代为审批' });
    expect(await listSubjects(lina, base, 'doneList')).toContain(subject);
  });

  it('an opinion carries an attachment: uploaded in the dialog, listed in the history, downloaded by the initiator', async () => {
    const { server } = await harness();
    const base = server.url;
    const subject = '朱婷的病假（附件）';
    await startLeaveByApi(base, await apiToken(base, 'zhuting'), subject, 1);
    await signLeaveTaskByApi(base, 'hujun', subject);

    const hujun = await as('hujun');
    await openFromList(hujun, base, 'myTask', subject);
    await hujun.page
      .getByRole('toolbar')
      .getByRole('button', { name: label('同意') })
      .click();
    const dialog = hujun.page.getByRole('dialog', { name: '同意' });
    await dialog.getByLabel('审批意见').fill('见附件');
    await dialog.locator('input[type=file]').setInputFiles({
      name: '病假证明.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('医院证明：休息一天'),
    });
    await dialog.locator('.ant-upload-list-item-done').filter({ hasText: '病假证明.txt' }).waitFor();
    await dialog.getByRole('button', { name: label('确定') }).click();
    await hujun.page.waitForURL(`${base}/eipFront/matter/myTask`);

    const zhuting = await as('zhuting');
    await openFromList(zhuting, base, 'myRequest', subject);
    const attachment = zhuting.page
      .locator('#eip-approval-history')
      .getByRole('button', { name: '下载 病假证明.txt' });
    const [download] = await Promise.all([zhuting.page.waitForEvent('download'), attachment.click()]);
    expect(download.suggestedFilename()).toBe('病假证明.txt');
    expect(await readFile(await download.path(), 'utf8')).toBe('医院证明：休息一天');
  });

  it('an agent set up on 代理设置 receives the leader’s task and handles it; the agent is edited and deleted', async () => {
    const { server } = await harness();
    const base = server.url;
    const hujun = await user('hujun');
    await hujun.page.goto(`${base}/eipFront/personal/agent`);
    await hujun.page.getByRole('button', { name: '新增代理' }).click();
    const dialog = hujun.page.getByRole('dialog', { name: '新增代理' });
    await pickUser(hujun.page, dialog, '代理人', '林雪');
    await dialog.getByText('指定流程').click();
    await dropdownPickUntil(
      dialog.getByLabel('流程', { exact: true }),
      hujun.page.locator('.ant-select-item-option:visible').filter({ hasText: '请假申请' }),
      () => dialog.locator('.ant-select-selection-item').filter({ hasText: '请假申请' }).isVisible(),
    );
    await dialog.locator('.ant-modal-title').click();
    await dialog.getByRole('button', { name: label('保存') }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = hujun.page.locator('.ant-table-row:visible').filter({ hasText: '林雪' });
    await row.getByText('请假申请').waitFor();
    await row.getByText('已启用').waitFor();

    // the leader's next task reaches the agent, who handles it for him
    const subject = '朱婷的年假（代理审批）';
    await startLeaveByApi(base, await apiToken(base, 'zhuting'), subject, 1);
    // the agent signs 领导签字 with her own signature (a leader herself, she has one)
    await signLeaveTaskByApi(base, 'linxue', subject);
    const linxue = await user('linxue');
    await openFromList(linxue, base, 'myTask', subject);
    await linxue.page.getByText('代理胡军审批').waitFor();
    await handle(linxue, base, '同意', { opinion: '代胡军同意' });
    const zhuting = await user('zhuting');
    await openFromList(zhuting, base, 'myRequest', subject);
    await zhuting.page.locator('#eip-approval-history').getByText('林雪（代胡军）').waitFor();

    // the period and flows come back as saved, and deleting asks first
    await row.getByRole('button', { name: '编辑 林雪' }).click();
    const edit = hujun.page.getByRole('dialog', { name: '编辑代理' });
    await edit.getByText('请假申请').waitFor();
    await edit.getByRole('button', { name: label('取消') }).click();
    await row.getByRole('button', { name: '删除 林雪' }).click();
    await hujun.page
      .getByRole('dialog')
      .filter({ hasText: '确定删除「林雪」吗' })
      .getByRole('button', { name: label('确定') })
      .click();
    // the list reloads after the delete: on a busy machine that takes longer than expect.poll's 5 s default
    await expect
      .poll(() => hujun.page.locator('.ant-table-row:visible').filter({ hasText: '林雪' }).count(), {
        timeout: 30_000,
      })
      .toBe(0);
  });

  it('a secretary handles a task for her leader from 领导待办, with only agree, reject and lock', async () => {
    const { server } = await harness();
    const base = server.url;
    const subject = '李娜的年假（秘书代批）';
    await startLeaveByApi(base, await apiToken(base, 'lina'), subject, 2);

    const wangfang = await user('wangfang');
    await wangfang.page.goto(`${base}/eipFront/matter/leaderTask`);
    const row = wangfang.page.locator('.ant-table-row:visible').filter({ hasText: subject });
    await row.getByText('张伟').waitFor();
    await row.getByRole('link', { name: subject }).click();
    await wangfang.page.waitForURL(/leaderId=/);
    await wangfang.page.getByText('代张伟审批（秘书）').waitFor();
    const toolbar = wangfang.page.getByRole('toolbar');
    await toolbar.getByRole('button', { name: label('同意') }).waitFor();
    expect(await toolbar.getByRole('button', { name: label('转办') }).count()).toBe(0);
    // 领导签字 is required: she signs it with her own signature (she has no 保存 to keep a draft)
    await signLeaderField(wangfang.page);
    await handle(wangfang, base, '同意', { opinion: '张总已口头同意' });

    const zhangwei = await user('zhangwei');
    expect(await listSubjects(zhangwei, base, 'myTask')).not.toContain(subject);
    const lina = await user('lina');
    await openFromList(lina, base, 'myRequest', subject);
    const history = lina.page.locator('#eip-approval-history');
    await history.getByText('张总已口头同意').waitFor();
    await history.getByText('王芳（代张伟）').waitFor();
  });

  it('circulate (传阅): the receiver finds it under 待阅, reading it moves it to 已阅', async () => {
    const { server } = await harness();
    const base = server.url;
    const subject = '朱婷的病假（传阅）';
    await startLeaveByApi(base, await apiToken(base, 'zhuting'), subject, 1);
    const zhuting = await user('zhuting');
    await openFromList(zhuting, base, 'myRequest', subject);
    await zhuting.page
      .getByRole('toolbar')
      .getByRole('button', { name: label('传阅') })
      .click();
    const dialog = zhuting.page.getByRole('dialog', { name: '传阅' });
    await pickUser(zhuting.page, dialog, '人员', '高峰');
    await dialog.getByLabel('审批意见').fill('请知悉');
    await dialog.getByRole('button', { name: label('确定') }).click();
    await dialog.waitFor({ state: 'hidden' });

    const gaofeng = await as('gaofeng');
    expect(await listSubjects(gaofeng, base, 'circulated')).toContain(subject);
    await gaofeng.page.getByRole('link', { name: subject }).click();
    await gaofeng.page.getByRole('heading', { level: 1, name: subject }).waitFor();
    await gaofeng.page.goto(`${base}/eipFront/matter/circulated`);
    await gaofeng.page.locator('[data-list][aria-busy="false"]').waitFor();
    expect(await gaofeng.page.getByRole('link', { name: subject }).count()).toBe(0);
    await gaofeng.page.getByText('已阅', { exact: true }).click();
    await gaofeng.page.getByRole('link', { name: subject }).waitFor();
  });

  it('batch approval of 10 tasks: the unbatchable one is left out with its reason', async () => {
    const { server } = await harness();
    const base = server.url;
    const token = await apiToken(base, 'zhuting');
    // expense claims over 5000 yuan: a leave request's leader must sign 领导签字 first, which no batch does
    const claim = async (subject: string) => {
      const started = await api<{ instId: string }>(base, 'POST', '/bpm-runtime/instance/v1/start', {
        token,
        body: { flowKey: 'expense_claim', subject, data: { amount: 6000, reason: subject } },
      });
      expect(started.envelope.state, started.envelope.message).toBe(true);
      return started.envelope.value.instId;
    };
    const subjects = Array.from({ length: 10 }, (_, i) => `批量报销申请 ${String(i + 1).padStart(2, '0')}`);
    for (const subject of subjects) await claim(subject);
    const held = '批量报销申请 11（挂起）';
    const heldId = await claim(held);
    const zhuting = await user('zhuting');
    await openFromList(zhuting, base, 'myRequest', held);
    await zhuting.page
      .getByRole('toolbar')
      .getByRole('button', { name: label('挂起') })
      .click();
    await zhuting.page
      .getByRole('dialog')
      .getByRole('button', { name: label('确定') })
      .click();
    await zhuting.page.getByText('已挂起').waitFor();
    expect(heldId).toBeTruthy();

    const hujun = await user('hujun');
    await hujun.page.goto(`${base}/eipFront/matter/myTask`);
    await hujun.page.getByRole('textbox', { name: /^标题/ }).fill('批量报销申请');
    await hujun.page.getByRole('button', { name: label('查询') }).click();
    const pageSize = hujun.page.locator('.ant-pagination-options .ant-select');
    await dropdownPickUntil(
      pageSize,
      hujun.page.locator('.ant-select-item-option:visible').filter({ hasText: '20' }),
      () => pageSize.locator('.ant-select-content-has-value').filter({ hasText: '20' }).isVisible(),
    );
    await expect.poll(() => hujun.page.locator('.ant-table-row').count()).toBe(11);
    await hujun.page.getByRole('checkbox', { name: /全选|Select all/ }).check();
    await hujun.page.getByRole('button', { name: '批量审批（11）' }).click();
    const dialog = hujun.page.getByRole('dialog', { name: '批量审批' });
    await dialog.getByText('可批量同意 10 项').waitFor();
    await dialog.getByText(held).waitFor();
    await hujun.page.screenshot({ path: `${artifacts}approval-batch.png`, animations: 'disabled' });
    await dialog.getByRole('textbox').fill('同意报销');
    await dialog.getByRole('button', { name: '同意 10 项' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => hujun.page.locator('.ant-table-row a').allTextContents()).toEqual([held]);
    const done = await listSubjects(hujun, base, 'doneList');
    for (const subject of subjects.slice(0, 5)) expect(done.join()).toContain(subject.slice(-2));
  });

  it('a start draft is saved, listed in 我的草稿, reopens where it was left, and is deleted after a confirmation', async () => {
    const { server } = await harness();
    const base = server.url;
    const subject = '朱婷的年假申请（草稿）';
    const { page } = await user('zhuting');
    await page.goto(`${base}/eipFront/matter/startProcess`);
    await page.getByRole('button', { name: '发起 请假申请' }).click();
    await page.waitForURL(/defId=/);
    await page.getByRole('textbox', { name: /^标题/ }).fill(subject);
    await page.getByRole('button', { name: label('保存草稿') }).click();
    await page.getByText('正在编辑草稿').waitFor();

    await page.goto(`${base}/eipFront/matter/myDraft`);
    await page.getByRole('link', { name: subject }).click();
    await page.waitForURL(/draftId=/);
    await expect.poll(() => page.getByRole('textbox', { name: /^标题/ }).inputValue()).toBe(subject);

    await page.goto(`${base}/eipFront/matter/myDraft`);
    await page.getByRole('button', { name: `删除 ${subject}` }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: '删除后不可恢复' })
      .getByRole('button', { name: label('确定') })
      .click();
    await expect.poll(() => page.getByRole('link', { name: subject }).count()).toBe(0);
  });

  it('favourite contacts: groups and members, reordering, removing after a confirmation', async () => {
    const { server } = await harness();
    const base = server.url;
    const zhuting = await user('zhuting');
    const page = zhuting.page;
    await page.goto(`${base}/eipFront/personal/contacts`);
    await page.getByRole('button', { name: '项目组（3）' }).click();
    const names = () => page.locator('.ant-table-row td:first-child').allTextContents();
    await expect.poll(names).toHaveLength(3);
    const [first, second, third] = await names();
    await page.getByRole('button', { name: `下移 ${first}` }).click();
    await expect.poll(names).toEqual([second, first, third]);
    await page.reload();
    await page.getByRole('button', { name: '项目组（3）' }).click();
    await expect.poll(names).toEqual([second, first, third]);

    await page.getByRole('button', { name: '新建分组' }).click();
    const dialog = page.getByRole('dialog', { name: '新建分组' });
    await dialog.getByLabel('分组名称').fill('评审小组');
    await dialog.getByRole('button', { name: label('保存') }).click();
    await page.getByRole('button', { name: '评审小组（0）' }).waitFor();
    const picker = page.locator('.ant-card').filter({ hasText: '「评审小组」的联系人' });
    await picker.locator('.ant-select').click();
    await page.keyboard.type('李娜');
    await page.locator('.ant-select-item-option:visible').filter({ hasText: '李娜' }).click();
    await page.getByRole('heading', { level: 1 }).click();
    await picker.getByRole('button', { name: /添\s*加/ }).click();
    await page.getByRole('button', { name: '评审小组（1）' }).waitFor();

    await page.getByRole('button', { name: '删除分组 评审小组' }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: '评审小组' })
      .getByRole('button', { name: label('确定') })
      .click();
    await expect.poll(() => page.getByRole('button', { name: /评审小组/ }).count()).toBe(0);
  });

  it('inner messages: the bell opens 内部消息; a task arrival opens its form and is read; deleting asks first', async () => {
    const { server } = await harness();
    const base = server.url;
    const subject = '朱婷的婚假（消息）';
    await startLeaveByApi(base, await apiToken(base, 'zhuting'), subject, 1);

    const { page } = await user('hujun');
    await page.goto(`${base}/eipFront/index`);
    await page.getByRole('link', { name: /消息，\d+ 条未读/ }).click();
    await page.getByRole('heading', { level: 1, name: '内部消息' }).waitFor();
    const row = () => page.locator('.ant-table-row').filter({ hasText: subject });
    await row().getByText('待办').waitFor();
    await row().getByText(subject).click();
    // the message's detail, then the task it is about
    await page.getByRole('dialog').getByRole('button', { name: '打开相关事项' }).click();
    await page.waitForURL(/\/eipFront\/matter\/approvalForm\?/);
    await page.getByRole('heading', { name: subject }).waitFor();

    await page.goto(`${base}/eipFront/personal/message`);
    // the unread box, loaded: the message just read is not in it
    await page.locator('[aria-busy="false"]').getByRole('heading', { name: '内部消息' }).waitFor();
    expect(await row().count()).toBe(0);
    await page.getByText('全部', { exact: true }).click();
    await row().getByText('已读').waitFor();
    await row().getByRole('checkbox').check();
    await page.getByRole('button', { name: /删除/ }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定删除选中的 1 条消息吗' });
    await confirm.getByRole('button', { name: label('确定') }).click();
    await page.getByText('已删除 1 条消息').waitFor();
    await expect.poll(() => row().count()).toBe(0);
  });
});
