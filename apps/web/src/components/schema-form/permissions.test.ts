import { describe, expect, it } from 'vitest';
import { applyFieldPermissions, type PermittedForm, writableData } from './permissions';

const leaveForm: PermittedForm = {
  schema: {
    type: 'object',
    required: ['reason'],
    properties: {
      days: { type: 'integer', title: '请假天数' },
      reason: { type: 'string', title: '请假事由' },
      salary: { type: 'number', title: '薪资' },
      remark: { type: 'string', title: '备注' },
    },
  },
  uiSchema: { 'ui:order': ['days', 'reason', 'salary', 'remark'], reason: { 'ui:widget': 'textarea' } },
};

describe('field permissions → react-jsonschema-form (spec §5: b required, w write, r read-only, n hidden)', () => {
  it('b makes a field required, w leaves it as the schema says', () => {
    const { schema } = applyFieldPermissions(leaveForm, { days: 'b', reason: 'w' }, 'w');
    expect(schema.required).toEqual(expect.arrayContaining(['days', 'reason']));
    expect(schema.required).toHaveLength(2);
  });

  it('r shows the field read-only and never requires it of the user', () => {
    const { schema, uiSchema } = applyFieldPermissions(leaveForm, { reason: 'r' }, 'w');
    expect(uiSchema.reason).toEqual({ 'ui:widget': 'textarea', 'ui:readonly': true });
    expect(schema.required).not.toContain('reason');
  });

  it('n removes the field from the schema, the required list, the UI schema and the order', () => {
    const { schema, uiSchema } = applyFieldPermissions(leaveForm, { salary: 'n', reason: 'n' }, 'w');
    expect(Object.keys(schema.properties ?? {})).toEqual(['days', 'remark']);
    expect(schema.required).toEqual([]);
    expect(uiSchema.reason).toBeUndefined();
    expect(uiSchema['ui:order']).toEqual(['days', 'remark']);
  });

  it('fields without a permission take the fallback (read-only at approval nodes)', () => {
    const { uiSchema } = applyFieldPermissions(leaveForm, { days: 'w' }, 'r');
    expect(uiSchema.days).toBeUndefined();
    expect(uiSchema.remark).toEqual({ 'ui:readonly': true });
    expect(uiSchema.salary).toEqual({ 'ui:readonly': true });
  });

  it('a read-only view turns every shown field read-only but still hides n', () => {
    const { schema, uiSchema } = applyFieldPermissions(leaveForm, { days: 'b', salary: 'n' }, 'w', true);
    expect(schema.properties?.salary).toBeUndefined();
    expect(uiSchema.days).toEqual({ 'ui:readonly': true });
    expect(schema.required).toEqual([]);
  });

  it('leaves the given form unchanged', () => {
    const before = JSON.stringify(leaveForm);
    applyFieldPermissions(leaveForm, { days: 'n', reason: 'r', remark: 'b' }, 'w');
    expect(JSON.stringify(leaveForm)).toBe(before);
  });
});

describe('writableData: what an action sends', () => {
  it('keeps w and b fields and drops read-only, hidden and fallback-read-only ones', () => {
    // the form fills in a default for a read-only field (leaveType); it must not reach the server
    const data = { leaveType: '年假', days: 5, reason: '出游', hrNote: '已核对', salary: 1 };
    expect(writableData(data, { days: 'b', hrNote: 'w', salary: 'n' }, 'r')).toEqual({
      days: 5,
      hrNote: '已核对',
    });
    expect(writableData(data, { salary: 'n' }, 'w')).toEqual({
      leaveType: '年假',
      days: 5,
      reason: '出游',
      hrNote: '已核对',
    });
  });
});
