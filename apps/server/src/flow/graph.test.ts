import { describe, expect, it } from 'vitest';
import { conditionTest } from './conditions.js';
import type { ModelNodeType } from '@eip/contracts/flow';
import { ExpressionError, RoutingError } from './errors.js';
import { deployedModel } from './fixtures/load.js';
import {
  isDominatedBy,
  afterJumpNodes,
  endsAfter,
  incomingFlows,
  joinOf,
  nextUserTaskNodes,
  outgoingFlows,
  rejectTargets,
  routeKnownAfter,
  takenFlows,
  type ConditionTest,
} from './graph.js';
import type { FlowModel, FlowNode, SequenceFlow } from './model.js';

type NodeSpec = [id: string, type: ModelNodeType, parentId?: string];
type FlowSpec = [source: string, target: string, condition?: string, isDefault?: boolean];

/** A model without a diagram, for graph shapes the fixtures do not have. */
function modelOf(nodes: NodeSpec[], flows: FlowSpec[]): FlowModel {
  const nodeMap = new Map<string, FlowNode>(
    nodes.map(([id, type, parentId]) => [
      id,
      { id, name: id, type, bpmnType: '', parentId: parentId ?? null },
    ]),
  );
  const flowList: SequenceFlow[] = flows.map(([sourceId, targetId, condition, isDefault]) => ({
    id: `${sourceId}->${targetId}`,
    name: '',
    sourceId,
    targetId,
    ...(condition ? { condition } : {}),
    isDefault: isDefault ?? false,
  }));
  const layout = { elementId: 'p', x: 0, y: 0, width: 0, height: 0, shapes: [] };
  return {
    processId: 'p',
    processName: 'p',
    nodes: nodeMap,
    flows: flowList,
    unsupported: [],
    warnings: [],
    layout,
    subLayouts: [],
  };
}

const ids = (nodes: readonly { id: string }[]) => nodes.map((node) => node.id);
const withForm = (form: Record<string, unknown>): ConditionTest => conditionTest({ form, vars: {} });
const never: ConditionTest = () => false;

describe('outgoingFlows / incomingFlows', () => {
  it('lists the flows of a node in document order', async () => {
    const model = await deployedModel('leave-request');
    expect(ids(outgoingFlows(model, 'DaysGateway'))).toEqual(['Flow_LongLeave', 'Flow_ShortLeave']);
    expect(ids(incomingFlows(model, 'End'))).toEqual(['Flow_ShortLeave', 'Flow_HrDone']);
    expect(outgoingFlows(model, 'End')).toEqual([]);
  });
});

describe('takenFlows', () => {
  it('takes the first flow whose condition holds at an exclusive gateway, else the default', async () => {
    const model = await deployedModel('leave-request');
    expect(ids(takenFlows(model, 'DaysGateway', withForm({ days: 5 })))).toEqual(['Flow_LongLeave']);
    expect(ids(takenFlows(model, 'DaysGateway', withForm({ days: 2 })))).toEqual(['Flow_ShortLeave']);
  });

  it('takes only the first of several true conditions at an exclusive gateway', () => {
    const model = modelOf(
      [
        ['X', 'EXCLUSIVEGATEWAY'],
        ['A', 'USERTASK'],
        ['B', 'USERTASK'],
      ],
      [
        ['X', 'A', 'form.n > 1'],
        ['X', 'B', 'form.n > 0'],
      ],
    );
    expect(ids(takenFlows(model, 'X', withForm({ n: 5 })))).toEqual(['X->A']);
    expect(ids(takenFlows(model, 'X', withForm({ n: 1 })))).toEqual(['X->B']);
  });

  it('takes every true flow at an inclusive gateway, else the default', () => {
    const model = modelOf(
      [
        ['I', 'INCLUSIVEGATEWAY'],
        ['Legal', 'USERTASK'],
        ['Finance', 'USERTASK'],
        ['Clerk', 'USERTASK'],
      ],
      [
        ['I', 'Legal', 'form.risky'],
        ['I', 'Finance', 'form.amount > 1000'],
        ['I', 'Clerk', undefined, true],
      ],
    );
    expect(ids(takenFlows(model, 'I', withForm({ risky: true, amount: 5000 })))).toEqual([
      'I->Legal',
      'I->Finance',
    ]);
    expect(ids(takenFlows(model, 'I', withForm({ risky: false, amount: 5000 })))).toEqual(['I->Finance']);
    expect(ids(takenFlows(model, 'I', withForm({ risky: false, amount: 10 })))).toEqual(['I->Clerk']);
  });

  it('takes every flow out of a parallel gateway without asking conditions', async () => {
    const model = await deployedModel('onboarding-parallel');
    expect(ids(takenFlows(model, 'Split', never))).toEqual(['Flow_It', 'Flow_Admin', 'Flow_Account']);
  });

  it('fails when no condition holds and there is no default', () => {
    const model = modelOf(
      [
        ['X', 'EXCLUSIVEGATEWAY'],
        ['A', 'USERTASK'],
      ],
      [['X', 'A', 'form.n > 1']],
    );
    expect(() => takenFlows(model, 'X', withForm({ n: 0 }))).toThrowError(RoutingError);
    expect(() => takenFlows(model, 'X', withForm({ n: 0 }))).toThrow('NO_FLOW_TAKEN');
    expect(() => takenFlows(model, 'Nope', never)).toThrow('UNKNOWN_NODE');
  });
});

