import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { flowInstances } from '../../db/schema.js';

/** Spec §6: start rights of userId + defId + leadId — a secretary starts a request for their leader. */
let t: TestApp;
let secretary: string;
let stranger: string;
let leaderId: string;

beforeAll(async () => {
  t = await createTestApp();
  secretary = await t.login('wangfang');
  stranger = await t.login('zhuting');
  const leaders = (await t.call('getSecretaryByUserId', { token: secretary })).body.value.leaders;
  leaderId = leaders.find((leader) => leader.fullname === '张伟')!.userId;
});
afterAll(() => t.close());

const instances = async () => (await t.database.db.select({ n: count() }).from(flowInstances))[0]?.n;

describe('a secretary starts a request for her leader', () => {
  it('makes the leader the initiator; the submit opinion names the secretary acting for him', async () => {
    const form = await t.call('getFormAndBO', {
      token: secretary,
      body: { flowKey: 'leave_request', leadId: leaderId },
    });
    expect(form.status).toBe(200);
    const started = await t.call('startInstance', {
      token: secretary,
      body: {
        flowKey: 'leave_request',
        leadId: leaderId,
        data: { leaveType: '年假', startDate: '2026-12-01', days: 2, reason: '家中有事' },
      },
    });
    expect(started.status, started.body.message).toBe(200);
    const { instId } = started.body.value;
    const leader = await t.login('zhangwei');
    const requests = (await t.call('myRequest', { token: leader, body: {} })).body.value.rows;
    expect(requests.map((row) => row.id)).toContain(instId);
    const opinions = (await t.call('instanceFlowOpinions', { token: leader, query: { instId } })).body.value;
    expect(opinions[0]).toMatchObject({ status: 'submit', auditorName: '王芳', principalName: '张伟' });
  });

  it('refuses anyone who is not the leader’s secretary, and a flow the leader may not start; nothing is started', async () => {
    const before = await instances();
    const notHers = await t.call('startInstance', {
      token: stranger,
      body: { flowKey: 'leave_request', leadId: leaderId, data: { reason: 'x' } },
      lang: 'en-US',
    });
    expect(notHers.status).toBe(403);
    expect(notHers.body.message).toBe(
      `You can only start requests for a leader whose secretary you are: ${leaderId}`,
    );
    expect(
      (
        await t.call('getFormAndBO', {
          token: stranger,
          body: { flowKey: 'leave_request', leadId: leaderId },
        })
      ).status,
    ).toBe(403);
    // onboarding is for HR only, which 张伟 is not
    const noRight = await t.call('startInstance', {
      token: secretary,
      body: { flowKey: 'onboarding', leadId: leaderId, data: {} },
    });
    expect(noRight.status).toBe(403);
    const fromDraft = await t.call('startInstance', {
      token: secretary,
      body: { draftId: 'x', leadId: leaderId },
    });
    expect(fromDraft.status).toBe(400);
    expect(await instances()).toBe(before);
  });
});
