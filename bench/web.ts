import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page, type Response } from 'playwright-core';
import { TOKEN_STORAGE_KEY } from '../packages/contracts/src/codes.js';
import { buildApp } from '../apps/server/src/app.js';
import { prepareDatabase } from '../apps/server/src/boot.js';
import { DEFAULT_DEMO_PASSWORD, loadConfig } from '../apps/server/src/config.js';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/browser.js';
import { createClient, signIn } from './client.js';
import { percentiles, type Percentiles } from './stats.js';
import {
  BRANCH_OFFICE,
  buildReference,
  interleaved,
  loadUsable,
  USABLE_TARGETS,
  type UsableFigures,
} from './web-usable.js';

const KB = 1024;
/** ARCHITECTURE §8, issues 3 and 15: the login page's JavaScript (size and files) and any one chunk, gzipped. */
export const WEB_TARGETS = { loginKb: 150, loginFiles: 8, homeKb: 350, chunkKb: 500 } as const;

/**
 * Issue 11: the home page is usable when every column has rendered its data: the columns are there, none is
 * fetching (aria-busy) and none still shows its skeleton.
 */
const HOME_READY = '[data-home-columns][aria-busy="false"]:not(:has(.ant-skeleton)) [role="region"]';

const WEB_DIST = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
const ASSETS = path.join(WEB_DIST, 'assets');

export interface PageLoad {
  /** gzipped bytes of the JavaScript files loaded until the page was usable and the network idle */
  jsGzipBytes: number;
  jsFiles: number;
  /** from the start of the navigation to the moment the page could be used */
  usableMs: Percentiles;
}

/** Issue 5: what opening an approval form from the todo list and then its flow chart loads. */
export interface ApprovalFormLoad {
  /** gzipped JavaScript fetched from the click in the todo list until the form and its history show */
  formJsGzipBytes: number;
  formJsFiles: number;
  /** whether bpmn-js (the flow chart's viewer) came with the form: it must not */
  bpmnWithForm: boolean;
  /** gzipped JavaScript fetched to open the flow chart: bpmn-js comes now */
  chartJsGzipBytes: number;
  bpmnWithChart: boolean;
}

/** Issue 15: the login page against the reference form, and what compression and the cache save. */
export interface UsableResult {
  loopback: { ours: UsableFigures; reference: UsableFigures };
  branchOffice: { ours: UsableFigures; reference: UsableFigures };
  /** one load of the login page, all bytes on the wire, with compression and asking for identity */
  wire: { compressed: number; identity: number };
  /** JavaScript files a second load of the login page in the same browser fetched from the network */
  repeatVisitScripts: number;
  targets: typeof USABLE_TARGETS;
}

export interface WebResult {
  login: PageLoad;
  index: PageLoad;
  approvalForm: ApprovalFormLoad;
  largestAsset: { file: string; gzipBytes: number };
  assets: number;
  usable: UsableResult;
  targets: typeof WEB_TARGETS;
}

export interface WebOptions {
  /** fresh loads of each page; the byte counts are the same every time, the times are not */
  loads: number;
  account: string;
  /** a demo user with a task waiting in the seeded data: opens it from the todo list */
  approver: string;
  /** interleaved loads of the login page and of the reference form, each, on loopback and as a branch office */
  rounds: number;
}

/** A second load of `url` in the same browser context: how many scripts came from the network, not the cache. */
async function repeatVisitScripts(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const fromCache = new Set<string>();
    const scripts: { requestId: string; fromDiskCache?: boolean; fromPrefetchCache?: boolean }[] = [];
    cdp.on('Network.requestServedFromCache', ({ requestId }) => fromCache.add(requestId));
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      if (type === 'Script') scripts.push({ requestId, ...response });
    });
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    return scripts.filter((s) => !fromCache.has(s.requestId) && !s.fromDiskCache && !s.fromPrefetchCache)
      .length;
  } finally {
    await context.close();
  }
}

/**
 * Issue 15: the login page against the reference form (served by a second server on the same database), on
 * loopback and as a branch office; the bytes compression saves; what a repeat visit fetches.
 */
