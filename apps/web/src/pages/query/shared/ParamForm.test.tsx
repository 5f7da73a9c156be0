import type { QueryParam } from '@eip/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadTemplateTexts } from '../../../i18n';
import { ParamForm, paramValues } from './ParamForm';

const PARAMS: QueryParam[] = [
  { name: 'party', label: '合同方', type: 'string' },
  { name: 'min', label: '最低金额', type: 'number' },
  { name: 'from', label: '签订日期起', type: 'date' },
];

beforeAll(() => loadTemplateTexts());

describe('the parameter form of a custom query', () => {
  it('gives the values the query takes: trimmed text, numbers, dates as YYYY-MM-DD, empty ones left out', () => {
    const values = paramValues(PARAMS, { party: ' 华东 ', min: '12.5', from: dayjs('2026-03-01'), to: 'x' });
    expect(values).toEqual({ party: '华东', min: 12.5, from: '2026-03-01' });
    expect(paramValues(PARAMS, { party: '', min: null })).toEqual({});
  });

  it('searches with what was typed, and reset searches with nothing', async () => {
    const onSearch = vi.fn();
    render(<ParamForm params={PARAMS.slice(0, 1)} onSearch={onSearch} />);
    fireEvent.change(screen.getByLabelText('合同方'), { target: { value: "华东' or '1'='1" } });
    fireEvent.click(screen.getByRole('button', { name: '查 询' }));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ party: "华东' or '1'='1" }));
    fireEvent.click(screen.getByRole('button', { name: '重 置' }));
    expect(onSearch).toHaveBeenLastCalledWith({});
  }, 30_000);

  it('does not search while a required parameter is empty', async () => {
    const onSearch = vi.fn();
    render(
      <ParamForm
        params={[{ name: 'min', label: '最低金额', type: 'number', required: true }]}
        onSearch={onSearch}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: '查 询' }));
    expect(await screen.findByText('请填写最低金额')).toBeTruthy();
    expect(onSearch).not.toHaveBeenCalled();
  });
});
