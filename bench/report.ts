import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompletionResult } from './completions.js';
import type { PlanSummary } from './explain.js';
import type { HomeResult } from './home-columns.js';
import type { MailResult } from './mail.js';
import type { NewsResult } from './news-list.js';
import type { PushResult } from './push.js';
import type { SignInResult } from './sign-in.js';
import type { Percentiles } from './stats.js';
import type { TodoResult } from './todo-list.js';
import type { USER_QUERY, UserQueryResult } from './user-query.js';
import { webReport, type WebResult } from './web.js';

/** What a bench run measured, and the table it prints (bench/run.ts runs the benches). */

export const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));
export const EXPLAIN_FILE = path.join(RESULTS_DIR, 'todo-explain.txt');
export const COMPLETE_EXPLAIN_FILE = path.join(RESULTS_DIR, 'complete-explain.txt');
export const NEWS_EXPLAIN_FILE = path.join(RESULTS_DIR, 'news-explain.txt');
export const MAIL_EXPLAIN_FILE = path.join(RESULTS_DIR, 'mail-explain.txt');

export const MODULES = [
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
export type Module = (typeof MODULES)[number];

export interface Results {
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
export const count = (value: number) => value.toLocaleString('en-US');
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

export function report(r: Results, explainFile: string): string {
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