async function measureUsable(
  browser: Browser,
  origin: string,
  serveReference: (distDir: string) => Promise<string>,
  rounds: number,
  teardown: Array<() => Promise<unknown>>,
  progress: (line: string) => void,
): Promise<UsableResult> {
  progress('web: the reference form, built with the web app’s Vite config');
  const referenceOrigin = await serveReference(await buildReference(teardown));
  const urls = { ours: `${origin}/eipFront/login`, reference: `${referenceOrigin}/eipFront/` };
  progress(`web: ${rounds} interleaved loads of the login page and the reference, on loopback`);
  const loopback = await interleaved(browser, urls, rounds);
  progress(`web: the same as a branch office (10/2 Mbit/s, 60 ms, CPU ÷ ${BRANCH_OFFICE.cpuSlowdown})`);
  const branchOffice = await interleaved(browser, urls, rounds, { branchOffice: true });
  const compressed = await loadUsable(browser, urls.ours);
  const identity = await loadUsable(browser, urls.ours, { identity: true });
  return {
    loopback,
    branchOffice,
    wire: { compressed: compressed.wireBytes, identity: identity.wireBytes },
    repeatVisitScripts: await repeatVisitScripts(browser, urls.ours),
    targets: USABLE_TARGETS,
  };
}

/** gzip as a server would send it (level 9). */
const gzippedSize = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;

/** The largest file of the build, gzipped: every chunk the app may ever load is in `assets`. */
function largestAsset(): { file: string; gzipBytes: number; count: number } {
  if (!existsSync(ASSETS))
    throw new Error(`${ASSETS} is missing: run \`npm run build\` (npm run bench does)`);
  const files = readdirSync(ASSETS);
  let largest = { file: '', gzipBytes: 0 };
  for (const file of files) {
    const gzipBytes = gzippedSize(readFileSync(path.join(ASSETS, file)));
    if (gzipBytes > largest.gzipBytes) largest = { file, gzipBytes };
  }
  return { ...largest, count: files.length };
}

/**
 * One load of `url` in a fresh context (empty cache, empty storage): the gzipped JavaScript it fetched and the
 * page's own clock when `usable` first held.
 */
async function loadOnce(context: BrowserContext, url: string, usable: string) {
  const page = await context.newPage();
  const sizes: Promise<number>[] = [];
  page.on('response', (response: Response) => {
    if (new URL(response.url()).pathname.endsWith('.js')) {
      sizes.push(response.body().then(gzippedSize));
    }
  });
  await page.goto(url);
  const usableAt = await page.waitForFunction(
    (selector) => (document.querySelector(selector) ? performance.now() : 0),
    usable,
    { polling: 'raf', timeout: 60_000 },
  );
  const usableMs = Number(await usableAt.jsonValue());
  await page.waitForLoadState('networkidle');
  const bytes = await Promise.all(sizes);
  return { usableMs, jsGzipBytes: bytes.reduce((sum, size) => sum + size, 0), jsFiles: bytes.length };
}

/** The gzipped sizes of the JavaScript files a page fetches while `act` runs, by address. */
async function scriptsDuring(page: Page, act: () => Promise<void>): Promise<Map<string, number>> {
  const sizes = new Map<string, Promise<number>>();
  const record = (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js')) sizes.set(url.pathname, response.body().then(gzippedSize));
  };
  page.on('response', record);
  await act();
  await page.waitForLoadState('networkidle');
  page.off('response', record);
  return new Map(await Promise.all([...sizes].map(async ([url, size]) => [url, await size] as const)));
}

const sum = (files: Map<string, number>) => [...files.values()].reduce((total, size) => total + size, 0);
const hasBpmn = (files: Map<string, number>) => [...files.keys()].some((url) => url.includes('bpmnViewer'));

/**
 * Issue 5: signed in as the approver, the todo list is open; the JavaScript the click on its first task
 * fetches until the approval form and its history show, then what opening the flow chart fetches.
 */
