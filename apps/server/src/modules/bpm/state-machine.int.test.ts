import { COUNTERSIGN_RESULT, type CountersignRule } from '@eip/contracts/flow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { testBpmn } from '../../../test/bpmn.js';
import { flowSteps } from '../../../test/flow.js';

/**
 * Reject, revoke, take back and add-sign where the anchor systems' users report most bugs: inside a
 * countersign and inside parallel branches, and resubmission after a send-back in both return modes.
 */
let t: TestApp;
let f: ReturnType<typeof flowSteps>;

const user = (account: string) => ({ candidates: [{ type: 'user' as const, ids: [account] }] });

beforeAll(async () => {
  t = await createTestApp();
  f = flowSteps(t);
  // Start → P0 → split → (A1 → A2 | B1) → join → C → End
  await f.deploy({
    bpmnXml: testBpmn(
      'branches',
      '并行分支',
      [
        { id: 'Start', kind: 'start', name: '发起' },
        { id: 'P0', kind: 'userTask', name: '预审' },
        { id: 'Split', kind: 'parallelGateway' },
        { id: 'A1', kind: 'userTask', name: '甲一' },
        { id: 'A2', kind: 'userTask', name: '甲二' },
        { id: 'B1', kind: 'userTask', name: '乙一' },
        { id: 'Join', kind: 'parallelGateway' },
        { id: 'C', kind: 'userTask', name: '终审' },
        { id: 'End', kind: 'end' },
      ],
      [
        ['Start', 'P0'],
        ['P0', 'Split'],
        ['Split', 'A1'],
        ['A1', 'A2'],
        ['Split', 'B1'],
        ['A2', 'Join'],
        ['B1', 'Join'],
        ['Join', 'C'],
        ['C', 'End'],
      ],
    ),
    settings: {
      nodes: {
        P0: user('heyu'),
        A1: user('luobin'),
        A2: user('liangchen'),
        B1: user('xiena'),
        C: user('hanxu'),
      },
    },
  });
  const signFlow = (key: string, countersign: CountersignRule | undefined, signOrder?: 'listed') =>
    f.deploy({
      bpmnXml: testBpmn(
        key,
        `会签 ${key}`,
        [
          { id: 'Start', kind: 'start', name: '发起' },
          { id: 'Vote', kind: 'userTask', name: '会签' },
          { id: 'After', kind: 'userTask', name: '归档' },
          { id: 'End', kind: 'end' },
        ],
        [
          ['Start', 'Vote'],
          ['Vote', 'After'],
          ['After', 'End'],
        ],
      ),
      settings: {
        nodes: {
          Vote: {
            candidates: [{ type: 'user', ids: ['chenjing', 'yangli', 'liuyang'] }],
            ...(countersign ? { countersign } : {}),
            ...(signOrder ? { signOrder } : {}),
          },
          After: user('hanxu'),
        },
      },
    });
  await signFlow('sign_all', { mode: 'all' });
  await signFlow('sign_veto', { mode: 'oneVeto' });
  await signFlow('sign_first', { mode: 'firstVote' });
  await signFlow('sign_end', { mode: 'all', onFail: 'end' });
  await signFlow('sign_seq', undefined, 'listed');
});
afterAll(() => t.close());

const waiting = async (instId: string) =>
  (await t.call('getBpmTaskByInstId', { token: await f.as('admin'), query: { instId } })).body.value
    .map((task) => task.nodeId)
    .sort();

const throughSplit = async () => {
  const instId = await f.start('zhuting', 'branches', {});
  await f.handleOk('heyu', instId, 'agree');
  expect(await waiting(instId)).toEqual(['A1', 'B1']);
  return instId;
};

