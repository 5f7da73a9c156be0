import type { ModelNodeType } from '@eip/contracts/flow';

/** A flow node of the parsed definition. Ids are the BPMN element ids. */
export interface FlowNode {
  readonly id: string;
  readonly name: string;
  readonly type: ModelNodeType;
  /** The BPMN element type, e.g. `bpmn:UserTask`. */
  readonly bpmnType: string;
  /** The embedded sub-process that contains the node; null at the top level. */
  readonly parentId: string | null;
  /** From a multiInstanceLoopCharacteristics marker on a user task. */
  readonly multiInstance?: 'parallel' | 'sequential';
  /** The BPMN `calledElement` of a call activity. */
  readonly calledElement?: string;
}

export interface SequenceFlow {
  readonly id: string;
  readonly name: string;
  readonly sourceId: string;
  readonly targetId: string;
  /** CEL text of the conditionExpression, trimmed. */
  readonly condition?: string;
  /**
   * The gateway's `default` flow, or an unconditioned outgoing flow of an exclusive or inclusive
   * gateway that has several outgoing flows.
   */
  readonly isDefault: boolean;
}

/** A BPMN element the engine does not run; a definition that has one cannot be deployed. */
export interface UnsupportedElement {
  readonly id: string;
  readonly name: string;
  readonly bpmnType: string;
  /** What makes it unsupported when the type alone does not, e.g. `bpmn:TimerEventDefinition`. */
  readonly detail?: string;
}

export interface NodeShape {
  readonly nodeId: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** One diagram plane: the box around everything drawn on it, and the shapes of flow nodes. */
export interface DiagramLayout {
  /** The element the plane shows: the process, its collaboration, or a collapsed sub-process. */
  readonly elementId: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly shapes: readonly NodeShape[];
}

export interface FlowModel {
  readonly processId: string;
  readonly processName: string;
  /** Every node, embedded sub-process contents included, in document order. */
  readonly nodes: ReadonlyMap<string, FlowNode>;
  /** In document order: an exclusive gateway takes the first flow whose condition holds. */
  readonly flows: readonly SequenceFlow[];
  readonly unsupported: readonly UnsupportedElement[];
  /** Reader warnings: unknown elements it skipped, references it could not resolve. */
  readonly warnings: readonly string[];
  /** The plane of the process (or its collaboration). */
  readonly layout: DiagramLayout;
  /** Drill-down planes of collapsed sub-processes. */
  readonly subLayouts: readonly DiagramLayout[];
}
