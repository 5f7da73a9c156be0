/**
 * The computed fields of a business object (BoField.compute), shared by the browser, which shows them as
 * they are typed, and the server, which stores its own values whatever the browser sent.
 */
import type { BoDefinition, BoField } from '../schemas/data.js';
import { MAX_CHINESE_UPPERCASE_AMOUNT, toChineseUppercaseAmount } from './money.js';

type JsonObject = Record<string, unknown>;

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * The sum of a sub-table column, counted in units of its decimals (money: 分) so that binary fractions
 * add up exactly; cells that are no number count as nothing, no rows sum to 0.
 */
function columnSum(bo: BoDefinition, data: JsonObject, sub: string, column: string, target: BoField) {
  const entity = bo.subs.find((s) => s.alias === sub);
  const rows = data[sub];
  const cells = Array.isArray(rows)
    ? rows.map((row: unknown) => (row && typeof row === 'object' ? (row as JsonObject)[column] : undefined))
    : [];
  const numbers = cells.filter(isNumber);
  const decimals = entity?.fields.find((f) => f.name === column)?.decimals ?? target.decimals;
  if (decimals === undefined) return Number(numbers.reduce((a, b) => a + b, 0).toPrecision(15));
  const unit = 10 ** decimals;
  return numbers.reduce((a, b) => a + Math.round(b * unit), 0) / unit;
}

/** 人民币大写 of a number field; nothing for no number, a negative one or one too large to write. */
const uppercase = (value: unknown) =>
  isNumber(value) && value >= 0 && value <= MAX_CHINESE_UPPERCASE_AMOUNT
    ? toChineseUppercaseAmount(value)
    : undefined;

/**
 * The data with every computed main field set from the rest: the sums first, then the uppercase texts
 * (which may write a sum). A value that cannot be computed leaves the field out. Data of an object
 * without computed fields is given back as it is.
 */
export function computeBoData(bo: BoDefinition, data: JsonObject): JsonObject {
  const computed = bo.fields.filter((field) => field.compute);
  if (!computed.length) return data;
  const result = { ...data };
  const set = (field: BoField, value: unknown) => {
    if (value === undefined) delete result[field.name];
    else result[field.name] = value;
  };
  for (const field of computed) {
    if (field.compute?.kind === 'sum')
      set(field, columnSum(bo, data, field.compute.sub, field.compute.field, field));
  }
  for (const field of computed) {
    if (field.compute?.kind === 'moneyUppercase') set(field, uppercase(result[field.compute.field]));
  }
  return result;
}
