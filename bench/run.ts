import { performance } from 'node:perf_hooks';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { prepareDatabase } from '../apps/server/src/boot.js';
import { DEFAULT_DEMO_PASSWORD, loadConfig } from '../apps/server/src/config.js';
import { hashPassword } from '../apps/server/src/security/passwords.js';
import { deriveKey, loadMasterSecret } from '../apps/server/src/security/secret.js';
import { createTokenService } from '../apps/server/src/security/tokens.js';
import { createClient } from './client.js';
import { startServerThread, threadMemory, type ServerThread } from './server-thread.js';
import type { Database } from '../apps/server/src/db/client.js';
import { benchCompletions } from './completions.js';
import { createBenchDatabase, type BenchDatabase } from './database.js';
import { createPgbench } from './pgbench.js';
import { benchSignIn } from './sign-in.js';
import { timed } from './stats.js';
import { benchTodoList, loadTodoTasks, type TodoSize } from './todo-list.js';
import { benchNewsList, loadNews } from './news-list.js';
import { benchHomeColumns } from './home-columns.js';
import { benchWeb } from './web.js';
import { benchPush } from './push.js';
import { benchMail } from './mail.js';
import {
  COMPLETE_EXPLAIN_FILE,
  count,
  EXPLAIN_FILE,
  MAIL_EXPLAIN_FILE,
  MODULES,
  NEWS_EXPLAIN_FILE,
  report,
  RESULTS_DIR,
  type Module,
  type Results,
} from './report.js';
import {
  benchAccount,
  benchUserQuery,
  insertUsers,
  isActiveBenchUser,
  USER_QUERY,
  USER_QUERY_DESCRIPTION,
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

/** `npm start -w @eip/bench -- todo completions` runs only those; no names, all of them. */
function selectedModules(args: string[]): Module[] {
  const unknown = args.filter((a) => !(MODULES as readonly string[]).includes(a));
  if (unknown.length > 0)
    throw new Error(`unknown bench ${unknown.join(', ')}; choose from ${MODULES.join(', ')}`);
  return args.length === 0 ? [...MODULES] : MODULES.filter((m) => args.includes(m));
}

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
