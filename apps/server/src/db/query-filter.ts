import {
  MAX_PAGE_SIZE,
  QUERY_OPERATIONS,
  type QueryField,
  type QueryFilter,
  type QueryOperation,
} from '@eip/contracts';
import {
  and,
  asc,
  between,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type AnyColumn,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { badRequest } from '../errors.js';
import type { MessageKey } from '../i18n/messages.js';

export type FilterType = 'string' | 'number' | 'date' | 'boolean';

export interface FilterColumn {
  /** a column, an expression, or a field of a subquery */
  sql: AnyColumn | SQL | SQL.Aliased;
  type: FilterType;
  /** Defaults to true. */
  sortable?: boolean;
  /**
   * A condition that every row whose text contains `text` (ignoring case) meets, answered by an index: it is
   * ANDed to the LIKE operations on the column, so that a substring search can start from that index.
   */
  containing?: (text: string) => SQL | undefined;
}

/** The properties one endpoint lets callers filter and sort on, by the name the client sends. */
export type FilterColumns = Record<string, FilterColumn>;

export interface CompiledQuery {
  where: SQL | undefined;
  orderBy: SQL[];
  page: number;
  pageSize: number;
  offset: number;
  showTotal: boolean;
}

export interface CompileOptions {
  /** Appended after the caller's sorts so that paging is stable. */
  defaultSort?: SQL[];
  defaultPageSize?: number;
}

type Scalar = string | number | boolean | Date;
type Relation = 'AND' | 'OR';

const DEFAULT_PAGE_SIZE = 10;
const DEFAULT_GROUP = 'main';

const EXPECTED = {
  string: 'query.expectText',
  number: 'query.expectNumber',
  date: 'query.expectDate',
  boolean: 'query.expectBoolean',
} as const satisfies Record<FilterType, MessageKey>;

const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const EPOCH_MILLIS = /^-?\d+$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

const BOOLEANS = new Map<unknown, boolean>([
  [true, true],
  [false, false],
  ['true', true],
  ['false', false],
  [1, true],
  [0, false],
  ['1', true],
  ['0', false],
]);

type Comparison = (left: SQLWrapper, right: unknown) => SQL;
const COMPARISONS = {
  EQUAL: eq,
  NOT_EQUAL: ne,
  LESS: lt,
  GREAT: gt,
  LESS_EQUAL: lte,
  GREAT_EQUAL: gte,
} satisfies Partial<Record<QueryOperation, Comparison>>;

const badValue = (property: string, key: MessageKey) => badRequest(key, { property });

const isOperation = (operation: string): operation is QueryOperation =>
  (QUERY_OPERATIONS as readonly string[]).includes(operation);

function findColumn(columns: FilterColumns, property: string): FilterColumn {
  if (!Object.hasOwn(columns, property)) throw badRequest('query.unknownProperty', { property });
  return columns[property];
}

function toText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && NUMERIC.test(value.trim())) return Number(value);
  return undefined;
}

const validDate = (date: Date): Date | undefined => (Number.isNaN(date.getTime()) ? undefined : date);

function isCalendarDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Date-only strings are UTC midnight and date-times without an offset are server-local, as in `Date`. */
function toDate(value: unknown): Date | undefined {
  if (typeof value === 'number') return validDate(new Date(value));
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (EPOCH_MILLIS.test(text)) return validDate(new Date(Number(text)));
  const match = ISO_DATE.exec(text);
  if (!match || !isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3]))) return undefined;
  return validDate(new Date(text.replace(' ', 'T')));
}

const COERCERS: Record<FilterType, (value: unknown) => Scalar | undefined> = {
  string: toText,
  number: toNumber,
  date: toDate,
  boolean: (value) => BOOLEANS.get(value),
};

function coerce(property: string, type: FilterType, value: unknown): Scalar {
  const result = COERCERS[type](value);
  if (result === undefined) throw badValue(property, EXPECTED[type]);
  return result;
}

function textOf(property: string, column: FilterColumn, value: unknown): string {
  if (column.type !== 'string') throw badValue(property, 'query.textOnly');
  const text = toText(value);
  if (text === undefined) throw badValue(property, EXPECTED.string);
  return text;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** An array as given, or a comma-separated string split into trimmed items. */
function toList(value: QueryField['value']): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') return value.split(',').map((item) => item.trim());
  return [value];
}

const isOpenEnd = (value: unknown) => value == null || (typeof value === 'string' && value.trim() === '');

function compileIn(property: string, column: FilterColumn, value: QueryField['value']): SQL {
  const left: SQLWrapper = column.sql;
  const items = toList(value).filter((item) => item !== '');
  const values = items.map((item) => coerce(property, column.type, item));
  return inArray(left, values);
}

function compileBetween(property: string, column: FilterColumn, value: QueryField['value']): SQL {
  const ends = toList(value);
  if (ends.length !== 2) throw badValue(property, 'query.twoValues');
  const [low, high] = ends;
  const left: SQLWrapper = column.sql;
  if (isOpenEnd(low) && isOpenEnd(high)) throw badValue(property, 'query.bothEndsEmpty');
  if (isOpenEnd(high)) return gte(left, coerce(property, column.type, low));
  if (isOpenEnd(low)) return lte(left, coerce(property, column.type, high));
  return between(left, coerce(property, column.type, low), coerce(property, column.type, high));
}