describe('parallel branches', () => {
  it('a reject inside a branch keeps the sibling branch; the flow joins as before', async () => {
    const instId = await throughSplit();
    await f.handleOk('luobin', instId, 'agree');
    const choices = (
      await t.call('taskToReject', {
        token: await f.as('liangchen'),
        query: { taskId: await f.taskOf('liangchen', instId) },
      })
    ).body.value.map((c) => c.nodeId);
    expect(choices).toEqual(['A1', 'P0', 'Start']);
    await f.handleOk('liangchen', instId, 'reject', { destination: 'A1' });
    expect(await waiting(instId)).toEqual(['A1', 'B1']);
    expect((await f.todoOf('luobin', instId)).length).toBe(1);
    await f.handleOk('luobin', instId, 'agree');
    await f.handleOk('xiena', instId, 'agree');
    expect(await waiting(instId)).toEqual(['A2']);
    await f.handleOk('liangchen', instId, 'agree');
    expect(await waiting(instId)).toEqual(['C']);
    await f.handleOk('hanxu', instId, 'agree');
    expect((await f.instance(instId)).status).toBe('end');
  });

  it('a reject to before the split clears both branches; they start again after it', async () => {
    const instId = await throughSplit();
    await f.handleOk('xiena', instId, 'agree');
    await f.handleOk('luobin', instId, 'agree');
    await f.handleOk('liangchen', instId, 'reject', { destination: 'P0' });
    expect(await waiting(instId)).toEqual(['P0']);
    await f.handleOk('heyu', instId, 'agree');
    expect(await waiting(instId)).toEqual(['A1', 'B1']);
  });

  it('back to the initiator with direct return: the resubmission goes straight back, the join still completes', async () => {
    const instId = await throughSplit();
    await f.handleOk('luobin', instId, 'agree');
    await f.handleOk('liangchen', instId, 'backToStart', { backHandMode: 'direct' });
    expect(await waiting(instId)).toEqual(['Start']);
    expect((await f.instance(instId)).status).toBe('backToStart');
    await f.handleOk('zhuting', instId, 'agree');
    expect(await waiting(instId)).toEqual(['A2']);
    await f.handleOk('liangchen', instId, 'agree');
    expect(await waiting(instId)).toEqual(['C']);
  });

  it('reject to a node with normal return: the flow runs on from that node', async () => {
    const instId = await throughSplit();
    await f.handleOk('luobin', instId, 'agree');
    await f.handleOk('liangchen', instId, 'reject', { destination: 'P0', backHandMode: 'normal' });
    await f.handleOk('heyu', instId, 'agree');
    expect(await waiting(instId)).toEqual(['A1', 'B1']);
  });

  it('reject to a node with direct return: its handler agreeing goes straight back to the node that sent it', async () => {
    const instId = await throughSplit();
    await f.handleOk('luobin', instId, 'agree');
    await f.handleOk('liangchen', instId, 'reject', { destination: 'P0', backHandMode: 'direct' });
    expect(await waiting(instId)).toEqual(['P0']);
    await f.handleOk('heyu', instId, 'agree');
    expect(await waiting(instId)).toEqual(['A2']);
    await f.handleOk('liangchen', instId, 'agree');
    expect(await waiting(instId)).toEqual(['C']);
  });

  it('take back inside a branch leaves the sibling branch; after the join it is refused', async () => {
    const instId = await throughSplit();
    await f.handleOk('luobin', instId, 'agree');
    const handled = (
      await t.call('getDoneList', { token: await f.as('luobin'), query: { isCheckRevoke: 'true' }, body: {} })
    ).body.value.rows.find((r) => r.procInstId === instId)!;
    expect(handled.canRetrieve).toBe(true);
    const back = await t.call('retrieveBpmTask', {
      token: await f.as('luobin'),
      query: { taskId: handled.taskId },
    });
    expect(back.body.state, back.body.message).toBe(true);
    expect(await waiting(instId)).toEqual(['A1', 'B1']);
    expect(await f.todoOf('liangchen', instId)).toHaveLength(0);
    expect((await f.trail(instId)).map(([, s]) => s)).toEqual(['submit', 'agree', 'agree', 'recover']);

    await f.handleOk('xiena', instId, 'agree');
    await f.handleOk('luobin', instId, 'agree');
    await f.handleOk('liangchen', instId, 'agree');
    expect(await waiting(instId)).toEqual(['C']);
    const last = (
      await t.call('getDoneList', {
        token: await f.as('liangchen'),
        query: { isCheckRevoke: 'true' },
        body: {},
      })
    ).body.value.rows.find((r) => r.procInstId === instId)!;
    expect(last.canRetrieve).toBe(false);
    const refused = await t.call('retrieveBpmTask', {
      token: await f.as('liangchen'),
      query: { taskId: last.taskId },
    });
    expect(refused.status).toBe(409);
    expect(await waiting(instId)).toEqual(['C']);
  });

  it('the initiator withdraws while nobody acted; once someone did, withdrawal is refused and nothing changes', async () => {
    const instId = await f.start('zhuting', 'branches', {});
    const revoked = await t.call('revokeInstance', {
      token: await f.as('zhuting'),
      body: { instId, opinion: '填错了' },
    });
    expect(revoked.body.state, revoked.body.message).toBe(true);
    expect((await f.instance(instId)).status).toBe('revokeToStart');
    await f.handleOk('zhuting', instId, 'agree');
    await f.handleOk('heyu', instId, 'agree');
    const refused = await t.call('revokeInstance', { token: await f.as('zhuting'), body: { instId } });
    expect(refused.status).toBe(409);
    expect(await waiting(instId)).toEqual(['A1', 'B1']);
  });
});

