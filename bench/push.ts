import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { sseParser } from '../packages/contracts/src/sse.js';
import { routeUrl } from '../packages/contracts/src/routes.js';
import type { Db } from '../apps/server/src/db/client.js';
import type { TokenService } from '../apps/server/src/security/tokens.js';
import { queryRows } from './database.js';
import type { ThreadMemory } from './server-thread.js';
import { percentiles, timed, type Percentiles } from './stats.js';

export const PUSH_DESCRIPTION =
  "one stream per signed-in user (the hub keeps a user's tabs on one stream and at most 8), each user a bench " +
  "user with a token issued by the server's token service (no argon2id sign-in of each); the commit: one " +
  "transaction inserting an inner message (type message) for every stream's user, as sending to a group does; " +
  "measured from the COMMIT leaving the bench to the stream's `message` event with that subject";

export interface PushSize {
  streams: number;
  openSeconds: number;
  /** from the commit to each stream's message event, every round's streams together */
  push: Percentiles;
  /** the bare node:http SSE server's fan-out to as many sockets, from the request that triggers it */
  bare: Percentiles;
  ratio: { p50: number; p99: number };
  /** the commit itself (insert of the messages and COMMIT), per round */
  commit: Percentiles;
  /** the server thread's memory grown per open stream: V8 heap and external, and the process's RSS */
  perStream: { heapBytes: number; externalBytes: number; rssBytes: number };
}

export interface PushResult {
  description: string;
  rounds: number;
  sizes: PushSize[];
  select1: Percentiles;
  /** whether the server had a thread of its own (PostgreSQL) or shared the clients' (PGlite) */
  serverThread: boolean;
}

interface Streams {
  /** resolves once every stream has had its first event (the counts) */
  opened: Promise<void>;
  /** the moment each stream's next event matching `subject` arrives, with its index */
  expect(subject: string, onEvent: (index: number, at: number) => void): void;
  close(): void;
}

/**
 * Opens `count` event streams to `url`, `concurrency` at a time, over one agent without a socket limit
 * (each stream holds its socket for good). Each stream reports an event whose data has `subject`.
 */
