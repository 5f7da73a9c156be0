import { describe, expect, it } from 'vitest';
import type { BoDefinition } from '../schemas/data.js';
import { computeBoData } from './bo-compute.js';

const bo: BoDefinition = {
  fields: [
    { name: 'name', label: '合同名称', type: 'string' },
    {
      name: 'inWords',
      label: '合计大写',
      type: 'string',
      compute: { kind: 'moneyUppercase', field: 'total' },
    },
    {
      name: 'total',
      label: '合计',
      type: 'number',
      decimals: 2,
      compute: { kind: 'sum', sub: 'items', field: 'amount' },
    },
    {
      name: 'qtyTotal',
      label: '数量合计',
      type: 'number',
      compute: { kind: 'sum', sub: 'items', field: 'qty' },
    },
  ],
  subs: [
    {
      alias: 'items',
      name: '明细',
      fields: [
        { name: 'amount', label: '金额', type: 'number', decimals: 2 },
        { name: 'qty', label: '数量', type: 'number' },
      ],
    },
  ],
};

describe('computed fields of a business object', () => {
  it('sums a sub-table column to the 分 and writes the sum in Chinese uppercase', () => {
    const data = {
      name: 'A',
      items: [{ amount: 0.1, qty: 0.1 }, { amount: 0.2, qty: 0.2 }, { amount: 1000 }],
    };
    expect(computeBoData(bo, data)).toEqual({
      ...data,
      total: 1000.3,
      inWords: '壹仟元叁角',
      qtyTotal: 0.3,
    });
  });

  it('replaces what was sent for a computed field, and counts cells that are no number as nothing', () => {
    const data = {
      total: 99,
      inWords: '玖拾玖元整',
      qtyTotal: 'x',
      items: [{ amount: 1004.05 }, { amount: 'abc' }, null, { amount: null }],
    };
    expect(computeBoData(bo, data)).toEqual({
      ...data,
      total: 1004.05,
      inWords: '壹仟零肆元零伍分',
      qtyTotal: 0,
    });
  });

  it('no rows sum to 0 (零元整); an amount that cannot be written leaves the text out', () => {
    expect(computeBoData(bo, { inWords: '旧' })).toEqual({ total: 0, inWords: '零元整', qtyTotal: 0 });
    expect(computeBoData(bo, { items: [{ amount: -5 }], inWords: '旧' })).toEqual({
      items: [{ amount: -5 }],
      total: -5,
      qtyTotal: 0,
    });
  });

  it('leaves the data of an object without computed fields as it is', () => {
    const data = { name: 'A', total: 3 };
    expect(computeBoData({ fields: bo.fields.slice(0, 1), subs: [] }, data)).toBe(data);
  });
});