const voters = async (instId: string, account = 'chenjing') => {
  const taskId = (await t.call('getBpmTaskByInstId', { token: await f.as('admin'), query: { instId } })).body
    .value[0]?.taskId;
  return (await t.call('taskSignUsers', { token: await f.as(account), body: { taskId: taskId! } })).body
    .value;
};

describe('countersign', () => {
  it('a voter’s reject ends the whole round; the resubmission starts a new round with every voter', async () => {
    const instId = await f.start('zhuting', 'sign_all', {});
    await f.handleOk('chenjing', instId, 'agree');
    await f.handleOk('yangli', instId, 'backToStart');
    expect(await waiting(instId)).toEqual(['Start']);
    expect(await f.todoOf('liuyang', instId)).toHaveLength(0);
    await f.handleOk('zhuting', instId, 'agree');
    expect(await waiting(instId)).toEqual(['Vote', 'Vote', 'Vote']);
    const progress = await voters(instId);
    expect(progress.result).toBe(COUNTERSIGN_RESULT.underApproval);
    expect(progress.voters.map((v) => v.status)).toEqual(['pending', 'pending', 'pending']);
  });

  it('add-sign in a parallel countersign adds voters, who must vote too', async () => {
    const instId = await f.start('zhuting', 'sign_all', {});
    const added = await t.call('userTaskToSign', {
      token: await f.as('chenjing'),
      body: {
        taskId: await f.taskOf('chenjing', instId),
        userIds: [await f.userId('zhaolei')],
        position: 'before',
        mode: 'parallel',
      },
    });
    expect(added.body.state, added.body.message).toBe(true);
    expect((await voters(instId)).voters.map((v) => v.name)).toEqual(['陈静', '杨丽', '刘洋', '赵磊']);
    for (const account of ['chenjing', 'yangli', 'liuyang']) await f.handleOk(account, instId, 'agree');
    expect(await waiting(instId)).toEqual(['Vote']);
    await f.handleOk('zhaolei', instId, 'agree');
    expect(await waiting(instId)).toEqual(['After']);
    const again = await t.call('userTaskToSign', {
      token: await f.as('hanxu'),
      body: {
        taskId: await f.taskOf('hanxu', instId),
        userIds: [await f.userId('hanxu')],
        position: 'before',
        mode: 'parallel',
      },
    });
    expect(again.status).toBe(400);
  });

  it('a sequential countersign asks one voter after another; add-sign puts the added voter next', async () => {
    const instId = await f.start('zhuting', 'sign_seq', {});
    expect(await waiting(instId)).toEqual(['Vote']);
    expect(await f.todoOf('yangli', instId)).toHaveLength(0);
    await t.call('userTaskToSign', {
      token: await f.as('chenjing'),
      body: {
        taskId: await f.taskOf('chenjing', instId),
        userIds: [await f.userId('zhaolei')],
        position: 'after',
        mode: 'sequential',
      },
    });
    await f.handleOk('chenjing', instId, 'agree');
    expect(await f.todoOf('zhaolei', instId)).toHaveLength(1);
    expect((await voters(instId, 'zhaolei')).voters.map((v) => [v.name, v.status])).toEqual([
      ['陈静', 'done'],
      ['赵磊', 'pending'],
      ['杨丽', 'queued'],
      ['刘洋', 'queued'],
    ]);
    for (const account of ['zhaolei', 'yangli', 'liuyang']) await f.handleOk(account, instId, 'agree');
    expect(await waiting(instId)).toEqual(['After']);
  });

  it('a voter takes back a vote while the round is open; not once someone voted after', async () => {
    const instId = await f.start('zhuting', 'sign_all', {});
    await f.handleOk('chenjing', instId, 'agree');
    const vote = (
      await t.call('getDoneList', {
        token: await f.as('chenjing'),
        query: { isCheckRevoke: 'true' },
        body: {},
      })
    ).body.value.rows.find((r) => r.procInstId === instId)!;
    expect(vote.canRetrieve).toBe(true);
    expect(
      (await t.call('retrieveBpmTask', { token: await f.as('chenjing'), query: { taskId: vote.taskId } }))
        .body.state,
    ).toBe(true);
    expect(await f.todoOf('chenjing', instId)).toHaveLength(1);
    expect((await voters(instId)).voters.every((v) => v.status === 'pending')).toBe(true);
    await f.handleOk('chenjing', instId, 'agree');
    await f.handleOk('yangli', instId, 'agree');
    expect(
      (await t.call('retrieveBpmTask', { token: await f.as('chenjing'), query: { taskId: vote.taskId } }))
        .status,
    ).toBe(409);
    // and the initiator cannot withdraw a request someone has voted on
    expect((await t.call('revokeInstance', { token: await f.as('zhuting'), body: { instId } })).status).toBe(
      409,
    );
  });

  it('rules and result codes: all (an abstention fails, back to redo: 0), one veto, first vote, fail and end (3), withdrawn (4)', async () => {
    const all = await f.start('zhuting', 'sign_all', {});
    await f.handleOk('chenjing', all, 'agree');
    const taskId = await f.taskOf('yangli', all);
    await f.handleOk('yangli', all, 'abandon');
    const result = (await t.call('taskSignUsers', { token: await f.as('yangli'), body: { taskId } })).body
      .value;
    expect(result.result).toBe(COUNTERSIGN_RESULT.rejectAndRedo);
    expect(await waiting(all)).toEqual(['Start']);
    expect((await f.trail(all)).map(([, s]) => s)).toEqual([
      'submit',
      'agree',
      'abandon',
      'signBackCancel',
      'sign_no_pass',
    ]);

    const veto = await f.start('zhuting', 'sign_veto', {});
    await f.handleOk('chenjing', veto, 'abandon');
    await f.handleOk('yangli', veto, 'agree');
    await f.handleOk('liuyang', veto, 'agree');
    expect(await waiting(veto)).toEqual(['After']);

    const first = await f.start('zhuting', 'sign_first', {});
    await f.handleOk('yangli', first, 'abandon');
    const firstTask = await f.taskOf('liuyang', first);
    await f.handleOk('liuyang', first, 'agree');
    expect(await waiting(first)).toEqual(['After']);
    expect(
      (await t.call('taskSignUsers', { token: await f.as('liuyang'), body: { taskId: firstTask } })).body
        .value.result,
    ).toBe(COUNTERSIGN_RESULT.agree);

    const ending = await f.start('zhuting', 'sign_end', {});
    const endTask = await f.taskOf('chenjing', ending);
    await f.handleOk('chenjing', ending, 'oppose');
    expect((await f.instance(ending)).status).toBe('end');
    expect(await waiting(ending)).toEqual([]);
    expect(
      (await t.call('taskSignUsers', { token: await f.as('chenjing'), body: { taskId: endTask } })).body.value
        .result,
    ).toBe(COUNTERSIGN_RESULT.rejectWithoutRedo);

    const stopped = await f.start('zhuting', 'sign_all', {});
    const stoppedTask = await f.taskOf('chenjing', stopped);
    await t.call('doEndProcess', { token: await f.as('zhuting'), body: { instId: stopped } });
    expect(
      (await t.call('taskSignUsers', { token: await f.as('chenjing'), body: { taskId: stoppedTask } })).body
        .value.result,
    ).toBe(COUNTERSIGN_RESULT.withdrawn);
  });
});
