import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { migrationsDir } from '../apps/server/src/boot.js';

/**
 * The bench's server in a thread of its own, as it runs in production: no client's JavaScript shares its
 * event loop. The main thread starts it with `startServerThread`; the thread answers its address, its
 * event-loop use on request, and stops on request.
 */
interface Start {
  env: Record<string, string>;
  dataDir: string;
}

type Request = { type: 'eventLoop' } | { type: 'memory' } | { type: 'stop' };

/** What a thread holds: its V8 heap in use and the memory outside it its objects hold (buffers, sockets'). */
export interface ThreadMemory {
  heapUsed: number;
  external: number;
  /** the whole process's resident set (every thread) */
  rss: number;
}

v8.setFlagsFromString('--expose-gc');
/** V8's collector, reachable in a fresh context once the flag is set */
const collect = runInNewContext('gc') as () => void;

/** This thread's memory after a full collection, so that garbage not yet collected does not count. */
export function threadMemory(): ThreadMemory {
  collect();
  const heap = v8.getHeapStatistics();
  return { heapUsed: heap.used_heap_size, external: heap.external_memory, rss: process.memoryUsage.rss() };
}

if (parentPort && (workerData as { serverThread?: boolean } | undefined)?.serverThread) {
  const port = parentPort;
  const { env, dataDir } = (workerData as { start: Start }).start;
  const config = loadConfig(env, dataDir);
  const database = await openDatabase({
    ...(config.databaseUrl ? { url: config.databaseUrl } : {}),
    dataDir: config.dataDir,
    migrationsDir: migrationsDir(),
  });
  // errors only: a failure inside the server (a column that fails, a 500) says why in the bench's output
  const app = await buildApp({ config, database, logger: { level: 'error' } });
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  port.on('message', async (request: Request) => {
    if (request.type === 'eventLoop')
      port.postMessage({ type: 'eventLoop', value: performance.eventLoopUtilization() });
    if (request.type === 'memory') port.postMessage({ type: 'memory', value: threadMemory() });
    if (request.type === 'stop') {
      await app.close();
      await database.close();
      port.postMessage({ type: 'stopped' });
    }
  });
  port.postMessage({ type: 'listening', origin });
}

export interface ServerThread {
  origin: string;
  /** the server thread's event-loop use since it started */
  eventLoop(): Promise<ReturnType<typeof performance.eventLoopUtilization>>;
  /** the server thread's memory after a full collection */
  memory(): Promise<ThreadMemory>;
  stop(): Promise<void>;
}

/** Starts the server (on an already migrated database) in a worker thread; resolves once it listens. */
export function startServerThread(start: Start): Promise<ServerThread> {
  const worker = new Worker(new URL('./server-thread.mjs', import.meta.url), {
    workerData: { serverThread: true, start },
  });
  type Message = { type: string; origin?: string; value?: unknown };
  const next = (type: string) =>
    new Promise<Message>((resolve, reject) => {
      const onMessage = (message: Message) => {
        if (message.type !== type) return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        resolve(message);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
  return next('listening').then(({ origin }) => ({
    origin: origin!,
    async eventLoop() {
      const answer = next('eventLoop');
      worker.postMessage({ type: 'eventLoop' });
      return (await answer).value as ReturnType<typeof performance.eventLoopUtilization>;
    },
    async memory() {
      const answer = next('memory');
      worker.postMessage({ type: 'memory' });
      return (await answer).value as ThreadMemory;
    },
    async stop() {
      const stopped = next('stopped');
      worker.postMessage({ type: 'stop' });
      await stopped;
      await worker.terminate();
    },
  }));
}
