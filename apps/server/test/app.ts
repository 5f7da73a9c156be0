import { constants, createPublicKey, publicEncrypt, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RouteBody, RouteName, RouteParams, RouteQuery, RouteValue } from '@eip/contracts';
import { routes, routeUrl } from '@eip/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { sm2 } from 'sm-crypto-v2';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { migrationsDir } from '../src/boot.js';
import { DEFAULT_DEMO_PASSWORD, loadConfig, type Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { withDatabase } from './global-setup.js';

export const DEMO_PASSWORD = DEFAULT_DEMO_PASSWORD;

export interface CallOptions<N extends RouteName> {
  params?: RouteParams<N> | Record<string, string>;
  query?: RouteQuery<N> | Record<string, unknown>;
  body?: RouteBody<N> | unknown;
  token?: string;
  lang?: string;
  headers?: Record<string, string>;
}

export interface Envelope<T> {
  state: boolean;
  code: number;
  message: string;
  value: T;
  requestId?: string;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** calls a route of the contract table by name */
  call<N extends RouteName>(
    name: N,
    options?: CallOptions<N>,
  ): Promise<{ status: number; body: Envelope<RouteValue<N>>; response: LightMyRequestResponse }>;
  encrypt(plain: string): Promise<string>;
  /** signs in and answers the token; `tenantId` defaults to the platform tenant */
  login(account: string, password?: string, tenantId?: string): Promise<string>;
  close(): Promise<void>;
}

let copies = 0;

/** The public point (hex) of an SM2 SPKI PEM; null for another key. */
export function sm2PointOf(pem: string): string | null {
  const der = createPublicKey(pem).export({ type: 'spki', format: 'der' }).toString('hex');
  const prefix = '3059301306072a8648ce3d020106082a811ccf5501822d034200';
  return der.startsWith(prefix) ? der.slice(prefix.length) : null;
}

/** A fresh copy of the seeded template database for this test file, and the app on top of it. */
async function freshDatabase(dataDir: string): Promise<Database> {
  const engine = inject('engine');
  const template = inject('template');
  if (engine === 'pglite') {
    cpSync(template, dataDir, { recursive: true });
    return openDatabase({ dataDir, migrationsDir: migrationsDir() });
  }
  const name = `eip_test_${inject('runId')}_${process.pid}_${++copies}_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: inject('adminUrl') });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  return openDatabase({
    url: withDatabase(inject('adminUrl'), name),
    dataDir,
    migrationsDir: migrationsDir(),
    poolSize: 10,
  });
}

/**
 * The app on a fresh copy of the seeded database, or a second instance (another process, as it were: its own
 * data directory) on the database of `sameDatabaseAs`. With TEST_FILE_STORE=s3 its files go to an S3-protocol
 * server of its own (unless `env` names a file store).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  { logStream, sameDatabaseAs }: { logStream?: NodeJS.WritableStream; sameDatabaseAs?: TestApp } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'eip-test-'));
  const database = sameDatabaseAs?.database ?? (await freshDatabase(path.join(dataDir, 'db')));
  const s3 =
    process.env.TEST_FILE_STORE === 's3' && !env.FILE_STORE
      ? await (await import('./s3.js')).startS3Server()
      : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...s3?.env,
    ...env,
  });
  const app = await buildApp({ config, database, logger: logStream ? { stream: logStream } : false });
  let publicKey: string | undefined;

  const call: TestApp['call'] = async (name, options = {}) => {
    const info = routes[name];
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.lang) headers['accept-language'] = options.lang;
    const response = await app.inject({
      method: info.method,
      url: routeUrl(name, undefined, options.params as Record<string, string> | undefined),
      query: options.query as Record<string, string> | undefined,
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
      headers,
    });
    return { status: response.statusCode, body: response.json(), response };
  };

  /** as the web does: RSA-OAEP, or SM2 (ASN.1, C1C3C2) when the key is an SM2 one (GM_MODE) */
  const encrypt = async (plain: string) => {
    publicKey ??= (await call('getPublicKey')).body.value;
    const point = sm2PointOf(publicKey);
    if (point) return Buffer.from(sm2.doEncrypt(plain, point, 1, { asn1: true }), 'hex').toString('base64');
    return publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(plain, 'utf8'),
    ).toString('base64');
  };

  const login: TestApp['login'] = async (account, password = DEMO_PASSWORD, tenantId) => {
    const result = await call('login', {
      query: tenantId ? { tenantId } : {},
      body: { username: account, password: await encrypt(password) },
    });
    if (!result.body.state) throw new Error(`login ${account} failed: ${result.body.message}`);
    return result.body.value.token;
  };

  return {
    app,
    database,
    config,
    call,
    encrypt,
    login,
    async close() {
      await app.close();
      if (!sameDatabaseAs) await database.close();
      await s3?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
