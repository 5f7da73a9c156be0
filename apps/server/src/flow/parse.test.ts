import { describe, expect, it } from 'vitest';
import { DefinitionError } from './errors.js';
import { edited } from './fixtures/edit.js';
import { fixtureXml } from './fixtures/load.js';
import type { FlowModel } from './model.js';
import { parseBpmn, userTaskKind, withTaskKinds } from './parse.js';

const typesOf = (model: FlowModel) =>
  Object.fromEntries([...model.nodes.values()].map((node) => [node.id, node.type]));

async function definitionError(xml: string): Promise<DefinitionError> {
  const error = await parseBpmn(xml).catch((caught: unknown) => caught);
  if (!(error instanceof DefinitionError)) throw new Error('expected a DefinitionError');
  return error;
}

describe('parseBpmn', () => {
  it('reads the leave request: process, node types, flows and conditions', async () => {
    const model = await parseBpmn(fixtureXml('leave-request'));
    expect(model.processId).toBe('leave_request');
    expect(model.processName).toBe('请假申请');
    expect(typesOf(model)).toEqual({
      Start: 'START',
      LeaderApproval: 'USERTASK',
      DaysGateway: 'EXCLUSIVEGATEWAY',
      HrCountersign: 'SIGNTASK',
      End: 'END',
    });
    expect(model.nodes.get('HrCountersign')).toMatchObject({
      name: '人事会签',
      bpmnType: 'bpmn:UserTask',
      multiInstance: 'parallel',
      parentId: null,
    });
    expect(model.flows.find((flow) => flow.id === 'Flow_LongLeave')).toEqual({
      id: 'Flow_LongLeave',
      name: '超过3天',
      sourceId: 'DaysGateway',
      targetId: 'HrCountersign',
      condition: 'form.days > 3',
      isDefault: false,
    });
    expect(model.flows.find((flow) => flow.id === 'Flow_ShortLeave')?.isDefault).toBe(true);
    expect(model.unsupported).toEqual([]);
    expect(model.warnings).toEqual([]);
  });

  it('reads the diagram: node shapes and the box around everything drawn', async () => {
    const { layout, subLayouts } = await parseBpmn(fixtureXml('leave-request'));
    expect(layout.elementId).toBe('leave_request');
    expect(layout.shapes).toHaveLength(5);
    expect(layout.shapes.find((shape) => shape.nodeId === 'LeaderApproval')).toEqual({
      nodeId: 'LeaderApproval',
      x: 240,
      y: 180,
      width: 100,
      height: 80,
    });
    expect(layout.shapes.find((shape) => shape.nodeId === 'DaysGateway')).toMatchObject({
      width: 50,
      height: 50,
    });
    expect({ x: layout.x, y: layout.y, width: layout.width, height: layout.height }).toEqual({
      x: 152,
      y: 80,
      width: 546,
      height: 180,
    });
    expect(subLayouts).toEqual([]);
  });

  it('counts labels and edge waypoints in the box', async () => {
    const xml = edited(
      fixtureXml('expense-claim'),
      '<dc:Bounds x="146" y="265" width="48" height="14" />',
      '<dc:Bounds x="120" y="265" width="48" height="40" />',
    );
    const { layout } = await parseBpmn(
      edited(xml, '<di:waypoint x="680" y="140" />', '<di:waypoint x="680" y="40" />'),
    );
    expect({ x: layout.x, y: layout.y, width: layout.width, height: layout.height }).toEqual({
      x: 120,
      y: 40,
      width: 828,
      height: 265,
    });
  });

  it('treats an unconditioned branch of an exclusive split as its default, a single way on as plain', async () => {
    const model = await parseBpmn(fixtureXml('expense-claim'));
    const defaults = model.flows.filter((flow) => flow.isDefault).map((flow) => flow.id);
    expect(defaults).toEqual(['Flow_Small']);
    expect(model.nodes.get('FinanceCountersign')?.type).toBe('USERTASK');
  });

  it('makes a sequential multi-instance user task a CUSTOMSIGNTASK', async () => {
    const xml = edited(
      fixtureXml('leave-request'),
      '<bpmn:multiInstanceLoopCharacteristics />',
      '<bpmn:multiInstanceLoopCharacteristics isSequential="true" />',
    );
    const node = (await parseBpmn(xml)).nodes.get('HrCountersign');
    expect(node).toMatchObject({ type: 'CUSTOMSIGNTASK', multiInstance: 'sequential' });
  });

  it('keeps call activities and embedded sub-processes with their inner nodes', async () => {
    const model = await parseBpmn(fixtureXml('purchase'));
    expect(model.nodes.get('ContractReview')).toMatchObject({
      type: 'CALLACTIVITY',
      calledElement: 'contract_review',
    });
    expect(model.nodes.get('Procurement')).toMatchObject({ type: 'SUBPROCESS', parentId: null });
    const inner = [...model.nodes.values()].filter((node) => node.parentId === 'Procurement');
    expect(inner.map((node) => [node.id, node.type])).toEqual([
      ['ProcurementStart', 'START'],
      ['Buyer', 'USERTASK'],
      ['Receipt', 'USERTASK'],
      ['ProcurementEnd', 'END'],
    ]);
    expect(model.flows.map((flow) => flow.id)).toContain('Flow_Ordered');
    expect(model.layout.shapes.find((shape) => shape.nodeId === 'Procurement')).toMatchObject({
      width: 500,
      height: 200,
    });
    expect(model.layout.shapes.find((shape) => shape.nodeId === 'Buyer')).toMatchObject({ x: 670, y: 180 });
  });

  it('names every unsupported element and keeps reader warnings instead of dropping them', async () => {
    const model = await parseBpmn(fixtureXml('broken'));
    expect(model.unsupported).toEqual([
      { id: 'Timeout', name: '超时', bpmnType: 'bpmn:BoundaryEvent', detail: 'bpmn:TimerEventDefinition' },
      { id: 'Script', name: '脚本', bpmnType: 'bpmn:ScriptTask' },
      { id: 'Complex', name: '', bpmnType: 'bpmn:ComplexGateway' },
    ]);
    expect(model.nodes.has('Script')).toBe(false);
    expect(model.warnings).toHaveLength(1);
    expect(model.warnings[0]).toContain('bpmn:fooBar');
  });

  it('reports a timer start event, an event-based gateway and a loop marker as unsupported', async () => {
    let xml = edited(
      fixtureXml('leave-request'),
      '<bpmn:startEvent id="Start" name="提交申请" />',
      '<bpmn:startEvent id="Start" name="提交申请"><bpmn:timerEventDefinition /></bpmn:startEvent>',
    );
    xml = edited(
      xml,
      '<bpmn:exclusiveGateway id="DaysGateway" name="请假天数" default="Flow_ShortLeave" />',
      '<bpmn:eventBasedGateway id="DaysGateway" />',
    );
    xml = edited(
      xml,
      '<bpmn:userTask id="LeaderApproval" name="部门领导审批" />',
      '<bpmn:userTask id="LeaderApproval" name="部门领导审批"><bpmn:standardLoopCharacteristics /></bpmn:userTask>',
    );
    const model = await parseBpmn(xml);
    expect(model.unsupported.map((element) => [element.id, element.bpmnType, element.detail])).toEqual([
      ['Start', 'bpmn:StartEvent', 'bpmn:TimerEventDefinition'],
      ['LeaderApproval', 'bpmn:UserTask', 'bpmn:StandardLoopCharacteristics'],
      ['DaysGateway', 'bpmn:EventBasedGateway', undefined],
    ]);
    expect([...model.nodes.keys()]).toEqual(['HrCountersign', 'End']);
  });

  it('reads a process drawn inside a collaboration and reports its message flows', async () => {
    const xml = edited(
      edited(
        fixtureXml('contract-review'),
        '<bpmn:process id="contract_review"',
        '<bpmn:collaboration id="Collab"><bpmn:participant id="Legal" processRef="contract_review" />' +
          '<bpmn:participant id="Vendor" /><bpmn:messageFlow id="Mail" sourceRef="Vendor" targetRef="Legal" />' +
          '</bpmn:collaboration><bpmn:process id="contract_review"',
      ),
      'bpmnElement="contract_review"',
      'bpmnElement="Collab"',
    );
    const model = await parseBpmn(xml);
    expect(model.layout.elementId).toBe('Collab');
    expect(model.layout.shapes.map((shape) => shape.nodeId)).toEqual(['Start', 'LegalReview', 'End']);
    expect(model.unsupported).toEqual([{ id: 'Mail', name: '', bpmnType: 'bpmn:MessageFlow' }]);
  });

  it('reads the drill-down plane of a collapsed sub-process', async () => {
    const inner = `<bpmndi:BPMNDiagram id="Diagram_inner"><bpmndi:BPMNPlane id="Plane_inner" bpmnElement="Procurement">
      <bpmndi:BPMNShape id="Buyer_inner" bpmnElement="Buyer"><dc:Bounds x="10" y="20" width="100" height="80" /></bpmndi:BPMNShape>
      </bpmndi:BPMNPlane></bpmndi:BPMNDiagram></bpmn:definitions>`;
    const model = await parseBpmn(edited(fixtureXml('purchase'), '</bpmn:definitions>', inner));
    expect(model.subLayouts).toEqual([
      {
        elementId: 'Procurement',
        x: 10,
        y: 20,
        width: 100,
        height: 80,
        shapes: [{ nodeId: 'Buyer', x: 10, y: 20, width: 100, height: 80 }],
      },
    ]);
  });

  it('refuses a definition without a diagram', async () => {
    const xml = fixtureXml('leave-request');
    const withoutDiagram = xml.slice(0, xml.indexOf('<bpmndi:BPMNDiagram')) + '</bpmn:definitions>';
    expect((await definitionError(withoutDiagram)).code).toBe('NO_DIAGRAM');
  });

  it('refuses text that is not BPMN XML', async () => {
    const error = await definitionError('<html><body>hello</body></html>');
    expect(error.code).toBe('INVALID_XML');
    expect(error.params.reason).toBeTruthy();
    expect((await definitionError('not xml at all')).code).toBe('INVALID_XML');
  });

  it('refuses definitions without a process or with several', async () => {
    const xml = fixtureXml('contract-review');
    const noProcess =
      xml.slice(0, xml.indexOf('<bpmn:process')) + xml.slice(xml.indexOf('<bpmndi:BPMNDiagram'));
    expect((await definitionError(noProcess)).code).toBe('NO_PROCESS');
    const process = xml.slice(
      xml.indexOf('<bpmn:process'),
      xml.indexOf('</bpmn:process>') + '</bpmn:process>'.length,
    );
    const twice = edited(
      xml,
      '</bpmn:process>',
      `</bpmn:process>${process.replaceAll('id="', 'id="second_')}`,
    );
    const error = await definitionError(twice);
    expect(error.code).toBe('SEVERAL_PROCESSES');
    expect(error.params.count).toBe(2);
  });
});

describe('userTaskKind / withTaskKinds', () => {
  it('turns a plain user task into SIGNTASK or CUSTOMSIGNTASK by its settings; a marker wins', async () => {
    const model = await parseBpmn(fixtureXml('leave-request'));
    const leader = model.nodes.get('LeaderApproval');
    const hr = model.nodes.get('HrCountersign');
    if (!leader || !hr) throw new Error('fixture nodes missing');
    expect(userTaskKind(leader, undefined)).toBe('USERTASK');
    expect(userTaskKind(leader, { countersign: { mode: 'all' } })).toBe('SIGNTASK');
    expect(userTaskKind(leader, { signOrder: 'listed' })).toBe('CUSTOMSIGNTASK');
    expect(userTaskKind(hr, { signOrder: 'listed' })).toBe('SIGNTASK');
    const resolved = withTaskKinds(model, (id) =>
      id === 'LeaderApproval' ? { signOrder: 'chosen' } : undefined,
    );
    expect(resolved.nodes.get('LeaderApproval')?.type).toBe('CUSTOMSIGNTASK');
    expect(model.nodes.get('LeaderApproval')?.type).toBe('USERTASK');
  });
});
