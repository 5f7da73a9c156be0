import type { FlowSettings } from '@eip/contracts/flow';
import { describe, expect, it } from 'vitest';
import type { Language } from '@eip/contracts/codes';
import { schemaIssueMessage } from '@eip/contracts/utils';
import { AppError } from '../../../errors.js';
import { translate } from '../../../i18n/messages.js';
import {
  checkFormSchema,
  compileFormSchema,
  permissionsAt,
  submitData,
  viewPermissions,
  visibleData,
} from './forms.js';

const form = {
  formKey: 'f',
  name: 'f',
  schema: {
    type: 'object',
    properties: { days: { type: 'number' }, note: { type: 'string' }, secret: { type: 'string' } },
  },
  uiSchema: {},
};
const settings: FlowSettings = {
  nodes: {
    Start: { fieldPermissions: { days: 'b', secret: 'n' } },
    Leader: { fieldPermissions: { note: 'w', secret: 'n' } },
    Hr: { fieldPermissions: { secret: 'w' } },
  },
};
const loaded = { form, validate: compileFormSchema(form.schema) };
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? [error.key, error.params.field] : error;
  }
  return null;
};

describe('field permissions b / w / r / n (spec §5)', () => {
  it('a node lists its permissions; unlisted fields are writable at the start and read-only later', () => {
    expect(permissionsAt(settings, 'Start', true, form, {})).toEqual({ days: 'b', note: 'w', secret: 'n' });
    expect(permissionsAt(settings, 'Leader', false, form, {})).toEqual({ days: 'r', note: 'w', secret: 'n' });
  });

  it('n is not sent at all; a viewer sees a field hidden only where every node they took part in hides it', () => {
    expect(visibleData({ days: 2, secret: 'x' }, { days: 'r', secret: 'n' })).toEqual({ days: 2 });
    expect(viewPermissions(settings, ['Start', 'Leader'], form, {}).secret).toBe('n');
    expect(viewPermissions(settings, ['Leader', 'Hr'], form, {}).secret).toBe('r');
  });

  it('a submission writes b and w fields, refuses a changed r or n field, requires b, and obeys the schema', () => {
    const leader = permissionsAt(settings, 'Leader', false, form, {});
    expect(submitData({ days: 2 }, { note: '好', days: 2 }, leader, loaded)).toEqual({ days: 2, note: '好' });
    expect(refusal(() => submitData({ days: 2 }, { days: 3 }, leader, loaded))).toEqual([
      'flow.fieldReadOnly',
      'days',
    ]);
    expect(refusal(() => submitData({}, { secret: 'x' }, leader, loaded))).toEqual([
      'flow.fieldReadOnly',
      'secret',
    ]);
    const start = permissionsAt(settings, 'Start', true, form, {});
    expect(refusal(() => submitData({}, { note: 'x' }, start, loaded))).toEqual([
      'flow.fieldRequired',
      'days',
    ]);
    expect(refusal(() => submitData({}, { days: 'two' }, start, loaded))).toEqual([
      'flow.fieldError',
      'days',
    ]);
  });

  it('names a refused field by its title, as the browser’s messages do', () => {
    const titled = {
      ...form,
      schema: {
        ...form.schema,
        properties: { ...form.schema.properties, days: { type: 'number', title: '请假天数' } },
      },
    };
    const withTitles = { form: titled, validate: compileFormSchema(titled.schema) };
    const start = permissionsAt(settings, 'Start', true, titled, {});
    expect(refusal(() => submitData({}, { note: 'x' }, start, withTitles))).toEqual([
      'flow.fieldRequired',
      '请假天数',
    ]);
    const leader = permissionsAt(settings, 'Leader', false, titled, {});
    expect(refusal(() => submitData({ days: 2 }, { days: 3 }, leader, withTitles))).toEqual([
      'flow.fieldReadOnly',
      '请假天数',
    ]);
  });

  it('words a failed check of the schema as the browser does under the field, in the caller’s language', () => {
    const phoneForm = {
      ...form,
      schema: { type: 'object', properties: { mobile: { type: 'string', title: '手机', format: 'phone' } } },
    };
    const checked = { form: phoneForm, validate: compileFormSchema(phoneForm.schema) };
    const start = permissionsAt(settings, 'Start', true, phoneForm, {});
    let refused: unknown;
    try {
      submitData({}, { mobile: '123' }, start, checked);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AppError);
    const { key, params } = refused as AppError;
    const words = (lang: Language) => translate(lang, key, params);
    expect(words('zh-CN')).toBe('字段 手机 不是有效的手机号码');
    expect(words('zh-TW')).toBe('欄位 手机 不是有效的手機號碼');
    expect(words('en-US')).toBe('Field 手机 is not a valid mobile number');
    expect(words('zh-CN')).toBe(
      schemaIssueMessage('zh-CN', { keyword: 'format', params: { format: 'phone' } }, '手机'),
    );
  });

  it('a field left out takes its schema default, so a read-only default is stored at the start', () => {
    const withDefault = {
      ...form,
      schema: {
        type: 'object',
        properties: { kind: { type: 'string', default: '年假' }, days: { type: 'number' } },
      },
    };
    const validate = { form: withDefault, validate: compileFormSchema(withDefault.schema) };
    const start = permissionsAt(settings, 'Start', true, withDefault, {});
    const stored = submitData({}, { days: 2 }, start, validate);
    expect(stored).toEqual({ kind: '年假', days: 2 });
    // the next node may send the default back unchanged, or leave the field out
    const leader = permissionsAt(settings, 'Leader', false, withDefault, stored);
    expect(submitData(stored, { kind: '年假' }, leader, validate)).toEqual(stored);
    expect(submitData(stored, {}, leader, validate)).toEqual(stored);
    // a node that may only read the field does not fill its default in
    expect(submitData({ days: 1 }, { days: 1 }, leader, validate)).toEqual({ days: 1 });
  });

  it('forms with the same $id compile apart (nothing stays in the validator registry)', () => {
    const schema = { $id: 'leave', type: 'object', properties: { days: { type: 'number' } } };
    expect(checkFormSchema(schema)).toBeNull();
    const first = compileFormSchema(structuredClone(schema));
    const second = compileFormSchema({ ...schema, properties: { days: { type: 'string' } } });
    expect([first({ days: 1 }), second({ days: 1 })]).toEqual([true, false]);
  });

  it('a form schema must describe an object with properties', () => {
    expect(checkFormSchema({ type: 'object', properties: {} })).toBeNull();
    expect(checkFormSchema({ type: 'string' })).toBe('type');
    expect(checkFormSchema({ type: 'object' })).toBe('properties');
    expect(checkFormSchema({ type: 'object', properties: { a: { type: 'nope' } } })).not.toBeNull();
  });

  it('the helpers of spec §5 are formats the server checks as the browser does', () => {
    const validate = compileFormSchema({
      type: 'object',
      properties: { mobile: { type: 'string', format: 'phone' }, fee: { type: 'string', format: 'money' } },
    });
    expect(validate({ mobile: '13800138000', fee: '12.50' })).toBe(true);
    expect(validate({ mobile: '12345' })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ keyword: 'format', params: { format: 'phone' } });
    expect(validate({ fee: '1.234' })).toBe(false);
  });
});