/** A case-insensitive match of the text taken literally, with the column's index condition if it has one. */
function compileLike(
  property: string,
  column: FilterColumn,
  value: QueryField['value'],
  pattern: (escaped: string) => string,
): SQL {
  const text = textOf(property, column, value);
  const like = ilike(column.sql, pattern(escapeLike(text)));
  const indexed = column.containing?.(text);
  return indexed ? sql`(${indexed} and ${like})` : like;
}

function compileCondition(field: QueryField, columns: FilterColumns): SQL {
  const { property, value } = field;
  const column = findColumn(columns, property);
  const left: SQLWrapper = column.sql;
  const operation = field.operation ?? 'EQUAL';
  if (!isOperation(operation)) throw badRequest('query.unknownOperation', { operation });
  switch (operation) {
    case 'IS_NULL':
      return isNull(left);
    case 'NOTNULL':
      return isNotNull(left);
    case 'IN':
      return compileIn(property, column, value);
    case 'BETWEEN':
      return compileBetween(property, column, value);
    case 'EQUAL_IGNORE_CASE':
      return sql`lower(${column.sql}) = lower(${textOf(property, column, value)})`;
    case 'LIKE':
      return compileLike(property, column, value, (text) => `%${text}%`);
    case 'LEFT_LIKE':
      return compileLike(property, column, value, (text) => `%${text}`);
    case 'RIGHT_LIKE':
      return compileLike(property, column, value, (text) => `${text}%`);
    default:
      return COMPARISONS[operation](left, coerce(property, column.type, value));
  }
}

const combine = (relation: Relation | undefined, left: SQL | undefined, right: SQL) =>
  relation === 'OR' ? or(left, right) : and(left, right);

function compileWhere(
  querys: QueryField[],
  groupRelation: Relation | undefined,
  columns: FilterColumns,
): SQL | undefined {
  const groups = new Map<string, SQL | undefined>();
  for (const field of querys) {
    const group = field.group ?? DEFAULT_GROUP;
    groups.set(group, combine(field.relation, groups.get(group), compileCondition(field, columns)));
  }
  const conditions = [...groups.values()];
  return groupRelation === 'OR' ? or(...conditions) : and(...conditions);
}

function compileSort(sorter: NonNullable<QueryFilter['sorter']>, columns: FilterColumns): SQL[] {
  return sorter.map(({ property, direction = 'ASC' }) => {
    const column = findColumn(columns, property);
    if (column.sortable === false) throw badRequest('query.unknownProperty', { property });
    const normalized = direction.toUpperCase();
    if (normalized === 'DESC') return desc(column.sql);
    if (normalized === 'ASC') return asc(column.sql);
    throw badValue(property, 'query.badDirection');
  });
}

const positiveInteger = (value: number | undefined, fallback: number) =>
  value !== undefined && Number.isInteger(value) && value > 0 ? value : fallback;

/**
 * The values of all conditions together: each becomes a bound parameter, and PostgreSQL takes at most 65,535 of
 * them in one statement; far below that, a list this long is no user's search.
 */
export const MAX_FILTER_VALUES = 5000;

const valueCount = (querys: QueryField[]) =>
  querys.reduce((total, field) => total + (Array.isArray(field.value) ? field.value.length : 1), 0);

export function compileQueryFilter(
  filter: QueryFilter | undefined,
  columns: FilterColumns,
  options: CompileOptions = {},
): CompiledQuery {
  if (valueCount(filter?.querys ?? []) > MAX_FILTER_VALUES) {
    throw badRequest('query.tooManyValues', { limit: MAX_FILTER_VALUES });
  }
  const page = positiveInteger(filter?.pageBean?.page, 1);
  const pageSize = Math.min(
    positiveInteger(filter?.pageBean?.pageSize, options.defaultPageSize ?? DEFAULT_PAGE_SIZE),
    MAX_PAGE_SIZE,
  );
  return {
    where: compileWhere(filter?.querys ?? [], filter?.groupRelation, columns),
    orderBy: [...compileSort(filter?.sorter ?? [], columns), ...(options.defaultSort ?? [])],
    page,
    pageSize,
    offset: (page - 1) * pageSize,
    showTotal: filter?.pageBean?.showTotal ?? true,
  };
}

/**
 * One page of a query as `{rows, total, page, pageSize}`: the total counts every row the filter
 * matches when the caller asks for it (showTotal), else it is what this page shows so far.
 */
export async function pageList<T>(
  q: CompiledQuery,
  rows: T[],
  countAll: () => Promise<{ n: number }[]>,
): Promise<{ rows: T[]; total: number; page: number; pageSize: number }> {
  const total = q.showTotal ? ((await countAll())[0]?.n ?? 0) : q.offset + rows.length;
  return { rows, total, page: q.page, pageSize: q.pageSize };
}
