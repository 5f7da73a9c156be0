import type { BoSubEntity } from '@eip/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadTemplateTexts } from '../../../i18n';
import { envelope, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import type { Row } from '../shared/data';
import { SubTableGrid } from './SubTableGrid';

// the machine running the tests may be busy: each wait may take a few seconds
configure({ asyncUtilTimeout: 5000 });

const SUB: BoSubEntity = {
  alias: 'payments',
  name: '付款计划',
  fields: [
    { name: 'period', label: '期次', type: 'number', required: true },
    { name: 'dueDate', label: '付款日期', type: 'date', required: true },
  ],
};
const ROWS: Row[] = [{ period: 1, dueDate: '2027-01-01' }];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function grid(
  onChange: (rows: Row[]) => void,
  options: { readonly?: boolean; sub?: BoSubEntity; rows?: Row[] } = {},
) {
  renderRoutes(
    <Route
      path="*"
      element={
        <SubTableGrid
          sub={options.sub ?? SUB}
          rows={options.rows ?? ROWS}
          readonly={options.readonly ?? false}
          errors={[]}
          onChange={onChange}
          excel={{
            templateAlias: 'contract',
            recordId: 'r1',
            canImport: true,
            canExport: true,
          }}
        />
      }
    />,
    '/x',
  );
}

const choose = (name: string) => {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['xlsx'], name, { type: XLSX })] } });
};

beforeAll(() => loadTemplateTexts());
afterEach(() => vi.unstubAllGlobals());

describe('导入 / 导出 of a sub-table grid', () => {
  it('导入 reads the file for the record and replaces the grid’s rows once confirmed', async () => {
    const imported = [
      { period: 1, dueDate: '2027-03-01' },
      { period: 2, dueDate: '2027-04-01' },
    ];
    const sent = stubFetch(() => envelope({ rows: imported, errors: [] }));
    const onChange = vi.fn();
    grid(onChange);
    expect(screen.getByRole('button', { name: '付款计划 导入' })).toBeTruthy();
    choose('付款.xlsx');
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('导入的 2 行将替换表格中现有的 1 行（保存记录后生效），是否继续？'),
    ).toBeTruthy();
    expect(sent[0]!.url).toContain('/form/dataTemplate/importSub?');
    expect(sent[0]!.url).toContain('templateAlias=contract');
    expect(sent[0]!.url).toContain('subAlias=payments');
    expect(sent[0]!.url).toContain('id=r1');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(imported));
  });

  it('a file with errors lists them by row and column, and the rows stay', async () => {
    stubFetch(() =>
      envelope({
        rows: [],
        errors: [{ sheet: '付款计划', row: 3, column: '付款日期', message: '类型不正确' }],
      }),
    );
    const onChange = vi.fn();
    grid(onChange);
    choose('坏.xlsx');
    const table = await screen.findByRole('table', { name: '导入错误' });
    expect(within(table).getByText('付款日期')).toBeTruthy();
    expect(within(table).getByText('类型不正确')).toBeTruthy();
    expect(within(table).getByText('3')).toBeTruthy();
    expect(screen.getByText('文件中有错误，未导入任何行：')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  describe('导出', () => {
    const { createObjectURL, revokeObjectURL } = URL;
    const answer = () => new Response('xlsx', { headers: { 'content-type': XLSX } });
    beforeEach(() => {
      URL.createObjectURL = vi.fn(() => 'blob:x');
      URL.revokeObjectURL = vi.fn();
    });
    afterEach(() => {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
      vi.restoreAllMocks();
    });

    it('posts the rows the form holds while it is edited', async () => {
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
      const sent = stubFetch(answer);
      grid(vi.fn());
      fireEvent.click(screen.getByRole('button', { name: '付款计划 导出' }));
      await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
      expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('付款计划.xlsx');
      expect(sent[0]!.url).toContain('/form/form/exportFormSub?subDesc=payments');
      expect(sent[0]!.body).toEqual({ templateAlias: 'contract', rows: ROWS });
    });

    it('exports the saved rows of the record when the form is read-only, which has no 导入', async () => {
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
      const sent = stubFetch(answer);
      grid(vi.fn(), { readonly: true });
      expect(screen.queryByRole('button', { name: '付款计划 导入' })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: '付款计划 导出' }));
      await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
      expect(sent[0]!.url).toContain('/form/dataTemplate/exportSub');
      expect(sent[0]!.body).toEqual({ templateAlias: 'contract', id: 'r1', subAlias: 'payments' });
    });
  });
});

describe('dictionary cells of a sub-table grid (sysDataDict)', () => {
  const WITH_METHOD: BoSubEntity = {
    ...SUB,
    fields: [...SUB.fields, { name: 'method', label: '付款方式', type: 'dict', dict: 'paymentMethod' }],
  };
  const item = (key: string, name: string, sn: number) => ({
    id: key,
    typeKey: 'paymentMethod',
    key,
    name,
    parentId: null,
    sn,
  });
  const rows: Row[] = [{ period: 1, dueDate: '2027-01-01', method: 'transfer' }, { period: 2 }];
  const dictionary = () =>
    stubFetch(({ url }) =>
      url.includes('sysDataDict/getByTypeKeyForComBo')
        ? envelope([item('transfer', '银行转账', 0), item('cheque', '支票', 1)])
        : envelope(null, { code: 404, message: `unexpected ${url}`, status: 404 }),
    );

  it('a dict cell is a drop-down of the dictionary’s items, showing the item’s name and storing its key', async () => {
    const sent = dictionary();
    const onChange = vi.fn();
    grid(onChange, { sub: WITH_METHOD, rows });
    const first = screen.getByRole('combobox', { name: '付款计划 序号1 付款方式' });
    const cell = first.closest('.ant-select') as HTMLElement;
    await waitFor(() => expect(within(cell).getByText('银行转账')).toBeTruthy());
    expect(within(cell).queryByText('transfer')).toBeNull();
    expect(new URL(sent[0]!.url, 'http://x').searchParams.get('typeKey')).toBe('paymentMethod');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: '付款计划 序号2 付款方式' }));
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].find(
        (o) => o.textContent === '支票',
      );
      expect(found).toBeTruthy();
      return found as HTMLElement;
    });
    fireEvent.click(option);
    expect(onChange).toHaveBeenCalledWith([rows[0], { period: 2, method: 'cheque' }]);
  });

  it('a read-only grid shows the item’s name, not its key', async () => {
    dictionary();
    grid(vi.fn(), { sub: WITH_METHOD, rows, readonly: true });
    expect(await screen.findByText('银行转账')).toBeTruthy();
    expect(screen.queryByText('transfer')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
