import { performance } from 'node:perf_hooks';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app.js';
import { prepareDatabase } from '../apps/server/src/boot.js';
import { DEFAULT_DEMO_PASSWORD, loadConfig } from '../apps/server/src/config.js';
import { hashPassword } from '../apps/server/src/security/passwords.js';
import { deriveKey, loadMasterSecret } from '../apps/server/src/security/secret.js';
import { createTokenService } from '../apps/server/src/security/tokens.js';
import { createClient } from './client.js';
import { startServerThread, threadMemory, type ServerThread } from './server-thread.js';
import type { Database } from '../apps/server/src/db/client.js';
import { benchCompletions, type CompletionResult } from './completions.js';
import { createBenchDatabase, type BenchDatabase } from './database.js';
import { createPgbench } from './pgbench.js';
import { benchSignIn, type SignInResult } from './sign-in.js';
import { timed, type Percentiles } from './stats.js';
import type { PlanSummary } from './explain.js';
import { benchTodoList, loadTodoTasks, type TodoResult, type TodoSize } from './todo-list.js';
import { benchNewsList, loadNews, type NewsResult } from './news-list.js';
import { benchHomeColumns, type HomeResult } from './home-columns.js';
import { benchWeb, webReport, type WebResult } from './web.js';
import { benchPush, type PushResult } from './push.js';
import { benchMail, type MailResult } from './mail.js';
import {
  benchAccount,
  benchUserQuery,
  insertUsers,
  isActiveBenchUser,
  USER_QUERY,
  USER_QUERY_DESCRIPTION,
  type UserQueryResult,
} from './user-query.js';

const USERS = 100_000;
const BENCH_PASSWORD = 'Bench#2026';
const SIGN_IN = { clients: 8, seconds: 10, maxSignIns: 5_000, argon2Seconds: 8 };
const QUERY = { warmup: 20, samples: 1_000, seconds: 30 };
const COMPLETIONS = { clients: 32, startSeconds: 30, maxStarts: 12_000, completeSeconds: 15 };
const PGBENCH = { scale: 10, clients: 32, threads: 2, seconds: 15 };
/** ARCHITECTURE §8 on PostgreSQL; a tenth of it on PGlite, with the same number of tasks per user */
const TODO_SIZE: Record<'postgres' | 'pglite', TodoSize> = {
  postgres: { tasks: 1_000_000, users: 10_000, batch: 200_000, parallel: 3 },
  pglite: { tasks: 100_000, users: 1_000, batch: 50_000, parallel: 1 },
};
const TODO = { warmup: 16, samples: 600, seconds: 25, busySamples: 100, busySeconds: 10 };
const WEB = { loads: 5, account: 'zhuting', approver: 'hujun', rounds: 7 };
const NEWS = { warmup: 10, samples: 300, seconds: 20 };
const HOME = { warmup: 10, samples: 300, seconds: 25 };
/** open streams at each size (issue 16: p99 ≤ 1 s at 5,000); commits per size */
const PUSH = { sizes: [1_000, 5_000], rounds: 3 };
/** the INBOX synced from Dovecot, and the INBOX whose first page is read (issue 16) */
const MAIL_SIZE = { sync: 10_000, page: 50_000 };
const MAIL = { warmup: 10, samples: 300, seconds: 20 };

const MODULES = [
  'sign-in',
  'user-query',
  'completions',
  'todo',
  'news',
  'home',
  'push',
  'mail',
  'web',
] as const;
type Module = (typeof MODULES)[number];
/** the benches that share the bench database and its 100,000 users; `web` has a server of its own */
const DATABASE_MODULES: readonly Module[] = [
  'sign-in',
  'user-query',
  'completions',
  'todo',
  'news',
  'home',
  'push',
  'mail',
];

const progress = (line: string) => process.stderr.write(`… ${line}\n`);

