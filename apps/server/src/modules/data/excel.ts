import {
  IMPORT_MAX_ROWS,
  IMPORT_PARENT_COLUMN,
  checkBoData,
  type BoDefinition,
  type BoField,
  type BoSubEntity,
  type ImportError,
  type ImportRow,
  type Language,
} from '@eip/contracts';
import type ExcelJS from 'exceljs';
import { AppError, badRequest } from '../../errors.js';
import { translate, type MessageKey } from '../../i18n/messages.js';

/** Dictionary entries by type key: the sheet shows names, the records keep keys. */
export type Dictionaries = Map<string, { key: string; name: string }[]>;
type Data = Record<string, unknown>;

/** ExcelJS takes over half a second to load: it is loaded on the first import or export, not at start. */
const excel = async () => (await import('exceljs')).default;

/** The fields a sheet to import has columns for: computed fields are set on save, never read. */
const typedFields = (fields: BoField[]) => fields.filter((field) => !field.compute);

const header = (field: BoField) => (field.required ? `*${field.label}` : field.label);
const headerLabel = (text: string) => text.replace(/^\*/, '').trim();

function addSheet(
  workbook: ExcelJS.Workbook,
  name: string,
  fields: BoField[],
  dicts: Dictionaries,
  parent: boolean,
) {
  const sheet = workbook.addWorksheet(name);
  const headers = [...(parent ? [`*${IMPORT_PARENT_COLUMN}`] : []), ...fields.map(header)];
  sheet.addRow(headers).font = { bold: true };
  sheet.columns.forEach((column) => (column.width = 18));
  fields.forEach((field, index) => {
    const names = field.type === 'dict' && field.dict ? (dicts.get(field.dict) ?? []).map((e) => e.name) : [];
    const list = names.join(',');
    // Excel keeps an inline list up to 255 characters: a longer dictionary is typed, and checked on import
    if (!names.length || list.length > 255) return;
    const column = sheet.getColumn(index + 1 + (parent ? 1 : 0)).letter;
    for (let row = 2; row <= 1001; row += 1) {
      sheet.getCell(`${column}${row}`).dataValidation = {
        type: 'list',
        allowBlank: true,
        formulae: [`"${list}"`],
      };
    }
  });
}

/** The import template: a main sheet, and a sheet per sub-table whose rows name their main-sheet row. */
export async function importTemplate(bo: BoDefinition, name: string, dicts: Dictionaries): Promise<Buffer> {
  const workbook = new (await excel()).Workbook();
  addSheet(workbook, name, typedFields(bo.fields), dicts, false);
  for (const sub of bo.subs) addSheet(workbook, sub.name, sub.fields, dicts, true);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A cell's value as the field keeps it, or an error's message key. */
function cellValue(
  field: BoField,
  cell: ExcelJS.Cell,
  dicts: Dictionaries,
): { value?: unknown; error?: MessageKey } {
  const raw = cell.value;
  if (raw === null || raw === undefined || cell.text.trim() === '') return { value: undefined };
  if (field.type === 'number') {
    const n = typeof raw === 'number' ? raw : Number(cell.text.trim());
    return Number.isFinite(n) ? { value: n } : { error: 'data.rule.type' };
  }
  if (field.type === 'date') {
    if (raw instanceof Date) return { value: raw.toISOString().slice(0, 10) };
    const text = cell.text.trim();
    return ISO_DAY.test(text) ? { value: text } : { error: 'data.rule.type' };
  }
  const text = cell.text.trim();
  if (field.type === 'dict' && field.dict) {
    const entry = dicts.get(field.dict)?.find((e) => e.name === text || e.key === text);
    return entry ? { value: entry.key } : { error: 'data.rule.dict' };
  }
  return { value: text };
}

interface SheetRows {
  rows: { row: number; data: Data; parent?: number }[];
  errors: ImportError[];
}

function readSheet(
  sheet: ExcelJS.Worksheet,
  fields: BoField[],
  dicts: Dictionaries,
  lang: Language,
  parent: boolean,
): SheetRows {
  const errors: ImportError[] = [];
  const columns = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => columns.set(headerLabel(cell.text), col));
  const wanted = [...(parent ? [{ label: IMPORT_PARENT_COLUMN, required: true }] : []), ...fields];
  for (const field of wanted) {
    if (field.required && !columns.has(field.label)) {
      errors.push({
        sheet: sheet.name,
        row: 1,
        column: field.label,
        message: translate(lang, 'data.importMissingColumn'),
      });
    }
  }
  const rows: SheetRows['rows'] = [];
  sheet.eachRow((row, number) => {
    if (number === 1 || !row.hasValues) return;
    const data: Data = {};
    for (const field of fields) {
      const col = columns.get(field.label);
      if (!col) continue;
      const read = cellValue(field, row.getCell(col), dicts);
      if (read.error) {
        errors.push({
          sheet: sheet.name,
          row: number,
          column: field.label,
          message: translate(lang, read.error),
        });
      } else if (read.value !== undefined) data[field.name] = read.value;
    }
    const parentCol = columns.get(IMPORT_PARENT_COLUMN);
    const parentRow = parentCol ? Number(row.getCell(parentCol).text) : undefined;
    rows.push({ row: number, data, ...(parent ? { parent: parentRow } : {}) });
  });
  for (const { row, data } of rows) {
    for (const issue of checkBoData({ fields, subs: [] }, data)) {
      if (errors.some((e) => e.row === row && e.column === issue.label && e.sheet === sheet.name)) continue;
      const message = translate(lang, `data.rule.${issue.rule}`);
      errors.push({ sheet: sheet.name, row, column: issue.label, message });
    }
  }
  return { rows, errors };
}

