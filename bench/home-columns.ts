import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.js';
import { signIn, type Client } from './client.js';
import { queryRows } from './database.js';
import { percentiles, timed, type Percentiles } from './stats.js';
import { benchAccount, isActiveBenchUser } from './user-query.js';

const SAMPLE_USERS = 8;

export interface HomeResult {
  description: string;
  /** the columns of the default layout, as one getDatasByAlias call asks for them */
  aliases: string[];
  /** pending tasks of the sample users, fewest and most */
  sampleTasks: { users: number; min: number; max: number };
  view: Percentiles;
  columns: Percentiles;
  /** each column asked for alone: what it costs of the whole */
  perColumn: { alias: string; latency: Percentiles }[];
  select1: Percentiles;
  ratio: { view: { p50: number; p99: number }; columns: { p50: number; p99: number } };
}

export const HOME_DESCRIPTION =
  'as bench users with their share of the todo tasks: vueFrontHome (layout, arrangement, columns), then ' +
  'getDatasByAlias of every column of the default layout in one call (todo card of 21 with its count, ' +
  'figures, leader todo, new process cards, common flows, news carousel, notices, meetings, messages, ' +
  'requests, the six-month chart)';

/**
 * The portal home's two calls over HTTP, one caller at a time, at the size the todo and news benches
 * loaded (1,000,000 tasks and 10,000 news on PostgreSQL), interleaved with a bare `select 1` on the
 * server's pool. Every column must answer with its data.
 */
export async function benchHomeColumns(
  client: Client,
  db: Db,
  options: {
    tenantId: string;
    users: number;
    password: string;
    warmup: number;
    samples: number;
    seconds: number;
  },
): Promise<HomeResult> {
  const step = Math.floor(options.users / SAMPLE_USERS);
  const numbers = Array.from({ length: SAMPLE_USERS }, (_, k) => {
    let n = Math.floor(step / 2) + k * step;
    while (!isActiveBenchUser(n) || n === 1) n++;
    return n;
  });
  const tokens = await Promise.all(numbers.map((n) => signIn(client, benchAccount(n), options.password)));
  const counts = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from bpm_task_candidate where tenant_id = ${options.tenantId}
        and user_id in (${sql.join(
          numbers.map((n) => sql`md5(${`eip-bench-${n}`})`),
          sql`, `,
        )}) group by user_id`,
  );

  const view = async (token: string) => {
    const { status, body } = await client.call('vueFrontHome', { token });
    if (status !== 200 || !body.state || !body.value.layout)
      throw new Error(`vueFrontHome answered ${status}: ${body.message}`);
    return body.value;
  };
  const aliases = (await view(tokens[0]!)).layout!.items.map((item) => item.alias);
  const columns = async (token: string) => {
    const { status, body } = await client.call('getDatasByAlias', { token, body: { aliases } });
    if (status !== 200 || !body.state) throw new Error(`getDatasByAlias answered ${status}: ${body.message}`);
    const failed = Object.entries(body.value).filter(([, result]) => !result.state);
    if (failed.length)
      throw new Error(`columns failed: ${failed.map(([alias, r]) => `${alias} ${r.message}`).join('; ')}`);
    return body.value;
  };
  const first = await columns(tokens[0]!);
  if (!first.todo?.data?.items?.length) throw new Error('the todo card of a bench user is empty');

  const select1 = () => db.execute(sql`select 1`);
  for (let i = 0; i < options.warmup; i++) {
    const token = tokens[i % tokens.length]!;
    await select1();
    await view(token);
    await columns(token);
  }
  const samples = { view: [] as number[], columns: [] as number[], select1: [] as number[] };
  const deadline = Date.now() + options.seconds * 1000;
  for (let i = 0; i < options.samples && Date.now() < deadline; i++) {
    const token = tokens[i % tokens.length]!;
    samples.select1.push(await timed(select1));
    samples.view.push(await timed(() => view(token)));
    samples.columns.push(await timed(() => columns(token)));
  }
  const perColumn = [];
  for (const alias of aliases) {
    const durations: number[] = [];
    for (let i = 0; i < Math.max(10, Math.floor(options.samples / 10)); i++) {
      const token = tokens[i % tokens.length]!;
      durations.push(
        await timed(() => client.call('getDatasByAlias', { token, body: { aliases: [alias] } })),
      );
    }
    perColumn.push({ alias, latency: percentiles(durations) });
  }
  const bare = percentiles(samples.select1);
  const viewed = percentiles(samples.view);
  const columned = percentiles(samples.columns);
  const tasks = counts.map((row) => row.n);
  return {
    description: HOME_DESCRIPTION,
    aliases,
    sampleTasks: { users: numbers.length, min: Math.min(...tasks), max: Math.max(...tasks) },
    view: viewed,
    columns: columned,
    perColumn,
    select1: bare,
    ratio: {
      view: { p50: viewed.p50 / bare.p50, p99: viewed.p99 / bare.p99 },
      columns: { p50: columned.p50 / bare.p50, p99: columned.p99 / bare.p99 },
    },
  };
}