interface Results {
  date: string;
  node: string;
  cpus: number;
  threadpool: number;
  modules: Module[];
  /** the bench database, when a bench that needs it ran */
  database?: { engine: string; description: string; users: number; insertSeconds: number };
  signIn?: SignInResult;
  userQuery?: UserQueryResult & { filter: typeof USER_QUERY; description: string };
  completions?: CompletionResult | { skipped: string };
  todoList?: TodoResult | { skipped: string };
  news?: NewsResult;
  home?: HomeResult;
  push?: PushResult;
  mail?: MailResult;
  web?: WebResult;
}

const fixed = (value: number) => value.toFixed(value >= 100 ? 0 : value >= 10 ? 1 : 2);
const count = (value: number) => value.toLocaleString('en-US');
const row = (label: string, ...cells: string[]) =>
  `  ${label.padEnd(38)}${cells.map((c) => c.padStart(10)).join('')}`;
const latencyRow = (label: string, p: Percentiles) =>
  row(label, fixed(p.p50), fixed(p.p99), String(p.samples));

function signInReport(s: SignInResult): string[] {
  return [
    `Sign-in: ${s.clients} concurrent clients over HTTP on 127.0.0.1, ${fixed(s.signIns.seconds)} s`,
    row('', 'per s', 'p50 ms', 'p99 ms', 'count'),
    row(
      'sign-ins (POST /auth/auth)',
      fixed(s.signIns.perSecond),
      fixed(s.signIns.latency.p50),
      fixed(s.signIns.latency.p99),
      String(s.signIns.completed),
    ),
    row(
      `argon2id verifies (${s.clients} at once)`,
      fixed(s.argon2.perSecond),
      '',
      '',
      String(s.argon2.completed),
    ),
    row('ratio sign-ins ÷ argon2id verifies', s.ratio.toFixed(2)),
    '',
  ];
}

function userQueryReport(
  database: NonNullable<Results['database']>,
  q: NonNullable<Results['userQuery']>,
): string[] {
  return [
    `User query at ${count(database.users)} users in one tenant (inserted in ${fixed(database.insertSeconds)} s):`,
    `  queryUsersByType: ${q.description}; ${q.total} match; one caller at a time`,
    row('', 'p50 ms', 'p99 ms', 'samples'),
    latencyRow('queryUsersByType over HTTP', q.query),
    latencyRow('GET /health over HTTP (select 1)', q.health),
    latencyRow('select 1 on the server pool', q.select1),
    row('ratio query ÷ select 1', fixed(q.ratio.p50), fixed(q.ratio.p99)),
    '',
  ];
}

