import type { Language } from '@eip/contracts/codes';
import { act, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterAll, describe, expect, it } from 'vitest';
import { loadLanguage } from '../../i18n';
import { SchemaForm, type FormDefinition, type FormValues, type SchemaFormHandle } from './SchemaForm';

/** The seeded leave request's form, with a field of each rule the forms use. */
const leaveForm: FormDefinition = {
  formKey: 'leave_form',
  name: '请假单',
  schema: {
    type: 'object',
    properties: {
      leaveType: { type: 'string', title: '请假类型', enum: ['年假', '事假'] },
      days: { type: 'number', title: '请假天数', minimum: 0.5, maximum: 365, multipleOf: 0.5 },
      reason: { type: 'string', title: '请假事由', minLength: 2, maxLength: 5 },
      code: { type: 'string', title: '工号', pattern: '^E\\d+$' },
      startDate: { type: 'string', title: '开始日期', format: 'date' },
      mobile: { type: 'string', title: '手机', format: 'phone' },
      approved: { type: 'boolean', title: '已核对' },
    },
    required: ['days'],
  },
  uiSchema: { reason: { 'ui:widget': 'textarea' } },
};

function renderForm(data: FormValues, options: { readonly?: boolean } = {}) {
  const formRef = createRef<SchemaFormHandle>();
  const view = render(
    <SchemaForm
      form={leaveForm}
      permissions={{}}
      fallback="w"
      readonly={options.readonly ?? false}
      data={data}
      onChange={() => undefined}
      formRef={formRef}
    />,
  );
  return { ...view, validate: () => act(() => void formRef.current!.validateForm()) };
}

afterAll(() => loadLanguage('zh-CN'));

/** Ajv's own wording, which no language shows. */
const AJV_ENGLISH = /must have required property|must match|must be (>|<|equal|multiple)|must NOT/;

/** What each language says under each field of the broken data below. */
const expected: Record<Language, string[]> = {
  'zh-CN': [
    '字段 请假天数 必填',
    '字段 请假类型 不是可选的值',
    '字段 请假事由 长度不能少于2',
    '字段 工号 格式不正确',
    '字段 开始日期 不是有效的日期',
    '字段 手机 不是有效的手机号码',
  ],
  'zh-TW': [
    '欄位 请假天数 必填',
    '欄位 请假类型 不是可選的值',
    '欄位 请假事由 長度不能少於2',
    '欄位 工号 格式不正確',
    '欄位 开始日期 不是有效的日期',
    '欄位 手机 不是有效的手機號碼',
  ],
  'en-US': [
    'Field 请假天数 is required',
    'Field 请假类型 is not one of the choices',
    'Field 请假事由 must have at least 2 characters',
    'Field 工号 is not valid',
    'Field 开始日期 is not a valid date',
    'Field 手机 is not a valid mobile number',
  ],
};

describe('SchemaForm: validation messages in the user language, naming the field by its title', () => {
  for (const lang of ['zh-CN', 'zh-TW', 'en-US'] as const) {
    it(`${lang}: every rule's message is the server's wording, none of Ajv's English`, async () => {
      await loadLanguage(lang);
      const { container, validate } = renderForm({
        leaveType: '婚假',
        reason: '短',
        code: 'X1',
        startDate: 'tomorrow',
        mobile: '12345',
      });
      validate();
      for (const message of expected[lang]) expect(await screen.findByText(message)).toBeTruthy();
      expect(container.textContent).not.toMatch(AJV_ENGLISH);
    });
  }

  it('limits of numbers and lengths: minimum, maximum, multipleOf, maxLength', async () => {
    await loadLanguage('zh-CN');
    const low = renderForm({ days: 0.2, reason: '一二三四五六' });
    low.validate();
    expect(await screen.findByText('字段 请假天数 不能小于0.5')).toBeTruthy();
    expect(screen.getByText('字段 请假天数 必须是0.5的整数倍')).toBeTruthy();
    expect(screen.getByText('字段 请假事由 长度不能超过5')).toBeTruthy();
    low.unmount();
    renderForm({ days: 400 }).validate();
    expect(await screen.findByText('字段 请假天数 不能大于365')).toBeTruthy();
  });
});

