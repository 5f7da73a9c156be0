import type { BoDef, DataTemplate } from '@eip/contracts';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadTemplateTexts } from '../../../i18n';
import { envelope, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { TemplateFormPage } from './index';

// the machine running the tests may be busy: each wait may take a few seconds
configure({ asyncUtilTimeout: 5000 });

const BO: BoDef = {
  id: 'bo1',
  alias: 'contract',
  name: '合同',
  fields: [
    { name: 'name', label: '合同名称', type: 'string' },
    {
      name: 'total',
      label: '付款合计',
      type: 'number',
      decimals: 2,
      compute: { kind: 'sum', sub: 'payments', field: 'amount' },
    },
    {
      name: 'words',
      label: '付款合计（大写）',
      type: 'string',
      compute: { kind: 'moneyUppercase', field: 'total' },
    },
  ],
  subs: [
    {
      alias: 'payments',
      name: '付款计划',
      fields: [{ name: 'amount', label: '金额', type: 'number', decimals: 2 }],
    },
  ],
};
const TEMPLATE: DataTemplate = {
  id: 't1',
  alias: 'contract',
  name: '合同台账',
  boAlias: 'contract',
  formKey: 'contractForm',
  columns: ['name'],
  conditions: [],
  sorter: [],
  buttons: [{ alias: 'add' }],
  batchFields: [],
};
const SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', title: '合同名称' },
    total: { type: 'number', title: '付款合计' },
    words: { type: 'string', title: '付款合计（大写）' },
    payments: { type: 'array', title: '付款计划', items: { type: 'object' } },
  },
};

/** The add form of 合同台账, the server answering its template and form. */
function addPage() {
  const permissions = { add: true };
  stubFetch(({ url }) => {
    if (url.includes('getBpmDataTemplateInfo')) return envelope({ template: TEMPLATE, bo: BO, permissions });
    if (url.includes('getForm/')) {
      return envelope({
        template: TEMPLATE,
        bo: BO,
        form: { formKey: 'contractForm', name: '合同', schema: SCHEMA, uiSchema: {} },
        permissions,
        record: null,
        draft: null,
      });
    }
    return envelope(null, { code: 404, message: `unexpected ${url}`, status: 404 });
  });
  renderRoutes(
    <Route path="/templateForm/:templateKey/:action" element={<TemplateFormPage />} />,
    '/templateForm/contract/add',
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const amount = (row: number) => screen.getByLabelText(`付款计划 序号${row} 金额`);

beforeAll(() => loadTemplateTexts());
afterEach(() => vi.unstubAllGlobals());

describe('computed fields of a template form', () => {
  it('are read-only and follow the sub-table rows as they are typed, added and removed', async () => {
    addPage();
    await screen.findByRole('heading', { level: 1, name: /合同台账/ });
    await waitFor(() => expect(field('付款合计（大写）').value).toBe('零元整'));
    expect(field('付款合计').value).toBe('0');
    expect(field('付款合计').readOnly || field('付款合计').disabled).toBe(true);
    expect(field('付款合计（大写）').readOnly || field('付款合计（大写）').disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: /添加行/ }));
    fireEvent.change(amount(1), { target: { value: '1000.1' } });
    await waitFor(() => expect(field('付款合计（大写）').value).toBe('壹仟元壹角'));
    expect(field('付款合计').value).toBe('1000.1');

    fireEvent.click(screen.getByRole('button', { name: /添加行/ }));
    fireEvent.change(amount(2), { target: { value: '0.2' } });
    await waitFor(() => expect(field('付款合计').value).toBe('1000.3'));
    expect(field('付款合计（大写）').value).toBe('壹仟元叁角');

    fireEvent.click(screen.getAllByRole('button', { name: '删除行' })[0]!);
    await waitFor(() => expect(field('付款合计').value).toBe('0.2'));
    expect(field('付款合计（大写）').value).toBe('贰角');
    // a form re-rendered at every step: slow on a busy machine
  }, 60_000);
});
