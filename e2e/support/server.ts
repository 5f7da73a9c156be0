import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const serverEntry = join(repoRoot, 'apps/server/dist/server.mjs');
const webIndex = join(repoRoot, 'apps/web/dist/index.html');

const HEALTH_TIMEOUT_MS = 90_000;
const STOP_GRACE_MS = 10_000;
const MAX_OUTPUT_CHARS = 200_000;

/** The demo password the server seeds and the tests sign in with. */
export const demoPassword = process.env.EIP_DEMO_PASSWORD || 'Demo@2026';

export interface TestServer {
  /** `http://127.0.0.1:{port}` */
  url: string;
  /** The data directory (its secret key signs the tokens): a restart on it keeps sessions valid. */
  dataDir: string;
  /** What the server printed so far (stdout and stderr). */
  output: () => string;
  /** SIGTERM, then SIGKILL after a grace period; removes the data directory unless it was given. */
  stop: () => Promise<void>;
  /** SIGKILL at once, as a crash: nothing is cleaned up, the data directory stays. */
  kill: () => Promise<void>;
}

export interface ServerOptions {
  /** a PostgreSQL database for this server (default: E2E_DATABASE_URL, else the embedded database) */
  databaseUrl?: string;
  /** an existing data directory to start on (a restart); it is then left in place by `stop` */
  dataDir?: string;
  /** the port to listen on (a restart where open pages keep their address); default: a free one */
  port?: number;
  /** more environment for the server (e.g. SECRET_KEY shared by several processes) */
  env?: Record<string, string>;
  /**
   * migrate and seed an empty embedded database here, as `npm start` does on a new machine; by default an
   * empty data directory starts as a copy of the one the suite's global setup seeded that way (seeded-data.ts)
   */
  fresh?: boolean;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited(child))
      throw new Error(`the server exited (code ${child.exitCode}, signal ${child.signalCode})`);
    try {
      const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`GET /health did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s`);
}

/**
 * Starts the built server (`node apps/server/dist/server.mjs`) on a free port with a new data directory
 * holding a freshly seeded embedded database. With `E2E_DATABASE_URL` set it runs on that
 * PostgreSQL database instead (which the caller provides empty).
 */
export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  for (const [file, build] of [
    [serverEntry, 'npm run build -w @eip/server'],
    [webIndex, 'npm run build -w @eip/web'],
  ]) {
    if (!existsSync(file))
      throw new Error(`${file} is missing: run \`${build}\` (or \`npm run build\`) first`);
  }

  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'eip-e2e-')));
  const databaseUrl = options.databaseUrl ?? process.env.E2E_DATABASE_URL;
  if (!databaseUrl && !options.fresh && (await readdir(dataDir)).length === 0)
    await cp(inject('seededDataDir'), dataDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    EIP_DEMO_PASSWORD: demoPassword,
    ...options.env,
  };
  // Run as `npm start` would: not in the test runner's mode, and on the embedded database unless asked.
  delete env.NODE_ENV;
  delete env.VITEST;
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;

  let output = '';
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-MAX_OUTPUT_CHARS);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  // Should the test process end without stopping the server, the server must not outlive it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.off('exit', killOnExit);
    if (!exited(child)) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, STOP_GRACE_MS))) {
        child.kill('SIGKILL');
        await waitForExit(child, STOP_GRACE_MS);
      }
    }
    if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
  };
  const kill = async () => {
    process.off('exit', killOnExit);
    child.kill('SIGKILL');
    await waitForExit(child, STOP_GRACE_MS);
  };

  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child);
  } catch (error) {
    await stop();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`The server did not start: ${reason}\n--- server output ---\n${output}\n--- end ---`);
  }
  return { url, dataDir, output: () => output, stop, kill };
}
