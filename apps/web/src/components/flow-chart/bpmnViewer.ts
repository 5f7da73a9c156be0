/**
 * The bpmn-js viewer, loaded only when a flow chart opens (issue 5: bpmn-js is a chunk of its own). The
 * bpmn.io watermark stays visible as its licence requires.
 */
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import type Canvas from 'diagram-js/lib/core/Canvas';
import type ElementRegistry from 'diagram-js/lib/core/ElementRegistry';
import type EventBus from 'diagram-js/lib/core/EventBus';

export interface ChartViewer {
  /** Sets the zoom (1 = 100 %); answers the zoom the chart fits at when `fit`. */
  zoom: (scale: number | 'fit') => number;
  /** Colours a node's outline and marks it with a class. */
  mark: (nodeId: string, color: string | undefined, className: string) => void;
  /** Where a node is on screen. */
  boundsOf: (nodeId: string) => DOMRect | undefined;
  onNodeClick: (handler: (nodeId: string) => void) => void;
  destroy: () => void;
}

/** Draws a BPMN diagram into `container`. */
export async function createViewer(container: HTMLElement, xml: string): Promise<ChartViewer> {
  const viewer = new NavigatedViewer({ container });
  await viewer.importXML(xml);
  const canvas = viewer.get<Canvas>('canvas');
  const registry = viewer.get<ElementRegistry>('elementRegistry');
  const events = viewer.get<EventBus>('eventBus');
  return {
    zoom: (scale) => (scale === 'fit' ? canvas.zoom('fit-viewport') : canvas.zoom(scale)),
    mark: (nodeId, color, className) => {
      if (!registry.get(nodeId)) return;
      canvas.addMarker(nodeId, className);
      const shape = registry.getGraphics(nodeId)?.querySelector<SVGElement>('.djs-visual > :first-child');
      if (shape && color) {
        shape.style.stroke = color;
        shape.style.strokeWidth = '3px';
      }
    },
    boundsOf: (nodeId) => registry.getGraphics(nodeId)?.getBoundingClientRect(),
    onNodeClick: (handler) =>
      events.on<{ element: { id: string } }>('element.click', (event) => handler(event.element.id)),
    destroy: () => viewer.destroy(),
  };
}
