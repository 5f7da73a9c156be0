import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FormInput } from '../modules/bpm/definitions.js';

/** The demo flows: BPMN with diagram, node settings and form, next to this file (copied next to the bundle). */
const flowsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'flows');

/** In deploy order: a called flow before the flow that calls it. */
export const DEMO_FLOWS = [
  'leave-request',
  'expense-claim',
  'contract-review',
  'purchase',
  'onboarding-parallel',
] as const;
export type DemoFlow = (typeof DEMO_FLOWS)[number];

const read = (name: string) => readFileSync(path.join(flowsDir, name), 'utf8');

export const readDemoFlow = (name: DemoFlow) => ({
  bpmnXml: read(`${name}.bpmn`),
  settings: JSON.parse(read(`${name}.settings.json`)) as unknown,
  forms: existsSync(path.join(flowsDir, `${name}.form.json`))
    ? [JSON.parse(read(`${name}.form.json`)) as FormInput]
    : [],
});
