import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loadApprovalTexts, loadLanguage } from '../../../../i18n';
import { envelope, stubFetch, type SentRequest } from '../../../../test/fetch';
import { renderRoutes } from '../../../../test/render';
import { signInWith } from '../../../../test/session';
import { FollowButton } from './FollowButton';

const slow = { timeout: 15_000 };

const node = (nodeId: string, nodeType: string) => ({
  nodeId,
  name: nodeId,
  nodeType,
  x: 0,
  y: 0,
  width: 1,
  height: 1,
});
const IMAGE = {
  defId: 'd1',
  instanceId: 'i1',
  parentInstId: null,
  bpmDefLayout: {
    defId: 'd1',
    name: '请假申请',
    width: 100,
    height: 100,
    listLayout: [
      node('start', 'START'),
      node('dept', 'USERTASK'),
      node('gw', 'EXCLUSIVEGATEWAY'),
      node('hr', 'SIGNTASK'),
      node('end', 'END'),
    ],
  },
  nodeColorMap: {},
};

/** The follow calls of a server that remembers the followed nodes; the flow chart as `image`. */
function followServer(followed: string[], image: unknown = IMAGE) {
  let nodes = followed;
  const sent = stubFetch(({ url, body }: SentRequest) => {
    if (url.includes('taskFollow/v1/getFollowedNode')) return envelope(nodes);
    if (url.includes('taskFollow/v1/save')) {
      nodes = (body as { nodeIds: string[] }).nodeIds;
      return envelope(nodes);
    }
    if (url.includes('instance/v1/instanceFlowImage')) return envelope(image);
    return envelope(null);
  });
  return (pick: (request: SentRequest) => boolean) => sent.filter(pick);
}

const render = () =>
  renderRoutes(<Route path="*" element={<FollowButton instId="i1" />} />, '/matter/approvalForm?instId=i1');

describe('关注 (taskFollow) on the approval form', () => {
  it('follows every approval node of the flow, then shows 取消关注 and stops following on a press', async () => {
    signInWith('t1');
    await loadApprovalTexts();
    const sent = followServer([]);
    render();
    fireEvent.click(await screen.findByRole('button', { name: /关\s*注/, pressed: false }, slow));
    const saves = () => sent((r) => r.url.includes('taskFollow/v1/save'));
    await waitFor(() =>
      expect(saves().map((r) => r.body)).toEqual([{ instId: 'i1', nodeIds: ['dept', 'hr'] }]),
    );
    fireEvent.click(await screen.findByRole('button', { name: /取消关注/, pressed: true }, slow));
    await waitFor(() => expect(saves().at(-1)?.body).toEqual({ instId: 'i1', nodeIds: [] }));
    expect(await screen.findByRole('button', { name: /关\s*注/, pressed: false }, slow)).toBeTruthy();
  });

  it('shows that the user follows the request already, in the user’s language', async () => {
    signInWith('t1');
    await loadApprovalTexts();
    await loadLanguage('en-US');
    try {
      followServer(['dept']);
      render();
      expect(await screen.findByRole('button', { name: /Unfollow/, pressed: true }, slow)).toBeTruthy();
    } finally {
      await loadLanguage('zh-CN');
    }
  });

  it('says so instead of following a flow without approval nodes', async () => {
    signInWith('t1');
    await loadApprovalTexts();
    const sent = followServer([], {
      ...IMAGE,
      bpmDefLayout: { ...IMAGE.bpmDefLayout, listLayout: [node('start', 'START')] },
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: /关\s*注/ }, slow));
    expect(await screen.findByText('此流程没有可关注的审批节点', {}, slow)).toBeTruthy();
    expect(sent((r) => r.url.includes('taskFollow/v1/save'))).toHaveLength(0);
  });
});
