import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { routeUrl } from '@eip/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { eq } from 'drizzle-orm';
import { MAX_FILTER_VALUES } from '../db/query-filter.js';
import { sessionActivity } from '../db/schema.js';
import { MAX_JSON_DEPTH } from './json-body.js';
import { MAX_LOGGED_TEXT } from './logging.js';

/**
 * Issue 14, hardening: browser security headers on every answer, no credential in the log and no line without
 * an end, and bodies that would have answered 500 (JSON nested 10,000 deep, 100 filters of 1,000 values)
 * refused with a clear 400.
 */
const OLD_IE_SCRIPT = "(function () { if (!document.documentMode) return; document.write('旧浏览器'); })();";
const INDEX = `<!doctype html><title>EIP</title><script>${OLD_IE_SCRIPT}</script><div id="root"></div>
<script type="module" crossorigin src="/eipFront/assets/index-AbC123.js"></script>
<script type="application/json" id="eip-later-chunks">["assets/a.js"]</script>`;

let t: TestApp;
let proxied: TestApp;
let token: string;
const log = new PassThrough();
let logText = '';
log.on('data', (chunk: Buffer) => (logText += chunk.toString()));

beforeAll(async () => {
  const probe = await createTestApp();
  const dist = path.join(probe.config.dataDir, '..', `web-hardening-${Date.now()}`);
  await probe.close();
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  t = await createTestApp({ WEB_DIST_DIR: dist }, { logStream: log });
  proxied = await createTestApp({ TRUST_PROXY: '1' });
  token = await t.login('zhuting');
});
afterAll(async () => {
  await t.close();
  await proxied.close();
});

const get = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, headers });

describe('browser security headers', () => {
  it('the login page: no other site may frame it, and only our scripts and its hashed inline script run', async () => {
    const response = await get(t, '/eipFront/login');
    expect(response.statusCode).toBe(200);
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    const scripts = /script-src ([^;]+)/u.exec(policy)?.[1]?.split(' ') ?? [];
    expect(scripts).not.toContain("'unsafe-inline'");
    const { createHash } = await import('node:crypto');
    const hash = `'sha256-${createHash('sha256').update(OLD_IE_SCRIPT).digest('base64')}'`;
    // the old-IE warning is allowed by its hash; the JSON data block is no script and has none
    expect(scripts.filter((source) => source.startsWith("'sha256-"))).toEqual([hash]);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['permissions-policy']).toContain('camera=()');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('API answers and errors carry them too; HSTS only over https', async () => {
    for (const response of [
      await get(t, '/api/nothing-here'),
      (await t.call('getTodoCount', { token, body: {} })).response,
    ]) {
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
    const https = await get(proxied, '/health', { 'x-forwarded-proto': 'https' });
    expect(https.headers['strict-transport-security']).toMatch(/^max-age=31536000/u);
    expect((await get(proxied, '/health')).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('the log', () => {
  it('never holds a sign-in token, ticket or code from an address', async () => {
    await get(t, `/eipFront/index?token=${token}&fullScreen=true`);
    await get(t, '/eipFront/login?ticket=ST-1-secret-ticket&service=x');
    await get(t, '/api/nothing-here?code=secret-oauth-code&state=s');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logText).toContain('fullScreen=true');
    expect(logText).toContain('token=[redacted]');
    expect(logText).not.toContain(token);
    expect(logText).not.toContain('secret-ticket');
    expect(logText).not.toContain('secret-oauth-code');
  });

  it('writes no line longer than it needs, whatever the request', async () => {
    logText = '';
    const huge = 'x'.repeat(1_000_000);
    await get(t, `/api/nothing-here?q=${huge}`);
    await t.app.inject({ method: 'POST', url: '/api/nothing', payload: { huge } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const longest = Math.max(...logText.split('\n').map((line) => line.length));
    expect(longest).toBeLessThan(MAX_LOGGED_TEXT * 4);
  });
});

describe('bounded bodies', () => {
  it('JSON nested 10,000 deep → 400 that names the limit, in the caller’s language', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    for (const [lang, text] of [
      ['zh-CN', `请求体的JSON嵌套过深（最多${MAX_JSON_DEPTH}层）`],
      ['en-US', `at most ${MAX_JSON_DEPTH} levels`],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: routeUrl('getTodoList'),
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'accept-language': lang,
        },
        payload: `{"querys":[],"params":{"a":${deep}}}`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ state: false, code: 400 });
      expect(response.json().message).toContain(text);
    }
    // text that only looks deep (inside a string) is no nesting
    const quoted = await t.call('getTodoList', {
      token,
      body: { querys: [{ property: 'subject', value: '['.repeat(900), operation: 'LIKE' }] },
    });
    expect(quoted.status).toBe(200);
  });

  it('100 filters of 1,000 values each → 400, not a failed statement', async () => {
    const values = Array.from({ length: 1000 }, (_, i) => `id-${i}`);
    const { status, body } = await t.call('getTodoList', {
      token,
      body: {
        querys: Array.from({ length: 100 }, () => ({ property: 'subject', value: values, operation: 'IN' })),
      },
    });
    expect(status).toBe(400);
    expect(body.message).toContain(String(MAX_FILTER_VALUES));
  });
});

describe('the idle timeout (SESSION_IDLE_MINUTES, default 30)', () => {
  it('a token unused for longer is refused with code 402; one in use goes on working', async () => {
    const idle = await t.login('wuxia');
    const busy = await t.login('songjia');
    for (const user of [idle, busy])
      expect((await t.call('getTodoCount', { token: user, body: {} })).status).toBe(200);
    const jtiOf = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).jti as string;
    // wuxia left 31 minutes ago; songjia 29 minutes ago
    await t.database.db
      .update(sessionActivity)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(sessionActivity.jti, jtiOf(idle)));
    await t.database.db
      .update(sessionActivity)
      .set({ lastSeenAt: new Date(Date.now() - 29 * 60_000) })
      .where(eq(sessionActivity.jti, jtiOf(busy)));
    const refused = await t.call('getTodoCount', { token: idle, body: {} });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe(402);
    expect((await t.call('getTodoCount', { token: busy, body: {} })).status).toBe(200);
    // that use counted: songjia's last use is now
    const [row] = await t.database.db
      .select()
      .from(sessionActivity)
      .where(eq(sessionActivity.jti, jtiOf(busy)));
    expect(Date.now() - new Date(row!.lastSeenAt).getTime()).toBeLessThan(10_000);
  });
});
