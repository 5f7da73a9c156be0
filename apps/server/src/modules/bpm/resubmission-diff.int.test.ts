import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { flowSteps } from '../../../test/flow.js';

let t: TestApp;
let steps: ReturnType<typeof flowSteps>;

beforeAll(async () => {
  t = await createTestApp();
  steps = flowSteps(t);
});
afterAll(() => t.close());

const detailOf = async (account: string, instId: string) =>
  (
    await t.call('taskDetailBo', {
      token: await steps.as(account),
      query: { taskId: await steps.taskOf(account, instId) },
    })
  ).body.value;

describe('resubmission diff (issue 17): after a send-back the approver sees what the initiator changed', () => {
  it('names each changed field by its title, from what to what; unchanged fields are not listed', async () => {
    const instId = await steps.start('guoming', 'leave_request', { days: 1, reason: '私事' });
    expect((await detailOf('linxue', instId)).resubmitted).toBeNull();
    await steps.handleOk('linxue', instId, 'backToStart');

    await steps.handleOk('guoming', instId, 'agree', {
      data: { days: 2, reason: '私事', leaveType: '事假' },
    });
    const { resubmitted } = await detailOf('linxue', instId);
    expect(resubmitted?.by).toBe('郭明');
    expect(resubmitted?.changes).toEqual([
      { field: 'days', label: '请假天数', oldValue: 1, newValue: 2 },
      { field: 'leaveType', label: '请假类型', oldValue: '年假', newValue: '事假' },
    ]);
  });

  it('shows the latest round only: a second resubmission replaces the first one’s changes', async () => {
    const instId = await steps.start('guoming', 'leave_request', { days: 1, reason: '私事' });
    await steps.handleOk('linxue', instId, 'backToStart');
    await steps.handleOk('guoming', instId, 'agree', { data: { days: 2, reason: '私事' } });
    await steps.handleOk('linxue', instId, 'backToStart');
    await steps.handleOk('guoming', instId, 'agree', { data: { days: 2, reason: '家里有事' } });
    expect((await detailOf('linxue', instId)).resubmitted?.changes).toEqual([
      { field: 'reason', label: '请假事由', oldValue: '私事', newValue: '家里有事' },
    ]);
  });
});
