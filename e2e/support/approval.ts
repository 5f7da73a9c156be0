import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Locator, Page, Response } from 'playwright-core';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import { api, encryptPassword, leaderSignedByApi, signPassword } from './api';
import { dropdownPickUntil, quietFor, signIn } from './app';
import { collectPageErrors, launchMultiUserBrowser } from './browser';
import { setupHarness } from './harness';
import { demoPassword, type ServerOptions } from './server';

export interface UserPage {
  account: string;
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the page. */
  errors: Error[];
}

export const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

/** A button label as Ant Design shows it: a space between two Chinese characters (同 意), maybe an icon. */
export const label = (text: string) => new RegExp([...text].join('\\s*'));

/** Signs `account` in, in a browser context of its own, and waits for the home page. */
export async function openAs(
  browser: Browser,
  baseUrl: string,
  account: string,
  viewport = DESKTOP,
): Promise<UserPage> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await signIn(page, baseUrl, account);
  await page.waitForURL(`${baseUrl}/eipFront/index`);
  return { account, context, page, errors };
}

/**
 * Starts a flow from the 发起流程 catalogue; the form data goes through the start link's `data`
 * (`/matter/startProcess?defId&data`, spec §2). Waits for the request in 我的请求.
 */
export async function startFlow(
  { page }: UserPage,
  baseUrl: string,
  flowName: string,
  subject: string,
  data: Record<string, unknown>,
) {
  await page.goto(`${baseUrl}/eipFront/matter/startProcess`);
  await page.getByRole('button', { name: `发起 ${flowName}` }).click();
  await page.waitForURL(/defId=/);
  const link = new URL(page.url());
  link.searchParams.set('data', JSON.stringify(data));
  await page.goto(link.toString());
  await page.getByRole('textbox', { name: /^标题/ }).fill(subject);
  await page.getByRole('button', { name: label('提交') }).click();
  await page.waitForURL(`${baseUrl}/eipFront/matter/myRequest`);
  await page.getByRole('link', { name: subject }).waitFor();
}

/** Finds a request by subject in a list page and opens it. */
export async function openFromList({ page }: UserPage, baseUrl: string, list: string, subject: string) {
  await page.goto(`${baseUrl}/eipFront/matter/${list}`);
  await page.getByRole('textbox', { name: /^标题/ }).fill(subject);
  await page.getByRole('button', { name: label('查询') }).click();
  await page.locator(`[data-list][aria-busy="false"]`).waitFor();
  await page.getByRole('link', { name: subject }).click();
  await page.waitForURL(/\/matter\/approvalForm\?/);
  await page.getByRole('heading', { level: 1, name: subject }).waitFor();
}

/** Picks a user by name in a dialog's user picker and closes the picker's list. */
export async function pickUser(page: Page, dialog: Locator, field: string, name: string) {
  const option = page.locator('.ant-select-item-option:visible').filter({ hasText: name });
  await dropdownPickUntil(
    async () => {
      await dialog.getByLabel(field).click();
      // a search left from a lost try is replaced, not added to
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(name);
      await expect.poll(() => option.count()).toBe(1);
    },
    option,
    async () => ((await dialog.textContent()) ?? '').includes(name),
  );
  await dialog.locator('.ant-modal-title').click();
  await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
}

/** Presses a task button, fills its dialog and waits until the form returns to the todo list. */
export async function handle(
  { page }: UserPage,
  baseUrl: string,
  button: string,
  { opinion, target }: { opinion?: string; target?: string } = {},
) {
  await page
    .getByRole('toolbar')
    .getByRole('button', { name: label(button) })
    .click();
  const dialog = page.getByRole('dialog', { name: button });
  await dialog.waitFor();
  if (target) {
    const chosen = dialog.locator('.ant-select-content-has-value').filter({ hasText: target });
    await dropdownPickUntil(
      dialog.getByLabel('驳回节点'),
      page.locator('.ant-select-item-option').filter({ hasText: target }),
      () => chosen.isVisible(),
    );
  }
  if (opinion) await dialog.getByLabel('审批意见').fill(opinion);
  await dialog.getByRole('button', { name: label('确定') }).click();
  // an error toast ends the wait with the server's reason instead of a timeout
  const failure = page.locator('.ant-message-error').first();
  const failed = failure.waitFor().then(
    () => failure.textContent(),
    () => null,
  );
  const reason = await Promise.race([
    page.waitForURL(`${baseUrl}/eipFront/matter/myTask`).then(() => null),
    failed,
  ]);
  if (reason !== null) throw new Error(`${button} failed: ${reason}`);
}

/** The subjects a list page shows (first page). */
export async function listSubjects({ page }: UserPage, baseUrl: string, list: string): Promise<string[]> {
  await page.goto(`${baseUrl}/eipFront/matter/${list}`);
  await page.locator(`[data-list][aria-busy="false"]`).waitFor();
  return page.locator('.ant-table-row a').allTextContents();
}

