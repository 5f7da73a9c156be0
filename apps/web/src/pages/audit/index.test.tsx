import type { RouteValue } from '@eip/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { envelope, stubFetch } from '../../test/fetch';
import { renderRoutes } from '../../test/render';
import { signInWith } from '../../test/session';
import { PageContent } from '../registry';
import { auditQuerys } from '.';

const RECORD = {
  id: '42',
  userId: 'u1',
  account: 'zhuting',
  action: 'approvalItem.save',
  target: 'id=a1',
  outcome: 'failure',
  failureCode: '400',
  clientIp: '127.0.0.1',
  requestId: 'r-1',
  createTime: '2026-11-27T08:00:00.000Z',
};

const NOOP_RECORD = {
  ...RECORD,
  id: '43',
  action: 'approvalItem.remove',
  outcome: 'noop',
  failureCode: null,
  requestId: 'r-2',
};

describe('审计日志 (/personal/auditLog)', () => {
  it('lists the records, shows a failure with its code and a call that changed nothing, and searches by a part of the account', async () => {
    signInWith('t1');
    const sent = stubFetch(({ url }) =>
      url.includes('auditLog/v1/listJson')
        ? envelope({ rows: [RECORD, NOOP_RECORD], total: 2, page: 1, pageSize: 20 })
        : envelope(null),
    );
    renderRoutes(
      <Route path="*" element={<PageContent page="auditLog" title="审计日志" />} />,
      '/personal/auditLog',
    );
    await screen.findByText('approvalItem.save', {}, { timeout: 15_000 });
    expect(screen.getByText('失败代码 400')).toBeTruthy();
    expect(screen.getByText('无变更')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('账号'), { target: { value: ' zhu ' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    const lists = () => sent.filter((r) => r.url.includes('auditLog/v1/listJson'));
    await waitFor(() =>
      expect(lists().at(-1)!.body).toMatchObject({
        querys: [{ property: 'account', value: 'zhu', operation: 'LIKE' }],
        pageBean: { page: 1 },
      }),
    );
  });

  it('reads the archive of the records past the retention when 已归档 is chosen', async () => {
    signInWith('t1');
    const sent = stubFetch(({ url }) =>
      url.includes('auditLog/v1/listJson')
        ? envelope({ rows: [RECORD], total: 1, page: 1, pageSize: 20 })
        : envelope(null),
    );
    renderRoutes(
      <Route path="*" element={<PageContent page="auditLog" title="审计日志" />} />,
      '/personal/auditLog',
    );
    await screen.findByText('approvalItem.save', {}, { timeout: 15_000 });
    const lists = () => sent.filter((r) => r.url.includes('auditLog/v1/listJson'));
    expect(lists()[0]!.url).not.toContain('archived');
    fireEvent.click(screen.getByText('已归档'));
    await waitFor(() => expect(lists().at(-1)!.url).toContain('archived=true'));
    expect(screen.getByText(/已归档的是超过保留期（至少 180 天）的记录/)).toBeTruthy();
  });

  it('verifies the records on 校验完整性 and names the first record that does not link', async () => {
    signInWith('t1');
    let answer: RouteValue<'verifyAuditChain'> = {
      checked: 2,
      intact: true,
      brokenId: null,
      newestRemoved: false,
    };
    const sent = stubFetch(({ url }) =>
      url.includes('auditLog/v1/verifyChain')
        ? envelope(answer)
        : envelope({ rows: [RECORD], total: 1, page: 1, pageSize: 20 }),
    );
    renderRoutes(
      <Route path="*" element={<PageContent page="auditLog" title="审计日志" />} />,
      '/personal/auditLog',
    );
    await screen.findByText('approvalItem.save', {}, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('button', { name: /校验完整性/ }));
    expect(await screen.findByText('审计记录完整：已校验 2 条，均与写入时一致')).toBeTruthy();
    answer = { checked: 1, intact: false, brokenId: '42', newestRemoved: false };
    fireEvent.click(screen.getByRole('button', { name: /校验完整性/ }));
    expect(await screen.findByText(/编号 42 的记录与前一条不衔接/)).toBeTruthy();
    expect(sent.filter((r) => r.url.includes('verifyChain'))).toHaveLength(2);
  });

  it('shows the empty state when nothing matches', async () => {
    signInWith('t1');
    stubFetch(() => envelope({ rows: [], total: 0, page: 1, pageSize: 20 }));
    renderRoutes(
      <Route path="*" element={<PageContent page="auditLog" title="审计日志" />} />,
      '/personal/auditLog',
    );
    expect(await screen.findByText('没有符合条件的审计记录', {}, { timeout: 15_000 })).toBeTruthy();
  });
});

describe('auditQuerys', () => {
  it('turns the conditions into the filter: parts of texts, the outcome, whole days of the range', () => {
    expect(auditQuerys({})).toEqual([]);
    const [from, to] = [dayjs('2026-11-01T10:00:00'), dayjs('2026-11-02T09:00:00')];
    const querys = auditQuerys({ action: 'task', outcome: 'failure', range: [from, to] });
    expect(querys).toEqual([
      { property: 'action', value: 'task', operation: 'LIKE' },
      { property: 'outcome', value: 'failure', operation: 'EQUAL' },
      {
        property: 'createTime',
        value: [from.startOf('day').toISOString(), to.endOf('day').toISOString()],
        operation: 'BETWEEN',
      },
    ]);
  });
});
