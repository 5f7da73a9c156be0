import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { envelope, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { signInWith } from '../../../test/session';
import { PageContent } from '../../registry';
import { moved } from '.';

/** Long waits: the pages load lazily and Ant Design renders slowly on a busy machine. */
const slow = { timeout: 15_000 };

const TODO = {
  id: 't1',
  name: '部门审批',
  subject: '朱婷的请假申请',
  taskId: 't1',
  nodeId: 'n1',
  procInstId: 'i1',
  procDefKey: 'leave_request',
  procDefName: '请假申请',
  ownerId: null,
  assigneeId: 'u-zhuting',
  assigneeName: '朱婷',
  status: 'NORMAL',
  priority: 50,
  dueTime: null,
  createTime: '2026-11-27T08:00:00.000Z',
  creator: '胡军',
  isRead: false,
  instStatus: 'running',
  urgentStateValue: null,
  dueStatus: null,
};

/** A wide screen: Ant Design shows the columns it keeps for wider screens (jsdom matches no media query). */
function wideScreen() {
  const narrow = window.matchMedia;
  vi.stubGlobal('matchMedia', (query: string) => ({
    ...narrow(query),
    matches: query.includes('min-width'),
  }));
}

const headers = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent ?? '');

describe('the columns of the approval lists (taskListFiledConf, issue 17)', () => {
  it('shows on the todo list the columns the tenant chose, in its order', async () => {
    signInWith('t1');
    wideScreen();
    stubFetch(({ url }) => {
      if (url.includes('getDecryptByAlias')) return envelope('["creator","name","subject"]');
      if (url.includes('getTodoList')) return envelope({ rows: [TODO], total: 1, page: 1, pageSize: 10 });
      return envelope(null);
    });
    renderRoutes(
      <Route path="*" element={<PageContent page="myTask" title="待办事项" />} />,
      '/matter/myTask',
    );
    await screen.findByText('胡军', {}, slow);
    await waitFor(() => expect(headers().filter(Boolean)).toEqual(['标题', '发起人', '当前节点']));
    expect(screen.queryByText('请假申请')).toBeNull();
  });

  it('shows every column when the stored value cannot be read', async () => {
    signInWith('t1');
    wideScreen();
    stubFetch(({ url }) => {
      if (url.includes('getDecryptByAlias')) return envelope('not json');
      if (url.includes('getTodoList')) return envelope({ rows: [TODO], total: 1, page: 1, pageSize: 10 });
      return envelope(null);
    });
    renderRoutes(
      <Route path="*" element={<PageContent page="myTask" title="待办事项" />} />,
      '/matter/myTask',
    );
    await screen.findByText('胡军', {}, slow);
    expect(headers().filter(Boolean)).toEqual(['标题', '当前节点', '流程名称', '发起人', '状态', '到达时间']);
  });

  it('lets the administrator show a column, move it and save the order', async () => {
    signInWith('t1');
    const sent = stubFetch(({ url }) => {
      if (url.includes('getDecryptByAlias')) return envelope('["subject","creator","name"]');
      if (url.includes('sysProperties/v1/save')) {
        return envelope({ alias: 'taskListFiledConf', encrypted: false, updateTime: '2026-11-28T08:00:00Z' });
      }
      return envelope(null);
    });
    renderRoutes(
      <Route path="*" element={<PageContent page="taskListColumns" title="审批列表列设置" />} />,
      '/personal/taskListColumns',
    );
    const list = await screen.findByRole('list', { name: '审批列表列设置' }, slow);
    await waitFor(() =>
      expect(within(list).getByRole('checkbox', { name: /发起人/ })).toHaveProperty('checked', true),
    );
    expect(within(list).getByRole('checkbox', { name: /标题/ })).toHaveProperty('disabled', true);
    expect(within(list).getByRole('checkbox', { name: /流程名称/ })).toHaveProperty('checked', false);
    fireEvent.click(within(list).getByRole('checkbox', { name: /结束时间/ }));
    // 结束时间 is the last of eight rows: six moves bring it right below the subject, which stays first
    for (let i = 0; i < 7; i++) fireEvent.click(screen.getByRole('button', { name: '上移 结束时间' }));
    expect(screen.getByRole('button', { name: '上移 结束时间' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(sent.find((r) => r.url.includes('sysProperties/v1/save'))?.body).toEqual({
        alias: 'taskListFiledConf',
        value: '["subject","endTime","creator","name"]',
      }),
    );
    expect(await screen.findByText('列设置已保存')).toBeTruthy();
  });
});

describe('moved', () => {
  it('swaps a row with its neighbour and keeps the first row first', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
