import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { QueryFilter } from '../packages/contracts/src/index.js';
import type { Db } from '../apps/server/src/db/client.js';
import {
  audienceKeys,
  listEntries,
  type Reader,
} from '../apps/server/src/modules/content/content.repository.js';
import { signIn, type Client } from './client.js';
import { queryRows } from './database.js';
import { explain, type PlanSummary } from './explain.js';
import { percentiles, timed, type Percentiles } from './stats.js';

export const NEWS_ITEMS = 10_000;
/** a reader outside the news administrators: sees what is published for everyone and for the research centre */
const READER = 'zhuting';
const PAGE: QueryFilter = { pageBean: { page: 1, pageSize: 10, showTotal: true } };
const FILTERED: QueryFilter = {
  pageBean: { page: 1, pageSize: 10, showTotal: true },
  querys: [{ property: 'title', value: '第99', operation: 'LIKE' }],
};
export const NEWS_DESCRIPTION =
  `as ${READER} (not an editor): page 1 of 10, pinned first then newest, with the total; filtered: also ` +
  `title LIKE '第99'; the carousel: getNews of 5`;

export interface NewsResult {
  items: number;
  loadSeconds: number;
  description: string;
  list: Percentiles;
  filtered: Percentiles;
  carousel: Percentiles;
  /** listEntries called in this process, without HTTP and the caller's checks */
  direct: Percentiles;
  select1: Percentiles;
  plans: PlanSummary[];
  ratio: { list: { p50: number; p99: number }; carousel: { p50: number; p99: number } };
}

/**
 * Adds 10,000 published news items to the platform tenant with SQL (generate_series): three
 * classifications, one in a thousand pinned, one in ten for the research centre only (scope part), one
 * an hour back in time; the reader has opened every fifth. Then analysed, as autovacuum would.
 */
export async function loadNews(db: Db, tenantId: string) {
  const [ids] = await queryRows<{ publisher: string; reader: string; org: string; types: string[] }>(
    db,
    sql`select (select id from uc_user where tenant_id = ${tenantId} and account = 'xuhui') as publisher,
               (select id from uc_user where tenant_id = ${tenantId} and account = ${READER}) as reader,
               (select id from uc_org where tenant_id = ${tenantId} and code = 'rd_center') as org,
               (select array_agg(id order by sn) from sys_type where tenant_id = ${tenantId} and type_key = 'NEWS_TYPE') as types`,
  );
  if (!ids?.publisher || !ids.reader || !ids.org || ids.types.length === 0)
    throw new Error('the demo tenant is missing');
  await db.execute(sql`
    insert into portal_news_notice (tenant_id, id, kind, classify_id, title, summary, content, status, pinned, scope,
      publisher_id, publish_time, created_by, created_at, updated_at)
    select ${tenantId}, 'bench-news-' || g, 'news', (array[${sql.join(
      ids.types.map((id) => sql`${id}`),
      sql`, `,
    )}])[1 + g % ${ids.types.length}],
      '演示新闻第' || g || '期', '这是第' || g || '期新闻的摘要', '<p>第' || g || '期新闻的正文</p>', 'published',
      g % 1000 = 0, case when g % 10 = 0 then 'part' else 'all' end, ${ids.publisher},
      now() - g * interval '1 hour', ${ids.publisher}, now(), now()
    from generate_series(1, ${NEWS_ITEMS}) g`);
  await db.execute(sql`
    insert into portal_news_audience (tenant_id, news_id, target_type, target_id)
    select ${tenantId}, 'bench-news-' || g, 'org', ${ids.org} from generate_series(10, ${NEWS_ITEMS}, 10) g`);
  await db.execute(sql`
    insert into portal_news_read (tenant_id, news_id, user_id)
    select ${tenantId}, 'bench-news-' || g, ${ids.reader} from generate_series(1, ${NEWS_ITEMS}, 5) g`);
  await db.execute(sql`analyze portal_news_notice`);
  await db.execute(sql`analyze portal_news_audience`);
  await db.execute(sql`analyze portal_news_read`);
}

