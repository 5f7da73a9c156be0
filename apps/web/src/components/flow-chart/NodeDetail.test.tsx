import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadApprovalTexts } from '../../i18n';
import { envelope, stubFetch, type SentRequest } from '../../test/fetch';
import { renderRoutes } from '../../test/render';
import { signInWith } from '../../test/session';
import type { ServiceCall } from '../approval/types';
import { NodeDetail } from './NodeDetail';

const failedCall: ServiceCall = {
  status: 0,
  attempts: 3,
  lastError: 'HTTP 503: busy',
  updateTime: '2026-11-20T08:30:00.000Z',
  canRetry: true,
};

/** The popover of the service node 开通账号, its call as given; a retry is answered as the server would. */
function renderNode(serviceCall: ServiceCall | null) {
  signInWith('token');
  const sent = stubFetch((request: SentRequest) =>
    request.url.includes('retryServiceCall')
      ? envelope({ instId: 'i1' }, { message: '操作成功' })
      : envelope({
          node: { nodeId: 'CreateAccount', name: '开通账号', nodeType: 'SERVICETASK' },
          hasTask: false,
          opinions: [],
          candidates: [],
          serviceCall,
        }),
  );
  renderRoutes(<Route path="*" element={<NodeDetail instId="i1" nodeId="CreateAccount" />} />, '/index');
  return sent;
}

describe('a service task’s node popover', () => {
  beforeAll(() => loadApprovalTexts());

  it('shows a failed call with its reason, and runs it again after a confirmation', async () => {
    const sent = renderNode(failedCall);
    expect(await screen.findByText('调用失败', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('HTTP 503: busy')).toBeTruthy();
    expect(screen.getByText('3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新调用' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('将重新调用服务节点「开通账号」，确定继续吗？')).toBeTruthy();
    expect(sent.some((r) => r.url.includes('retryServiceCall'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(sent.some((r) => r.url.includes('retryServiceCall'))).toBe(true));
    const retry = sent.find((r) => r.url.includes('retryServiceCall'))!;
    expect(retry.method).toBe('POST');
    expect(retry.body).toEqual({ instId: 'i1', nodeId: 'CreateAccount' });
  });

  it('offers no retry to someone who may not, and no reason when the server keeps it back', async () => {
    renderNode({ ...failedCall, lastError: null, canRetry: false });
    expect(await screen.findByText('调用失败', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('失败原因')).toBeNull();
    expect(screen.queryByRole('button', { name: '重新调用' })).toBeNull();
  });

  it('shows a call still waiting, and a step the flow has not reached yet', async () => {
    renderNode({ ...failedCall, status: -1, attempts: 0, lastError: null, canRetry: false });
    expect(await screen.findByText('等待调用', {}, { timeout: 5000 })).toBeTruthy();
    cleanup();
    renderNode(null);
    expect(await screen.findByText('未调用', {}, { timeout: 5000 })).toBeTruthy();
    // a service step has no candidates and no tasks to show
    expect(screen.queryByText('候选人')).toBeNull();
    expect(screen.queryByText('未产生过任务')).toBeNull();
  });
});
