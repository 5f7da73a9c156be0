import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The flags Chromium runs with here, in the tests and in the web bench. */
export const CHROMIUM_ARGS = [
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

/** Chromium's executable (Debian's package, or CHROMIUM_PATH); a missing one is an error, never a skip. */
export function chromiumPath(): string {
  if (!existsSync(executablePath)) {
    throw new Error(
      `Chromium is required but ${executablePath} does not exist. ` +
        'Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH to its executable.',
    );
  }
  return executablePath;
}

/**
 * The page's uncaught errors, and what the content security policy refused (issue 14: the policy must refuse
 * nothing the portal itself does — antd's styles, bpmn-js, pdf.js, the forms' validators).
 */
export function collectPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/u.test(message.text()))
      errors.push(new Error(message.text()));
  });
  return errors;
}

/** Chromium for tests with several users at once: each gets a context of its own (separate storage). */
export async function launchMultiUserBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
}

/**
 * Launches Chromium (Debian's package, or CHROMIUM_PATH) with a fresh profile. A missing browser is a
 * failure, never a skip: the end-to-end proof must run.
 */
export async function launchBrowser(): Promise<TestBrowser> {
  const executable = chromiumPath();
  const userDataDir = await mkdtemp(join(tmpdir(), 'eip-e2e-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: executable,
    headless: true,
    args: CHROMIUM_ARGS,
    locale: 'zh-CN',
    viewport: { width: 1280, height: 800 },
  });
  return {
    context,
    newPage: async () => {
      const page = await context.newPage();
      return { page, errors: collectPageErrors(page) };
    },
    close: async () => {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