function completionsReport(c: NonNullable<Results['completions']>, explainFile: string): string[] {
  if ('skipped' in c) return [`Engine completions: skipped: ${c.skipped}`, ''];
  const p = c.pgbench;
  const leaders = c.leaders.map((l) => `${l.account} ${l.tasks}/${l.clients}`).join(', ');
  return [
    `Engine completions: ${c.clients} clients over HTTP, each completing the LeaderApproval tasks of its own slice`,
    `  (agree; each ends its leave request); ${count(c.prepared)} tasks prepared by starting leave requests`,
    `  (days: 1); leader tasks/clients: ${leaders}`,
    row('', 'per s', 'p50 ms', 'p99 ms', 'count'),
    row(
      `starts (${c.clients} clients, preparation)`,
      fixed(c.starts.perSecond),
      fixed(c.starts.latency.p50),
      fixed(c.starts.latency.p99),
      String(c.starts.completed),
    ),
    row(
      'completions (POST task/v1/complete)',
      fixed(c.completions.perSecond),
      fixed(c.completions.latency.p50),
      fixed(c.completions.latency.p99),
      String(c.completions.completed),
    ),
    row(
      `pgbench TPC-B (-s ${p.scale} -c ${p.clients} -j ${p.threads})`,
      fixed(p.tps),
      fixed(p.latencyMs),
      '',
      String(p.transactions),
    ),
    row('ratio completions ÷ pgbench tps', c.ratio.toFixed(3)),
    ...(c.completions.clientsRanDry > 0
      ? [`  ${c.completions.clientsRanDry} clients ran out of tasks before the time was up`]
      : []),
    `  per completion: ${fixed(c.perCompletion.transactions)} committed transactions, ` +
      `${fixed(c.perCompletion.processCpuMs)} ms CPU in this process (server and clients);`,
    `  CPU: event loop ${Math.round(c.cpu.completions.eventLoop * 100)} % busy, ` +
      `this process ${fixed(c.cpu.completions.processCores)} cores, machine ` +
      `${Math.round(c.cpu.completions.machineBusy * 100)} % busy during the completions ` +
      `(${Math.round(c.cpu.pgbench.machineBusy * 100)} % during pgbench)`,
    `  completeTask sends ${c.statements.length} statements besides BEGIN/COMMIT (plans in ${explainFile});`,
    `  the HTTP layer adds the token check and the audit row. Statements whose index does not answer them:`,
    ...c.statements
      .filter((p) => p.seqScans.length > 0 || p.filters.length > 0)
      .map((p) => `    ${p.name}: ${p.nodes.join(' › ')}; filter ${p.filters.join('; ')}`),
    '  rows read per completion (sequential scans; index scans, and rows they fetched):',
    ...c.perCompletion.tables
      .slice(0, 8)
      .map(
        (t) =>
          `    ${t.table.padEnd(22)} ${fixed(t.seqScans).padStart(5)} seq (${fixed(t.seqRowsRead)} rows); ` +
          `${fixed(t.indexScans)} index (${fixed(t.indexRowsFetched)} rows)`,
      ),
    '',
  ];
}

/** One statement's EXPLAIN ANALYZE: its time, buffers, whether it scanned a table through, its plan nodes. */
const planLine = (p: PlanSummary) =>
  `    ${p.name.padEnd(40)} ${fixed(p.executionMs).padStart(6)} ms ${String(p.buffers).padStart(6)} buffers` +
  `  ${p.seqScans.length ? `SEQ SCAN of ${p.seqScans.join(', ')}` : 'no seq scan'}: ${p.nodes.join(' › ')}`;

function todoReport(t: NonNullable<Results['todoList']>, explainFile: string): string[] {
  if ('skipped' in t) return [`Todo list: skipped: ${t.skipped}`, ''];
  return [
    `Todo list at ${count(t.size.tasks)} pending tasks (${count(t.candidates)} candidate rows) over ` +
      `${count(t.size.users)} users (loaded in ${fixed(t.loadSeconds)} s, vacuum analyse ${fixed(t.vacuumSeconds)} s):`,
    `  getTodoList: ${t.description}; one caller at a time;`,
    `  ${t.sampleTasks.users} sample users with ${t.sampleTasks.min}–${t.sampleTasks.max} tasks each, ` +
      `and the busy ${t.busy.account} with ${count(t.busy.tasks)}`,
    row('', 'p50 ms', 'p99 ms', 'samples'),
    latencyRow('getTodoList over HTTP', t.todo),
    latencyRow('todoList() in process, no HTTP', t.direct),
    latencyRow('getTodoList, filtered', t.filtered),
    latencyRow('getTodoList, busy user', t.busyTodo),
    latencyRow('getTodoList, busy user, filtered', t.busyFiltered),
    latencyRow('select 1 on the server pool', t.select1),
    row('ratio getTodoList ÷ select 1', fixed(t.ratio.todo.p50), fixed(t.ratio.todo.p99)),
    row('ratio filtered ÷ select 1', fixed(t.ratio.filtered.p50), fixed(t.ratio.filtered.p99)),
    row('ratio busy ÷ select 1', fixed(t.ratio.busyTodo.p50), fixed(t.ratio.busyTodo.p99)),
    row('ratio busy, filtered ÷ select 1', fixed(t.ratio.busyFiltered.p50), fixed(t.ratio.busyFiltered.p99)),
    `  EXPLAIN ANALYZE of todoList's statements (plans in ${explainFile}):`,
    ...t.plans.map(planLine),
    '',
  ];
}

