import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { testBpmn } from '../../../test/bpmn.js';
import { flowSteps } from '../../../test/flow.js';

/** Conditions of gateways and node settings that are wrong: refused at deploy, or failing a command cleanly. */
let t: TestApp;
let f: ReturnType<typeof flowSteps>;
beforeAll(async () => {
  t = await createTestApp();
  f = flowSteps(t);
});
afterAll(() => t.close());

describe('bad conditions and settings', () => {
  it('a condition that cannot be evaluated fails the command with a clear message and changes nothing', async () => {
    await f.deploy({
      bpmnXml: testBpmn(
        'cond_bad',
        '条件',
        [
          { id: 'Start', kind: 'start' },
          { id: 'First', kind: 'userTask', name: '第一步' },
          { id: 'Gate', kind: 'exclusiveGateway', defaultFlow: 'Gate_Low' },
          { id: 'High', kind: 'userTask', name: '高' },
          { id: 'Low', kind: 'userTask', name: '低' },
          { id: 'End', kind: 'end' },
        ],
        [
          ['Start', 'First'],
          ['First', 'Gate'],
          ['Gate', 'High', 'form.amount > 100.0'],
          ['Gate', 'Low'],
          ['High', 'End'],
          ['Low', 'End'],
        ],
      ),
      settings: {
        nodes: {
          First: { candidates: [{ type: 'user', ids: ['hanxu'] }] },
          High: { candidates: [{ type: 'user', ids: ['hanxu'] }] },
          Low: { candidates: [{ type: 'user', ids: ['hanxu'] }] },
        },
      },
    });
    const instId = await f.start('hanxu', 'cond_bad', { amount: '很多' });
    const failed = await f.handle('hanxu', instId, 'agree');
    expect(failed.status).toBe(422);
    expect(failed.body.message).toBe('流转条件计算失败：form.amount > 100.0');
    expect(await f.todoOf('hanxu', instId)).toHaveLength(1);
    expect((await f.trail(instId)).map(([, s]) => s)).toEqual(['submit']);
  });

  it('a bad condition or bad settings fail the deploy and name what is wrong', async () => {
    const bad = await t.call('deployDefinition', {
      token: await f.as('admin'),
      body: {
        bpmnXml: testBpmn(
          'deploy_bad',
          '坏定义',
          [
            { id: 'Start', kind: 'start' },
            { id: 'Gate', kind: 'exclusiveGateway', defaultFlow: 'Gate_B' },
            { id: 'A', kind: 'userTask' },
            { id: 'B', kind: 'userTask' },
            { id: 'End', kind: 'end' },
          ],
          [
            ['Start', 'Gate'],
            ['Gate', 'A', 'form.amount >'],
            ['Gate', 'B'],
            ['A', 'End'],
            ['B', 'End'],
          ],
        ),
        settings: {
          nodes: {
            A: { candidates: [{ type: 'robot' }] },
            B: { buttons: [{ alias: 'agree', name: '同意', beforeScript: 'x' }] },
          },
        },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('CONDITION_INVALID');
    expect(bad.body.message).toContain('SETTINGS_INVALID@A');
    expect(bad.body.message).toContain('SETTINGS_INVALID@B');
    const noForm = await t.call('deployDefinition', {
      token: await f.as('admin'),
      body: {
        bpmnXml: testBpmn(
          'deploy_form',
          '缺表单',
          [
            { id: 'Start', kind: 'start' },
            { id: 'End', kind: 'end' },
          ],
          [['Start', 'End']],
        ),
        settings: { global: { form: { formKey: 'nowhere' } }, nodes: {} },
      },
    });
    expect(noForm.status).toBe(400);
    expect(noForm.body.message).toBe('流程引用的表单不存在：nowhere');
  });
});
