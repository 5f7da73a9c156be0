import { describe, expect, it } from 'vitest';
import { DEPLOY_PROBLEM_CODES, type DeployProblem, type DeployProblemCode } from '@eip/contracts/flow';
import { edited } from './fixtures/edit.js';
import { fixtureSettings, fixtureXml, type FixtureName } from './fixtures/load.js';
import { parseBpmn } from './parse.js';
import { checkDefinition, checkStructure } from './validate.js';

type Settings = { global?: unknown; nodes: Record<string, Record<string, unknown>> };

const settingsOf = (name: FixtureName) => fixtureSettings(name) as Settings;

/** The fixture's settings with one node's settings replaced. */
function withNode(name: FixtureName, nodeId: string, value: Record<string, unknown>): Settings {
  const settings = settingsOf(name);
  return { ...settings, nodes: { ...settings.nodes, [nodeId]: value } };
}

async function problemsOf(xml: string, settings: unknown): Promise<readonly DeployProblem[]> {
  const check = await checkDefinition(xml, settings);
  return check.ok ? [] : check.problems;
}

const brief = (problems: readonly DeployProblem[]) => problems.map((p) => [p.code, p.nodeId ?? null]);

describe('checkDefinition on the demo fixtures', () => {
  it.each(['leave-request', 'expense-claim', 'onboarding-parallel', 'purchase', 'contract-review'] as const)(
    '%s deploys',
    async (name) => {
      const check = await checkDefinition(fixtureXml(name), fixtureSettings(name));
      expect(check.ok ? [] : check.problems).toEqual([]);
      expect(check.ok).toBe(true);
    },
  );

  it('resolves the countersign kinds: marker in the leave request, settings in the expense claim', async () => {
    const leave = await checkDefinition(fixtureXml('leave-request'), fixtureSettings('leave-request'));
    const expense = await checkDefinition(fixtureXml('expense-claim'), fixtureSettings('expense-claim'));
    if (!leave.ok || !expense.ok) throw new Error('fixtures must deploy');
    expect(leave.model.nodes.get('HrCountersign')?.type).toBe('SIGNTASK');
    expect(expense.model.nodes.get('FinanceCountersign')?.type).toBe('SIGNTASK');
    expect(expense.model.nodes.get('Cashier')?.type).toBe('USERTASK');
    expect(leave.settings.global?.subjectTemplate).toBe('{initiatorName}的请假申请');
  });
});

describe('checkStructure on the broken fixture', () => {
  it('names every problem with its node', async () => {
    const problems = checkStructure(await parseBpmn(fixtureXml('broken')));
    expect(brief(problems)).toEqual([
      ['UNREADABLE_CONTENT', null],
      ['UNSUPPORTED_ELEMENT', 'Timeout'],
      ['UNSUPPORTED_ELEMENT', 'Script'],
      ['UNSUPPORTED_ELEMENT', 'Complex'],
      ['SEVERAL_STARTS', null],
      ['DEAD_END_NODE', 'TaskC'],
      ['UNREACHABLE_NODE', 'Orphan'],
      ['DEAD_END_NODE', 'Orphan'],
      ['NODE_WITHOUT_SHAPE', 'NoShape'],
      ['CONDITION_NOT_ALLOWED', 'TaskA'],
      ['CONDITION_INVALID', 'Gateway'],
      ['SEVERAL_DEFAULT_FLOWS', 'Gateway'],
    ]);
  });

  it('gives each problem the parameters a message needs', async () => {
    const problems = checkStructure(await parseBpmn(fixtureXml('broken')));
    const find = (code: DeployProblemCode) => problems.find((p) => p.code === code)?.params;
    expect(problems.find((p) => p.nodeId === 'Timeout')?.params).toEqual({
      elementType: 'bpmn:BoundaryEvent',
      name: '超时',
      detail: 'bpmn:TimerEventDefinition',
    });
    expect(find('SEVERAL_STARTS')).toEqual({ count: 2 });
    expect(find('CONDITION_NOT_ALLOWED')).toEqual({ flowId: 'Flow_ToGateway' });
    expect(find('CONDITION_INVALID')).toMatchObject({
      flowId: 'Flow_Bad',
      expression: 'form.days >',
      error: 'SYNTAX',
    });
    expect(find('SEVERAL_DEFAULT_FLOWS')).toEqual({ flowIds: 'Flow_Plain1,Flow_Plain2' });
    expect(String(find('UNREADABLE_CONTENT')?.message)).toContain('bpmn:fooBar');
  });

  it('adds the settings problems when deployed without settings', async () => {
    const problems = await problemsOf(fixtureXml('broken'), { nodes: {} });
    const missing = problems.filter((p) => p.code === 'CANDIDATES_MISSING').map((p) => p.nodeId);
    expect(missing).toEqual(['TaskA', 'TaskB', 'TaskC', 'NoShape', 'Orphan']);
  });
});

