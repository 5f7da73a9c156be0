import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Button, Form } from 'antd';
import { Route } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadApprovalTexts } from '../../i18n';
import { useSettings } from '../../stores/settings';
import { envelope, stubFetch, type SentRequest } from '../../test/fetch';
import { renderRoutes } from '../../test/render';
import { signInWith } from '../../test/session';
import { NextHandlers } from './NextHandlers';

const slow = { timeout: 15_000 };
const TOTAL = 60;
const everyone = Array.from({ length: TOTAL }, (_, i) => ({ id: `u${i + 1}`, fullname: `候选${i + 1}号` }));
const option = (label: string) =>
  document.querySelector<HTMLElement>(`.ant-select-item-option[title="${label}"]`);

type PageBody = { pageBean: { page: number; pageSize: number }; querys: { value: string }[] };

/**
 * The server's side: one node ahead lets the handler pick; its 60 candidates come a page at a time, those
 * whose name holds the searched text only.
 */
function answer({ url, body }: SentRequest) {
  if (url.includes('getAfterJumpNodes'))
    return envelope([
      { nodeId: 'Pick', name: '经办', nodeType: 'USERTASK', selectUsers: true, candidates: [] },
      { nodeId: 'Auto', name: '归档', nodeType: 'USERTASK', selectUsers: false, candidates: [] },
    ]);
  const { pageBean, querys } = body as PageBody;
  const found = everyone.filter((c) => !querys.length || c.fullname.includes(querys[0]!.value));
  const from = (pageBean.page - 1) * pageBean.pageSize;
  return envelope({
    rows: found.slice(from, from + pageBean.pageSize),
    total: found.length,
    page: pageBean.page,
    pageSize: pageBean.pageSize,
  });
}

function renderPicker(required = true) {
  signInWith('token');
  const sent = stubFetch(answer);
  const finished = vi.fn();
  function Picking() {
    const [form] = Form.useForm();
    return (
      <Form form={form} onFinish={finished}>
        <NextHandlers source={{ taskId: 't1', leaderId: 'boss' }} data={{ days: 2 }} required={required} />
        <Button htmlType="submit">提交</Button>
      </Form>
    );
  }
  renderRoutes(<Route path="*" element={<Picking />} />, '/index');
  const pages = () =>
    sent
      .filter((r) => r.url.includes('task/v1/getNodeCandidatePage'))
      .map((r) => r.body as PageBody & Record<string, unknown>);
  return { finished, pages };
}

describe('the next-handler picker: the node’s candidates 50 at a time (spec §9)', () => {
  beforeAll(() => loadApprovalTexts());
  afterEach(() => useSettings.setState({ device: 'desktop' }));

  it('loads the first 50 when opened, the next page on demand, searches by name, and picks', async () => {
    const { finished, pages } = renderPicker();
    const picker = await screen.findByRole('combobox', {}, slow);
    expect(screen.queryByText('归档')).toBeNull();
    expect(pages()).toHaveLength(0);
    fireEvent.mouseDown(picker);
    await screen.findByRole('button', { name: '加载更多（已显示 50 / 共 60 人）' }, slow);
    expect(pages()[0]).toMatchObject({
      taskId: 't1',
      leaderId: 'boss',
      data: { days: 2 },
      nodeId: 'Pick',
      pageBean: { page: 1, pageSize: 50 },
      querys: [],
    });
    fireEvent.click(screen.getByRole('button', { name: '加载更多（已显示 50 / 共 60 人）' }));
    await screen.findByText('没有更多了', {}, slow);
    expect(pages()[1]).toMatchObject({ nodeId: 'Pick', pageBean: { page: 2, pageSize: 50 } });

    fireEvent.change(picker, { target: { value: '候选5' } });
    await waitFor(() => expect(option('候选50号')).not.toBeNull(), slow);
    expect(pages().at(-1)!.querys).toEqual([
      { property: 'fullname', value: '候选5', operation: 'LIKE', relation: 'OR', group: 'text' },
      { property: 'account', value: '候选5', operation: 'LIKE', relation: 'OR', group: 'text' },
    ]);
    expect(option('候选1号')).toBeNull();
    fireEvent.click(option('候选50号')!);
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(finished).toHaveBeenCalled(), slow);
    expect(finished.mock.calls[0]![0]).toEqual({ nodeUsers: { Pick: ['u50'] } });
  }, 60_000);

  it('on a phone shows 3 candidates and a tap for all: the 候选人 popup, a tab per node, paged', async () => {
    useSettings.setState({ device: 'mobile' });
    const { finished, pages } = renderPicker();
    await screen.findByText('候选3号', {}, slow);
    expect(screen.getByText('候选1号')).toBeTruthy();
    expect(screen.queryByText('候选4号')).toBeNull();
    fireEvent.click(screen.getByText('候选2号'));

    fireEvent.click(screen.getByRole('button', { name: '查看全部（60）' }));
    const popup = await screen.findByRole('dialog', { name: '候选人' }, slow);
    expect(within(popup).getByRole('tab', { name: '经办' })).toBeTruthy();
    await within(popup).findByRole('checkbox', { name: '候选50号' }, slow);
    expect(within(popup).getAllByRole('checkbox')).toHaveLength(50);
    expect(within(popup).getByRole('checkbox', { name: '候选2号' })).toHaveProperty('checked', true);
    fireEvent.click(within(popup).getByRole('button', { name: '加载更多（已显示 50 / 共 60 人）' }));
    fireEvent.click(await within(popup).findByRole('checkbox', { name: '候选60号' }, slow));
    expect(within(popup).getAllByRole('checkbox')).toHaveLength(60);
    expect(within(popup).getByText('没有更多了')).toBeTruthy();
    expect(pages().map((p) => p.pageBean.page)).toContain(2);

    // the pick beyond the first 3 shows beside them
    fireEvent.click(within(popup).getByRole('button', { name: /close|关闭/i }));
    const beside = screen.getAllByText('候选60号').filter((shown) => !popup.contains(shown));
    expect(beside).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(finished).toHaveBeenCalled(), slow);
    expect(finished.mock.calls[0]![0]).toEqual({ nodeUsers: { Pick: ['u2', 'u60'] } });
  }, 60_000);

  it('in the agree dialog a pick is optional: nothing picked goes to every candidate', async () => {
    const { finished } = renderPicker(false);
    await screen.findByText('不选择时，由全部候选人处理', {}, slow);
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(finished).toHaveBeenCalled(), slow);
    expect(screen.queryByText('请选择人员')).toBeNull();
  }, 60_000);
});
