import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadApprovalTexts } from '../../i18n';
import { envelope, stubFetch, type SentRequest } from '../../test/fetch';
import { renderRoutes } from '../../test/render';
import { signInWith } from '../../test/session';
import type { ServiceCall } from '../approval/types';
import { ActingForProvider } from '../approval/actingFor';
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

/** The leader's opinion: 王芳 agreed. */
const leaderOpinion = {
  id: 'o1',
  taskId: 't1',
  nodeId: 'Leader',
  name: '部门领导审批',
  taskName: '部门领导审批',
  type: null,
  status: 'agree',
  statusVal: '同意',
  auditor: 'u-wang',
  auditorName: '王芳',
  principalId: null,
  principalName: null,
  qualfieds: [],
  qualfiedNames: '王芳',
  opinion: '同意',
  files: [],
  isRead: true,
  createTime: '2026-11-20T08:00:00.000Z',
  completeTime: '2026-11-20T08:30:00.000Z',
  durMs: 1_800_000,
  sorterOpinion: 1,
};

/** Signed in, the leader node's popover answered with `opinion` and the signatures `signatures`. */
function stubLeaderNode(opinion: object = leaderOpinion, signatures: object[] = []) {
  signInWith('token');
  return stubFetch((request: SentRequest) =>
    request.url.includes('verifySignatures')
      ? envelope(signatures)
      : envelope({
          node: { nodeId: 'Leader', name: '部门领导审批', nodeType: 'USERTASK' },
          hasTask: true,
          opinions: [opinion],
          candidates: [],
          serviceCall: null,
        }),
  );
}

describe('a task’s node popover', () => {
  beforeAll(() => loadApprovalTexts());

  it('shows the signature the handler placed at the node, with who signed and when (issue 13)', async () => {
    const signed = (userId: string, nodeId: string) => ({
      field: 'leaderSign',
      index: 0,
      userId,
      name: userId === 'u-wang' ? '王芳' : '朱婷',
      signature: `file-${userId}`,
      createTime: '2026-11-20T08:29:00.000Z',
      nodeId,
      status: 'intact',
      changedFields: [],
    });
    stubLeaderNode(leaderOpinion, [signed('u-wang', 'Leader'), signed('u-zhu', 'Start')]);
    renderRoutes(<Route path="*" element={<NodeDetail instId="i1" nodeId="Leader" />} />, '/index');
    const images = await screen.findAllByTestId('signature-image', {}, { timeout: 5000 });
    // only the handler's own signature at this node, not the initiator's at the start
    expect(images.map((image) => image.getAttribute('aria-label'))).toEqual([
      expect.stringMatching(/^王芳 签于 /),
    ]);
  });

  it('a task still waiting says 待审批 in its node’s facts, where the opinion table says 待阅', async () => {
    stubLeaderNode({
      ...leaderOpinion,
      status: 'awaiting_check',
      statusVal: '待阅',
      auditor: null,
      auditorName: null,
      opinion: null,
      completeTime: null,
      durMs: null,
    });
    renderRoutes(<Route path="*" element={<NodeDetail instId="i1" nodeId="Leader" />} />, '/index');
    expect(await screen.findByText('待审批', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('待阅')).toBeNull();
  });

  it('asks with the leader’s id when a secretary acts for him (spec §6), for the node and its signatures', async () => {
    const sent = stubLeaderNode();
    renderRoutes(
      <Route
        path="*"
        element={
          <ActingForProvider value="u-leader">
            <NodeDetail instId="i1" nodeId="Leader" />
          </ActingForProvider>
        }
      />,
      '/index',
    );
    await screen.findAllByText('同意', {}, { timeout: 5000 });
    await waitFor(() => expect(sent.some((r) => r.url.includes('verifySignatures'))).toBe(true));
    for (const request of sent) expect(request.url).toContain('leaderId=u-leader');
  });

  it('keeps what a secretary sees as herself apart from what she sees for her leader (two cached answers)', async () => {
    const sent = stubLeaderNode();
    renderRoutes(
      <Route
        path="*"
        element={
          <>
            <NodeDetail instId="i1" nodeId="Leader" />
            <ActingForProvider value="u-leader">
              <NodeDetail instId="i1" nodeId="Leader" />
            </ActingForProvider>
          </>
        }
      />,
      '/index',
    );
    const nodeReads = () => sent.filter((r) => r.url.includes('nodeOpinion'));
    await waitFor(() => expect(nodeReads()).toHaveLength(2));
    expect(nodeReads().filter((r) => r.url.includes('leaderId=u-leader'))).toHaveLength(1);
  });
});