function newsReport(n: NewsResult): string[] {
  return [
    `News list at ${count(n.items)} published news items (loaded in ${fixed(n.loadSeconds)} s):`,
    `  ${n.description}; one caller at a time`,
    row('', 'p50 ms', 'p99 ms', 'samples'),
    latencyRow('getNewsPagination over HTTP', n.list),
    latencyRow('getNewsPagination, filtered', n.filtered),
    latencyRow('getNews (carousel of 5)', n.carousel),
    latencyRow('listEntries() in process, no HTTP', n.direct),
    latencyRow('select 1 on the server pool', n.select1),
    row('ratio getNewsPagination ÷ select 1', fixed(n.ratio.list.p50), fixed(n.ratio.list.p99)),
    row('ratio getNews ÷ select 1', fixed(n.ratio.carousel.p50), fixed(n.ratio.carousel.p99)),
    `  EXPLAIN ANALYZE of listEntries' statements (plans in ${path.relative(process.cwd(), NEWS_EXPLAIN_FILE)}):`,
    ...n.plans.map(planLine),
    '',
  ];
}

function homeReport(h: HomeResult): string[] {
  return [
    `Portal home at the todo and news benches' size (${h.aliases.length} columns; sample users with ${h.sampleTasks.min}–${h.sampleTasks.max} tasks):`,
    `  ${h.description}; one caller at a time`,
    row('', 'p50 ms', 'p99 ms', 'samples'),
    latencyRow('vueFrontHome over HTTP', h.view),
    latencyRow('getDatasByAlias, every column', h.columns),
    ...h.perColumn.map((c) => latencyRow(`  ${c.alias} alone`, c.latency)),
    latencyRow('select 1 on the server pool', h.select1),
    row('ratio vueFrontHome ÷ select 1', fixed(h.ratio.view.p50), fixed(h.ratio.view.p99)),
    row('ratio getDatasByAlias ÷ select 1', fixed(h.ratio.columns.p50), fixed(h.ratio.columns.p99)),
    '',
  ];
}

const bytes = (value: number) => `${fixed(value / 1024)} KB`;

function pushReport(p: PushResult): string[] {
  return [
    `Live push at ${p.sizes.map((s) => count(s.streams)).join(' and ')} open streams, ${p.rounds} commits each:`,
    `  ${p.description}; the yardstick: a bare node:http server in a thread of its own writing one event to`,
    '  as many open streams, from the request that triggers it',
    row('', 'p50 ms', 'p99 ms', 'samples'),
    ...p.sizes.flatMap((s) => [
      latencyRow(`commit → event, ${count(s.streams)} streams`, s.push),
      latencyRow(`  bare SSE fan-out, ${count(s.streams)}`, s.bare),
      row(`  ratio push ÷ bare fan-out`, fixed(s.ratio.p50), fixed(s.ratio.p99)),
      latencyRow(`  the commit (insert, COMMIT)`, s.commit),
      `  ${count(s.streams)} streams opened in ${fixed(s.openSeconds)} s; per stream the server thread's heap grew ` +
        `${bytes(s.perStream.heapBytes)}, its external memory ${bytes(s.perStream.externalBytes)}, ` +
        `the process's RSS ${bytes(s.perStream.rssBytes)} (server and clients together)`,
    ]),
    latencyRow('select 1 on the bench pool', p.select1),
    ...(p.serverThread
      ? []
      : ['  (PGlite: the server shares this thread with the clients, so its heap includes theirs)']),
    '',
  ];
}

