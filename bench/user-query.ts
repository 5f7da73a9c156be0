import { sql } from 'drizzle-orm';
import type { QueryFilter } from '../packages/contracts/src/index.js';
import type { Db } from '../apps/server/src/db/client.js';
import type { Client } from './client.js';
import { percentiles, timed, type Percentiles } from './stats.js';

const SURNAMES = '王,李,张,刘,陈,杨,黄,赵,吴,周,徐,孙,马,朱,胡,郭,何,高,林,罗';
const GIVEN = '伟,芳,娜,敏,静,丽,强,磊,军,洋,勇,艳,杰,娟,涛,明,超,秀,霞,平,刚,桂,英,华,玉,萍,红,鹏,飞,宇';
const CITIES = '北京,上海,广州,深圳,杭州,南京,成都,武汉,西安,苏州';
const BATCH = 25_000;

/** The account of bench user number `n` (1-based); every seventh one is disabled (status 0). */
export const benchAccount = (n: number) => `bench${String(n).padStart(6, '0')}`;
export const isActiveBenchUser = (n: number) => n % 7 !== 0;

/**
 * Inserts `count` users into one tenant with multi-row INSERT … SELECT over generate_series, in
 * batches: names from 20 surnames (so a surname matches 5 %), every seventh user disabled, creation
 * times one minute apart. All share one password hash, and the table is analysed afterwards, as
 * autovacuum would do on a live server.
 */
export async function insertUsers(db: Db, tenantId: string, count: number, passwordHash: string) {
  for (let from = 1; from <= count; from += BATCH) {
    const to = Math.min(count, from + BATCH - 1);
    await db.execute(sql`
      insert into uc_user (tenant_id, id, account, fullname, password_hash, email, mobile, sex, address,
                           status, created_at)
      select ${tenantId}, md5('eip-bench-' || g), 'bench' || lpad(g::text, 6, '0'),
             l.s[1 + g % cardinality(l.s)] || l.n[1 + (g / cardinality(l.s)) % cardinality(l.n)]
               || l.n[1 + (g / 7) % cardinality(l.n)],
             ${passwordHash}, 'bench' || g || '@example.com', '139' || lpad(g::text, 8, '0'),
             case when g % 2 = 0 then '男' else '女' end, l.c[1 + g % cardinality(l.c)],
             case when g % 7 = 0 then 0 else 1 end, now() - make_interval(mins => g)
      from generate_series(${from}::int, ${to}::int) as g,
           (select string_to_array(${SURNAMES}, ',') as s, string_to_array(${GIVEN}, ',') as n,
                   string_to_array(${CITIES}, ',') as c) as l`);
  }
  await db.execute(sql`analyze uc_user`);
}

export const USER_QUERY: QueryFilter = {
  pageBean: { page: 3, pageSize: 20, showTotal: true },
  querys: [
    { property: 'fullname', value: '张', operation: 'LIKE', relation: 'AND', group: 'main' },
    { property: 'status', value: 1, operation: 'EQUAL', relation: 'AND', group: 'main' },
  ],
  sorter: [{ property: 'createTime', direction: 'DESC' }],
};
export const USER_QUERY_DESCRIPTION =
  "fullname LIKE '张' and status = 1, newest first, page 3 of 20, with total";

export interface UserQueryResult {
  /** matching users in the tenant, as the query's total answered */
  total: number;
  query: Percentiles;
  health: Percentiles;
  select1: Percentiles;
  ratio: { p50: number; p99: number };
}

async function runQuery(client: Client, token: string) {
  const { status, body } = await client.call('queryUsersByType', { token, body: USER_QUERY });
  if (status !== 200 || !body.state) throw new Error(`queryUsersByType answered ${status}: ${body.message}`);
  return body.value;
}

/** The first answer must be the page asked for: 20 active users named 张, newest first. */
function checkAnswer(value: Awaited<ReturnType<typeof runQuery>>) {
  const times = value.rows.map((row) => Date.parse(row.createTime));
  const ok =
    value.rows.length === 20 &&
    value.total > 60 &&
    value.rows.every((row) => row.fullname.includes('张') && row.status === 1) &&
    times.every((time, i) => i === 0 || time <= times[i - 1]!);
  if (!ok)
    throw new Error(`queryUsersByType answered an unexpected page: ${JSON.stringify(value).slice(0, 300)}`);
}

/**
 * Latency of one caller at a time, interleaved so that load on the machine hits all three alike:
 * the paged user query over HTTP, GET /health over HTTP (one `select 1`), and a bare `select 1` on
 * the server's own connection pool.
 */
export async function benchUserQuery(
  client: Client,
  db: Db,
  token: string,
  limits: { warmup: number; samples: number; seconds: number },
): Promise<UserQueryResult> {
  const first = await runQuery(client, token);
  checkAnswer(first);
  const select1 = () => db.execute(sql`select 1`);
  const health = () => client.get('/health');
  for (let i = 0; i < limits.warmup; i++) {
    await runQuery(client, token);
    await health();
    await select1();
  }
  const samples = { query: [] as number[], health: [] as number[], select1: [] as number[] };
  const deadline = Date.now() + limits.seconds * 1000;
  while (samples.query.length < limits.samples && Date.now() < deadline) {
    samples.select1.push(await timed(select1));
    samples.query.push(await timed(() => runQuery(client, token)));
    samples.health.push(await timed(health));
  }
  const query = percentiles(samples.query);
  const bare = percentiles(samples.select1);
  return {
    total: first.total,
    query,
    health: percentiles(samples.health),
    select1: bare,
    ratio: { p50: query.p50 / bare.p50, p99: query.p99 / bare.p99 },
  };
}