/**
 * The news list at 10,000 items (getNewsPagination, the list page's call; getNews, the carousel's) over
 * HTTP, one caller at a time, against a bare `select 1` on the server's pool, interleaved.
 */
export async function benchNewsList(
  client: Client,
  db: Db,
  options: {
    tenantId: string;
    password: string;
    warmup: number;
    samples: number;
    seconds: number;
    explainFile: string;
  },
): Promise<NewsResult> {
  const loadMs = await timed(() => loadNews(db, options.tenantId));
  const [me] = await queryRows<{ id: string }>(
    db,
    sql`select id from uc_user where tenant_id = ${options.tenantId} and account = ${READER}`,
  );
  const reader: Reader = {
    tenantId: options.tenantId,
    userId: me!.id,
    editor: false,
    audienceKeys: await audienceKeys(db, options.tenantId, me!.id),
  };
  const token = await signIn(client, READER, options.password);
  const list = async (filter: QueryFilter) => {
    const { status, body } = await client.call('getNewsPagination', { token, body: filter });
    if (status !== 200 || !body.state)
      throw new Error(`getNewsPagination answered ${status}: ${body.message}`);
    return body.value;
  };
  const carousel = async () => {
    const { status, body } = await client.call('getNews', { token, query: { size: '5' } });
    if (status !== 200 || !body.state) throw new Error(`getNews answered ${status}: ${body.message}`);
    return body.value;
  };
  const first = await list(PAGE);
  // everything for everyone, and the research centre's tenth (the reader is in it), plus the demo's 30
  if (first.total !== NEWS_ITEMS + 30 || first.rows.length !== 10)
    throw new Error(`getNewsPagination answered ${first.total} news, expected ${NEWS_ITEMS + 30}`);
  if (!(await list(FILTERED)).rows.every((row) => row.title.includes('第99')))
    throw new Error('the filtered getNewsPagination answered other titles');

  const select1 = () => db.execute(sql`select 1`);
  for (let i = 0; i < options.warmup; i++) {
    await select1();
    await list(PAGE);
    await list(FILTERED);
    await carousel();
  }
  const samples = {
    list: [] as number[],
    direct: [] as number[],
    filtered: [] as number[],
    carousel: [] as number[],
    select1: [] as number[],
  };
  const deadline = Date.now() + options.seconds * 1000;
  for (let i = 0; i < options.samples && Date.now() < deadline; i++) {
    samples.select1.push(await timed(select1));
    samples.list.push(await timed(() => list(PAGE)));
    samples.direct.push(await timed(() => listEntries(db, reader, 'news', PAGE)));
    samples.filtered.push(await timed(() => list(FILTERED)));
    samples.carousel.push(await timed(carousel));
  }
  const plans = [
    ...(await explain(db, 'getNewsPagination', (recorder) => listEntries(recorder, reader, 'news', PAGE), {
      analyze: true,
      parts: ['page', 'count'],
    })),
    ...(await explain(db, 'filtered', (recorder) => listEntries(recorder, reader, 'news', FILTERED), {
      analyze: true,
      parts: ['page', 'count'],
    })),
  ];
  writeFileSync(options.explainFile, `${plans.map((p) => p.text).join('\n\n')}\n`);
  const bare = percentiles(samples.select1);
  const listed = percentiles(samples.list);
  const carouselled = percentiles(samples.carousel);
  return {
    items: NEWS_ITEMS,
    loadSeconds: loadMs / 1000,
    description: NEWS_DESCRIPTION,
    list: listed,
    filtered: percentiles(samples.filtered),
    carousel: carouselled,
    direct: percentiles(samples.direct),
    select1: bare,
    plans: plans.map((p) => p.summary),
    ratio: {
      list: { p50: listed.p50 / bare.p50, p99: listed.p99 / bare.p99 },
      carousel: { p50: carouselled.p50 / bare.p50, p99: carouselled.p99 / bare.p99 },
    },
  };
}