function mailReport(m: MailResult): string[] {
  return [
    `Personal mail, the sync of ${count(m.size.sync)} mails and a page of ${count(m.size.page)}:`,
    `  ${m.description}`,
    `  ${count(m.size.sync)} mails appended in ${fixed(m.fillSeconds)} s`,
    row('', 'per s', 'seconds', 'mails'),
    row('sync (mail/v1/sync?id)', fixed(m.sync.perSecond), fixed(m.sync.seconds), String(m.sync.fetched)),
    row('bare imapflow FETCH 1:*', fixed(m.bare.perSecond), fixed(m.bare.meanSeconds), String(m.size.sync)),
    row('ratio sync ÷ bare fetch', m.ratio.toFixed(3)),
    `  (the bare fetch: the mean of one before and one after the sync, ${m.bare.seconds.map(fixed).join(' and ')} s)`,
    `  First page at ${count(m.size.page)} mails in the INBOX (${count(m.insertedRows)} of them inserted by SQL as`,
    `  copies of the synced rows): ${m.pageDescription}; one caller at a time`,
    row('', 'p50 ms', 'p99 ms', 'samples'),
    latencyRow('listMails page 1 over HTTP', m.page),
    latencyRow('select 1 on the server pool', m.select1),
    row('ratio listMails ÷ select 1', fixed(m.pageRatio.p50), fixed(m.pageRatio.p99)),
    `  EXPLAIN ANALYZE of queryMails' statements (plans in ${path.relative(process.cwd(), MAIL_EXPLAIN_FILE)}):`,
    ...m.plans.map(planLine),
    '',
  ];
}

function report(r: Results, explainFile: string): string {
  return [
    '',
    `EIP Portal bench, ${r.date}: Node ${r.node}, ${r.cpus} CPUs, libuv threadpool ${r.threadpool}`,
    ...(r.database ? [`Database: ${r.database.description}`] : []),
    '',
    ...(r.signIn ? signInReport(r.signIn) : []),
    ...(r.database && r.userQuery ? userQueryReport(r.database, r.userQuery) : []),
    ...(r.completions
      ? completionsReport(r.completions, path.relative(process.cwd(), COMPLETE_EXPLAIN_FILE))
      : []),
    ...(r.todoList ? todoReport(r.todoList, explainFile) : []),
    ...(r.news ? newsReport(r.news) : []),
    ...(r.home ? homeReport(r.home) : []),
    ...(r.push ? pushReport(r.push) : []),
    ...(r.mail ? mailReport(r.mail) : []),
    ...(r.web ? webReport(r.web, row) : []),
  ].join('\n');
}

/** `npm start -w @eip/bench -- todo completions` runs only those; no names, all of them. */
function selectedModules(args: string[]): Module[] {
  const unknown = args.filter((a) => !(MODULES as readonly string[]).includes(a));
  if (unknown.length > 0)
    throw new Error(`unknown bench ${unknown.join(', ')}; choose from ${MODULES.join(', ')}`);
  return args.length === 0 ? [...MODULES] : MODULES.filter((m) => args.includes(m));
}

const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));
const EXPLAIN_FILE = path.join(RESULTS_DIR, 'todo-explain.txt');
const COMPLETE_EXPLAIN_FILE = path.join(RESULTS_DIR, 'complete-explain.txt');
const NEWS_EXPLAIN_FILE = path.join(RESULTS_DIR, 'news-explain.txt');
const MAIL_EXPLAIN_FILE = path.join(RESULTS_DIR, 'mail-explain.txt');
mkdirSync(RESULTS_DIR, { recursive: true });

let interrupted = false;

/**
 * The server the clients call over HTTP. On PostgreSQL it runs in a thread of its own with a pool of its
 * own, as in production no client shares its event loop; PGlite is one embedded connection, so there it
 * runs in this thread on the bench's database.
 */
async function startServer(bench: BenchDatabase, database: Database): Promise<ServerThread> {
  const env = {
    DATA_DIR: bench.dataDir,
    WEB_DIST_DIR: path.join(bench.dataDir, 'no-web'),
    ...(bench.url ? { DATABASE_URL: bench.url } : {}),
  };
  if (bench.engine === 'postgres') return startServerThread({ env, dataDir: bench.dataDir });
  const app = await buildApp({ config: loadConfig(env, bench.dataDir), database, logger: false });
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    origin,
    eventLoop: async () => performance.eventLoopUtilization(),
    memory: async () => threadMemory(),
    stop: () => app.close(),
  };
}

