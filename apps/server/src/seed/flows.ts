import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The demo flows: BPMN with diagram plus node settings, next to this file (copied next to the bundle). */
const flowsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'flows');

export const DEMO_FLOWS = ['leave-request', 'expense-claim'] as const;
export type DemoFlow = (typeof DEMO_FLOWS)[number];

export const readDemoFlow = (name: DemoFlow) => ({
  bpmnXml: readFileSync(path.join(flowsDir, `${name}.bpmn`), 'utf8'),
  settings: JSON.parse(readFileSync(path.join(flowsDir, `${name}.settings.json`), 'utf8')) as unknown,
});
