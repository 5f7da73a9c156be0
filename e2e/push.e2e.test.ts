import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { api, apiSignIn } from './support/api';
import { signIn } from './support/app';
import { launchBrowser, type TestBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';

/**
 * Issue 16, live push: the bell of a signed-in user changes without a reload when a task reaches them,
 * also after the server restarted under the open page.
 */
let browser: TestBrowser | undefined;
let server: TestServer | undefined;
let dataDir = '';
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The number the bell's badge says (its accessible name: 消息，N 条未读; 消息 when none). */
async function bellCount(page: Page): Promise<number> {
  const label = (await page.locator('a[href$="/personal/message"]').first().getAttribute('aria-label')) ?? '';
  return Number(/(\d+)/.exec(label)?.[1] ?? 0);
}

async function waitForBell(page: Page, count: number) {
  await expect.poll(() => bellCount(page), { timeout: 30_000, interval: 250 }).toBe(count);
}

/** guoming asks for leave: the task (and its message) goes to his leader 林雪 (linxue). */
async function askForLeave(reason: string) {
  const token = await apiSignIn(server!.url, 'guoming');
  const { envelope } = await api(server!.url, 'POST', '/bpm-runtime/instance/v1/start', {
    token,
    body: { flowKey: 'leave_request', data: { leaveType: '事假', days: 1, reason } },
  });
  expect(envelope.state, envelope.message).toBe(true);
}

describe('live push (issue 16)', () => {
  it('the bell follows a new task without a reload, and again after the server restarts', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'eip-e2e-push-'));
    server = await startServer({ dataDir });
    browser = await launchBrowser();
    const { page, errors } = await browser.newPage();
    await signIn(page, server.url, 'linxue');
    await page.waitForURL(`${server.url}/eipFront/index`);
    await page.locator('a[href$="/personal/message"]').first().waitFor();
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));
    // the bell's first count, as the server has it: read before it arrived, the page would still say 0
    const { envelope: unread } = await api<number>(
      server.url,
      'GET',
      '/portal/innermsg/messageReceiver/v1/getMsgbadge',
      { token: await apiSignIn(server.url, 'linxue') },
    );
    const before = unread.value;
    await waitForBell(page, before);

    await askForLeave('推送测试');
    await waitForBell(page, before + 1);
    await page.getByText('新的待办').first().waitFor();

    const port = Number(new URL(server.url).port);
    await server.stop();
    server = await startServer({ dataDir, port });
    await askForLeave('重启之后');
    await waitForBell(page, before + 2);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
    expect(errors).toEqual([]);
  });
});
