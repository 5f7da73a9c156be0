import {
  BpmnModdle,
  type BpmnDefinitions,
  type BpmnFlowElement,
  type BpmnRootElement,
  type DcBounds,
  type DiPlane,
  type DiPlaneElement,
} from 'bpmn-moddle';
import type { ModelNodeType, NodeSettings } from '@eip/contracts/flow';
import { DefinitionError } from './errors.js';
import type {
  DiagramLayout,
  FlowModel,
  FlowNode,
  NodeShape,
  SequenceFlow,
  UnsupportedElement,
} from './model.js';

type Classified =
  | { kind: 'node'; type: ModelNodeType; multiInstance?: 'parallel' | 'sequential' }
  | { kind: 'flow' }
  | { kind: 'ignored' }
  | { kind: 'unsupported'; detail?: string };

const PLAIN_NODE_TYPES: Readonly<Record<string, ModelNodeType>> = {
  'bpmn:ExclusiveGateway': 'EXCLUSIVEGATEWAY',
  'bpmn:ParallelGateway': 'PARALLELGATEWAY',
  'bpmn:InclusiveGateway': 'INCLUSIVEGATEWAY',
  'bpmn:ServiceTask': 'SERVICETASK',
  'bpmn:CallActivity': 'CALLACTIVITY',
};

/** Data objects only document what a flow handles; the engine keeps its data in the form. */
const DOCUMENTATION_ONLY = new Set([
  'bpmn:DataObject',
  'bpmn:DataObjectReference',
  'bpmn:DataStoreReference',
]);

const MULTI_INSTANCE = 'bpmn:MultiInstanceLoopCharacteristics';

function classify(element: BpmnFlowElement): Classified {
  const type = element.$type;
  if (type === 'bpmn:SequenceFlow') return { kind: 'flow' };
  if (DOCUMENTATION_ONLY.has(type)) return { kind: 'ignored' };
  const eventDefinition = element.eventDefinitions?.[0]?.$type;
  if (eventDefinition) return { kind: 'unsupported', detail: eventDefinition };
  const loop = element.loopCharacteristics;
  if (type === 'bpmn:UserTask') {
    if (!loop) return { kind: 'node', type: 'USERTASK' };
    if (loop.$type !== MULTI_INSTANCE) return { kind: 'unsupported', detail: loop.$type };
    return loop.isSequential
      ? { kind: 'node', type: 'CUSTOMSIGNTASK', multiInstance: 'sequential' }
      : { kind: 'node', type: 'SIGNTASK', multiInstance: 'parallel' };
  }
  if (loop) return { kind: 'unsupported', detail: loop.$type };
  if (type === 'bpmn:StartEvent') return { kind: 'node', type: 'START' };
  if (type === 'bpmn:EndEvent') return { kind: 'node', type: 'END' };
  if (type === 'bpmn:SubProcess') {
    return element.triggeredByEvent
      ? { kind: 'unsupported', detail: 'triggeredByEvent' }
      : { kind: 'node', type: 'SUBPROCESS' };
  }
  const plain = PLAIN_NODE_TYPES[type];
  return plain ? { kind: 'node', type: plain } : { kind: 'unsupported' };
}

const moddle = new BpmnModdle();

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

async function readDefinitions(xml: string): Promise<{ definitions: BpmnDefinitions; warnings: string[] }> {
  try {
    const { rootElement, warnings } = await moddle.fromXML(xml);
    return { definitions: rootElement, warnings: warnings.map((warning) => oneLine(warning.message)) };
  } catch (error) {
    throw new DefinitionError('INVALID_XML', {
      reason: error instanceof Error ? oneLine(error.message) : '',
    });
  }
}

function pickProcess(definitions: BpmnDefinitions): BpmnRootElement {
  const processes = (definitions.rootElements ?? []).filter((root) => root.$type === 'bpmn:Process');
  const withContent = processes.filter((process) => (process.flowElements ?? []).length > 0);
  if (withContent.length > 1) throw new DefinitionError('SEVERAL_PROCESSES', { count: withContent.length });
  const process = withContent[0] ?? processes[0];
  if (!process?.id) throw new DefinitionError('NO_PROCESS');
  return process;
}

