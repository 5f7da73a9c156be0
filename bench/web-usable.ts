import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { build, loadConfigFromFile, mergeConfig } from 'vite';
import { median } from './stats.js';

/**
 * Issue 15: how soon the login page can be used, against a yardstick built in the same run — a bare Ant
 * Design form (bench/reference: two fields and a button) built with the web app's own Vite config from the
 * same React and antd, served by the same server code — on this machine's loopback and under the network
 * and CPU of a branch office.
 */
export const USABLE_TARGETS = {
  /** ours ÷ the reference, the time until the password field is visible and enabled */
  ratio: 1.15,
  /** from the first contentful paint to that moment */
  gapMs: 50,
  /** the login page's bytes on the wire with compression ÷ without */
  compressed: 0.35,
} as const;

/** Chromium's emulation of a branch office: 10 Mbit/s down, 2 Mbit/s up, 60 ms round trip, CPU 4 × slower. */
export const BRANCH_OFFICE = {
  network: {
    offline: false,
    latency: 60,
    downloadThroughput: (10 * 1_000_000) / 8,
    uploadThroughput: (2 * 1_000_000) / 8,
  },
  cpuSlowdown: 4,
} as const;

const WEB_CONFIG = fileURLToPath(new URL('../apps/web/vite.config.ts', import.meta.url));
const REFERENCE_ROOT = fileURLToPath(new URL('./reference/', import.meta.url));

/** The password field is on the page, shown and enabled: the page can be used. */
const PASSWORD_FIELD = 'input[type="password"]';

/** Builds the reference page with the web app's Vite config into a temporary directory; answers it. */
export async function buildReference(teardown: Array<() => Promise<unknown>>): Promise<string> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'eip-bench-reference-'));
  teardown.push(async () => rmSync(outDir, { recursive: true, force: true }));
  const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, WEB_CONFIG);
  if (!loaded) throw new Error(`${WEB_CONFIG} did not load`);
  await build(
    mergeConfig(loaded.config, {
      configFile: false,
      root: REFERENCE_ROOT,
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    }),
  );
  return outDir;
}

export interface UsableLoad {
  /** the page's own clock (from the start of the navigation) when the password field could be used */
  usableMs: number;
  firstContentfulPaintMs: number;
  /** bytes received from the network for the whole load, headers included, until the network was idle */
  wireBytes: number;
}

export interface UsableFigures {
  usableMs: number;
  firstContentfulPaintMs: number;
  /** median of each load's usable − first contentful paint */
  gapMs: number;
  loads: number;
}

/**
 * One load of `url` in a fresh context (no cache, no storage), optionally under the branch office's
 * emulation or without compression (the browser asks for identity).
 */
export async function loadUsable(
  browser: Browser,
  url: string,
  options: { branchOffice?: boolean; identity?: boolean } = {},
): Promise<UsableLoad> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (options.identity) {
      await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
    }
    if (options.branchOffice) {
      await cdp.send('Network.emulateNetworkConditions', BRANCH_OFFICE.network);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: BRANCH_OFFICE.cpuSlowdown });
    }
    await watchUsable(context);
    const wire = countWireBytes(cdp);
    await page.goto(url, { timeout: 120_000 });
    const usableMs = await usableAt(page);
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    const firstContentfulPaintMs = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    );
    return { usableMs, firstContentfulPaintMs, wireBytes: wire() };
  } finally {
    await context.close();
  }
}

/** The bytes each request took on the wire (Network.loadingFinished's encodedDataLength), summed. */
function countWireBytes(cdp: CDPSession): () => number {
  let bytes = 0;
  cdp.on('Network.loadingFinished', (event) => (bytes += event.encodedDataLength));
  return () => bytes;
}

/**
 * Watches the page from its first frame (an init script, so nothing waits for the load event): the frame in
 * which the password field is first shown and enabled.
 */
async function watchUsable(context: BrowserContext): Promise<void> {
  // a script's text, not a function: tsx would wrap a function's inner functions in a helper the page lacks
  await context.addInitScript({
    content: `(() => {
      const frame = () => {
        const field = document.querySelector(${JSON.stringify(PASSWORD_FIELD)});
        const box = field && field.getBoundingClientRect();
        if (field && !field.disabled && box.width > 0 && box.height > 0) window.eipUsableAt = performance.now();
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    })();`,
  });
}

/** The page's clock when the password field was first usable. */
async function usableAt(page: Page): Promise<number> {
  const handle = await page.waitForFunction(() => (window as { eipUsableAt?: number }).eipUsableAt, null, {
    timeout: 120_000,
  });
  return Number(await handle.jsonValue());
}

export const summarize = (loads: UsableLoad[]): UsableFigures => ({
  usableMs: median(loads.map((load) => load.usableMs)),
  firstContentfulPaintMs: median(loads.map((load) => load.firstContentfulPaintMs)),
  gapMs: median(loads.map((load) => load.usableMs - load.firstContentfulPaintMs)),
  loads: loads.length,
});

/**
 * `rounds` loads of each page, interleaved (ours, reference; then reference, ours; …) so that load from
 * elsewhere on the machine hits both alike.
 */
export async function interleaved(
  browser: Browser,
  urls: { ours: string; reference: string },
  rounds: number,
  options: { branchOffice?: boolean } = {},
): Promise<{ ours: UsableFigures; reference: UsableFigures }> {
  const ours: UsableLoad[] = [];
  const reference: UsableLoad[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? (['ours', 'reference'] as const) : (['reference', 'ours'] as const);
    for (const which of order) {
      const load = await loadUsable(browser, urls[which], options);
      (which === 'ours' ? ours : reference).push(load);
    }
  }
  return { ours: summarize(ours), reference: summarize(reference) };
}