interface Scenario {
  title: string;
  xml: () => string;
  settings: () => unknown;
  code: DeployProblemCode;
  nodeId?: string;
  params?: Record<string, string | number>;
}

const leave = () => fixtureXml('leave-request');
const leaveSettings = () => settingsOf('leave-request');
const purchase = () => fixtureXml('purchase');
const onboarding = () => fixtureXml('onboarding-parallel');
const contract = () => fixtureXml('contract-review');
const contractSettings = () => settingsOf('contract-review');
const diagramStart = (xml: string) => xml.indexOf('<bpmndi:BPMNDiagram');

const scenarios: Scenario[] = [
  {
    title: 'text that is not XML',
    xml: () => 'hello',
    settings: leaveSettings,
    code: 'INVALID_XML',
  },
  {
    title: 'no process',
    xml: () => {
      const xml = contract();
      return xml.slice(0, xml.indexOf('<bpmn:process')) + xml.slice(diagramStart(xml));
    },
    settings: contractSettings,
    code: 'NO_PROCESS',
  },
  {
    title: 'two processes with content',
    xml: () => {
      const xml = contract();
      const process = xml.slice(xml.indexOf('<bpmn:process'), xml.indexOf('</bpmn:process>') + 15);
      return edited(xml, '</bpmn:process>', `</bpmn:process>${process.replaceAll('id="', 'id="x_')}`);
    },
    settings: contractSettings,
    code: 'SEVERAL_PROCESSES',
    params: { count: 2 },
  },
  {
    title: 'no diagram',
    xml: () => leave().slice(0, diagramStart(leave())) + '</bpmn:definitions>',
    settings: leaveSettings,
    code: 'NO_DIAGRAM',
  },
  {
    title: 'an unknown element',
    xml: () =>
      edited(contract(), '<bpmn:endEvent id="End" />', '<bpmn:endEvent id="End" /><bpmn:madeUp id="M" />'),
    settings: contractSettings,
    code: 'UNREADABLE_CONTENT',
  },
  {
    title: 'a script task, whose script is never run',
    xml: () =>
      edited(
        contract(),
        '<bpmn:endEvent id="End" />',
        '<bpmn:endEvent id="End" /><bpmn:scriptTask id="Run"><bpmn:script>rm -rf /</bpmn:script></bpmn:scriptTask>',
      ),
    settings: contractSettings,
    code: 'UNSUPPORTED_ELEMENT',
    nodeId: 'Run',
    params: { elementType: 'bpmn:ScriptTask', name: '' },
  },
  {
    title: 'no start at the top level',
    xml: () =>
      edited(
        edited(contract(), '<bpmn:startEvent id="Start" />', ''),
        '<bpmn:sequenceFlow id="Flow_Start" sourceRef="Start" targetRef="LegalReview" />',
        '',
      ),
    settings: contractSettings,
    code: 'NO_START',
  },
  {
    title: 'no start inside an embedded sub-process',
    xml: () =>
      edited(
        edited(purchase(), '<bpmn:startEvent id="ProcurementStart" />', ''),
        '<bpmn:sequenceFlow id="Flow_InnerStart" sourceRef="ProcurementStart" targetRef="Buyer" />',
        '',
      ),
    settings: () => settingsOf('purchase'),
    code: 'NO_START',
    nodeId: 'Procurement',
  },
  {
    title: 'two starts',
    xml: () =>
      edited(
        contract(),
        '<bpmn:startEvent id="Start" />',
        '<bpmn:startEvent id="Start" /><bpmn:startEvent id="Start2" />' +
          '<bpmn:sequenceFlow id="Flow_Start2" sourceRef="Start2" targetRef="LegalReview" />',
      ),
    settings: contractSettings,
    code: 'SEVERAL_STARTS',
    params: { count: 2 },
  },
  {
    title: 'no end',
    xml: () =>
      edited(
        edited(contract(), '<bpmn:endEvent id="End" />', ''),
        '<bpmn:sequenceFlow id="Flow_End" sourceRef="LegalReview" targetRef="End" />',
        '',
      ),
    settings: contractSettings,
    code: 'NO_END',
  },
  {
    title: 'a node the start never reaches',
    xml: () =>
      edited(
        contract(),
        '<bpmn:endEvent id="End" />',
        '<bpmn:endEvent id="End" /><bpmn:userTask id="Lost" />' +
          '<bpmn:sequenceFlow id="Flow_Lost" sourceRef="Lost" targetRef="End" />',
      ),
    settings: () => ({
      nodes: { ...contractSettings().nodes, Lost: { candidates: [{ type: 'initiator' }] } },
    }),
    code: 'UNREACHABLE_NODE',
    nodeId: 'Lost',
  },
  {
    title: 'a node that never reaches an end',
    xml: () =>
      edited(
        contract(),
        '<bpmn:sequenceFlow id="Flow_End" sourceRef="LegalReview" targetRef="End" />',
        '<bpmn:sequenceFlow id="Flow_End" sourceRef="LegalReview" targetRef="Gate" /><bpmn:exclusiveGateway id="Gate" />' +
          '<bpmn:sequenceFlow id="Flow_Out" sourceRef="Gate" targetRef="End" />' +
          '<bpmn:sequenceFlow id="Flow_Stuck" sourceRef="Gate" targetRef="Stuck"><bpmn:conditionExpression>form.stuck</bpmn:conditionExpression></bpmn:sequenceFlow>' +
          '<bpmn:userTask id="Stuck" />',
      ),
    settings: () => ({
      nodes: { ...contractSettings().nodes, Stuck: { candidates: [{ type: 'initiator' }] } },
    }),
    code: 'DEAD_END_NODE',
    nodeId: 'Stuck',
  },
  {
    title: 'a node without a shape',
    xml: () =>
      edited(
        leave(),
        `      <bpmndi:BPMNShape id="End_di" bpmnElement="End">
        <dc:Bounds x="662" y="202" width="36" height="36" />
      </bpmndi:BPMNShape>`,
        '',
      ),
    settings: leaveSettings,
    code: 'NODE_WITHOUT_SHAPE',
    nodeId: 'End',
  },
  {
    title: 'two flows out of a task',
    xml: () =>
      edited(
        contract(),
        '<bpmn:sequenceFlow id="Flow_Start" sourceRef="Start" targetRef="LegalReview" />',
        '<bpmn:sequenceFlow id="Flow_Start" sourceRef="Start" targetRef="LegalReview" />' +
          '<bpmn:sequenceFlow id="Flow_Skip" sourceRef="Start" targetRef="End" />',
      ),
    settings: contractSettings,
    code: 'IMPLICIT_SPLIT',
    nodeId: 'Start',
    params: { count: 2 },
  },
  {
    title: 'a parallel split whose branches never meet',
    xml: () =>
      edited(
        onboarding(),
        '<bpmn:sequenceFlow id="Flow_AccountDone" sourceRef="CreateAccount" targetRef="Join" />',
        '<bpmn:sequenceFlow id="Flow_AccountDone" sourceRef="CreateAccount" targetRef="End" />',
      ),
    settings: () => settingsOf('onboarding-parallel'),
    code: 'SPLIT_WITHOUT_JOIN',
    nodeId: 'Split',
  },
  {
    title: 'a condition on a parallel branch',
    xml: () =>
      edited(
        onboarding(),
        '<bpmn:sequenceFlow id="Flow_It" sourceRef="Split" targetRef="ItSetup" />',
        '<bpmn:sequenceFlow id="Flow_It" sourceRef="Split" targetRef="ItSetup"><bpmn:conditionExpression>true</bpmn:conditionExpression></bpmn:sequenceFlow>',
      ),
    settings: () => settingsOf('onboarding-parallel'),
    code: 'CONDITION_NOT_ALLOWED',
    nodeId: 'Split',
    params: { flowId: 'Flow_It' },
  },
  {
    title: 'a gateway condition that is not CEL',
    xml: () => edited(leave(), 'form.days &gt; 3', '${days &gt; 3}'),
    settings: leaveSettings,
    code: 'CONDITION_INVALID',
    nodeId: 'DaysGateway',
  },
  {
    title: 'a gateway condition that is not boolean',
    xml: () => edited(leave(), 'form.days &gt; 3', 'size(form.reason)'),
    settings: leaveSettings,
    code: 'CONDITION_INVALID',
    nodeId: 'DaysGateway',
  },
  {
    title: 'a default flow with a condition',
    xml: () => edited(leave(), 'default="Flow_ShortLeave"', 'default="Flow_LongLeave"'),
    settings: leaveSettings,
    code: 'DEFAULT_FLOW_WITH_CONDITION',
    nodeId: 'DaysGateway',
    params: { flowId: 'Flow_LongLeave' },
  },
  {
    title: 'a default flow and another unconditioned one at an exclusive gateway',
    xml: () =>
      edited(
        leave(),
        '<bpmn:sequenceFlow id="Flow_HrDone" sourceRef="HrCountersign" targetRef="End" />',
        '<bpmn:sequenceFlow id="Flow_HrDone" sourceRef="HrCountersign" targetRef="End" />' +
          '<bpmn:sequenceFlow id="Flow_Also" sourceRef="DaysGateway" targetRef="End" />',
      ),
    settings: leaveSettings,
    code: 'SEVERAL_DEFAULT_FLOWS',
    nodeId: 'DaysGateway',
    params: { flowIds: 'Flow_ShortLeave,Flow_Also' },
  },
  {
    title: 'a settings document that is not an object with nodes',
    xml: leave,
    settings: () => [],
    code: 'SETTINGS_INVALID',
    params: { path: '/', keyword: 'type', message: 'must be object', type: 'object' },
  },
  {
    title: 'a countersign ratio above 100',
    xml: leave,
    settings: () =>
      withNode('leave-request', 'HrCountersign', {
        candidates: [{ type: 'role', ids: ['hr'] }],
        countersign: { mode: 'ratio', ratio: 150 },
      }),
    code: 'SETTINGS_INVALID',
    nodeId: 'HrCountersign',
    params: {
      path: '/countersign/ratio',
      keyword: 'maximum',
      message: 'must be <= 100',
      comparison: '<=',
      limit: 100,
    },
  },
  {
    title: 'a script on a button',
    xml: leave,
    settings: () =>
      withNode('leave-request', 'LeaderApproval', {
        candidates: [{ type: 'initiatorLeader' }],
        buttons: [{ alias: 'agree', name: '同意', beforeScript: 'fetch("/x")' }],
      }),
    code: 'SETTINGS_INVALID',
    nodeId: 'LeaderApproval',
    params: {
      path: '/buttons/0',
      keyword: 'additionalProperties',
      message: 'must NOT have additional properties',
      additionalProperty: 'beforeScript',
    },
  },
  {
    title: 'an unknown button alias, with the allowed ones listed',
    xml: leave,
    settings: () =>
      withNode('leave-request', 'LeaderApproval', {
        candidates: [{ type: 'initiatorLeader' }],
        buttons: [{ alias: 'runScript', name: 'x' }],
      }),
    code: 'SETTINGS_INVALID',
    nodeId: 'LeaderApproval',
  },
  {
    title: 'settings for a node that does not exist',
    xml: leave,
    settings: () => withNode('leave-request', 'Ghost', { candidates: [{ type: 'initiator' }] }),
    code: 'SETTINGS_UNKNOWN_NODE',
    nodeId: 'Ghost',
  },
  {
    title: 'candidates on a gateway',
    xml: leave,
    settings: () => withNode('leave-request', 'DaysGateway', { candidates: [{ type: 'initiator' }] }),
    code: 'SETTING_NOT_APPLICABLE',
    nodeId: 'DaysGateway',
    params: { setting: 'candidates', nodeType: 'EXCLUSIVEGATEWAY' },
  },
  {
    title: 'a sign order on a parallel multi-instance task',
    xml: leave,
    settings: () =>
      withNode('leave-request', 'HrCountersign', {
        candidates: [{ type: 'role', ids: ['hr'] }],
        signOrder: 'listed',
      }),
    code: 'SIGN_KIND_CONFLICT',
    nodeId: 'HrCountersign',
    params: { marker: 'parallel' },
  },
  {
    title: 'a user task without candidates',
    xml: leave,
    settings: () => withNode('leave-request', 'LeaderApproval', { candidates: [] }),
    code: 'CANDIDATES_MISSING',
    nodeId: 'LeaderApproval',
  },
  {
    title: 'a role candidate without ids',
    xml: leave,
    settings: () => withNode('leave-request', 'LeaderApproval', { candidates: [{ type: 'role' }] }),
    code: 'CANDIDATE_INCOMPLETE',
    nodeId: 'LeaderApproval',
    params: { index: 0, type: 'role' },
  },
  {
    title: 'a rule candidate without an expression',
    xml: leave,
    settings: () => withNode('leave-request', 'LeaderApproval', { candidates: [{ type: 'rule' }] }),
    code: 'CANDIDATE_INCOMPLETE',
    nodeId: 'LeaderApproval',
    params: { index: 0, type: 'rule' },
  },
  {
    title: 'a rule candidate that yields no list',
    xml: leave,
    settings: () =>
      withNode('leave-request', 'LeaderApproval', { candidates: [{ type: 'rule', expression: '"u1"' }] }),
    code: 'CANDIDATE_RULE_INVALID',
    nodeId: 'LeaderApproval',
    params: { index: 0, expression: '"u1"', error: 'WRONG_RESULT_TYPE', reason: 'expected list, got string' },
  },
  {
    title: 'a ratio countersign without a ratio',
    xml: leave,
    settings: () =>
      withNode('leave-request', 'HrCountersign', {
        candidates: [{ type: 'role', ids: ['hr'] }],
        countersign: { mode: 'ratio' },
      }),
    code: 'COUNTERSIGN_RATIO_OUT_OF_RANGE',
    nodeId: 'HrCountersign',
    params: {},
  },
  {
    title: 'a ratio countersign at 0 %',
    xml: leave,
    settings: () =>
      withNode('leave-request', 'HrCountersign', {
        candidates: [{ type: 'role', ids: ['hr'] }],
        countersign: { mode: 'ratio', ratio: 0 },
      }),
    code: 'COUNTERSIGN_RATIO_OUT_OF_RANGE',
    nodeId: 'HrCountersign',
    params: { ratio: 0 },
  },
  {
    title: 'a call activity without a flow key',
    xml: () => edited(purchase(), ' calledElement="contract_review"', ''),
    settings: () => settingsOf('purchase'),
    code: 'CALL_ACTIVITY_NO_FLOW_KEY',
    nodeId: 'ContractReview',
  },
  {
    title: 'a service task without settings',
    xml: onboarding,
    settings: () => {
      const { nodes } = settingsOf('onboarding-parallel');
      return { nodes: Object.fromEntries(Object.entries(nodes).filter(([id]) => id !== 'CreateAccount')) };
    },
    code: 'SERVICE_TASK_UNCONFIGURED',
    nodeId: 'CreateAccount',
  },
  {
    title: 'a service task calling a file URL',
    xml: onboarding,
    settings: () =>
      withNode('onboarding-parallel', 'CreateAccount', {
        serviceTask: { kind: 'http', method: 'GET', url: 'file:///etc/passwd' },
      }),
    code: 'SERVICE_URL_INVALID',
    nodeId: 'CreateAccount',
    params: { url: 'file:///etc/passwd' },
  },
  {
    title: 'a service task expression that does not compile',
    xml: onboarding,
    settings: () =>
      withNode('onboarding-parallel', 'CreateAccount', {
        serviceTask: { kind: 'expression', expression: 'form.' },
      }),
    code: 'SERVICE_EXPRESSION_INVALID',
    nodeId: 'CreateAccount',
    params: { field: 'expression', expression: 'form.', error: 'SYNTAX' },
  },
];