async function measureApprovalForm(
  browser: Browser,
  origin: string,
  token: string,
): Promise<ApprovalFormLoad> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript(([key, value]) => sessionStorage.setItem(key, value), [
      TOKEN_STORAGE_KEY,
      token,
    ] as const);
    const page = await context.newPage();
    await page.goto(`${origin}/eipFront/matter/myTask`);
    await page.locator('.ant-table-row a').first().waitFor();
    await page.waitForLoadState('networkidle');
    const form = await scriptsDuring(page, async () => {
      await page.locator('.ant-table-row a').first().click();
      await page.locator('#eip-approval-history .ant-table-row').first().waitFor();
    });
    const chart = await scriptsDuring(page, async () => {
      await page.getByRole('button', { name: '流程图' }).click();
      await page.locator('.djs-container svg').first().waitFor();
    });
    return {
      formJsGzipBytes: sum(form),
      formJsFiles: form.size,
      bpmnWithForm: hasBpmn(form),
      chartJsGzipBytes: sum(chart),
      bpmnWithChart: hasBpmn(chart),
    };
  } finally {
    await context.close();
  }
}

async function measure(
  browser: Browser,
  url: string,
  usable: string,
  loads: number,
  token: string | null,
): Promise<PageLoad> {
  const times: number[] = [];
  let last = { jsGzipBytes: 0, jsFiles: 0 };
  for (let i = 0; i < loads; i++) {
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 800 } });
    try {
      if (token) {
        // signed in as the app keeps it: the token in session storage under eip-front
        await context.addInitScript(([key, value]) => sessionStorage.setItem(key, value), [
          TOKEN_STORAGE_KEY,
          token,
        ] as const);
      }
      const load = await loadOnce(context, url, usable);
      times.push(load.usableMs);
      last = load;
    } finally {
      await context.close();
    }
  }
  return { ...last, usableMs: percentiles(times) };
}

/**
 * The web figures of ARCHITECTURE §8: the server (from the sources, on a fresh embedded database with the
 * demo tenants) serves the built app; headless Chromium loads /eipFront/login signed out and
 * /eipFront/index signed in, each in fresh contexts, and the build's largest file is weighed. Builds nothing.
 */
export async function benchWeb(
  options: WebOptions,
  teardown: Array<() => Promise<unknown>>,
  progress: (line: string) => void,
): Promise<WebResult> {
  const largest = largestAsset();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'eip-bench-web-'));
  teardown.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({ DATA_DIR: dataDir, WEB_DIST_DIR: WEB_DIST }, dataDir);
  progress('web: the server on a fresh embedded database');
  const { database } = await prepareDatabase(config);
  teardown.push(() => database.close());
  const app = await buildApp({ config, database, logger: false });
  teardown.push(() => app.close());
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  const client = createClient(origin);
  teardown.push(async () => client.close());
  const token = await signIn(client, options.account, DEFAULT_DEMO_PASSWORD);

  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
  });
  teardown.push(() => browser.close());
  progress(`web: ${options.loads} fresh loads of /eipFront/login and of /eipFront/index`);
  // usable: the login form can be sent (its button waits for the tenant); home greets the user by name
  const login = await measure(
    browser,
    `${origin}/eipFront/login`,
    'form[name="login"] button[type="submit"]:not([disabled])',
    options.loads,
    null,
  );
  const index = await measure(browser, `${origin}/eipFront/index`, HOME_READY, options.loads, token);
  progress('web: the approval form from the todo list, and its flow chart');
  const approvalForm = await measureApprovalForm(
    browser,
    origin,
    await signIn(client, options.approver, DEFAULT_DEMO_PASSWORD),
  );
  // the reference is served by the same server code, another instance on the same database
  const serveReference = async (distDir: string) => {
    const referenceConfig = loadConfig({ DATA_DIR: dataDir, WEB_DIST_DIR: distDir }, dataDir);
    const reference = await buildApp({ config: referenceConfig, database, logger: false });
    teardown.push(() => reference.close());
    return reference.listen({ host: '127.0.0.1', port: 0 });
  };
  const usable = await measureUsable(browser, origin, serveReference, options.rounds, teardown, progress);
  return {
    login,
    index,
    approvalForm,
    largestAsset: { file: largest.file, gzipBytes: largest.gzipBytes },
    assets: largest.count,
    usable,
    targets: WEB_TARGETS,
  };
}

const kb = (bytes: number) => (bytes / KB).toFixed(1);

