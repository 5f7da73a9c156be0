import { describe, expect, it } from 'vitest';
import type { OpinionRow } from '../../../components/approval/types';
import { handledTaskOf, waitingTaskOf } from './hooks';

const opinion = (over: Partial<OpinionRow>): OpinionRow => ({
  id: over.taskId ?? 'o',
  taskId: null,
  nodeId: 'Hr',
  name: '人事会签',
  taskName: '人事会签',
  type: 'NORMAL',
  status: 'awaiting_check',
  statusVal: '待阅',
  principalId: null,
  principalName: null,
  files: [],
  isRead: false,
  sorterOpinion: 0,
  auditor: null,
  auditorName: null,
  qualfieds: [],
  qualfiedNames: '',
  opinion: null,
  createTime: '2026-11-22T08:00:00.000Z',
  completeTime: null,
  durMs: null,
  ...over,
});

describe('the task of the approval form when a link names only the instance', () => {
  const opinions = [
    opinion({ taskId: 't0', status: 'agree', auditor: 'u1' }),
    opinion({ taskId: 't1', qualfieds: [{ id: 'u2', name: '刘洋', type: 'user' }] }),
    opinion({ taskId: 't2', qualfieds: [{ id: 'u1', name: '陈静', type: 'user' }] }),
  ];

  it('is the waiting task whose candidates name the user', () => {
    expect(waitingTaskOf(opinions, 'u1')).toBe('t2');
    expect(waitingTaskOf(opinions, 'u9')).toBeUndefined();
  });

  it('take back answers the latest task the user handled', () => {
    expect(handledTaskOf(opinions, 'u1')).toBe('t0');
    expect(handledTaskOf(opinions, 'u2')).toBeUndefined();
  });
});
