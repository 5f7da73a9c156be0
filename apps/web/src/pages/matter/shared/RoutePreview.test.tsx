import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Route } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadApprovalTexts, loadLanguage } from '../../../i18n';
import { envelope, stubFetch, type SentRequest } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { signInWith } from '../../../test/session';
import { RoutePreview } from './RoutePreview';

const person = (id: string, fullname: string) => ({ id, fullname, agents: [], secretaries: [] });
const LEADER = {
  nodeId: 'LeaderApproval',
  name: '部门领导审批',
  nodeType: 'USERTASK',
  selectUsers: false,
  candidateCount: 1,
  candidates: [{ ...person('u1', '张伟'), secretaries: [{ id: 'u2', fullname: '王芳' }] }],
};
const HR = {
  nodeId: 'HrCountersign',
  name: '人事会签',
  nodeType: 'SIGNTASK',
  selectUsers: false,
  candidateCount: 12,
  candidates: [{ ...person('u3', '陈静'), agents: [{ id: 'u4', fullname: '高峰' }] }],
};

/** The server's route for a leave: the HR countersign only beyond 3 days. */
const leaveRoute = (request: SentRequest) => {
  const days = Number((request.body as { data: { days?: number } }).data.days ?? 0);
  return envelope({ steps: days > 3 ? [[LEADER], [HR]] : [[LEADER]], reachesEnd: true });
};

/** A start form's days field beside the preview. */
function DaysForm() {
  const [days, setDays] = useState(2);
  return (
    <>
      <input aria-label="days" value={days} onChange={(event) => setDays(Number(event.target.value))} />
      <RoutePreview target={{ defId: 'd1' }} data={{ days }} from="提交申请（您）" />
    </>
  );
}

const renderTask = () =>
  renderRoutes(
    <Route
      path="*"
      element={<RoutePreview target={{ taskId: 't1' }} data={{}} from="当前：部门领导审批" />}
    />,
    '/index',
  );

describe('route preview (issue 17)', () => {
  beforeAll(() => loadApprovalTexts());
  afterEach(cleanup);

  it('shows each step with its people and follows the form as it changes', async () => {
    signInWith('token');
    const sent = stubFetch(leaveRoute);
    renderRoutes(<Route path="*" element={<DaysForm />} />, '/index');
    expect(await screen.findByText('部门领导审批', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('张伟：秘书 王芳')).toBeTruthy();
    expect(screen.queryByText('人事会签')).toBeNull();
    expect(screen.getByText('结束')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('days'), { target: { value: '5' } });
    expect(await screen.findByText('人事会签', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('会签')).toBeTruthy();
    expect(screen.getByText(/陈静\s+等 11 人/)).toBeTruthy();
    expect(screen.getByText('陈静：代理人 高峰')).toBeTruthy();
    const asked = sent.filter((r) => r.url.includes('task/v1/routePreview')).map((r) => r.body);
    expect(asked[0]).toEqual({ defId: 'd1', data: { days: 2 } });
    expect(asked.at(-1)).toEqual({ defId: 'd1', data: { days: 5 } });
  });

  it('says when the route beyond is not known yet, in the user’s language', async () => {
    await loadLanguage('en-US');
    try {
      signInWith('token');
      stubFetch(() => envelope({ steps: [[LEADER]], reachesEnd: false }));
      renderTask();
      expect(
        await screen.findByText(
          'The route beyond this is decided as the request moves on',
          {},
          { timeout: 5000 },
        ),
      ).toBeTruthy();
      expect(screen.getByText('Route preview')).toBeTruthy();
    } finally {
      await loadLanguage('zh-CN');
    }
  });

  it('tells the user when the route cannot be previewed', async () => {
    signInWith('token');
    stubFetch(() => envelope(null, { code: 500, status: 500, message: 'boom' }));
    renderTask();
    await waitFor(() => expect(screen.getByText('暂时无法预览审批路线')).toBeTruthy(), { timeout: 5000 });
  });
});