interface Collected {
  nodes: Map<string, FlowNode>;
  flowElements: BpmnFlowElement[];
  unsupported: UnsupportedElement[];
}

function collectElements(
  elements: readonly BpmnFlowElement[],
  parentId: string | null,
  into: Collected,
): void {
  for (const element of elements) {
    const id = element.id ?? '';
    const verdict = classify(element);
    if (verdict.kind === 'flow') into.flowElements.push(element);
    if (verdict.kind === 'unsupported') {
      into.unsupported.push({
        id,
        name: element.name ?? '',
        bpmnType: element.$type,
        ...(verdict.detail ? { detail: verdict.detail } : {}),
      });
    }
    if (verdict.kind !== 'node') continue;
    into.nodes.set(id, {
      id,
      name: element.name ?? '',
      type: verdict.type,
      bpmnType: element.$type,
      parentId,
      ...(verdict.multiInstance ? { multiInstance: verdict.multiInstance } : {}),
      ...(verdict.type === 'CALLACTIVITY' && element.calledElement
        ? { calledElement: element.calledElement }
        : {}),
    });
    if (verdict.type === 'SUBPROCESS') collectElements(element.flowElements ?? [], id, into);
  }
}

const CONDITIONAL_GATEWAYS = new Set(['bpmn:ExclusiveGateway', 'bpmn:InclusiveGateway']);

function toSequenceFlows(elements: readonly BpmnFlowElement[]): SequenceFlow[] {
  const outgoingCount = new Map<string, number>();
  for (const element of elements) {
    const sourceId = element.sourceRef?.id;
    if (sourceId) outgoingCount.set(sourceId, (outgoingCount.get(sourceId) ?? 0) + 1);
  }
  return elements.flatMap((element) => {
    const source = element.sourceRef;
    const targetId = element.targetRef?.id;
    if (!element.id || !source?.id || !targetId) return [];
    const condition = element.conditionExpression?.body?.trim() || undefined;
    const isDeclaredDefault = source.default?.id === element.id;
    const isUnconditionedBranch =
      CONDITIONAL_GATEWAYS.has(source.$type) && (outgoingCount.get(source.id) ?? 0) > 1 && !condition;
    return [
      {
        id: element.id,
        name: element.name ?? '',
        sourceId: source.id,
        targetId,
        ...(condition ? { condition } : {}),
        isDefault: isDeclaredDefault || isUnconditionedBranch,
      },
    ];
  });
}

function messageFlowsOf(definitions: BpmnDefinitions): UnsupportedElement[] {
  return (definitions.rootElements ?? [])
    .flatMap((root) => root.messageFlows ?? [])
    .map((flow) => ({ id: flow.id ?? '', name: flow.name ?? '', bpmnType: flow.$type }));
}

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

function growBox(box: Box, x: number, y: number, width = 0, height = 0): void {
  box.minX = Math.min(box.minX, x);
  box.minY = Math.min(box.minY, y);
  box.maxX = Math.max(box.maxX, x + width);
  box.maxY = Math.max(box.maxY, y + height);
}

function growByElement(box: Box, element: DiPlaneElement): void {
  const bounds: (DcBounds | undefined)[] = [element.bounds, element.label?.bounds];
  for (const b of bounds) if (b) growBox(box, b.x, b.y, b.width, b.height);
  for (const point of element.waypoint ?? []) growBox(box, point.x, point.y);
}

function toShape(element: DiPlaneElement, nodes: ReadonlyMap<string, FlowNode>): NodeShape[] {
  const nodeId = element.bpmnElement?.id;
  const bounds = element.bounds;
  if (element.$type !== 'bpmndi:BPMNShape' || !nodeId || !bounds || !nodes.has(nodeId)) return [];
  return [{ nodeId, x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height }];
}