function openStreams(url: string, headersOf: (index: number) => Record<string, string>, count: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const responses: http.IncomingMessage[] = [];
  let watch: { subject: string; onEvent: (index: number, at: number) => void } | undefined;
  const open = (index: number) =>
    new Promise<void>((resolve, reject) => {
      const request = http.get(url, { agent, headers: { accept: 'text/event-stream', ...headersOf(index) } });
      request.on('error', reject);
      request.on('response', (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream ${index} answered ${response.statusCode}`));
          response.resume();
          return;
        }
        responses.push(response);
        response.setEncoding('utf8');
        const parser = sseParser();
        let first = true;
        response.on('data', (chunk: string) => {
          const at = performance.now();
          for (const event of parser.push(chunk)) {
            if (first) {
              first = false;
              resolve();
            }
            if (watch && event.event === 'message' && event.data.includes(watch.subject))
              watch.onEvent(index, at);
          }
        });
        response.on('error', () => {});
      });
    });
  const opened = (async () => {
    const concurrency = 32;
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < count) await open(next++);
      }),
    );
  })();
  const streams: Streams = {
    opened,
    expect: (subject, onEvent) => (watch = { subject, onEvent }),
    close: () => {
      for (const response of responses) response.destroy();
      agent.destroy();
    },
  };
  return streams;
}

/**
 * Runs `round` and waits until each of `count` streams saw its event; answers the latencies from the
 * moment `round` answers (the commit, the trigger) to each event.
 */
async function fanOut(
  streams: Streams,
  count: number,
  subject: string,
  round: () => Promise<number>,
): Promise<{ latencies: number[]; roundMs: number }> {
  const arrivals = new Map<number, number>();
  let done!: () => void;
  const all = new Promise<void>((resolve) => (done = resolve));
  streams.expect(subject, (index, at) => {
    if (arrivals.has(index)) return;
    arrivals.set(index, at);
    if (arrivals.size === count) done();
  });
  const start = performance.now();
  const t0 = await round();
  const roundMs = performance.now() - start;
  const timeout = setTimeout(120_000, undefined, { ref: false }).then(() => {
    throw new Error(`only ${arrivals.size} of ${count} streams saw ${subject} within 120 s`);
  });
  await Promise.race([all, timeout]);
  return { latencies: [...arrivals.values()].map((at) => at - t0), roundMs };
}

/**
 * The yardstick: a bare node:http server in a thread of its own that answers every GET with an event
 * stream and, on POST /fire, writes one event to every stream it holds.
 */
const BARE_SERVER = `
const http = require('node:http');
const { parentPort } = require('node:worker_threads');
const sockets = new Set();
const server = http.createServer((request, response) => {
  if (request.method === 'POST') {
    let body = '';
    request.on('data', (c) => (body += c));
    request.on('end', () => {
      const text = 'event: message\\ndata: ' + JSON.stringify({ subject: body }) + '\\n\\n';
      for (const s of sockets) s.write(text);
      response.end();
    });
    return;
  }
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  response.write('event: counts\\ndata: {}\\n\\n');
  sockets.add(response);
  response.on('close', () => sockets.delete(response));
});
server.keepAliveTimeout = 0;
server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
parentPort.on('message', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
`;

async function startBareServer() {
  const worker = new Worker(BARE_SERVER, { eval: true });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const origin = `http://127.0.0.1:${port}`;
  const fire = (subject: string) =>
    new Promise<number>((resolve, reject) => {
      const request = http.request(`${origin}/fire`, { method: 'POST', agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve(t0));
      });
      request.on('error', reject);
      const t0 = performance.now();
      request.end(subject);
    });
  return {
    origin,
    fire,
    stop: async () => {
      worker.postMessage('stop');
      await new Promise((resolve) => worker.once('exit', resolve));
    },
  };
}

interface BenchUser {
  id: string;
  account: string;
  passwordVersion: number;
}

/** The first `count` active bench users, in the order their streams were opened. */
const benchUsers = (tenantId: string, count: number) =>
  sql`select id, account, password_version as "passwordVersion" from uc_user
      where tenant_id = ${tenantId} and account like 'bench%' and status = 1 order by account limit ${count}`;

/**
 * Inserts one message for each of the first `count` bench users in one transaction, as sending to a group
 * does; answers the moment its COMMIT was sent.
 */
async function commitMessages(db: Db, tenantId: string, count: number, subject: string) {
  let t0 = 0;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into inner_message (tenant_id, id, receiver_id, subject, content, type)
      select ${tenantId}, md5(${subject} || u.id), u.id, ${subject}, '推送基准测试', 'message'
      from (${benchUsers(tenantId, count)}) u`);
    t0 = performance.now();
  });
  return t0;
}

/**
 * Live push at 1,000 and 5,000 open streams (issue 16): from a commit that notifies every stream's user
 * to each stream's event, against a bare node:http server fanning one event out to as many sockets, and
 * the server's memory per stream. The streams are this thread's; the server is in its own on PostgreSQL.
 */
export async function benchPush(
  origin: string,
  db: Db,
  tokens: TokenService,
  options: {
    tenantId: string;
    sizes: number[];
    rounds: number;
    serverMemory: () => Promise<ThreadMemory>;
    serverThread: boolean;
  },
  progress: (line: string) => void,
): Promise<PushResult> {
  const largest = Math.max(...options.sizes);
  const [tenant] = await queryRows<{ code: string }>(
    db,
    sql`select code from tenant where id = ${options.tenantId}`,
  );
  const users = await queryRows<BenchUser>(db, benchUsers(options.tenantId, largest));
  if (users.length < largest)
    throw new Error(`only ${users.length} active bench users for ${largest} streams`);
  const issued = await Promise.all(
    users.map((u) =>
      tokens.issue({
        tenantId: options.tenantId,
        tenantCode: tenant!.code,
        userId: u.id,
        account: u.account,
        passwordVersion: u.passwordVersion,
      }),
    ),
  );
  const streamUrl = new URL(routeUrl('pushStream'), origin).toString();

  const select1: number[] = [];
  for (let i = 0; i < 200; i++) select1.push(await timed(() => db.execute(sql`select 1`)));

  const sizes: PushSize[] = [];
  const bare = await startBareServer();
  try {
    for (const size of options.sizes) {
      const before = await options.serverMemory();
      progress(`push: opening ${size} streams`);
      const openStart = performance.now();
      const streams = openStreams(streamUrl, (i) => ({ authorization: `Bearer ${issued[i]!.token}` }), size);
      let measured: Omit<PushSize, 'bare' | 'ratio'>;
      try {
        await streams.opened;
        const openSeconds = (performance.now() - openStart) / 1000;
        // the hub recounts each new stream once after it joined; let that settle
        await setTimeout(2_000);
        const after = await options.serverMemory();
        const pushed: number[] = [];
        const commits: number[] = [];
        for (let round = 1; round <= options.rounds; round++) {
          const subject = `推送基准 ${size} 第${round}轮 ${Date.now()}`;
          const { latencies, roundMs } = await fanOut(streams, size, subject, () =>
            commitMessages(db, options.tenantId, size, subject),
          );
          pushed.push(...latencies);
          commits.push(roundMs);
          progress(`push: ${size} streams, round ${round}: p99 ${percentiles(latencies).p99.toFixed(0)} ms`);
        }
        measured = {
          streams: size,
          openSeconds,
          push: percentiles(pushed),
          commit: percentiles(commits),
          perStream: {
            heapBytes: (after.heapUsed - before.heapUsed) / size,
            externalBytes: (after.external - before.external) / size,
            rssBytes: (after.rss - before.rss) / size,
          },
        };
      } finally {
        streams.close();
      }
      progress(`push: the bare SSE server with ${size} streams`);
      const bareStreams = openStreams(`${bare.origin}/stream`, () => ({}), size);
      const fanned: number[] = [];
      try {
        await bareStreams.opened;
        for (let round = 1; round <= options.rounds; round++) {
          const subject = `bare ${size} ${round} ${Date.now()}`;
          fanned.push(...(await fanOut(bareStreams, size, subject, () => bare.fire(subject))).latencies);
        }
      } finally {
        bareStreams.close();
      }
      const bareLatency = percentiles(fanned);
      sizes.push({
        ...measured,
        bare: bareLatency,
        ratio: { p50: measured.push.p50 / bareLatency.p50, p99: measured.push.p99 / bareLatency.p99 },
      });
      // the server lets the closed streams go before the next size is measured
      await setTimeout(2_000);
    }
  } finally {
    await bare.stop();
  }
  return {
    description: PUSH_DESCRIPTION,
    rounds: options.rounds,
    sizes,
    select1: percentiles(select1),
    serverThread: options.serverThread,
  };
}