describe('endsAfter', () => {
  it('knows the leave request ends after the leader for a short leave only', async () => {
    const model = await deployedModel('leave-request');
    expect(endsAfter(model, 'LeaderApproval', withForm({ days: 3 }))).toBe(true);
    expect(endsAfter(model, 'LeaderApproval', withForm({ days: 5 }))).toBe(false);
    expect(endsAfter(model, 'HrCountersign', never)).toBe(true);
    expect(endsAfter(model, 'Start', never)).toBe(false);
  });

  it('does not end before a service task or a call activity', () => {
    const model = modelOf(
      [
        ['s', 'START'],
        ['a', 'USERTASK'],
        ['svc', 'SERVICETASK'],
        ['call', 'CALLACTIVITY'],
        ['g', 'EXCLUSIVEGATEWAY'],
        ['e', 'END'],
      ],
      [
        ['s', 'a'],
        ['a', 'g'],
        ['g', 'svc', 'form.x == 1'],
        ['g', 'call', 'form.x == 2'],
        ['g', 'e', undefined, true],
        ['svc', 'e'],
        ['call', 'e'],
      ],
    );
    expect(endsAfter(model, 'a', withForm({ x: 1 }))).toBe(false);
    expect(endsAfter(model, 'a', withForm({ x: 2 }))).toBe(false);
    expect(endsAfter(model, 'a', withForm({ x: 3 }))).toBe(true);
  });
});

describe('routeKnownAfter', () => {
  const model = modelOf(
    [
      ['s', 'START'],
      ['a', 'USERTASK'],
      ['svc', 'SERVICETASK'],
      ['call', 'CALLACTIVITY'],
      ['b', 'USERTASK'],
      ['g', 'EXCLUSIVEGATEWAY'],
      ['e', 'END'],
    ],
    [
      ['s', 'a'],
      ['a', 'g'],
      ['g', 'svc', 'form.x == 1'],
      ['g', 'call', 'form.x == 2'],
      ['g', 'b', 'form.x == 3'],
      ['svc', 'e'],
      ['call', 'e'],
      ['b', 'e'],
    ],
  );

  it('knows the way through service tasks to an end or a user task', () => {
    expect(routeKnownAfter(model, 'a', withForm({ x: 1 }))).toBe(true);
    expect(routeKnownAfter(model, 'a', withForm({ x: 3 }))).toBe(true);
  });

  it('does not know the way past a call activity', () => {
    expect(routeKnownAfter(model, 'a', withForm({ x: 2 }))).toBe(false);
  });

  it('throws when a gateway finds no way on', () => {
    expect(() => routeKnownAfter(model, 'a', withForm({ x: 4 }))).toThrow(RoutingError);
  });
});