function readPlane(plane: DiPlane, nodes: ReadonlyMap<string, FlowNode>): DiagramLayout {
  const elements = plane.planeElement ?? [];
  const box: Box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const element of elements) growByElement(box, element);
  const empty = box.minX === Infinity;
  return {
    elementId: plane.bpmnElement?.id ?? '',
    x: empty ? 0 : box.minX,
    y: empty ? 0 : box.minY,
    width: empty ? 0 : box.maxX - box.minX,
    height: empty ? 0 : box.maxY - box.minY,
    shapes: elements.flatMap((element) => toShape(element, nodes)),
  };
}

function mainPlaneIds(definitions: BpmnDefinitions, processId: string): Set<string> {
  const ids = new Set([processId]);
  for (const root of definitions.rootElements ?? []) {
    const showsProcess = (root.participants ?? []).some(
      (participant) => participant.processRef?.id === processId,
    );
    if (root.$type === 'bpmn:Collaboration' && showsProcess && root.id) ids.add(root.id);
  }
  return ids;
}

function readLayouts(
  definitions: BpmnDefinitions,
  processId: string,
  nodes: ReadonlyMap<string, FlowNode>,
): { layout: DiagramLayout; subLayouts: DiagramLayout[] } {
  const mainIds = mainPlaneIds(definitions, processId);
  const planes = (definitions.diagrams ?? []).flatMap((diagram) => (diagram.plane ? [diagram.plane] : []));
  const main = planes.find((plane) => mainIds.has(plane.bpmnElement?.id ?? ''));
  if (!main || (main.planeElement ?? []).length === 0) throw new DefinitionError('NO_DIAGRAM');
  const subLayouts = planes
    .filter((plane) => plane !== main && nodes.get(plane.bpmnElement?.id ?? '')?.type === 'SUBPROCESS')
    .map((plane) => readPlane(plane, nodes));
  return { layout: readPlane(main, nodes), subLayouts };
}

/**
 * Reads BPMN 2.0 XML into the engine's model. Throws DefinitionError when there is no readable
 * process or no diagram; everything else that is wrong is left in the model for validation.
 */
export async function parseBpmn(xml: string): Promise<FlowModel> {
  const { definitions, warnings } = await readDefinitions(xml);
  const process = pickProcess(definitions);
  const collected: Collected = { nodes: new Map(), flowElements: [], unsupported: [] };
  collectElements(process.flowElements ?? [], null, collected);
  const { layout, subLayouts } = readLayouts(definitions, process.id ?? '', collected.nodes);
  return {
    processId: process.id ?? '',
    processName: process.name ?? '',
    nodes: collected.nodes,
    flows: toSequenceFlows(collected.flowElements),
    unsupported: [...collected.unsupported, ...messageFlowsOf(definitions)],
    warnings,
    layout,
    subLayouts,
  };
}

/**
 * The user-task kind of a node given its settings. A multi-instance marker decides first (parallel →
 * SIGNTASK, sequential → CUSTOMSIGNTASK); a plain user task becomes SIGNTASK when its settings carry a
 * countersign rule and CUSTOMSIGNTASK when they carry a sign order. Conflicts are reported by validation.
 */
export function userTaskKind(node: FlowNode, settings: NodeSettings | undefined): ModelNodeType {
  if (node.bpmnType !== 'bpmn:UserTask' || node.multiInstance) return node.type;
  if (settings?.countersign) return 'SIGNTASK';
  if (settings?.signOrder) return 'CUSTOMSIGNTASK';
  return 'USERTASK';
}

/** The model with each user task's kind decided by its settings (see userTaskKind). */
export function withTaskKinds(
  model: FlowModel,
  settingsOf: (nodeId: string) => NodeSettings | undefined,
): FlowModel {
  const nodes = new Map<string, FlowNode>();
  for (const [id, node] of model.nodes) nodes.set(id, { ...node, type: userTaskKind(node, settingsOf(id)) });
  return { ...model, nodes };
}
