import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { envelope, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { signInWith } from '../../../test/session';
import { MessagePage } from '.';

const MESSAGE = {
  id: 'm1',
  subject: '请审批：请假申请',
  content: '郭明的请假申请等待您审批',
  link: '/matter/approvalForm?taskId=t1',
  type: 'task',
  isRead: false,
  createTime: '2026-11-27T08:00:00.000Z',
};

describe('内部消息 (/personal/message)', () => {
  it('filters unread / read / all, shows a message with the link to its task', async () => {
    signInWith('t1');
    const sent = stubFetch(({ url }) =>
      url.includes('messageReceiver/v1/list')
        ? envelope({ rows: [MESSAGE], total: 1, page: 1, pageSize: 10 })
        : url.includes('getMsgbadge')
          ? envelope(1)
          : url.includes('messageReceiver/v1/get')
            ? envelope({ ...MESSAGE, isRead: true })
            : url.includes('messageReceiver/v1/remove')
              ? envelope(1)
              : envelope(null),
    );
    renderRoutes(<Route path="*" element={<MessagePage />} />, '/personal/message');
    const lists = () => sent.filter((r) => r.url.includes('messageReceiver/v1/list'));
    await screen.findByText(MESSAGE.subject);
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
});
