import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { loadApprovalTexts } from '../../../i18n';
import { envelope, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { signInWith } from '../../../test/session';
import { PageContent } from '../../registry';
import { DistributeDialog } from '../approvalForm/components/DistributeDialog';

const page = (rows: unknown[]) => envelope({ rows, total: rows.length, page: 1, pageSize: 50 });
/** Long waits: the pages load lazily and Ant Design renders slowly on a busy machine. */
const slow = { timeout: 15_000 };
const option = (label: string) =>
  document.querySelector<HTMLElement>(`.ant-select-item-option[title="${label}"]`);

const INSTANCE = {
  id: 'i1',
  subject: '朱婷的请假申请',
  procDefKey: 'leave_request',
  procDefName: '请假申请',
  flowType: null,
  status: 'end',
  suspended: false,
  creatorId: 'u-zhuting',
  creator: '朱婷',
  createTime: '2026-11-27T08:00:00.000Z',
  updateTime: '2026-11-27T09:00:00.000Z',
  endTime: '2026-11-27T09:00:00.000Z',
};
const DISH = {
  id: 'd1',
  instId: 'i1',
  subject: INSTANCE.subject,
  procDefName: '请假申请',
  senderName: '胡军',
  opinion: '请各部门阅知',
  createTime: '2026-11-27T10:00:00.000Z',
  signTime: null,
  readTime: '2026-11-27T10:05:00.000Z',
};

describe('分发 (distribution)', () => {
  it('the dialog needs an org or a person, then sends the orgs, the people and the note', async () => {
    signInWith('t1');
    await loadApprovalTexts();
    const sent = stubFetch(({ url }) =>
      url.includes('getOrgPage')
        ? page([
            { id: 'o1', name: '人力资源部', pathName: '' },
            { id: 'o2', name: '财务部', pathName: '' },
          ])
        : url.includes('queryUserWithMainOrgPost')
          ? page([{ id: 'u2', fullname: '何宇', orgName: '后端开发部' }])
          : url.includes('ucGroup/v1/query')
            ? page([])
            : url.includes('taskToDishOut')
              ? envelope({ id: 'd1', receivers: 7 })
              : envelope(null),
    );
    const closed = vi.fn();
    renderRoutes(
      <Route path="*" element={<DistributeDialog instId="i1" taskId="t9" onClose={closed} />} />,
      '/matter/approvalForm?instId=i1&taskId=t9',
    );
    const dialog = await screen.findByRole('dialog', { name: '分发文件' }, slow);
    const sends = () => sent.filter((r) => r.url.includes('moreOp/v1/taskToDishOut'));
    fireEvent.click(within(dialog).getByRole('button', { name: /分\s*发/ }));
    await within(dialog).findByText('请至少选择一个组织或一位人员', {}, slow);
    expect(sends()).toHaveLength(0);

    const [orgs, users] = within(dialog).getAllByRole('combobox');
    fireEvent.mouseDown(orgs!);
    await waitFor(() => expect(option('人力资源部')).not.toBeNull(), slow);
    fireEvent.click(option('人力资源部')!);
    fireEvent.click(option('财务部')!);
    fireEvent.mouseDown(users!);
    fireEvent.click(await screen.findByTitle('何宇（后端开发部）', {}, slow));
    fireEvent.change(within(dialog).getByLabelText('分发说明'), { target: { value: ' 请阅知 ' } });
    // 包含下级组织 is on by default, and the dialog says so
    const subOrgs = within(dialog).getByRole('checkbox', { name: '包含下级组织' });
    expect((subOrgs as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByText(/^默认勾选：所选组织下级组织的成员也会收到/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /分\s*发/ }));
    await waitFor(() => expect(sends()).toHaveLength(1), slow);
    expect(sends()[0]!.body).toEqual({
      instId: 'i1',
      taskId: 't9',
      orgIds: ['o1', 'o2'],
      includeSubOrgs: true,
      userIds: ['u2'],
      opinion: '请阅知',
    });
    await screen.findByText('已分发给 7 人', {}, slow);
    expect(closed).toHaveBeenCalled();
  }, 60_000);

  it('unticking 包含下级组织 sends the direct members only', async () => {
    signInWith('t1');
    await loadApprovalTexts();
    const sent = stubFetch(({ url }) =>
      url.includes('getOrgPage')
        ? page([{ id: 'o1', name: '研发中心', pathName: '' }])
        : url.includes('taskToDishOut')
          ? envelope({ id: 'd1', receivers: 1 })
          : envelope(null),
    );
    renderRoutes(
      <Route path="*" element={<DistributeDialog instId="i1" onClose={vi.fn()} />} />,
      '/matter/approvalForm?instId=i1',
    );
    const dialog = await screen.findByRole('dialog', { name: '分发文件' }, slow);
    fireEvent.mouseDown(within(dialog).getAllByRole('combobox')[0]!);
    await waitFor(() => expect(option('研发中心')).not.toBeNull(), slow);
    fireEvent.click(option('研发中心')!);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '包含下级组织' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /分\s*发/ }));
    await waitFor(() => expect(sent.filter((r) => r.url.includes('taskToDishOut'))).toHaveLength(1), slow);
    expect(sent.find((r) => r.url.includes('taskToDishOut'))!.body).toMatchObject({
      orgIds: ['o1'],
      includeSubOrgs: false,
    });
  }, 60_000);

  it('a receiver reads the document and signs for it', async () => {
    signInWith('t1');
    let signed = false;
    const sent = stubFetch(({ url }) =>
      url.includes('getDishDetailByDishId')
        ? envelope({
            dish: { ...DISH, signTime: signed ? '2026-11-27T10:06:00.000Z' : null },
            instance: INSTANCE,
            form: null,
            permissions: { days: 'r' },
            data: { days: 2 },
            opinions: [],
          })
        : url.includes('updateQsandRead')
          ? ((signed = true),
            envelope({ signTime: '2026-11-27T10:06:00.000Z', readTime: '2026-11-27T10:05:00.000Z' }))
          : envelope(null),
    );
    renderRoutes(
      <Route path="*" element={<PageContent page="distributeDocument" title="分发文件" />} />,
      '/matter/distributeDocument?dishId=d1',
    );
    await screen.findByRole('heading', { name: INSTANCE.subject }, slow);
    expect(screen.getByText('未签收')).toBeTruthy();
    expect(screen.getByText('请各部门阅知')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /签\s*收/ }));
    await screen.findByText('已签收', {}, slow);
    expect(sent.find((r) => r.url.includes('updateQsandRead'))!.body).toEqual({ dishId: 'd1' });
    expect(screen.queryByRole('button', { name: /签\s*收/ })).toBeNull();
  }, 60_000);

  it('the sender sees who has signed for it and who has not', async () => {
    signInWith('t1');
    stubFetch(({ url }) =>
      url.includes('getDishOutDetail')
        ? envelope({
            ...DISH,
            senderId: 'u-hujun',
            targets: [{ type: 'org', id: 'o1', name: '人力资源部', subOrgs: true }],
            total: 2,
            signed: 1,
            remindTime: null,
            receivers: [
              { userId: 'a', name: '刘洋', orgName: '人力资源部', signTime: DISH.createTime, readTime: null },
              { userId: 'b', name: '陈静', orgName: '人力资源部', signTime: null, readTime: null },
            ],
          })
        : envelope(null),
    );
    renderRoutes(
      <Route path="*" element={<PageContent page="distributeDocument" title="分发文件" />} />,
      '/matter/distributeDocument?id=d1',
    );
    await screen.findByText('刘洋', {}, slow);
    expect(screen.getByText('陈静')).toBeTruthy();
    expect(screen.getByText('人力资源部（含下级组织）')).toBeTruthy();
    fireEvent.click(screen.getByText('未签收 1'));
    await waitFor(() => expect(screen.queryByText('刘洋')).toBeNull(), slow);
    expect(screen.getByText('陈静')).toBeTruthy();
  }, 60_000);

  it('the sender reminds those who have not signed, after confirming, and sees how many', async () => {
    signInWith('t1');
    const detail = {
      ...DISH,
      senderId: 'u-hujun',
      targets: [{ type: 'org', id: 'o1', name: '人力资源部' }],
      total: 3,
      signed: 1,
      remindTime: null,
      receivers: [
        { userId: 'a', name: '刘洋', orgName: '人力资源部', signTime: DISH.createTime, readTime: null },
        { userId: 'b', name: '陈静', orgName: '人力资源部', signTime: null, readTime: null },
        { userId: 'c', name: '杨丽', orgName: '人力资源部', signTime: null, readTime: null },
      ],
    };
    const sent = stubFetch(({ url }) =>
      url.includes('getDishOutDetail')
        ? envelope(detail)
        : url.includes('remindDishOut')
          ? envelope({ reminded: 2, remindTime: '2026-11-27T11:00:00.000Z' })
          : envelope(null),
    );
    renderRoutes(
      <Route path="*" element={<PageContent page="distributeDocument" title="分发文件" />} />,
      '/matter/distributeDocument?id=d1',
    );
    const reminds = () => sent.filter((r) => r.url.includes('moreOp/v1/remindDishOut'));
    fireEvent.click(await screen.findByRole('button', { name: '提醒签收' }, slow));
    // a confirmation first: nothing is sent until it is confirmed
    const confirm = await screen.findByRole('dialog', { name: '提醒签收' }, slow);
    expect(within(confirm).getByText(/将向 2 位未签收的接收人发送站内消息/)).toBeTruthy();
    expect(reminds()).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: '发送提醒' }));
    await screen.findByText('已提醒 2 人签收', {}, slow);
    expect(reminds()).toHaveLength(1);
    expect(reminds()[0]!.url).toContain('remindDishOut?dishId=d1');
    expect(reminds()[0]!.method).toBe('POST');
  }, 60_000);

  it('nobody to remind once everyone signed', async () => {
    signInWith('t1');
    stubFetch(({ url }) =>
      url.includes('getDishOutDetail')
        ? envelope({
            ...DISH,
            senderId: 'u-hujun',
            targets: [{ type: 'user', id: 'a', name: '刘洋' }],
            total: 1,
            signed: 1,
            remindTime: '2026-11-27T11:00:00.000Z',
            receivers: [
              { userId: 'a', name: '刘洋', orgName: null, signTime: DISH.createTime, readTime: null },
            ],
          })
        : envelope(null),
    );
    renderRoutes(
      <Route path="*" element={<PageContent page="distributeDocument" title="分发文件" />} />,
      '/matter/distributeDocument?id=d1',
    );
    await screen.findByText('上次提醒', {}, slow);
    expect(screen.queryByRole('button', { name: '提醒签收' })).toBeNull();
  }, 60_000);

  it('an unknown distribution says so', async () => {
    signInWith('t1');
    stubFetch(() => envelope(null, { code: 404, status: 404, message: '分发记录不存在：zz' }));
    renderRoutes(
      <Route path="*" element={<PageContent page="distributeDocument" title="分发文件" />} />,
      '/matter/distributeDocument?dishId=zz',
    );
    await screen.findByText('分发记录不存在或无权查看', {}, slow);
  }, 60_000);
});
