import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app.js';
import { prepareDatabase } from '../apps/server/src/boot.js';
import { DEFAULT_DEMO_PASSWORD, loadConfig } from '../apps/server/src/config.js';
import { hashPassword } from '../apps/server/src/security/passwords.js';
import { createClient } from './client.js';
import { createBenchDatabase } from './database.js';
import { benchSignIn, type SignInResult } from './sign-in.js';
import { timed } from './stats.js';
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

const progress = (line: string) => process.stderr.write(`… ${line}\n`);

interface Results {
  date: string;
  node: string;
  cpus: number;
  threadpool: number;
  database: { engine: string; description: string };
  users: number;
  insertSeconds: number;
  signIn: SignInResult;
  userQuery: UserQueryResult & { filter: typeof USER_QUERY; description: string };
}

const fixed = (value: number) => value.toFixed(value >= 100 ? 0 : value >= 10 ? 1 : 2);

function report(r: Results): string {
  const s = r.signIn;
  const q = r.userQuery;
  const row = (label: string, ...cells: string[]) =>
    `  ${label.padEnd(38)}${cells.map((c) => c.padStart(10)).join('')}`;
  return [
    '',
    `EIP Portal bench, ${r.date}: Node ${r.node}, ${r.cpus} CPUs, libuv threadpool ${r.threadpool}`,
    `Database: ${r.database.description}`,
    '',
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
    `User query at ${r.users.toLocaleString('en-US')} users in one tenant (inserted in ${fixed(r.insertSeconds)} s):`,
    `  queryUsersByType: ${q.description}; ${q.total} match; one caller at a time`,
    row('', 'p50 ms', 'p99 ms', 'samples'),
    row('queryUsersByType over HTTP', fixed(q.query.p50), fixed(q.query.p99), String(q.query.samples)),
    row(
      'GET /health over HTTP (select 1)',
      fixed(q.health.p50),
      fixed(q.health.p99),
      String(q.health.samples),
    ),
    row('select 1 on the server pool', fixed(q.select1.p50), fixed(q.select1.p99), String(q.select1.samples)),
    row('ratio query ÷ select 1', fixed(q.ratio.p50), fixed(q.ratio.p99)),
    '',
  ].join('\n');
}

let interrupted = false;

async function main() {
  const bench = await createBenchDatabase(process.env);
  const teardown: Array<() => Promise<unknown>> = [() => bench.remove()];
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
    progress(`database: ${bench.description}`);
    const config = loadConfig(
      { DATA_DIR: bench.dataDir, DATABASE_URL: bench.url, WEB_DIST_DIR: path.join(bench.dataDir, 'no-web') },
      bench.dataDir,
    );
    const { database } = await prepareDatabase(config);
    teardown.push(() => database.close());
    const app = await buildApp({ config, database, logger: false });
    teardown.push(() => app.close());
    const origin = await app.listen({ host: '127.0.0.1', port: 0 });
    const client = createClient(origin);

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

    progress('sign-in and argon2id');
    const accounts = Array.from({ length: 80 }, (_, i) => i + 1)
      .filter(isActiveBenchUser)
      .map(benchAccount);
    const signIn = await benchSignIn(client, {
      ...SIGN_IN,
      accounts,
      password: BENCH_PASSWORD,
      passwordHash,
    });

    progress('user query and select 1');
    const userQuery = await benchUserQuery(client, database.db, admin.body.value.token, QUERY);

    const results: Results = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.availableParallelism(),
      threadpool: Number(process.env.UV_THREADPOOL_SIZE) || 4,
      database: { engine: bench.engine, description: bench.description },
      users: USERS,
      insertSeconds: insertMs / 1000,
      signIn,
      userQuery: { ...userQuery, filter: USER_QUERY, description: USER_QUERY_DESCRIPTION },
    };
    console.log(report(results));
    const out = fileURLToPath(new URL('./results/latest.json', import.meta.url));
    mkdirSync(path.dirname(out), { recursive: true });
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