describe('nextUserTaskNodes', () => {
  it('routes the leave request on form.days', async () => {
    const model = await deployedModel('leave-request');
    expect(ids(nextUserTaskNodes(model, 'Start', never))).toEqual(['LeaderApproval']);
    expect(ids(nextUserTaskNodes(model, 'LeaderApproval', withForm({ days: 5 })))).toEqual(['HrCountersign']);
    expect(nextUserTaskNodes(model, 'LeaderApproval', withForm({ days: 3 }))).toEqual([]);
    expect(nextUserTaskNodes(model, 'HrCountersign', never)).toEqual([]);
  });

  it('routes the expense claim through the amount gateway and the merge', async () => {
    const model = await deployedModel('expense-claim');
    const large = nextUserTaskNodes(model, 'ManagerApproval', withForm({ amount: 8000 }));
    expect(large.map((node) => [node.id, node.type])).toEqual([['FinanceCountersign', 'SIGNTASK']]);
    expect(ids(nextUserTaskNodes(model, 'ManagerApproval', withForm({ amount: 100 })))).toEqual(['Cashier']);
    expect(ids(nextUserTaskNodes(model, 'FinanceCountersign', never))).toEqual(['Cashier']);
  });

  it('passes a bad condition up as an ExpressionError instead of guessing a route', async () => {
    const model = await deployedModel('expense-claim');
    expect(() => nextUserTaskNodes(model, 'ManagerApproval', withForm({}))).toThrowError(ExpressionError);
  });

  it('opens every parallel branch and runs through service tasks and the join', async () => {
    const model = await deployedModel('onboarding-parallel');
    expect(ids(nextUserTaskNodes(model, 'HrPrepare', never))).toEqual(['ItSetup', 'AdminDesk']);
    expect(nextUserTaskNodes(model, 'ItSetup', never)).toEqual([]);
  });

  it('stops at a call activity, enters and leaves an embedded sub-process', async () => {
    const model = await deployedModel('purchase');
    expect(nextUserTaskNodes(model, 'DeptApproval', never)).toEqual([]);
    expect(ids(nextUserTaskNodes(model, 'ContractReview', never))).toEqual(['Buyer']);
    expect(ids(nextUserTaskNodes(model, 'Buyer', never))).toEqual(['Receipt']);
    expect(nextUserTaskNodes(model, 'Receipt', never)).toEqual([]);
  });

  it('follows a loop back to an earlier task', () => {
    const model = modelOf(
      [
        ['S', 'START'],
        ['T1', 'USERTASK'],
        ['G', 'EXCLUSIVEGATEWAY'],
        ['E', 'END'],
      ],
      [
        ['S', 'T1'],
        ['T1', 'G'],
        ['G', 'T1', 'form.again'],
        ['G', 'E', undefined, true],
      ],
    );
    expect(ids(nextUserTaskNodes(model, 'T1', withForm({ again: true })))).toEqual(['T1']);
  });
});

describe('afterJumpNodes', () => {
  it('offers user tasks on every branch, never start, end or gateways', async () => {
    const leave = await deployedModel('leave-request');
    expect(ids(afterJumpNodes(leave, 'Start'))).toEqual(['LeaderApproval']);
    expect(ids(afterJumpNodes(leave, 'LeaderApproval'))).toEqual(['HrCountersign']);
    expect(afterJumpNodes(leave, 'HrCountersign')).toEqual([]);
    const expense = await deployedModel('expense-claim');
    const offered = afterJumpNodes(expense, 'ManagerApproval');
    expect(ids(offered)).toEqual(['FinanceCountersign', 'Cashier']);
    expect(offered.every((node) => ['USERTASK', 'SIGNTASK', 'CUSTOMSIGNTASK'].includes(node.type))).toBe(
      true,
    );
  });

  it('leaves out the node itself when a loop leads back to it, and automatic nodes', async () => {
    const model = modelOf(
      [
        ['T1', 'USERTASK'],
        ['Svc', 'SERVICETASK'],
        ['G', 'EXCLUSIVEGATEWAY'],
        ['T2', 'SIGNTASK'],
        ['E', 'END'],
      ],
      [
        ['T1', 'Svc'],
        ['Svc', 'G'],
        ['G', 'T1', 'form.again'],
        ['G', 'T2', undefined, true],
        ['T2', 'E'],
      ],
    );
    expect(ids(afterJumpNodes(model, 'T1'))).toEqual(['T2']);
    const onboarding = await deployedModel('onboarding-parallel');
    expect(ids(afterJumpNodes(onboarding, 'HrPrepare'))).toEqual(['ItSetup', 'AdminDesk']);
  });
});

describe('rejectTargets', () => {
  it('offers the user tasks before the node, not the sibling parallel branches', async () => {
    const model = await deployedModel('onboarding-parallel');
    expect(ids(rejectTargets(model, 'ItSetup'))).toEqual(['HrPrepare']);
    expect(ids(rejectTargets(model, 'AdminDesk'))).toEqual(['HrPrepare']);
    expect(rejectTargets(model, 'HrPrepare')).toEqual([]);
  });

  it('offers every branch once the branches have joined', () => {
    const model = modelOf(
      [
        ['S', 'START'],
        ['Pre', 'USERTASK'],
        ['Split', 'PARALLELGATEWAY'],
        ['A', 'USERTASK'],
        ['B', 'SIGNTASK'],
        ['Join', 'PARALLELGATEWAY'],
        ['After', 'USERTASK'],
        ['E', 'END'],
      ],
      [
        ['S', 'Pre'],
        ['Pre', 'Split'],
        ['Split', 'A'],
        ['Split', 'B'],
        ['A', 'Join'],
        ['B', 'Join'],
        ['Join', 'After'],
        ['After', 'E'],
      ],
    );
    expect(ids(rejectTargets(model, 'After'))).toEqual(['Pre', 'A', 'B']);
    expect(ids(rejectTargets(model, 'B'))).toEqual(['Pre']);
  });

  it('offers both gateway branches that can lead to the node', async () => {
    const model = await deployedModel('expense-claim');
    expect(ids(rejectTargets(model, 'Cashier'))).toEqual(['ManagerApproval', 'FinanceCountersign']);
    expect(ids(rejectTargets(model, 'FinanceCountersign'))).toEqual(['ManagerApproval']);
  });

  it('never offers a node that only follows the current one through a loop', () => {
    const model = modelOf(
      [
        ['S', 'START'],
        ['T0', 'USERTASK'],
        ['T1', 'USERTASK'],
        ['T2', 'USERTASK'],
        ['G', 'EXCLUSIVEGATEWAY'],
        ['E', 'END'],
      ],
      [
        ['S', 'T0'],
        ['T0', 'T1'],
        ['T1', 'T2'],
        ['T2', 'G'],
        ['G', 'T1', 'form.again'],
        ['G', 'E', undefined, true],
      ],
    );
    expect(ids(rejectTargets(model, 'T1'))).toEqual(['T0']);
    expect(ids(rejectTargets(model, 'T2'))).toEqual(['T0', 'T1']);
  });

  it('reaches into and out of an embedded sub-process, skipping call activities', async () => {
    const model = await deployedModel('purchase');
    expect(ids(rejectTargets(model, 'Buyer'))).toEqual(['DeptApproval']);
    expect(ids(rejectTargets(model, 'Receipt'))).toEqual(['DeptApproval', 'Buyer']);
    expect(rejectTargets(model, 'DeptApproval')).toEqual([]);
  });
});

