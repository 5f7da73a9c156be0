import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { DeployProblem } from './deploy.js';
import {
  COUNTERSIGN_RESULT,
  FLOW_ACTION,
  LEADER_ACTING_BUTTONS,
  SERVICE_TASK_STATUS,
  STATUS_COLORS,
  TASK_LOCK,
  USER_TASK_TYPES,
  isGatewayType,
  isUserTaskType,
} from './enums.js';
import { FlowSettings, NodeSettings, ServiceTaskSettings } from './node-settings.js';

describe('node settings schema', () => {
  it('accepts a complete approval node', () => {
    const node: NodeSettings = {
      candidates: [
        { type: 'role', ids: ['hr'] },
        { type: 'rule', expression: 'vars.leaders' },
        { type: 'initiatorLeader' },
      ],
      buttons: [
        { alias: 'agree', name: '同意' },
        { alias: 'reject', name: '驳回', rejectModes: ['rejectPre', 'backToStart'] },
      ],
      countersign: { mode: 'ratio', ratio: 60 },
      form: { formKey: 'leave_form' },
      fieldPermissions: { days: 'r', reason: 'w', salary: 'n' },
      notifyTypes: ['inner', 'mail'],
      dueTime: { amount: 2, unit: 'workday' },
    };
    expect(Value.Check(NodeSettings, node)).toBe(true);
  });

  it('refuses stored code: a script on a button or any unknown key', () => {
    expect(
      Value.Check(NodeSettings, { buttons: [{ alias: 'agree', name: '同意', afterScript: 'x()' }] }),
    ).toBe(false);
    expect(Value.Check(NodeSettings, { script: 'x()' })).toBe(false);
  });

  it('refuses values outside the lists of the spec', () => {
    expect(Value.Check(NodeSettings, { fieldPermissions: { days: 'x' } })).toBe(false);
    expect(Value.Check(NodeSettings, { countersign: { mode: 'ratio', ratio: 101 } })).toBe(false);
    expect(Value.Check(NodeSettings, { candidates: [{ type: 'everyone' }] })).toBe(false);
    expect(Value.Check(NodeSettings, { buttons: [{ alias: 'runScript', name: 'x' }] })).toBe(false);
  });

  it('tells the two service-task kinds apart', () => {
    expect(
      Value.Check(ServiceTaskSettings, {
        kind: 'http',
        method: 'POST',
        url: 'https://a.example',
        retries: 3,
      }),
    ).toBe(true);
    expect(Value.Check(ServiceTaskSettings, { kind: 'expression', expression: 'form.a', retries: 3 })).toBe(
      false,
    );
    expect(
      Value.Check(ServiceTaskSettings, { kind: 'http', method: 'TRACE', url: 'https://a.example' }),
    ).toBe(false);
  });

  it('accepts a settings document with global settings, limiting start rights to directory entries', () => {
    const document = {
      global: { subjectTemplate: '请假', flowType: 'hr', startRights: [{ type: 'org', ids: ['o1'] }] },
      nodes: { Task_1: { candidates: [{ type: 'user', ids: ['u1'] }] } },
    };
    expect(Value.Check(FlowSettings, document)).toBe(true);
    const initiatorRight = { ...document, global: { startRights: [{ type: 'initiator', ids: ['u1'] }] } };
    expect(Value.Check(FlowSettings, initiatorRight)).toBe(false);
  });

  it('describes deploy problems as codes with parameters', () => {
    expect(Value.Check(DeployProblem, { code: 'NO_START', params: {} })).toBe(true);
    expect(Value.Check(DeployProblem, { code: 'NOT_A_CODE', params: {} })).toBe(false);
  });
});

describe('workflow enums (spec §4)', () => {
  it('numbers the flow action labels 1 to 14', () => {
    expect(Object.values(FLOW_ACTION)).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    expect(FLOW_ACTION.rejectToInitiator).toBe(8);
  });

  it('keeps the countersign, service-task and lock codes', () => {
    expect(Object.values(COUNTERSIGN_RESULT)).toEqual([0, 1, 2, 3, 4]);
    expect(COUNTERSIGN_RESULT.rejectWithoutRedo).toBe(3);
    expect(SERVICE_TASK_STATUS).toEqual({ waiting: -1, failed: 0, succeeded: 1 });
    expect(Object.values(TASK_LOCK)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(TASK_LOCK.lockedBySomeone).toBe(4);
  });

  it('tells user-task kinds and gateways apart', () => {
    expect(USER_TASK_TYPES.every(isUserTaskType)).toBe(true);
    expect(isUserTaskType('START')).toBe(false);
    expect(isGatewayType('PARALLELGATEWAY')).toBe(true);
    expect(isGatewayType('SERVICETASK')).toBe(false);
    expect(LEADER_ACTING_BUTTONS).toEqual(['agree', 'reject', 'lockUnlock']);
    expect(STATUS_COLORS.backToStart).toBe('#FFA500');
  });
});
