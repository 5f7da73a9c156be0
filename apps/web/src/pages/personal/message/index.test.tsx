import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { envelope, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { signInWith } from '../../../test/session';
import { PageContent } from '../../registry';

const MESSAGE = {
  id: 'm1',
  subject: '请审批：请假申请',
  content: '郭明的请假申请等待您审批',
  link: '/matter/approvalForm?taskId=t1',
  type: 'task',
  isRead: false,
  createTime: '2026-11-27T08:00:00.000Z',
};

/** An option of an open select's list, by its label. */
const option = (label: string) =>
  document.querySelector<HTMLElement>(`.ant-select-item-option[title="${label}"]`);

describe('内部消息 (/personal/message)', () => {
  it('filters unread / read / all, shows a message with the link to its task', async () => {
    signInWith('t1');
    const sent = stubFetch(({ url }) =>
      url.includes('messageReceiver/v1/list')
        ? envelope({ rows: [MESSAGE], total: 1, page: 1, pageSize: 10 })
        : url.includes('getMsgbadge')
          ? envelope(1)
          : url.includes('messageReceiver/v1/get')
            ? envelope({ ...MESSAGE, isRead: true, sender: null, files: [], replyToId: null })
            : url.includes('messageReceiver/v1/remove')
              ? envelope(1)
              : envelope(null),
    );
    renderRoutes(
      <Route path="*" element={<PageContent page="message" title="内部消息" />} />,
      '/personal/message',
    );
    const lists = () => sent.filter((r) => r.url.includes('messageReceiver/v1/list'));
    await screen.findByText(MESSAGE.subject, {}, { timeout: 5000 });
    expect(lists().at(-1)!.body).toMatchObject({ querys: [{ property: 'isRead', value: false }] });

    fireEvent.click(screen.getByText('已读'));
    await waitFor(() =>
      expect(lists().at(-1)!.body).toMatchObject({ querys: [{ property: 'isRead', value: true }] }),
    );
    fireEvent.click(screen.getByText('全部'));
    await waitFor(() => expect((lists().at(-1)!.body as { querys: unknown[] }).querys).toEqual([]));

    fireEvent.click(await screen.findByText(MESSAGE.subject));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(MESSAGE.content);
    expect(sent.some((r) => r.url.includes('messageReceiver/v1/get?id=m1'))).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: '打开相关事项' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe(MESSAGE.link));
  });

  it('writes a message: receivers and a subject are required, then sends users, orgs and groups', async () => {
    signInWith('t1');
    const sent = stubFetch(({ url }) =>
      url.includes('messageReceiver/v1/list')
        ? envelope({ rows: [], total: 0, page: 1, pageSize: 10 })
        : url.includes('getMsgbadge')
          ? envelope(0)
          : url.includes('ucGroup/v1/query')
            ? envelope({ rows: [{ id: 'g1', name: '项目组' }], total: 1, page: 1, pageSize: 100 })
            : url.includes('queryUserWithMainOrgPost')
              ? envelope({
                  rows: [{ id: 'u2', fullname: '何宇', orgName: '后端开发部' }],
                  total: 1,
                  page: 1,
                  pageSize: 50,
                })
              : url.includes('getOrgPage')
                ? envelope({ rows: [], total: 0, page: 1, pageSize: 50 })
                : url.includes('messageReceiver/v1/send')
                  ? envelope(4)
                  : envelope(null),
    );
    renderRoutes(
      <Route path="*" element={<PageContent page="message" title="内部消息" />} />,
      '/personal/message',
    );
    fireEvent.click(await screen.findByRole('button', { name: /写消息/ }));
    const dialog = await screen.findByRole('dialog', { name: '写消息' });
    const sends = () => sent.filter((r) => r.url.includes('messageReceiver/v1/send'));
    // the page loads the texts of its pickers as the app does (a raw key showed before)
    expect(dialog.textContent).not.toMatch(/approval\.|picker\./);

    fireEvent.click(within(dialog).getByRole('button', { name: /发\s*送/ }));
    await within(dialog).findByText('请至少选择一位收件人、组织或分组');
    await within(dialog).findByText('请填写消息主题');
    expect(sends()).toHaveLength(0);

    const [users, , groups] = within(dialog).getAllByRole('combobox');
    fireEvent.mouseDown(users!);
    fireEvent.click(await screen.findByTitle('何宇（后端开发部）'));
    fireEvent.mouseDown(groups!);
    await waitFor(() => expect(option('项目组')).not.toBeNull());
    fireEvent.click(option('项目组')!);
    fireEvent.change(within(dialog).getByLabelText('主题'), { target: { value: '  周五例会  ' } });
    fireEvent.change(within(dialog).getByLabelText('内容'), { target: { value: '三点开始' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /发\s*送/ }));
    await waitFor(() => expect(sends()).toHaveLength(1));
    expect(sends()[0]!.body).toEqual({
      userIds: ['u2'],
      orgIds: [],
      groupIds: ['g1'],
      subject: '周五例会',
      content: '三点开始',
      files: [],
    });
    await screen.findByText('消息已发送给 4 人');
  });

  it('replies to a message a user wrote: to its sender, the subject prefixed; shows its attachments', async () => {
    signInWith('t1');
    const written = {
      ...MESSAGE,
      type: 'message',
      link: null,
      subject: '周五例会',
      content: '三点开始',
      sender: { id: 'u9', name: '朱婷' },
      files: [{ name: '议程.txt', response: { fileId: 'f1', fileName: '议程.txt' } }],
      replyToId: null,
    };
    const sent = stubFetch(({ url }) =>
      url.includes('messageReceiver/v1/list')
        ? envelope({ rows: [written], total: 1, page: 1, pageSize: 10 })
        : url.includes('getMsgbadge')
          ? envelope(1)
          : url.includes('messageReceiver/v1/get')
            ? envelope({ ...written, isRead: true })
            : url.includes('messageReceiver/v1/send')
              ? envelope(1)
              : envelope(null),
    );
    renderRoutes(
      <Route path="*" element={<PageContent page="message" title="内部消息" />} />,
      '/personal/message',
    );
    fireEvent.click(await screen.findByText('周五例会'));
    const detail = await screen.findByRole('dialog');
    await within(detail).findByText(/朱婷/);
    within(detail).getByText('议程.txt');
    fireEvent.click(within(detail).getByRole('button', { name: /回复/ }));

    // the detail may still be fading out: the compose dialog is the one with a subject field
    const compose = await waitFor(() => {
      const found = screen.getAllByRole('dialog').find((d) => within(d).queryByLabelText('主题'));
      expect(found).toBeDefined();
      return found!;
    });
    expect(within(compose).getByDisplayValue('朱婷')).toBeTruthy();
    expect(within(compose).getByLabelText('主题')).toHaveProperty('value', '回复：周五例会');
    fireEvent.change(within(compose).getByLabelText('内容'), { target: { value: '收到' } });
    fireEvent.click(within(compose).getByRole('button', { name: /发\s*送/ }));
    await waitFor(() => expect(sent.some((r) => r.url.includes('messageReceiver/v1/send'))).toBe(true));
    expect(sent.find((r) => r.url.includes('messageReceiver/v1/send'))!.body).toEqual({
      userIds: [],
      orgIds: [],
      groupIds: [],
      subject: '回复：周五例会',
      content: '收到',
      files: [],
      replyToId: 'm1',
    });
  });
});