describe('checkDefinition problem codes', () => {
  it.each(scenarios)('reports $code for $title', async ({ xml, settings, code, nodeId, params }) => {
    const problems = await problemsOf(xml(), settings());
    const matching = problems.filter((p) => p.code === code && p.nodeId === nodeId);
    expect(matching, JSON.stringify(problems)).not.toHaveLength(0);
    if (params) expect(matching.map((p) => p.params)).toContainEqual(expect.objectContaining(params));
  });

  it('covers every problem code', () => {
    const covered = new Set(scenarios.map((scenario) => scenario.code));
    expect(DEPLOY_PROBLEM_CODES.filter((code) => !covered.has(code))).toEqual([]);
  });

  it('lists the allowed values of a literal and nothing from union branches that were not meant', async () => {
    const aliasProblems = await problemsOf(
      leave(),
      withNode('leave-request', 'LeaderApproval', {
        candidates: [{ type: 'initiatorLeader' }],
        buttons: [{ alias: 'runScript', name: 'x' }],
      }),
    );
    expect(aliasProblems).toHaveLength(1);
    expect(aliasProblems[0]?.params).toMatchObject({ path: '/buttons/0/alias', keyword: 'anyOf' });
    expect(String(aliasProblems[0]?.params.allowed).split(',')).toContain('agree');

    const serviceProblems = await problemsOf(
      onboarding(),
      withNode('onboarding-parallel', 'CreateAccount', { serviceTask: { kind: 'http', method: 'POST' } }),
    );
    expect(brief(serviceProblems)).toEqual([['SETTINGS_INVALID', 'CreateAccount']]);
    expect(serviceProblems[0]?.params).toMatchObject({ keyword: 'required', missingProperty: 'url' });
  });

  it('skips the rules of a node whose settings failed the schema, and checks the rest', async () => {
    const settings = withNode('leave-request', 'HrCountersign', { candidates: 'everyone' });
    const problems = await problemsOf(leave(), settings);
    expect(brief(problems)).toEqual([['SETTINGS_INVALID', 'HrCountersign']]);
  });

  it('checks no node rules against a document that is not a settings document', async () => {
    expect(brief(await problemsOf(leave(), { nodes: [] }))).toEqual([['SETTINGS_INVALID', null]]);
  });

  it('reports a bad global setting at its path', async () => {
    const settings = {
      ...leaveSettings(),
      global: { flowType: 'hr', startRights: [{ type: 'initiator', ids: ['x'] }] },
    };
    const problems = await problemsOf(leave(), settings);
    expect(problems.map((p) => p.params.path)).toEqual(['/global/startRights/0/type']);
  });

  it('takes the flow key from the settings when the BPMN has none', async () => {
    const settings = withNode('purchase', 'ContractReview', { callActivity: { flowKey: 'contract_review' } });
    expect(await problemsOf(edited(purchase(), ' calledElement="contract_review"', ''), settings)).toEqual(
      [],
    );
  });

  it('refuses every URL scheme but http and https', async () => {
    for (const url of ['javascript:alert(1)', 'ftp://files.example/x', 'not a url']) {
      const settings = withNode('onboarding-parallel', 'CreateAccount', {
        serviceTask: { kind: 'http', method: 'GET', url },
      });
      expect(brief(await problemsOf(onboarding(), settings))).toEqual([
        ['SERVICE_URL_INVALID', 'CreateAccount'],
      ]);
    }
  });

  it('checks a body template as CEL', async () => {
    const settings = withNode('onboarding-parallel', 'CreateAccount', {
      serviceTask: { kind: 'http', method: 'POST', url: 'https://a.example/', bodyTemplate: '{"a": }' },
    });
    const problems = await problemsOf(onboarding(), settings);
    expect(problems.map((p) => [p.code, p.params.field])).toEqual([
      ['SERVICE_EXPRESSION_INVALID', 'bodyTemplate'],
    ]);
  });

  it('finds nothing for an id that only exists on Object.prototype', async () => {
    const settings = withNode('leave-request', 'constructor', { candidates: [{ type: 'initiator' }] });
    expect(brief(await problemsOf(leave(), settings))).toEqual([['SETTINGS_UNKNOWN_NODE', 'constructor']]);
  });
});