/**
 * The benches on the bench database (PostgreSQL of BENCH_DATABASE_URL, or PGlite) with 100,000 users
 * inserted, through one server; their figures go into `results`.
 */
async function databaseBenches(
  modules: Module[],
  results: Results,
  teardown: Array<() => Promise<unknown>>,
): Promise<void> {
  const bench = await createBenchDatabase(process.env);
  teardown.push(() => bench.remove());
  progress(`database: ${bench.description}`);
  const config = loadConfig(
    { DATA_DIR: bench.dataDir, DATABASE_URL: bench.url, WEB_DIST_DIR: path.join(bench.dataDir, 'no-web') },
    bench.dataDir,
  );
  const { database } = await prepareDatabase(config);
  teardown.push(() => database.close());
  const server = await startServer(bench, database);
  teardown.push(() => server.stop());
  const client = createClient(server.origin);
  teardown.push(async () => client.close());

  const encrypt = await client.encryptor();
  const admin = await client.call('login', {
    query: { tenantId: '-1' },
    body: { username: 'admin', password: encrypt(DEFAULT_DEMO_PASSWORD) },
  });
  if (!admin.body.state) throw new Error(`admin sign-in failed: ${admin.body.message}`);
  const tenantId = admin.body.value.userAttrs.tenantId;

  progress(`inserting ${USERS} users`);
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const insertMs = await timed(() => insertUsers(database.db, tenantId, USERS, passwordHash));

  results.database = {
    engine: bench.engine,
    description: bench.description,
    users: USERS,
    insertSeconds: insertMs / 1000,
  };

  if (modules.includes('sign-in')) {
    progress('sign-in and argon2id');
    const accounts = Array.from({ length: 80 }, (_, i) => i + 1)
      .filter(isActiveBenchUser)
      .map(benchAccount);
    results.signIn = await benchSignIn(client, {
      ...SIGN_IN,
      accounts,
      password: BENCH_PASSWORD,
      passwordHash,
    });
  }

  if (modules.includes('user-query')) {
    progress('user query and select 1');
    const userQuery = await benchUserQuery(client, database.db, admin.body.value.token, QUERY);
    results.userQuery = { ...userQuery, filter: USER_QUERY, description: USER_QUERY_DESCRIPTION };
  }

  if (modules.includes('completions')) {
    if (!bench.adminUrl) {
      results.completions = {
        skipped:
          'PGlite is an embedded single-connection database: 32 clients would measure its one queue, and ' +
          'there is no server for pgbench to measure; set BENCH_DATABASE_URL',
      };
    } else {
      progress('engine completions and pgbench');
      const pgbench = createPgbench(bench.adminUrl, PGBENCH);
      teardown.push(() => pgbench.remove());
      results.completions = await benchCompletions(
        client,
        database.db,
        pgbench,
        {
          ...COMPLETIONS,
          tenantId,
          password: DEFAULT_DEMO_PASSWORD,
          databaseUrl: bench.url!,
          explainFile: COMPLETE_EXPLAIN_FILE,
          serverLoop: server.eventLoop,
        },
        progress,
      );
      await pgbench.remove();
    }
  }

  const size = TODO_SIZE[bench.engine];
  if (modules.includes('todo') || modules.includes('home')) {
    progress(`loading ${size.tasks} todo tasks for ${size.users} users`);
  }
  const loaded =
    modules.includes('todo') || modules.includes('home')
      ? await loadTodoTasks(database.db, tenantId, size)
      : null;
  if (modules.includes('todo') && loaded) {
    progress('getTodoList and select 1');
    results.todoList = await benchTodoList(
      client,
      database.db,
      { ...TODO, tenantId, size, password: BENCH_PASSWORD, explainFile: EXPLAIN_FILE },
      loaded,
    );
  }

  if (modules.includes('news')) {
    progress(`loading ${count(10_000)} news items; getNewsPagination and select 1`);
    results.news = await benchNewsList(client, database.db, {
      ...NEWS,
      tenantId,
      password: DEFAULT_DEMO_PASSWORD,
      explainFile: NEWS_EXPLAIN_FILE,
    });
  }

  if (modules.includes('home')) {
    if (!modules.includes('news')) {
      progress(`loading ${count(10_000)} news items`);
      await loadNews(database.db, tenantId);
    }
    progress('the portal home: vueFrontHome, getDatasByAlias and select 1');
    results.home = await benchHomeColumns(client, database.db, {
      ...HOME,
      tenantId,
      users: size.users,
      password: BENCH_PASSWORD,
    });
  }

  await issue16Benches(
    modules,
    results,
    { server, database, config, client, tenantId, engine: bench.engine },
    teardown,
  );
}

