import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { envelope, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { signInWith } from '../../../test/session';
import { PageContent } from '../../registry';

// the machine running the tests may be busy: each wait may take a few seconds
configure({ asyncUtilTimeout: 5000 });

const linkman = (id: string, name: string, mailAddress: string) => ({
  id,
  name,
  mailAddress,
  createTime: '2026-11-27T08:00:00.000Z',
});

describe('邮件联系人 (/mail/linkman)', () => {
  it('searches, adds with the email rule, and deletes the chosen after a confirmation', async () => {
    signInWith('t1');
    const sent = stubFetch(({ url }) =>
      url.includes('mailLinkman/v1/listJson')
        ? envelope({
            rows: [
              linkman('l1', '张伟', 'zhangwei@example.com'),
              linkman('l2', '林雪', 'linxue@example.com'),
            ],
            total: 2,
            page: 1,
            pageSize: 10,
          })
        : url.includes('mailLinkman/v1/save')
          ? envelope(linkman('l3', '高峰', 'gaofeng@example.com'))
          : url.includes('mailLinkman/v1/remove')
            ? envelope(2)
            : envelope(null),
    );
    renderRoutes(
      <Route path="*" element={<PageContent page="mailLinkman" title="邮件联系人" />} />,
      '/mail/linkman',
    );
    await screen.findByText('zhangwei@example.com', {}, { timeout: 15000 });
    const lists = () => sent.filter((r) => r.url.includes('mailLinkman/v1/listJson'));

    fireEvent.change(screen.getByLabelText('搜索姓名或邮件地址'), { target: { value: 'lin' } });
    fireEvent.keyDown(screen.getByLabelText('搜索姓名或邮件地址'), { key: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(lists().at(-1)!.body).toMatchObject({
        querys: [
          { property: 'name', value: 'lin', operation: 'LIKE' },
          { property: 'mailAddress', value: 'lin', operation: 'LIKE' },
        ],
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: /添加联系人/ }));
    // (the pager's size choice takes the id antd gives every dialog title in tests: found by its title text)
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText('添加联系人');
    fireEvent.change(within(dialog).getByLabelText('姓名'), { target: { value: '高峰' } });
    fireEvent.change(within(dialog).getByLabelText('邮件地址'), { target: { value: 'gaofeng@example' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await within(dialog).findByText('请输入正确的邮件地址');
    expect(sent.some((r) => r.url.includes('mailLinkman/v1/save'))).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('邮件地址'), {
      target: { value: ' gaofeng@example.com ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(sent.some((r) => r.url.includes('mailLinkman/v1/save'))).toBe(true));
    expect(sent.find((r) => r.url.includes('mailLinkman/v1/save'))!.body).toEqual({
      name: '高峰',
      mailAddress: 'gaofeng@example.com',
    });

    for (const box of screen.getAllByRole('checkbox').slice(1)) fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: /删除选中（2）/ }));
    await screen.findByText('确定删除选中的 2 位联系人吗？');
    expect(sent.some((r) => r.url.includes('mailLinkman/v1/remove'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(sent.some((r) => r.url.includes('mailLinkman/v1/remove?ids=l1%2Cl2'))).toBe(true),
    );
  }, 60_000);
});
