import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Db } from '../apps/server/src/db/client.js';
import { queryRows } from './database.js';

export interface PlanSummary {
  name: string;
  /** EXPLAIN ANALYZE's execution time; NaN when the statement was only planned */
  executionMs: number;
  /** shared buffers hit + read by the whole statement (ANALYZE only) */
  buffers: number;
  /** plan nodes top-down, with their index (or table when none) */
  nodes: string[];
  /** the tables read sequentially */
  seqScans: string[];
  /** conditions checked on rows a scan fetched (`Filter:`), i.e. not answered by its index */
  filters: string[];
}

export interface Plan {
  summary: PlanSummary;
  /** the statement, its parameters and the plan, as text */
  text: string;
}

export interface Recorded {
  text: string;
  params: unknown[];
}

type Forward = (config: { text: string }, params: unknown[]) => Promise<unknown>;

/**
 * The statements a repository or engine function sends, with their parameters, recorded by a drizzle over a
 * client of our own. Without `forward` every statement is answered with no rows: exactly the SQL the server
 * would run, without running it. With `forward` (a pool of one connection, so that transactions hold) they
 * also run.
 */
export async function recordQueries(run: (db: Db) => Promise<unknown>, forward?: Forward) {
  const recorded: Recorded[] = [];
  const recorder = {
    query: async (config: { text: string }, params: unknown[]) => {
      recorded.push({ text: config.text, params });
      return forward ? forward(config, params) : { rows: [], fields: [], rowCount: 0, command: 'SELECT' };
    },
  };
  await run(drizzle(recorder as never) as unknown as Db);
  return recorded;
}

/** e.g. `select bpm_task`, `update bpm_opinion`: the verb and the first table of a statement. */
function statementOf(text: string): string {
  const verb = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase() ?? '';
  const table =
    /^\s*(?:update|insert into|delete from)\s+"?(\w+)/i.exec(text)?.[1] ??
    /\bfrom\s+"?(\w+)/i.exec(text)?.[1] ??
    '';
  return `${verb} ${table}`.trim();
}

/** `text` with its $n placeholders bound again, as drizzle parameters. */
function bind(text: string, params: unknown[]): SQL {
  return sql.join(
    text.split(/\$(\d+)/).map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`)),
  );
}

function summarise(name: string, lines: string[]): PlanSummary {
  const nodes = lines
    .map(
      (line) =>
        /^\s*(?:->\s*)?([A-Z][A-Za-z -]+?(?: using \S+| on \S+)?)(?: on \S+)?\s+\(cost=/.exec(line)?.[1],
    )
    .filter((node): node is string => Boolean(node));
  const top = lines.find((line) => /^\s*Buffers:/.test(line)) ?? '';
  const buffers = Number(/hit=(\d+)/.exec(top)?.[1] ?? 0) + Number(/read=(\d+)/.exec(top)?.[1] ?? 0);
  const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(lines.join('\n'))?.[1] ?? Number.NaN);
  const seqScans = nodes
    .filter((node) => /Seq Scan on /.test(node))
    .map((node) => node.replace(/.* on /, ''));
  const filters = lines.flatMap((line) => /^\s*Filter: (.*)$/.exec(line)?.[1] ?? []);
  return { name, executionMs, buffers, nodes, seqScans, filters };
}

/**
 * EXPLAIN of recorded statements: with ANALYZE and BUFFERS (which runs them: for reads), or only planned (for
 * writes). Each is named `{name}` plus its part when several.
 */
export async function explainRecorded(
  db: Db,
  name: string,
  recorded: Recorded[],
  options: { analyze: boolean; parts?: string[] },
): Promise<Plan[]> {
  const plans: Plan[] = [];
  for (const [i, { text, params }] of recorded.entries()) {
    const rows = await queryRows<Record<string, string>>(
      db,
      sql`explain ${sql.raw(options.analyze ? '(analyze, buffers) ' : '')}${bind(text, params)}`,
    );
    const lines = rows.map((row) => Object.values(row)[0]!);
    const part = options.parts?.[i] ?? (recorded.length > 1 ? `#${i + 1} ${statementOf(text)}` : '');
    const label = part ? `${name}, ${part}` : name;
    plans.push({
      summary: summarise(label, lines),
      text: [`-- ${label}`, text, `-- parameters: ${JSON.stringify(params)}`, ...lines].join('\n'),
    });
  }
  return plans;
}

/** EXPLAIN of every statement `run` sends through the repository functions it calls (see explainRecorded). */
export async function explain(
  db: Db,
  name: string,
  run: (db: Db) => Promise<unknown>,
  options: { analyze: boolean; parts?: string[] },
): Promise<Plan[]> {
  return explainRecorded(db, name, await recordQueries(run), options);
}