/** The benches of issue 16 on the bench database: live push, then personal mail. */
async function issue16Benches(
  modules: Module[],
  results: Results,
  context: {
    server: ServerThread;
    database: Database;
    config: ReturnType<typeof loadConfig>;
    client: ReturnType<typeof createClient>;
    tenantId: string;
    engine: BenchDatabase['engine'];
  },
  teardown: Array<() => Promise<unknown>>,
) {
  const { server, database, config, client, tenantId } = context;
  if (modules.includes('push')) {
    progress(`live push at ${PUSH.sizes.map(count).join(' and ')} streams`);
    const tokens = createTokenService(
      deriveKey(loadMasterSecret(config.secretKey, config.dataDir), 'token'),
      config.tokenTtlSeconds,
    );
    results.push = await benchPush(
      server.origin,
      database.db,
      tokens,
      {
        ...PUSH,
        tenantId,
        serverMemory: () => server.memory(),
        serverThread: context.engine === 'postgres',
      },
      progress,
    );
  }
  if (modules.includes('mail')) {
    progress(`personal mail: sync of ${count(MAIL_SIZE.sync)} mails, page of ${count(MAIL_SIZE.page)}`);
    results.mail = await benchMail(
      client,
      database.db,
      config,
      { ...MAIL, tenantId, password: DEFAULT_DEMO_PASSWORD, size: MAIL_SIZE, explainFile: MAIL_EXPLAIN_FILE },
      teardown,
      progress,
    );
  }
}

async function main() {
  const modules = selectedModules(process.argv.slice(2));
  const teardown: Array<() => Promise<unknown>> = [];
  let cleaning: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      for (const step of teardown.reverse()) await step().catch((e: unknown) => console.error(e));
    })());
  const interrupt = (signal: NodeJS.Signals) => {
    interrupted = true;
    progress(`${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);

  try {
    progress(`benches: ${modules.join(', ')}`);
    const results: Results = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.availableParallelism(),
      threadpool: Number(process.env.UV_THREADPOOL_SIZE) || 4,
      modules,
    };
    if (modules.some((m) => DATABASE_MODULES.includes(m))) await databaseBenches(modules, results, teardown);
    if (modules.includes('web')) results.web = await benchWeb(WEB, teardown, progress);

    console.log(report(results, path.relative(process.cwd(), EXPLAIN_FILE)));
    // a run of only some benches leaves the last full run's figures as they are
    const out = path.join(RESULTS_DIR, modules.length === MODULES.length ? 'latest.json' : 'partial.json');
    writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`Figures written to ${path.relative(process.cwd(), out)}`);
  } finally {
    await cleanUp();
  }
}

await main().catch((error: unknown) => {
  // after an interrupt, the steps still running fail as the server closes: the cleanup speaks for them
  if (interrupted) return;
  console.error(error);
  process.exitCode = 1;
});
