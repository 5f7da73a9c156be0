import { MAX_PAGE_SIZE, type QueryField, type QueryFilter } from '@eip/contracts';
import { asc, desc, sql, type SQL } from 'drizzle-orm';
import { PgDialect, boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { compileQueryFilter, pageList, type CompileOptions, type FilterColumns } from './query-filter.js';

const users = pgTable('users', {
  id: integer('id'),
  account: text('account'),
  age: integer('age'),
  active: boolean('active'),
  createdAt: timestamp('created_at', { mode: 'date' }),
  deletedAt: timestamp('deleted_at', { mode: 'date' }),
});

const COLUMNS: FilterColumns = {
  account: { sql: users.account, type: 'string' },
  age: { sql: users.age, type: 'number' },
  active: { sql: users.active, type: 'boolean' },
  createdAt: { sql: users.createdAt, type: 'date' },
  deletedAt: { sql: users.deletedAt, type: 'date', sortable: false },
  label: { sql: sql`coalesce(${users.account}, '')`, type: 'string' },
};

const dialect = new PgDialect();

function render(fragment: SQL | undefined) {
  if (fragment === undefined) throw new Error('expected a SQL fragment');
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  return { sql: text, params };
}

const whereOf = (...querys: QueryField[]) => render(compileQueryFilter({ querys }, COLUMNS).where);

function refusal(filter: QueryFilter): AppError {
  try {
    compileQueryFilter(filter, COLUMNS);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the filter to be refused');
}

const refusalOf = (...querys: QueryField[]) => refusal({ querys });

describe('compileQueryFilter operations', () => {
  it('EQUAL is the default operation and binds the value', () => {
    expect(whereOf({ property: 'account', value: 'alice' })).toEqual({
      sql: '"users"."account" = $1',
      params: ['alice'],
    });
    expect(whereOf({ property: 'age', value: '42', operation: 'EQUAL' })).toEqual({
      sql: '"users"."age" = $1',
      params: [42],
    });
  });

  it('EQUAL_IGNORE_CASE lowers both sides', () => {
    expect(whereOf({ property: 'account', value: 'Alice', operation: 'EQUAL_IGNORE_CASE' })).toEqual({
      sql: 'lower("users"."account") = lower($1)',
      params: ['Alice'],
    });
  });

  it('LESS compares with <', () => {
    expect(whereOf({ property: 'age', value: 30, operation: 'LESS' })).toEqual({
      sql: '"users"."age" < $1',
      params: [30],
    });
  });

  it('GREAT compares with >', () => {
    expect(whereOf({ property: 'age', value: 30, operation: 'GREAT' })).toEqual({
      sql: '"users"."age" > $1',
      params: [30],
    });
  });

  it('LESS_EQUAL compares with <=', () => {
    expect(whereOf({ property: 'age', value: '30', operation: 'LESS_EQUAL' })).toEqual({
      sql: '"users"."age" <= $1',
      params: [30],
    });
  });

  it('GREAT_EQUAL compares with >=', () => {
    expect(
      whereOf({ property: 'createdAt', value: '2024-03-01T08:00:00Z', operation: 'GREAT_EQUAL' }),
    ).toEqual({
      sql: '"users"."created_at" >= $1',
      params: ['2024-03-01T08:00:00.000Z'],
    });
  });

  it('NOT_EQUAL compares with <>', () => {
    expect(whereOf({ property: 'active', value: 'false', operation: 'NOT_EQUAL' })).toEqual({
      sql: '"users"."active" <> $1',
      params: [false],
    });
  });

  it('LIKE matches a case-insensitive substring with %, _ and \\ escaped', () => {
    expect(whereOf({ property: 'account', value: 'ali', operation: 'LIKE' })).toEqual({
      sql: '"users"."account" ilike $1',
      params: ['%ali%'],
    });
    expect(whereOf({ property: 'account', value: '50%_a\\b', operation: 'LIKE' }).params).toEqual([
      '%50\\%\\_a\\\\b%',
    ]);
  });

  it('LEFT_LIKE matches the end of the text', () => {
    expect(whereOf({ property: 'account', value: 'son', operation: 'LEFT_LIKE' })).toEqual({
      sql: '"users"."account" ilike $1',
      params: ['%son'],
    });
  });

  it('RIGHT_LIKE matches the start of the text', () => {
    expect(whereOf({ property: 'label', value: 'a_', operation: 'RIGHT_LIKE' })).toEqual({
      sql: 'coalesce("users"."account", \'\') ilike $1',
      params: ['a\\_%'],
    });
  });

  it('IS_NULL ignores the value', () => {
    expect(whereOf({ property: 'deletedAt', value: 'anything', operation: 'IS_NULL' })).toEqual({
      sql: '"users"."deleted_at" is null',
      params: [],
    });
  });

  it('NOTNULL ignores the value', () => {
    expect(whereOf({ property: 'deletedAt', operation: 'NOTNULL' })).toEqual({
      sql: '"users"."deleted_at" is not null',
      params: [],
    });
  });

  it('IN takes an array or a comma-separated string, and an empty list matches nothing', () => {
    expect(whereOf({ property: 'age', value: [1, '2', 3], operation: 'IN' })).toEqual({
      sql: '"users"."age" in ($1, $2, $3)',
      params: [1, 2, 3],
    });
    expect(whereOf({ property: 'account', value: ' a, b ,c', operation: 'IN' })).toEqual({
      sql: '"users"."account" in ($1, $2, $3)',
      params: ['a', 'b', 'c'],
    });
    expect(whereOf({ property: 'age', value: [], operation: 'IN' })).toEqual({ sql: 'false', params: [] });
    expect(whereOf({ property: 'age', value: '', operation: 'IN' })).toEqual({ sql: 'false', params: [] });
  });

  it('BETWEEN takes two ends, either of which may be open', () => {
    expect(whereOf({ property: 'age', value: [18, 30], operation: 'BETWEEN' })).toEqual({
      sql: '"users"."age" between $1 and $2',
      params: [18, 30],
    });
    expect(whereOf({ property: 'createdAt', value: '2024-01-01,2024-02-01', operation: 'BETWEEN' })).toEqual({
      sql: '"users"."created_at" between $1 and $2',
      params: ['2024-01-01T00:00:00.000Z', '2024-02-01T00:00:00.000Z'],
    });
    expect(whereOf({ property: 'age', value: '18,', operation: 'BETWEEN' })).toEqual({
      sql: '"users"."age" >= $1',
      params: [18],
    });
    expect(whereOf({ property: 'age', value: ['', 30], operation: 'BETWEEN' })).toEqual({
      sql: '"users"."age" <= $1',
      params: [30],
    });
  });

  it('BETWEEN refuses two open ends and a wrong number of values', () => {
    expect(refusalOf({ property: 'age', value: ',', operation: 'BETWEEN' })).toMatchObject({
      status: 400,
      key: 'query.bothEndsEmpty',
      params: { property: 'age' },
    });
    expect(refusalOf({ property: 'age', value: [1, 2, 3], operation: 'BETWEEN' }).key).toBe(
      'query.twoValues',
    );
    expect(refusalOf({ property: 'age', value: 5, operation: 'BETWEEN' }).key).toBe('query.twoValues');
  });
});

describe('compileQueryFilter values', () => {
  it('refuses a value that is not a number for a number property', () => {
    for (const value of ['abc', '', '12abc', '0x10', true, [1]]) {
      expect(refusalOf({ property: 'age', value })).toMatchObject({
        status: 400,
        key: 'query.expectNumber',
        params: { property: 'age' },
      });
    }
    expect(whereOf({ property: 'age', value: ' -1.5e2 ' }).params).toEqual([-150]);
  });

  it('reads dates as ISO strings or epoch milliseconds and refuses anything else', () => {
    expect(whereOf({ property: 'createdAt', value: 0 }).params).toEqual(['1970-01-01T00:00:00.000Z']);
    expect(whereOf({ property: 'createdAt', value: '1700000000000' }).params).toEqual([
      '2023-11-14T22:13:20.000Z',
    ]);
    expect(whereOf({ property: 'createdAt', value: '2024-03-01T10:00:00+02:00' }).params).toEqual([
      '2024-03-01T08:00:00.000Z',
    ]);
    expect(whereOf({ property: 'createdAt', value: '2024-03-01 10:00:00' }).params).toEqual([
      new Date(2024, 2, 1, 10).toISOString(),
    ]);
    for (const value of ['yesterday', '2024-02-30', '2024-13-01', '2024-01-01T25:00', '', true]) {
      expect(refusalOf({ property: 'createdAt', value })).toMatchObject({
        status: 400,
        key: 'query.expectDate',
        params: { property: 'createdAt' },
      });
    }
  });

  it('reads booleans from true/false, "true"/"false", 1/0 and "1"/"0" only', () => {
    expect(whereOf({ property: 'active', value: 'true' }).params).toEqual([true]);
    expect(whereOf({ property: 'active', value: 0 }).params).toEqual([false]);
    expect(whereOf({ property: 'active', value: '1' }).params).toEqual([true]);
    for (const value of ['yes', 'TRUE', 2, '', null]) {
      expect(refusalOf({ property: 'active', value })).toMatchObject({
        status: 400,
        key: 'query.expectBoolean',
        params: { property: 'active' },
      });
    }
  });

  it('turns numbers into text for a text property and refuses lists and null', () => {
    expect(whereOf({ property: 'account', value: 42 }).params).toEqual(['42']);
    expect(refusalOf({ property: 'account', value: ['a', 'b'] }).key).toBe('query.expectText');
    expect(refusalOf({ property: 'account', value: null }).key).toBe('query.expectText');
    expect(refusalOf({ property: 'account' }).key).toBe('query.expectText');
  });

  it('refuses the text operations on a property that is not text', () => {
    for (const operation of ['LIKE', 'LEFT_LIKE', 'RIGHT_LIKE', 'EQUAL_IGNORE_CASE']) {
      expect(refusalOf({ property: 'age', value: '1', operation })).toMatchObject({
        status: 400,
        key: 'query.textOnly',
        params: { property: 'age' },
      });
    }
  });
});

describe('compileQueryFilter groups', () => {
  const a: QueryField = { property: 'account', value: 'a' };
  const b: QueryField = { property: 'age', value: 1 };
  const c: QueryField = { property: 'active', value: true };

  it('joins the conditions of a group left to right, each by its own relation', () => {
    expect(whereOf(a, { ...b, relation: 'AND' }, { ...c, relation: 'OR' })).toEqual({
      sql: '(("users"."account" = $1 and "users"."age" = $2) or "users"."active" = $3)',
      params: ['a', 1, true],
    });
    expect(whereOf({ ...a, relation: 'OR' }, { ...b, relation: 'OR' }, c).sql).toBe(
      '(("users"."account" = $1 or "users"."age" = $2) and "users"."active" = $3)',
    );
  });

  it('joins groups by groupRelation OR, keeping each group together', () => {
    const { where } = compileQueryFilter(
      {
        groupRelation: 'OR',
        querys: [a, { ...c, group: 'other' }, { ...b, relation: 'AND' }, { ...b, group: 'other', value: 2 }],
      },
      COLUMNS,
    );
    expect(render(where)).toEqual({
      sql: '(("users"."account" = $1 and "users"."age" = $2) or ("users"."active" = $3 and "users"."age" = $4))',
      params: ['a', 1, true, 2],
    });
  });

  it('joins groups by AND when groupRelation is not given', () => {
    expect(whereOf(a, { ...b, group: 'other' }).sql).toBe('("users"."account" = $1 and "users"."age" = $2)');
  });

  it('gives no where clause without conditions', () => {
    expect(compileQueryFilter({ querys: [] }, COLUMNS).where).toBeUndefined();
    expect(compileQueryFilter(undefined, COLUMNS).where).toBeUndefined();
  });
});

describe('compileQueryFilter sorting', () => {
  const tiebreak = [asc(users.id)];
  const orderOf = (sorter: QueryFilter['sorter'], options: CompileOptions = {}) =>
    compileQueryFilter({ sorter }, COLUMNS, options).orderBy.map((fragment) => render(fragment).sql);

  it('sorts ASC or DESC in any case, ASC by default, then by the default sort', () => {
    expect(
      orderOf(
        [
          { property: 'age', direction: 'DESC' },
          { property: 'account', direction: 'asc' },
          { property: 'createdAt', direction: 'desc' },
          { property: 'label' },
        ],
        { defaultSort: tiebreak },
      ),
    ).toEqual([
      '"users"."age" desc',
      '"users"."account" asc',
      '"users"."created_at" desc',
      'coalesce("users"."account", \'\') asc',
      '"users"."id" asc',
    ]);
  });

  it('uses only the default sort when the caller gives none', () => {
    expect(orderOf(undefined, { defaultSort: [desc(users.createdAt), ...tiebreak] })).toEqual([
      '"users"."created_at" desc',
      '"users"."id" asc',
    ]);
    expect(orderOf(undefined)).toEqual([]);
  });

  it('refuses an unsortable or unknown sort property', () => {
    for (const property of ['deletedAt', 'password']) {
      expect(refusal({ sorter: [{ property }] })).toMatchObject({
        status: 400,
        key: 'query.unknownProperty',
        params: { property },
      });
    }
  });
});

describe('compileQueryFilter paging', () => {
  it('defaults to page 1 of 10 with the total', () => {
    expect(compileQueryFilter(undefined, COLUMNS)).toMatchObject({
      page: 1,
      pageSize: 10,
      offset: 0,
      showTotal: true,
    });
  });

  it('uses the requested page and size and the endpoint default size', () => {
    expect(
      compileQueryFilter({ pageBean: { page: 3, pageSize: 20, showTotal: false } }, COLUMNS),
    ).toMatchObject({ page: 3, pageSize: 20, offset: 40, showTotal: false });
    expect(compileQueryFilter({ pageBean: { page: 2 } }, COLUMNS, { defaultPageSize: 50 })).toMatchObject({
      page: 2,
      pageSize: 50,
      offset: 50,
    });
  });

  it('caps the page size at MAX_PAGE_SIZE', () => {
    expect(compileQueryFilter({ pageBean: { pageSize: MAX_PAGE_SIZE * 10 } }, COLUMNS).pageSize).toBe(
      MAX_PAGE_SIZE,
    );
    expect(compileQueryFilter(undefined, COLUMNS, { defaultPageSize: MAX_PAGE_SIZE + 1 }).pageSize).toBe(
      MAX_PAGE_SIZE,
    );
  });
});

describe('compileQueryFilter refusals', () => {
  it('refuses a property outside the whitelist, including inherited object keys', () => {
    for (const property of ['password', 'Account', 'constructor', '__proto__', 'toString']) {
      expect(refusalOf({ property, value: 'x' })).toMatchObject({
        status: 400,
        key: 'query.unknownProperty',
        params: { property },
      });
    }
  });

  it('refuses an operation that is not one of the 14, case-sensitively', () => {
    for (const operation of ['equal', 'CONTAINS', 'NOT_NULL', '']) {
      expect(refusalOf({ property: 'account', value: 'x', operation })).toMatchObject({
        status: 400,
        key: 'query.unknownOperation',
        params: { operation },
      });
    }
  });
});

describe('compileQueryFilter injection attempts', () => {
  const attack = "x'; DROP TABLE users; --";

  it('keeps a hostile value a bound parameter', () => {
    expect(whereOf({ property: 'account', value: attack })).toEqual({
      sql: '"users"."account" = $1',
      params: [attack],
    });
    expect(whereOf({ property: 'account', value: attack, operation: 'LIKE' })).toEqual({
      sql: '"users"."account" ilike $1',
      params: [`%${attack}%`],
    });
    expect(whereOf({ property: 'account', value: [attack, 'b'], operation: 'IN' })).toEqual({
      sql: '"users"."account" in ($1, $2)',
      params: [attack, 'b'],
    });
  });

  it('refuses a property with SQL or quotes in it', () => {
    for (const property of ['account; DROP TABLE x', '"account"', 'users.account', 'account OR 1=1']) {
      expect(refusalOf({ property, value: 'x' })).toMatchObject({
        key: 'query.unknownProperty',
        params: { property },
      });
    }
  });

  it('refuses an operation with SQL in it', () => {
    expect(refusalOf({ property: 'account', value: 'x', operation: 'EQUAL; DROP TABLE x' }).key).toBe(
      'query.unknownOperation',
    );
  });

  it('refuses a sort property with SQL in it', () => {
    for (const property of ['account; DROP TABLE x', 'account desc', '(select 1)']) {
      expect(refusal({ sorter: [{ property }] })).toMatchObject({
        key: 'query.unknownProperty',
        params: { property },
      });
    }
  });
});

describe('pageList', () => {
  const q = (showTotal: boolean) =>
    compileQueryFilter({ pageBean: { page: 3, pageSize: 10, showTotal } }, COLUMNS);

  it('counts every matching row when the caller asks for the total', async () => {
    const page = await pageList(q(true), ['a', 'b'], async () => [{ n: 42 }]);
    expect(page).toEqual({ rows: ['a', 'b'], total: 42, page: 3, pageSize: 10 });
  });

  it('does not count when showTotal is false: the total is what the pages so far hold', async () => {
    let counted = false;
    const page = await pageList(q(false), ['a', 'b'], async () => {
      counted = true;
      return [{ n: 42 }];
    });
    expect(counted).toBe(false);
    expect(page.total).toBe(22);
  });
});