/** Loads a workbook sent by a user; what is no workbook is a 400. */
async function loadWorkbook(file: Buffer) {
  const workbook = new (await excel()).Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw badRequest('data.importBadFile');
  }
  return workbook;
}

/**
 * Reads the rows of one sub-table from its sheet (named as the sub-table, else the first), each checked
 * with the field rules of the form; every error by row and column.
 */
export async function readSubImport(
  file: Buffer,
  sub: BoSubEntity,
  dicts: Dictionaries,
  lang: Language,
): Promise<{ rows: Data[]; errors: ImportError[] }> {
  const workbook = await loadWorkbook(file);
  const sheet = workbook.getWorksheet(sub.name) ?? workbook.worksheets[0];
  if (!sheet) throw badRequest('data.importBadFile');
  const max = Math.min(sub.maxRows ?? IMPORT_MAX_ROWS, IMPORT_MAX_ROWS);
  const count = Math.max(0, sheet.actualRowCount - 1);
  if (count > max) throw new AppError(413, 'data.importTooMany', { max, count });
  const read = readSheet(sheet, sub.fields, dicts, lang, false);
  return { rows: read.rows.map((r) => r.data), errors: read.errors };
}

/** Reads an import file: each main row with its sub-table rows, and every error by sheet, row and column. */
export async function readImport(
  file: Buffer,
  bo: BoDefinition,
  name: string,
  dicts: Dictionaries,
  lang: Language,
): Promise<{ rows: ImportRow[]; errors: ImportError[] }> {
  const workbook = await loadWorkbook(file);
  const mainSheet = workbook.getWorksheet(name) ?? workbook.worksheets[0];
  if (!mainSheet) throw badRequest('data.importBadFile');
  const count = Math.max(0, mainSheet.actualRowCount - 1);
  if (count > IMPORT_MAX_ROWS) throw new AppError(413, 'data.importTooMany', { max: IMPORT_MAX_ROWS, count });
  const main = readSheet(mainSheet, typedFields(bo.fields), dicts, lang, false);
  const errors = [...main.errors];
  const byRow = new Map(main.rows.map((r) => [r.row, r.data]));
  for (const sub of bo.subs) {
    const sheet = workbook.getWorksheet(sub.name);
    if (!sheet) continue;
    const read = readSheet(sheet, sub.fields, dicts, lang, true);
    errors.push(...read.errors);
    for (const row of read.rows) {
      const owner = row.parent === undefined ? undefined : byRow.get(row.parent);
      if (!owner) {
        const message = translate(lang, 'data.importParent');
        errors.push({ sheet: sheet.name, row: row.row, column: IMPORT_PARENT_COLUMN, message });
        continue;
      }
      owner[sub.alias] = [...((owner[sub.alias] as Data[] | undefined) ?? []), row.data];
    }
  }
  const failedRows = new Set(errors.filter((e) => e.sheet === mainSheet.name).map((e) => e.row));
  return {
    rows: main.rows.map((r) => ({ row: r.row, data: r.data, valid: !failedRows.has(r.row) })),
    errors,
  };
}

/** A value as a sheet shows it: a dictionary's name for its key. */
const shown = (field: BoField, value: unknown, dicts: Dictionaries) =>
  field.type === 'dict' && field.dict
    ? (dicts.get(field.dict)?.find((e) => e.key === value)?.name ?? value)
    : value;

/** A cell of a row posted by a browser: numbers stay numbers, any other value is written as text. */
const cell = (value: unknown) =>
  value === undefined || value === null || value === ''
    ? null
    : typeof value === 'number'
      ? value
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

/** One sub-table's rows as a workbook of one sheet, a column per field titled with its label. */
export async function writeSubRows(sub: BoSubEntity, rows: Data[], dicts: Dictionaries): Promise<Buffer> {
  const workbook = new (await excel()).Workbook();
  const sheet = workbook.addWorksheet(sub.name);
  sheet.addRow(sub.fields.map((f) => f.label)).font = { bold: true };
  sheet.columns.forEach((column) => (column.width = 18));
  for (const row of rows) sheet.addRow(sub.fields.map((f) => cell(shown(f, row[f.name], dicts))));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Writes records to a workbook on disk as they come, so that memory stays flat whatever their number. */
export async function writeExport(
  filename: string,
  bo: BoDefinition,
  name: string,
  dicts: Dictionaries,
  batches: AsyncIterable<Data[]>,
): Promise<number> {
  const workbook = new (await excel()).stream.xlsx.WorkbookWriter({
    filename,
    useSharedStrings: false,
    useStyles: false,
  });
  const main = workbook.addWorksheet(name);
  const subs = bo.subs.map((sub) => workbook.addWorksheet(sub.name));
  main.addRow(bo.fields.map((f) => f.label)).commit();
  bo.subs.forEach((sub, i) =>
    subs[i]!.addRow([IMPORT_PARENT_COLUMN, ...sub.fields.map((f) => f.label)]).commit(),
  );
  let count = 0;
  for await (const batch of batches) {
    for (const data of batch) {
      count += 1;
      main.addRow(bo.fields.map((f) => shown(f, data[f.name], dicts) ?? null)).commit();
      bo.subs.forEach((sub, i) => {
        for (const row of (data[sub.alias] as Data[] | undefined) ?? []) {
          subs[i]!.addRow([
            count + 1,
            ...sub.fields.map((f) => shown(f, row[f.name], dicts) ?? null),
          ]).commit();
        }
      });
    }
  }
  main.commit();
  subs.forEach((sheet) => sheet.commit());
  await workbook.commit();
  return count;
}