describe('joinOf', () => {
  it('finds the join of the onboarding split', async () => {
    const model = await deployedModel('onboarding-parallel');
    expect(joinOf(model, 'Split')?.id).toBe('Join');
  });

  it('matches nested splits with their own joins', () => {
    const model = modelOf(
      [
        ['Outer', 'PARALLELGATEWAY'],
        ['A', 'USERTASK'],
        ['Inner', 'INCLUSIVEGATEWAY'],
        ['B', 'USERTASK'],
        ['C', 'USERTASK'],
        ['InnerJoin', 'INCLUSIVEGATEWAY'],
        ['D', 'USERTASK'],
        ['OuterJoin', 'PARALLELGATEWAY'],
        ['E', 'END'],
      ],
      [
        ['Outer', 'A'],
        ['Outer', 'Inner'],
        ['Inner', 'B', 'form.b'],
        ['Inner', 'C', 'form.c'],
        ['B', 'InnerJoin'],
        ['C', 'InnerJoin'],
        ['InnerJoin', 'D'],
        ['A', 'OuterJoin'],
        ['D', 'OuterJoin'],
        ['OuterJoin', 'E'],
      ],
    );
    expect(joinOf(model, 'Outer')?.id).toBe('OuterJoin');
    expect(joinOf(model, 'Inner')?.id).toBe('InnerJoin');
  });

  it('has no join when branches end apart or meet at another kind of gateway', () => {
    const apart = modelOf(
      [
        ['P', 'PARALLELGATEWAY'],
        ['A', 'USERTASK'],
        ['B', 'USERTASK'],
        ['E1', 'END'],
        ['E2', 'END'],
      ],
      [
        ['P', 'A'],
        ['P', 'B'],
        ['A', 'E1'],
        ['B', 'E2'],
      ],
    );
    expect(joinOf(apart, 'P')).toBeUndefined();
    const mismatched = modelOf(
      [
        ['P', 'PARALLELGATEWAY'],
        ['A', 'USERTASK'],
        ['B', 'USERTASK'],
        ['X', 'EXCLUSIVEGATEWAY'],
        ['E', 'END'],
      ],
      [
        ['P', 'A'],
        ['P', 'B'],
        ['A', 'X'],
        ['B', 'X'],
        ['X', 'E'],
      ],
    );
    expect(joinOf(mismatched, 'P')).toBeUndefined();
  });
});

describe('isDominatedBy: the work a send-back undoes', () => {
  it('a node after a split is dominated by what comes before it on its own branch, not by the other branch', async () => {
    const model = await deployedModel('onboarding-parallel');
    expect(isDominatedBy(model, 'ItSetup', 'HrPrepare')).toBe(true);
    expect(isDominatedBy(model, 'ItSetup', 'Split')).toBe(true);
    expect(isDominatedBy(model, 'ItSetup', 'AdminDesk')).toBe(false);
    // the join and what follows it are reached through every branch: no single branch dominates them
    expect(isDominatedBy(model, 'Join', 'ItSetup')).toBe(false);
    expect(isDominatedBy(model, 'End', 'HrPrepare')).toBe(true);
  });

  it('after an exclusive gateway, a node on one path is not dominated by a node on the other', async () => {
    const model = await deployedModel('expense-claim');
    expect(isDominatedBy(model, 'Cashier', 'ManagerApproval')).toBe(true);
    expect(isDominatedBy(model, 'Cashier', 'FinanceCountersign')).toBe(false);
  });
});
