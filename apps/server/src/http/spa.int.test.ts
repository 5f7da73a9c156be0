import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { routes, schemas, type RouteName } from '@eip/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  const probe = await createTestApp();
  const dist = path.join(probe.config.dataDir, '..', `web-${Date.now()}`);
  await probe.close();
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>EIP</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(() => t.close());

describe('serving the web app under /eipFront', () => {
  it('answers deep links with the app, never cached', async () => {
    for (const url of [
      '/eipFront/',
      '/eipFront/index',
      '/eipFront/login/acme',
      '/eipFront/matter/approvalForm?instId=1',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('gives hashed assets a year-long immutable cache; a missing asset is a 404', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/eipFront/assets/index-AbC123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/eipFront/assets/gone-123.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('sends the root to the app and answers health', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/eipFront/');
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.json()).toMatchObject({ state: true, value: { status: 'ok' } });
    expect(health.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('OpenAPI document', () => {
  it('is generated from the route table and served at /docs', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, { summary: string }>>;
    };
    for (const [name, info] of Object.entries(routes)) {
      const operation = doc.paths[`/${info.group}/${info.path}`]?.[info.method.toLowerCase()];
      expect(operation?.summary, `${info.method} ${info.path}`).toBe(schemas[name as RouteName].summary);
    }
    const ui = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
  });
});
