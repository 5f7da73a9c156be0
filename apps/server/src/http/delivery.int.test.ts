import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { routeUrl } from '@eip/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';

/**
 * Issue 15, delivery: the web app's files are sent precompressed by Accept-Encoding, hashed ones cached for a
 * year, index.html revalidated; JSON answers are compressed on the fly; event streams are not held back.
 */
const INDEX = `<!doctype html><title>EIP</title><div id="root"></div>${'<!-- padding -->'.repeat(100)}`;
const SCRIPT = `export const answer = ${JSON.stringify('42 '.repeat(2000))};`;

let t: TestApp;
beforeAll(async () => {
  const probe = await createTestApp();
  const dist = path.join(probe.config.dataDir, '..', `web-delivery-${Date.now()}`);
  await probe.close();
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  // as the web build leaves them: each text file beside its .br and .gz
  for (const [file, text] of [
    ['index.html', INDEX],
    ['assets/index-AbC123.js', SCRIPT],
  ] as const) {
    writeFileSync(path.join(dist, file), text);
    writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dist, `${file}.gz`), gzipSync(text));
  }
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

const decoded = (body: Buffer, encoding: string | undefined) =>
  (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString();

describe('the web app’s files, precompressed', () => {
  it('sends br or gzip by Accept-Encoding, and the file as it is without one', async () => {
    for (const url of ['/eipFront/assets/index-AbC123.js', '/eipFront/', '/eipFront/index']) {
      const text = url.endsWith('.js') ? SCRIPT : INDEX;
      for (const [accept, encoding] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        ['', undefined],
        ['identity', undefined],
      ] as const) {
        const response = await get(url, accept ? { 'accept-encoding': accept } : {});
        expect(response.statusCode, `${url} ${accept}`).toBe(200);
        expect(response.headers['content-encoding'], `${url} ${accept}`).toBe(encoding);
        expect(response.headers.vary).toMatch(/accept-encoding/i);
        expect(response.headers['content-type']).toMatch(url.endsWith('.js') ? /javascript/ : /text\/html/);
        expect(decoded(response.rawPayload, encoding)).toBe(text);
        if (encoding) expect(response.rawPayload.length).toBeLessThan(text.length / 4);
      }
    }
  });

  it('caches hashed assets for a year as immutable, never index.html', async () => {
    for (const accept of ['br', 'gzip', '']) {
      const asset = await get('/eipFront/assets/index-AbC123.js', { 'accept-encoding': accept });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const url of ['/eipFront/', '/eipFront/login', '/eipFront/matter/myTask']) {
        const page = await get(url, { 'accept-encoding': accept });
        expect(page.headers['cache-control'], url).toBe('no-cache');
        expect(page.headers['cache-control']).not.toMatch(/immutable|max-age/);
      }
    }
  });

  it('answers a revalidated index.html with 304 while it is unchanged', async () => {
    for (const url of ['/eipFront/', '/eipFront/login']) {
      const first = await get(url, { 'accept-encoding': 'br' });
      const etag = first.headers.etag;
      expect(etag, url).toBeTruthy();
      const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': String(etag) });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers['cache-control']).toBe('no-cache');
      const other = await get(url, { 'accept-encoding': 'br', 'if-none-match': 'W/"an-older-build"' });
      expect(other.statusCode).toBe(200);
    }
  });
});

describe('JSON answers, compressed on the fly', () => {
  it('a list compressed with br or gzip decodes to the very body sent without compression', async () => {
    const token = await t.login('admin');
    const list = (accept?: string) =>
      t.app.inject({
        method: 'POST',
        url: routeUrl('queryUsersByType'),
        payload: { pageBean: { page: 1, pageSize: 20 } },
        headers: { authorization: `Bearer ${token}`, ...(accept ? { 'accept-encoding': accept } : {}) },
      });
    const plain = await list();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toMatchObject({ state: true, value: { rows: expect.any(Array) } });
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const compressed = await list(accept);
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.headers.vary).toMatch(/accept-encoding/i);
      expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(decoded(compressed.rawPayload, encoding)).toBe(plain.body);
    }
  });

  it('leaves small answers as they are', async () => {
    const health = await get('/health', { 'accept-encoding': 'br, gzip' });
    expect(health.rawPayload.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});

describe('server-sent events', () => {
  it('each event reaches the client at once, uncompressed, while text streams are compressed', async () => {
    const streams = await createTestApp();
    // a stream is answered through the same hooks as every other answer; the test's route waits for the
    // client to have each event before it writes the next
    let next: () => void = () => undefined;
    const event = (id: number) => `id: ${id}\ndata: ${JSON.stringify({ id, padding: 'x'.repeat(600) })}\n\n`;
    streams.app.get('/test/events', (_request, reply) => {
      const body = new PassThrough();
      void (async () => {
        for (let id = 1; id <= 3; id += 1) {
          body.write(event(id));
          await new Promise<void>((resolve) => (next = resolve));
        }
        body.end();
      })();
      return reply.header('content-type', 'text/event-stream').header('cache-control', 'no-cache').send(body);
    });
    streams.app.get('/test/text', (_request, reply) => {
      const body = new PassThrough();
      setImmediate(() => body.end([1, 2, 3].map(event).join('')));
      return reply.header('content-type', 'text/plain; charset=utf-8').send(body);
    });
    const origin = await streams.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = streams.app.server.address() as AddressInfo;
    expect(origin).toContain(String(port));
    try {
      const received = await new Promise<{ encoding?: string; events: string[] }>((resolve, reject) => {
        const request = http.get(
          { host: '127.0.0.1', port, path: '/test/events', headers: { 'accept-encoding': 'gzip, br' } },
          (response) => {
            const events: string[] = [];
            let buffer = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              buffer += chunk;
              for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
                events.push(buffer.slice(0, end));
                buffer = buffer.slice(end + 2);
                next(); // only now does the server write the next event
              }
            });
            response.on('end', () => resolve({ encoding: response.headers['content-encoding'], events }));
          },
        );
        request.on('error', reject);
        request.setTimeout(10_000, () => request.destroy(new Error('an event was held back')));
      });
      expect(received.encoding).toBeUndefined();
      expect(received.events.map((event) => event.split('\n')[0])).toEqual(['id: 1', 'id: 2', 'id: 3']);

      // the control: the same stream as plain text is compressed (so the check above can fail)
      const text = await new Promise<string | undefined>((resolve, reject) => {
        const request = http.get(
          { host: '127.0.0.1', port, path: '/test/text', headers: { 'accept-encoding': 'gzip' } },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.headers['content-encoding']));
          },
        );
        request.on('error', reject);
      });
      expect(text).toBe('gzip');
    } finally {
      await streams.close();
    }
  });
});
