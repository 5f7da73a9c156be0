import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counts, openStream, type OpenStream } from '../apps/server/test/sse.js';
import { api, apiSignIn, leaderSignedByApi } from './support/api';
import { startServer, type TestServer } from './support/server';

/**
 * Issue 16, several server processes on one PostgreSQL: a change made through process A reaches a push
 * stream held by process B (LISTEN/NOTIFY), and a process behind PgBouncer in transaction mode
 * (DATABASE_POOLER=transaction, LISTEN and migrations on DATABASE_DIRECT_URL) serves the API's smoke
 * path: sign in, start, todo list, complete, push.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const PGBOUNCER = process.env.PGBOUNCER ?? '/usr/sbin/pgbouncer';
const dbName = `eip_scale_${randomUUID().slice(0, 8)}`;
const withDatabase = (url: string, name: string) =>
  Object.assign(new URL(url), { pathname: `/${name}` }).toString();
const STREAM = '/portal/push/v1/stream';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** PgBouncer in transaction mode in front of the test server, as its own user (it refuses root). */
async function startPgBouncer(dir: string, target: URL): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  await writeFile(join(dir, 'users.txt'), `"${decodeURIComponent(target.username)}" ""\n`);
  await writeFile(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${target.hostname} port=${target.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      'default_pool_size = 10',
      'ignore_startup_parameters = extra_float_digits,options',
      '',
    ].join('\n'),
  );
  const args = [join(dir, 'pgbouncer.ini')];
  if (process.getuid?.() === 0) args.unshift('-u', 'nobody');
  const child: ChildProcess = spawn(PGBOUNCER, args, { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    const client = new pg.Client({
      connectionString: withDatabase(`postgres://${target.username}@127.0.0.1:${port}`, dbName),
    });
    try {
      await client.connect();
      await client.end();
      return {
        url: withDatabase(`postgres://${target.username}@127.0.0.1:${port}`, dbName),
        stop: () => child.kill(),
      };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  child.kill();
  throw new Error('PgBouncer did not start');
}

describe.runIf(adminUrl)('several server processes on one PostgreSQL (issue 16)', () => {
  const servers: TestServer[] = [];
  const streams: OpenStream[] = [];
  let bouncer: { url: string; stop: () => void } | undefined;
  let dir = '';
  const databaseUrl = adminUrl ? withDatabase(adminUrl, dbName) : '';
  const env = { SECRET_KEY: randomBytes(36).toString('base64') };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    dir = await mkdtemp(join(tmpdir(), 'eip-scale-'));
  }, 60_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    for (const server of servers) await server.stop();
    bouncer?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }, 60_000);

  const leaveThrough = async (server: TestServer, reason: string) => {
    const token = await apiSignIn(server.url, 'guoming');
    const { envelope } = await api<{ instId: string }>(server.url, 'POST', '/bpm-runtime/instance/v1/start', {
      token,
      body: { flowKey: 'leave_request', data: { leaveType: '事假', days: 1, reason } },
    });
    expect(envelope.state, envelope.message).toBe(true);
    return envelope.value.instId;
  };
  const agreeThrough = async (server: TestServer, instId: string) => {
    const token = await apiSignIn(server.url, 'linxue');
    const todo = await api<{ rows: { taskId: string; procInstId: string }[] }>(
      server.url,
      'POST',
      '/bpm-runtime/task/v1/getTodoList',
      { token, body: { pageBean: { page: 1, pageSize: 100 } } },
    );
    const task = todo.envelope.value.rows.find((row) => row.procInstId === instId);
    expect(task, 'linxue has the task').toBeDefined();
    const done = await api(server.url, 'POST', '/bpm-runtime/task/v1/complete', {
      token,
      body: {
        taskId: task!.taskId,
        actionName: 'agree',
        opinion: '同意',
        data: await leaderSignedByApi(server.url, token),
      },
    });
    expect(done.envelope.state, done.envelope.message).toBe(true);
  };
  const streamOn = async (server: TestServer) => {
    const stream = await openStream(`${server.url}${STREAM}`, await apiSignIn(server.url, 'linxue'));
    streams.push(stream);
    return stream;
  };

  it('a task started and completed through process A reaches the stream on process B', async () => {
    const a = await startServer({ databaseUrl, env });
    servers.push(a);
    const b = await startServer({ databaseUrl, env });
    servers.push(b);
    const onB = await streamOn(b);
    const start = counts(await onB.next((e) => e.event === 'counts'));

    const instId = await leaveThrough(a, '经 A 发起');
    const arrived = JSON.parse((await onB.next((e) => e.event === 'message')).data);
    expect(arrived.link).toContain(instId);
    await onB.next((e) => e.event === 'counts' && counts(e).todo === start.todo + 1);

    await agreeThrough(a, instId);
    await onB.next((e) => e.event === 'counts' && counts(e).todo === start.todo);
  }, 240_000);

  it('runs the smoke path behind PgBouncer in transaction mode', async () => {
    const target = new URL(adminUrl!);
    bouncer = await startPgBouncer(dir, target);
    const c = await startServer({
      databaseUrl: bouncer.url,
      env: { ...env, DATABASE_POOLER: 'transaction', DATABASE_DIRECT_URL: databaseUrl },
    });
    servers.push(c);
    const onC = await streamOn(c);
    const start = counts(await onC.next((e) => e.event === 'counts'));
    const instId = await leaveThrough(c, '经连接池发起');
    await onC.next((e) => e.event === 'counts' && counts(e).todo === start.todo + 1);
    await agreeThrough(c, instId);
    await onC.next((e) => e.event === 'counts' && counts(e).todo === start.todo);
  }, 240_000);
});