/** The figures as the run prints them: each size against its target, as a ratio. */
export function webReport(web: WebResult, row: (label: string, ...cells: string[]) => string): string[] {
  const ratio = (bytes: number, targetKb: number) => (bytes / KB / targetKb).toFixed(2);
  return [
    'Web: headless Chromium, each load in a fresh context (no cache), the server on the embedded database',
    row('', 'KB gzip', 'target KB', 'ratio', 'files'),
    row(
      'JS to show /eipFront/login',
      kb(web.login.jsGzipBytes),
      `≤ ${web.targets.loginKb}`,
      ratio(web.login.jsGzipBytes, web.targets.loginKb),
      `${web.login.jsFiles} (≤ ${web.targets.loginFiles})`,
    ),
    row(
      'JS to show /eipFront/index, signed in',
      kb(web.index.jsGzipBytes),
      `≤ ${web.targets.homeKb}`,
      ratio(web.index.jsGzipBytes, web.targets.homeKb),
      String(web.index.jsFiles),
    ),
    row(
      'JS: todo list → approval form',
      kb(web.approvalForm.formJsGzipBytes),
      '',
      '',
      String(web.approvalForm.formJsFiles),
    ),
    row('JS: approval form → flow chart', kb(web.approvalForm.chartJsGzipBytes), '', '', ''),
    `  bpmn-js with the form: ${web.approvalForm.bpmnWithForm ? 'YES (it should not be)' : 'no'}; with the flow chart: ${web.approvalForm.bpmnWithChart ? 'yes' : 'NO'}`,
    row(
      `largest of the ${web.assets} built assets`,
      kb(web.largestAsset.gzipBytes),
      `≤ ${web.targets.chunkKb}`,
      ratio(web.largestAsset.gzipBytes, web.targets.chunkKb),
    ),
    `  (${web.largestAsset.file})`,
    row('', 'p50 ms', 'p99 ms', 'loads'),
    row(
      'usable /eipFront/login',
      web.login.usableMs.p50.toFixed(0),
      web.login.usableMs.p99.toFixed(0),
      String(web.login.usableMs.samples),
    ),
    row(
      'home usable (every column rendered)',
      web.index.usableMs.p50.toFixed(0),
      web.index.usableMs.p99.toFixed(0),
      String(web.index.usableMs.samples),
    ),
    row(
      'ratio home ÷ login',
      (web.index.usableMs.p50 / web.login.usableMs.p50).toFixed(2),
      (web.index.usableMs.p99 / web.login.usableMs.p99).toFixed(2),
    ),
    ...usableReport(web.usable, row),
    '',
  ];
}

/** Issue 15's figures: each with its yardstick and the ratio, against its target. */
function usableReport(u: UsableResult, row: (label: string, ...cells: string[]) => string): string[] {
  const ms = (value: number) => value.toFixed(0);
  const versus = (label: string, figures: UsableResult['loopback'], gapTarget: boolean) => [
    row(
      label,
      ms(figures.ours.usableMs),
      ms(figures.reference.usableMs),
      (figures.ours.usableMs / figures.reference.usableMs).toFixed(2),
      `≤ ${u.targets.ratio}`,
    ),
    row(
      '  first paint → usable field',
      ms(figures.ours.gapMs),
      ms(figures.reference.gapMs),
      '',
      gapTarget ? `≤ ${u.targets.gapMs} ms` : '',
    ),
    row(
      '  first contentful paint',
      ms(figures.ours.firstContentfulPaintMs),
      ms(figures.reference.firstContentfulPaintMs),
    ),
  ];
  return [
    `Login page against a bare antd form (same Vite config, React, antd, server), medians of ${u.loopback.ours.loads} interleaved loads each`,
    row('password field usable', 'ours ms', 'ref. ms', 'ratio', 'target'),
    ...versus('loopback', u.loopback, true),
    ...versus(
      `branch office (10/2 Mbit/s, ${BRANCH_OFFICE.network.latency} ms, CPU ÷ ${BRANCH_OFFICE.cpuSlowdown})`,
      u.branchOffice,
      false,
    ),
    row('login page on the wire', 'compr. KB', 'ident. KB', 'ratio', 'target'),
    row(
      '  all bytes of one load',
      kb(u.wire.compressed),
      kb(u.wire.identity),
      (u.wire.compressed / u.wire.identity).toFixed(2),
      `≤ ${u.targets.compressed}`,
    ),
    `  a second load of the login page in the same browser: ${u.repeatVisitScripts} JavaScript files from the network (target 0)`,
  ];
}
