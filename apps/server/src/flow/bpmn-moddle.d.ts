/**
 * The part of bpmn-moddle's reader that the parser uses. The package ships element typings under
 * `bpmn-moddle/types` but none for its entry point; this declares the read-only shape we walk.
 */
declare module 'bpmn-moddle' {
  export interface ModdleElement {
    readonly $type: string;
    readonly id?: string;
    readonly name?: string;
  }

  export interface BpmnExpression extends ModdleElement {
    readonly body?: string;
  }

  export interface BpmnLoopCharacteristics extends ModdleElement {
    readonly isSequential?: boolean;
  }

  export interface BpmnFlowElement extends ModdleElement {
    readonly flowElements?: readonly BpmnFlowElement[];
    readonly eventDefinitions?: readonly ModdleElement[];
    readonly loopCharacteristics?: BpmnLoopCharacteristics;
    readonly triggeredByEvent?: boolean;
    readonly default?: ModdleElement;
    readonly sourceRef?: BpmnFlowElement;
    readonly targetRef?: ModdleElement;
    readonly conditionExpression?: BpmnExpression;
    readonly calledElement?: string;
  }

  export interface BpmnRootElement extends ModdleElement {
    readonly flowElements?: readonly BpmnFlowElement[];
    readonly participants?: readonly (ModdleElement & { readonly processRef?: ModdleElement })[];
    readonly messageFlows?: readonly ModdleElement[];
  }

  export interface DcBounds {
    readonly x: number;
    readonly y: number;
    readonly width: number;
    readonly height: number;
  }

  export interface DcPoint {
    readonly x: number;
    readonly y: number;
  }

  export interface DiPlaneElement extends ModdleElement {
    readonly bpmnElement?: ModdleElement;
    readonly bounds?: DcBounds;
    readonly waypoint?: readonly DcPoint[];
    readonly label?: ModdleElement & { readonly bounds?: DcBounds };
  }

  export interface DiPlane extends ModdleElement {
    readonly bpmnElement?: ModdleElement;
    readonly planeElement?: readonly DiPlaneElement[];
  }

  export interface BpmnDiagram extends ModdleElement {
    readonly plane?: DiPlane;
  }

  export interface BpmnDefinitions extends ModdleElement {
    readonly rootElements?: readonly BpmnRootElement[];
    readonly diagrams?: readonly BpmnDiagram[];
  }

  export interface FromXmlResult {
    readonly rootElement: BpmnDefinitions;
    readonly warnings: readonly Error[];
  }

  export class BpmnModdle {
    fromXML(xml: string): Promise<FromXmlResult>;
  }
}