/** Signs in through the API (RSA-OAEP password, as the login page does); answers the bearer token. */
export async function apiToken(baseUrl: string, account: string): Promise<string> {
  const key = await api<string>(baseUrl, 'GET', '/auth/base/tools/v1/getPublicKey');
  const login = await api<{ token: string }>(baseUrl, 'POST', '/auth/auth?tenantId=-1', {
    body: { username: account, password: encryptPassword(key.envelope.value, demoPassword) },
  });
  if (!login.envelope.state) throw new Error(`${account} cannot sign in: ${login.envelope.message}`);
  return login.envelope.value.token;
}

/** Starts a leave request through the API (setting up work for the browser users); answers its id. */
export async function startLeaveByApi(baseUrl: string, token: string, subject: string, days: number) {
  const started = await api<{ instId: string }>(baseUrl, 'POST', '/bpm-runtime/instance/v1/start', {
    token,
    body: { flowKey: 'leave_request', subject, data: { days, reason: subject, leaveType: '事假' } },
  });
  if (!started.envelope.state) throw new Error(`cannot start ${subject}: ${started.envelope.message}`);
  return started.envelope.value.instId;
}

/**
 * For browser journeys that are not about signatures: the handler of a leave request's leader task (found by
 * subject) signs 领导签字 through the API and keeps it in the task's draft, as 签章 and 保存 on the form would.
 * The form then shows the signature and 同意 sends it. (A secretary has no 保存: she signs on the form.)
 */
export async function signLeaveTaskByApi(baseUrl: string, account: string, subject: string) {
  const token = await apiToken(baseUrl, account);
  const todo = await api<{ rows: { taskId: string; subject: string }[] }>(
    baseUrl,
    'POST',
    '/bpm-runtime/task/v1/getTodoList',
    { token, body: { pageBean: { pageSize: 1000 } } },
  );
  const task = todo.envelope.value.rows.find((row) => row.subject === subject);
  if (!task) throw new Error(`${account} has no task ${subject}`);
  const saved = await api(baseUrl, 'POST', '/bpm-runtime/task/v1/saveDraft', {
    token,
    body: { taskId: task.taskId, data: await leaderSignedByApi(baseUrl, token) },
  });
  if (!saved.envelope.state) throw new Error(`cannot sign ${subject}: ${saved.envelope.message}`);
}

/** Signs the open form's 领导签字 as its 签章 button does: the signing password, then the image in the field. */
export async function signLeaderField(page: Page, password = signPassword) {
  const field = page.getByTestId('signature-field-leaderSign');
  await field.getByRole('button', { name: /签章 领导签字/ }).click();
  const dialog = page.getByRole('dialog', { name: '请输入签章密码' });
  await dialog.getByLabel('签章密码', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: label('确定') }).click();
  await field.getByRole('button', { name: /签章成功/ }).waitFor();
  return field;
}

/** The artifacts folder screenshots go to (not committed). */
export const artifacts = fileURLToPath(new URL('../artifacts/', import.meta.url));

/**
 * For a test file with several users: a server (the harness), one browser, and each user signed in in a
 * browser context of their own. `as` signs a user in; `user` answers one signed in already, or signs them
 * in. After the file every page must have run without uncaught errors. `options`: how the server starts.
 */
export function setupUsers(options: ServerOptions = {}) {
  const harness = setupHarness(options);
  let browser: Browser | undefined;
  const users: UserPage[] = [];
  beforeAll(async () => {
    await mkdir(artifacts, { recursive: true });
    browser = await launchMultiUserBrowser();
  });
  afterAll(async () => {
    for (const user of users) expect(user.errors, user.account).toEqual([]);
    await browser?.close();
  });
  const as = async (account: string, viewport?: { width: number; height: number }) => {
    const user = await openAs(browser!, (await harness()).server.url, account, viewport);
    users.push(user);
    return user;
  };
  const user = async (account: string) => users.find((u) => u.account === account) ?? as(account);
  return { harness, as, user };
}

/** The JavaScript files (URL → gzipped bytes) a page fetches while `load` runs. */
export async function scriptsLoaded(page: Page, load: () => Promise<void>): Promise<Map<string, number>> {
  const sizes: Promise<[string, number]>[] = [];
  let lastScriptAt = Date.now();
  const onResponse = (response: Response) => {
    if (!new URL(response.url()).pathname.endsWith('.js')) return;
    lastScriptAt = Date.now();
    sizes.push(response.body().then((body) => [response.url(), gzipSync(body, { level: 9 }).length]));
  };
  page.on('response', onResponse);
  await load();
  await quietFor(page, () => lastScriptAt);
  page.off('response', onResponse);
  return new Map(await Promise.all(sizes));
}
