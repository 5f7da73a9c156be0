import { describe, expect, it } from 'vitest';
import { envelope, stubFetch } from '../../../test/fetch';
import { signInWith } from '../../../test/session';
import { mainActions, TASK_OPERATIONS } from './operations';

describe('agree', () => {
  it('asks for the next handlers and sends those picked with the completion (nodeUsers)', async () => {
    signInWith('token');
    const sent = stubFetch(() => envelope(null));
    const agree = TASK_OPERATIONS.agree!;
    expect(agree.fields).toContain('nextHandlers');
    await agree.run(
      { opinion: '同意', nodeUsers: { Cashier: ['u7'] } },
      { taskId: 't1', instId: 'i1', data: { amount: 1 }, leaderId: 'boss' },
    );
    expect(sent[0]!.body).toMatchObject({
      taskId: 't1',
      actionName: 'agree',
      nodeUsers: { Cashier: ['u7'] },
      agentLeaderId: 'boss',
    });
  });

  it('leaves out a node whose picks were all removed: it goes to every candidate', async () => {
    signInWith('token');
    const sent = stubFetch(() => envelope(null));
    await TASK_OPERATIONS.agree!.run(
      { opinion: '同意', nodeUsers: { Cashier: [] } },
      { taskId: 't1', instId: 'i1', data: {} },
    );
    expect(sent[0]!.body).not.toHaveProperty('nodeUsers');
  });
});

describe('mainActions: the two actions a phone keeps in its bottom bar', () => {
  it('同意 and 驳回 (before 反对) of a node with many buttons, in the node order', () => {
    const aliases = ['startCommu', 'agree', 'oppose', 'reject', 'delegate', 'addSign', 'print'];
    expect(mainActions(aliases)).toEqual(['agree', 'reject']);
    expect(mainActions(['oppose', 'agree', 'delegate'])).toEqual(['oppose', 'agree']);
  });

  it('a node without a declining action keeps its first other button beside 同意', () => {
    expect(mainActions(['saveDraft', 'startFlow', 'flowImage'])).toEqual(['saveDraft', 'startFlow']);
    expect(mainActions(['commuFeedback'])).toEqual(['commuFeedback']);
    expect(mainActions([])).toEqual([]);
  });
});
