/**
 * Test definitions in a few lines: nodes and flows become BPMN 2.0 XML with a diagram (every node in a
 * row, every flow an edge), so a test can deploy exactly the shape it needs.
 */
export type TestNodeKind =
  | 'start'
  | 'end'
  | 'userTask'
  | 'parallelGateway'
  | 'exclusiveGateway'
  | 'inclusiveGateway'
  | 'serviceTask'
  | 'callActivity';

export interface TestNode {
  id: string;
  kind: TestNodeKind;
  name?: string;
  /** callActivity: the called flow's key */
  calls?: string;
  /** exclusive or inclusive gateway: the id of its default flow */
  defaultFlow?: string;
}

/** [from, to] or [from, to, CEL condition]; the flow id is `${from}_${to}`. */
export type TestFlow = [string, string, string?];

const escape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

export function testBpmn(processId: string, name: string, nodes: TestNode[], flows: TestFlow[]): string {
  const element = (node: TestNode) => {
    const attrs = [`id="${node.id}"`, node.name ? `name="${escape(node.name)}"` : ''];
    if (node.calls) attrs.push(`calledElement="${node.calls}"`);
    if (node.defaultFlow) attrs.push(`default="${node.defaultFlow}"`);
    const tag = node.kind === 'start' ? 'startEvent' : node.kind === 'end' ? 'endEvent' : node.kind;
    return `    <bpmn:${tag} ${attrs.filter(Boolean).join(' ')} />`;
  };
  const flow = ([from, to, condition]: TestFlow) =>
    condition
      ? `    <bpmn:sequenceFlow id="${from}_${to}" sourceRef="${from}" targetRef="${to}"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${escape(condition)}</bpmn:conditionExpression></bpmn:sequenceFlow>`
      : `    <bpmn:sequenceFlow id="${from}_${to}" sourceRef="${from}" targetRef="${to}" />`;
  const position = new Map(nodes.map((node, i) => [node.id, { x: 100 + i * 150, y: 100 + (i % 2) * 120 }]));
  const shape = (node: TestNode) => {
    const at = position.get(node.id)!;
    const size = node.kind.endsWith('Gateway')
      ? [50, 50]
      : node.kind === 'start' || node.kind === 'end'
        ? [36, 36]
        : [100, 80];
    return `      <bpmndi:BPMNShape id="${node.id}_di" bpmnElement="${node.id}"><dc:Bounds x="${at.x}" y="${at.y}" width="${size[0]}" height="${size[1]}" /></bpmndi:BPMNShape>`;
  };
  const edge = ([from, to]: TestFlow) => {
    const a = position.get(from)!;
    const b = position.get(to)!;
    return `      <bpmndi:BPMNEdge id="${from}_${to}_di" bpmnElement="${from}_${to}"><di:waypoint x="${a.x}" y="${a.y}" /><di:waypoint x="${b.x}" y="${b.y}" /></bpmndi:BPMNEdge>`;
  };
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" id="Definitions_${processId}" targetNamespace="https://eip.example/test">
  <bpmn:process id="${processId}" name="${escape(name)}" isExecutable="true">
${nodes.map(element).join('\n')}
${flows.map(flow).join('\n')}
  </bpmn:process>
  <bpmndi:BPMNDiagram id="Diagram_${processId}">
    <bpmndi:BPMNPlane id="Plane_${processId}" bpmnElement="${processId}">
${nodes.map(shape).join('\n')}
${flows.map(edge).join('\n')}
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
}

/** The simplest flow: start → one user task → end. */
export const oneTaskBpmn = (processId: string, name: string, task: { id: string; name: string }) =>
  testBpmn(
    processId,
    name,
    [
      { id: 'Start', kind: 'start' },
      { id: task.id, kind: 'userTask', name: task.name },
      { id: 'End', kind: 'end' },
    ],
    [
      ['Start', task.id],
      [task.id, 'End'],
    ],
  );
