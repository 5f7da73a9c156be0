import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface TestBrowser {
  context: BrowserContext;
  /** A new tab; uncaught page errors are collected in `errors`. */
  newPage: () => Promise<{ page: Page; errors: Error[] }>;
  close: () => Promise<void>;
}

/**
 * Launches Chromium (Debian's package, or CHROMIUM_PATH) with a fresh profile. A missing browser is a
 * failure, never a skip: the end-to-end proof must run.
 */
export async function launchBrowser(): Promise<TestBrowser> {
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium is required for the end-to-end tests but ${executablePath} does not exist. ` +
        'Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH to its executable.',
    );
  }
  const userDataDir = await mkdtemp(join(tmpdir(), 'eip-e2e-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    headless: true,
    args: ARGS,
    locale: 'zh-CN',
    viewport: { width: 1280, height: 800 },
  });
  return {
    context,
    newPage: async () => {
      const page = await context.newPage();
      const errors: Error[] = [];
      page.on('pageerror', (error) => errors.push(error));
      return { page, errors };
    },
    close: async () => {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
