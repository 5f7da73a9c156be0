import { afterAll } from 'vitest';
import { launchBrowser, type TestBrowser } from './browser';
import { startServer, type ServerOptions, type TestServer } from './server';

export interface Harness {
  server: TestServer;
  browser: TestBrowser;
}

/**
 * One server on a fresh database and one browser for a test file, started by the first test that asks
 * and stopped after the file. A failure to start fails every test that needs them (never a skip).
 * `options`: how the server is started (e.g. more environment).
 */
export function setupHarness(options: ServerOptions = {}): () => Promise<Harness> {
  let started: Promise<Harness> | undefined;

  afterAll(async () => {
    const harness = await started?.catch(() => undefined);
    await harness?.browser.close();
    await harness?.server.stop();
  });

  return () =>
    (started ??= (async () => {
      const browser = await launchBrowser();
      try {
        return { browser, server: await startServer(options) };
      } catch (error) {
        await browser.close();
        throw error;
      }
    })());
}
