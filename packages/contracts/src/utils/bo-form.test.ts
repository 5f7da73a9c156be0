import { describe, expect, it } from 'vitest';
import type { BoDefinition } from '../schemas/data.js';
import { boFormSchema, checkBoData, pickBoData } from './bo-form.js';

const bo: BoDefinition = {
  fields: [
    { name: 'name', label: '姓名', type: 'string', required: true, rules: 'chineseName' },
    { name: 'amount', label: '金额', type: 'number', decimals: 2 },
    { name: 'mobile', label: '手机', type: 'string', rules: 'phone' },
  ],
  subs: [
    {
      alias: 'items',
      name: '明细',
      fields: [{ name: 'qty', label: '数量', type: 'number', required: true }],
    },
  ],
};

describe('business-object forms (spec §5 rule strings on form fields)', () => {
  it('the form schema holds main fields and each sub-entity as an array of rows', () => {
    const { schema, uiSchema } = boFormSchema(bo);
    expect(schema).toMatchObject({
      type: 'object',
      required: ['name'],
      properties: { amount: { type: 'number' }, items: { type: 'array', items: { required: ['qty'] } } },
    });
    expect(uiSchema['ui:order']).toEqual(['name', 'amount', 'mobile', 'items']);
  });

  it('checks rules, types and sub-table rows, naming the row from 1', () => {
    expect(
      checkBoData(bo, { name: 'A1', amount: 1.234, mobile: '123', items: [{ qty: 1 }, {}, 'x'] }),
    ).toEqual([
      { field: 'name', label: '姓名', rule: 'chineseName' },
      { field: 'amount', label: '金额', rule: 'money' },
      { field: 'mobile', label: '手机', rule: 'phone' },
      { field: 'items[2].qty', label: '数量', rule: 'required', sub: { name: '明细', row: 2 } },
      { field: 'items[3]', label: '明细', rule: 'type', sub: { name: '明细', row: 3 } },
    ]);
    expect(checkBoData(bo, { name: '张伟', amount: '5' })).toEqual([
      { field: 'amount', label: '金额', rule: 'type' },
    ]);
    expect(checkBoData(bo, { name: '张伟', amount: 12.5, mobile: '13800138000' })).toEqual([]);
  });

  it('keeps only the object’s fields', () => {
    expect(pickBoData(bo, { name: '张伟', hack: 1, items: [{ qty: 2, extra: true }] })).toEqual({
      name: '张伟',
      items: [{ qty: 2 }],
    });
  });
});
