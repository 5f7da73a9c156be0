import { getTableColumns, getTableName, sql, type Column, type Query, type SQL } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.js';

/**
 * Statements of a fixed shape whose SQL text is built once. drizzle's query builder spends 50–120 µs of
 * CPU building a select or an update of one row, and even an `sql` template costs 20–50 µs to turn into
 * text on every call — together a third of the server's time per completed task. A statement here is an
 * `sql` template with `sql.placeholder(name)` (`value(name)`) for each value: it becomes text at its first
 * call, and every call then only binds its values. Used for the statements every request or engine
 * command sends; the rest of the code keeps the query builder.
 */

const dialect = new PgDialect();

/** The placeholder of a statement's value, bound by name when the statement runs. */
export const value = (name: string) => sql.placeholder(name);

/** Runs a fixed statement with its values and answers its rows as the driver gives them. */
export function statement<Values extends Record<string, unknown>, Row = Record<string, unknown>>(
  template: () => SQL,
) {
  let query: Query | undefined;
  return async (db: Executor, values: Values): Promise<Row[]> => {
    query ??= dialect.sqlToQuery(template());
    const result = await db._.session.prepareQuery(query, undefined, undefined, false).execute(values);
    return (result as { rows: Row[] }).rows;
  };
}

interface Shape {
  /** `"table"."column" as "property", …` */
  list: SQL;
  columns: [property: string, column: Column][];
}

const shapes = new WeakMap<PgTable, Shape>();

function shapeOf(table: PgTable): Shape {
  let shape = shapes.get(table);
  if (!shape) {
    const columns = Object.entries(getTableColumns(table));
    const name = getTableName(table);
    shape = {
      list: sql.raw(
        columns.map(([property, column]) => `"${name}"."${column.name}" as "${property}"`).join(', '),
      ),
      columns,
    };
    shapes.set(table, shape);
  }
  return shape;
}

/**
 * Every column of a table, named as the table's properties: the select list (or returning list) of a
 * whole row. The columns are qualified by the table's own name: not for aliased tables or self-joins.
 */
export const allColumns = (table: PgTable): SQL => shapeOf(table).list;

/**
 * A fixed statement that answers `allColumns(table)` (and perhaps more): its rows come as the query
 * builder answers them, each column's value decoded by the column (timestamps as Date, jsonb parsed).
 */
export function rowStatement<
  T extends PgTable,
  Values extends Record<string, unknown>,
  Extra extends object = object,
>(table: T, template: () => SQL) {
  const run = statement<Values>(template);
  const { columns } = shapeOf(table);
  return async (db: Executor, values: Values): Promise<(T['$inferSelect'] & Extra)[]> => {
    const rows = await run(db, values);
    for (const row of rows) {
      for (const [property, column] of columns) {
        const found = row[property];
        if (found !== null && found !== undefined) row[property] = column.mapFromDriverValue(found);
      }
    }
    return rows as (T['$inferSelect'] & Extra)[];
  };
}
