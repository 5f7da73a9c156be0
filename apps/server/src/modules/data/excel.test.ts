import type { BoSubEntity } from '@eip/contracts';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readSubImport, writeSubRows, type Dictionaries } from './excel.js';

const SUB: BoSubEntity = {
  alias: 'items',
  name: '明细',
  fields: [
    { name: 'kind', label: '类别', type: 'dict', dict: 'kind', required: true },
    { name: 'qty', label: '数量', type: 'number' },
  ],
};
const DICTS: Dictionaries = new Map([
  [
    'kind',
    [
      { key: 'hw', name: '硬件' },
      { key: 'sw', name: '软件' },
    ],
  ],
]);

describe('a sub-table’s rows in a workbook', () => {
  it('shows dictionary values as their names, and reads the names back as keys', async () => {
    const file = await writeSubRows(SUB, [{ kind: 'hw', qty: 2 }, { kind: 'sw' }], DICTS);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('明细')!;
    expect((sheet.getSheetValues().slice(1) as unknown[][]).map((r) => r.slice(1))).toEqual([
      ['类别', '数量'],
      ['硬件', 2],
      ['软件'],
    ]);
    expect(await readSubImport(file, SUB, DICTS, 'zh-CN')).toEqual({
      rows: [{ kind: 'hw', qty: 2 }, { kind: 'sw' }],
      errors: [],
    });
  });

  it('a name not in the dictionary is an error of its row and column', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('明细');
    sheet.addRow(['类别', '数量']);
    sheet.addRow(['家具', 1]);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const read = await readSubImport(file, SUB, DICTS, 'en-US');
    expect(read.errors).toEqual([
      { sheet: '明细', row: 2, column: '类别', message: 'is not a value of its dictionary' },
    ]);
  });
});
