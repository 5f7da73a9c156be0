import { describe, expect, it } from 'vitest';
import { groupFlows } from './FlowCatalog';

const flow = (defKey: string, name: string, flowTypeName: string | null) => ({
  id: `def-${defKey}`,
  defKey,
  name,
  version: 1,
  isMain: true,
  flowType: flowTypeName,
  flowTypeName,
  createTime: '2026-11-22T08:00:00.000Z',
  isCollected: false,
  isCommon: false,
});

describe('start page: flows grouped by flow type with a search', () => {
  const flows = [
    flow('leave_request', '请假申请', '人事'),
    flow('expense_claim', '费用报销', '财务'),
    flow('onboarding', '入职办理', '人事'),
    flow('misc', '杂项申请', null),
  ];

  it('groups in the order the types first appear; flows without a type go under the given name', () => {
    expect(groupFlows(flows, '', '未分类').map(([type, list]) => [type, list.map((f) => f.defKey)])).toEqual([
      ['人事', ['leave_request', 'onboarding']],
      ['财务', ['expense_claim']],
      ['未分类', ['misc']],
    ]);
  });

  it('searches names and keys, case-insensitively', () => {
    expect(groupFlows(flows, '报销', '未分类').map(([type]) => type)).toEqual(['财务']);
    expect(groupFlows(flows, 'LEAVE', '未分类')[0]?.[1].map((f) => f.name)).toEqual(['请假申请']);
    expect(groupFlows(flows, '不存在', '未分类')).toEqual([]);
  });
});