describe('SchemaForm: read-only fields', () => {
  it('read as text, not as disabled inputs; a number as entered; a choice and yes/no by their labels', async () => {
    await loadLanguage('zh-CN');
    const { container } = renderForm(
      { leaveType: '年假', days: 5, reason: '回家\n探亲', approved: true },
      { readonly: true },
    );
    expect(container.querySelectorAll('input, textarea, .ant-select')).toHaveLength(0);
    expect(container.querySelector('#root_days')?.textContent).toBe('5');
    expect(container.querySelector('#root_leaveType')?.textContent).toBe('年假');
    expect(container.querySelector('#root_reason')?.textContent).toBe('回家\n探亲');
    expect(container.querySelector('#root_approved')?.textContent).toBe('是');
    expect(container.querySelector('#root_code')?.textContent).toBe('-');
    expect(container.querySelector('form')?.classList.contains('eip-schema-form')).toBe(true);
  });

  it('a read-only list and group read as text too, and the list offers no buttons', async () => {
    await loadLanguage('zh-CN');
    const trip: FormDefinition = {
      formKey: 'trip',
      name: '出差',
      schema: {
        type: 'object',
        properties: {
          stops: { type: 'array', title: '行程', items: { type: 'string' } },
          budget: {
            type: 'object',
            title: '预算',
            properties: {
              amount: { type: 'number', title: '金额' },
              paid: { type: 'boolean', title: '已付' },
            },
          },
        },
      },
      uiSchema: {},
    };
    const { container } = render(
      <SchemaForm
        form={trip}
        permissions={{}}
        fallback="w"
        readonly
        data={{ stops: ['北京', '上海'], budget: { amount: 1200, paid: false } }}
        onChange={() => undefined}
        formRef={createRef<SchemaFormHandle>()}
      />,
    );
    expect(container.querySelectorAll('input, textarea, .ant-select, button')).toHaveLength(0);
    expect(container.querySelector('#root_stops_0')?.textContent).toBe('北京');
    expect(container.querySelector('#root_stops_1')?.textContent).toBe('上海');
    expect(container.querySelector('#root_budget_amount')?.textContent).toBe('1200');
    expect(container.querySelector('#root_budget_paid')?.textContent).toBe('否');
  });

  it('an editable number shows as entered, not padded to its step (5, not 5.0)', () => {
    const { container } = renderForm({ days: 5 });
    expect(container.querySelector<HTMLInputElement>('#root_days')?.value).toBe('5');
  });
});

describe('SchemaForm: the form library’s own words', () => {
  const listForm: FormDefinition = {
    formKey: 'list_form',
    name: '清单',
    schema: {
      type: 'object',
      properties: {
        urgent: { type: 'boolean', title: '加急' },
        items: { type: 'array', title: '物品', items: { type: 'string' } },
      },
    },
    uiSchema: { urgent: { 'ui:widget': 'radio' } },
  };
  const words: Record<Language, string[]> = {
    'zh-CN': ['是', '否', '添加一项', '删除', '上移', '下移'],
    'zh-TW': ['是', '否', '新增一項', '刪除', '上移', '下移'],
    'en-US': ['Yes', 'No', 'Add Item', 'Remove', 'Move up', 'Move down'],
  };
  for (const lang of ['zh-CN', 'zh-TW', 'en-US'] as const) {
    it(`${lang}: yes/no and a list's buttons are in the user's language`, async () => {
      await loadLanguage(lang);
      const { container } = render(
        <SchemaForm
          form={listForm}
          permissions={{}}
          fallback="w"
          readonly={false}
          data={{ items: ['笔', '纸'] }}
          onChange={() => undefined}
          formRef={createRef<SchemaFormHandle>()}
        />,
      );
      const shown = [
        ...Array.from(container.querySelectorAll('label'), (label) => label.textContent ?? ''),
        ...Array.from(container.querySelectorAll('button'), (button) => button.getAttribute('title') ?? ''),
      ];
      for (const word of words[lang]) expect(shown).toContain(word);
    });
  }
});
