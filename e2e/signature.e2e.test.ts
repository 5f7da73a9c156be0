import { PGlite } from '@electric-sql/pglite';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, signPassword } from './support/api';
import { seriousViolations, signIn } from './support/app';
import {
  apiToken,
  artifacts,
  handle,
  label,
  openAs,
  openFromList,
  PHONE,
  signLeaderField,
  startLeaveByApi,
  type UserPage,
} from './support/approval';
import { launchMultiUserBrowser } from './support/browser';
import { startServer, type TestServer } from './support/server';

/**
 * Issue 13 in Chromium: a signature drawn with the mouse (and with touch at phone width) on 我的签章, the
 * signing password changed, signing the leave request at the leader node (where it is required), the image's tooltip, and a change of the
 * data in the database showing 签名后内容已被修改.
 */
const SIGN_PASSWORD = 'sign-e2e-1';

let server: TestServer;
let browser: Browser;
let dataDir: string;
const users: UserPage[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'eip-sign-e2e-'));
  server = await startServer({ dataDir });
  browser = await launchMultiUserBrowser();
}, 180_000);
afterAll(async () => {
  for (const user of users) expect(user.errors).toEqual([]);
  await browser?.close();
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const signInAs = async (account: string, viewport?: typeof PHONE) => {
  const user = await openAs(browser, server.url, account, viewport);
  users.push(user);
  return user;
};

/** Opens 个人设置 → 我的签章 from the side menu. */
async function openMySignature(page: Page) {
  await page.getByRole('menuitem', { name: '个人设置' }).click();
  await page.getByRole('menuitem', { name: '我的签章' }).click();
  await page.waitForURL(/\/personal\/signature/);
  await page.getByTestId('signature-pad').waitFor();
}

/** Draws a stroke across the pad with the mouse. */
async function drawWithMouse(page: Page) {
  const box = (await page.getByTestId('signature-pad').boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 12; step++) {
    await page.mouse.move(box.x + 30 + step * 15, box.y + box.height / 2 + (step % 2 ? -25 : 25), {
      steps: 3,
    });
  }
  await page.mouse.up();
}

/** Changes a field of a request's data behind the application's back, as an administrator in the database. */
async function tamper(instId: string) {
  const statement = `update bpm_instance set data = jsonb_set(data, '{reason}', '"改过的事由"') where id = $1`;
  const url = process.env.E2E_DATABASE_URL;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(statement, [instId]).finally(() => client.end());
    return;
  }
  // the embedded database belongs to the server process: stop it, edit, start again on the same data
  await server.stop();
  const db = await PGlite.create(join(dataDir, 'pg'));
  await db.query(statement, [instId]);
  await db.close();
  server = await startServer({ dataDir });
}

describe('electronic signatures in Chromium (issue 13)', () => {
  it('draws and saves a signature with the mouse, changes the signing password; axe finds nothing serious', async () => {
    const hujun = await signInAs('hujun');
    const { page } = hujun;
    await openMySignature(page);
    await expect.poll(() => page.getByRole('button', { name: label('保存签名') }).isDisabled()).toBe(true);
    await drawWithMouse(page);
    await page.getByRole('button', { name: label('保存签名') }).click();
    await page.getByTestId('my-signature').locator('img').waitFor();
    // a demo leader has the demo signing password: changing it asks for the old one
    await page.getByLabel('原签章密码').fill(signPassword);
    await page.getByLabel('新签章密码', { exact: true }).fill(SIGN_PASSWORD);
    await page.getByLabel('确认新签章密码').fill(SIGN_PASSWORD);
    await page.getByRole('button', { name: label('修改签章密码') }).click();
    await expect.poll(() => page.getByLabel('原签章密码').inputValue()).toBe('');
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${artifacts}signature-mine.png`, animations: 'disabled' });
  }, 120_000);

  it('draws with touch on a phone-width pad', async () => {
    const context = await browser.newContext({
      locale: 'zh-CN',
      viewport: PHONE,
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    await signIn(page, server.url, 'zhuting');
    await page.waitForURL(`${server.url}/eipFront/index`);
    await page.goto(`${server.url}/eipFront/personal/signature`);
    const pad = page.getByTestId('signature-pad');
    await pad.waitFor();
    const box = (await pad.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(PHONE.width);
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => page.getByRole('button', { name: label('保存签名') }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: label('保存签名') }).click();
    await page.getByTestId('my-signature').locator('img').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('signs the leave request at the leader node, shows who signed, and flags a change made in the database', async () => {
    const subject = '朱婷的事假申请（签章）';
    const instId = await startLeaveByApi(server.url, await apiToken(server.url, 'zhuting'), subject, 2);
    const hujun = users.find((u) => u.account === 'hujun')!;
    const { page } = hujun;
    await openFromList(hujun, server.url, 'myTask', subject);
    const field = await signLeaderField(page, SIGN_PASSWORD);
    await field.getByTestId('signature-image').locator('img').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await handle(hujun, server.url, '同意', { opinion: '同意，已签字' });

    await openFromList(hujun, server.url, 'doneList', subject);
    // only a signature the user can see counts (an image drawn 0 px wide once hid it here)
    const done = page.getByTestId('signature-field-leaderSign').filter({ visible: true });
    const image = done.getByTestId('signature-image');
    await image.locator('img').waitFor();
    // the image beside the leader's opinion in the opinion table too
    await page
      .locator('#eip-approval-history')
      .filter({ visible: true })
      .getByTestId('signature-image')
      .locator('img')
      .waitFor();
    const tooltip = page.locator('.ant-tooltip:visible');
    await expect
      .poll(async () => {
        await image.hover();
        return tooltip.textContent({ timeout: 2_000 }).catch(() => '');
      })
      .toMatch(/胡军 签于 \d{4}-\d{2}-\d{2}/);
    await expect.poll(() => done.textContent()).not.toContain('签名后内容已被修改');

    await tamper(instId);
    const checked = await api<{ status: string; changedFields: string[] }[]>(
      server.url,
      'GET',
      `/uc/uc/electronicSeal/v1/verifySignatures?instId=${instId}`,
      { token: await apiToken(server.url, 'hujun') },
    );
    expect(checked.envelope.value).toEqual([
      expect.objectContaining({ status: 'changed', changedFields: ['reason'] }),
    ]);
    const again = await signInAs('hujun');
    await openFromList(again, server.url, 'doneList', subject);
    const changed = again.page.getByTestId('signature-field-leaderSign');
    await changed.getByText('签名后内容已被修改').waitFor();
    await again.page.getByRole('button', { name: /验证签名/ }).click();
    const verify = again.page.getByRole('dialog', { name: '验证签名' });
    await expect.poll(() => verify.textContent()).toContain('已修改的字段：reason');
    await again.page.screenshot({ path: `${artifacts}signature-changed.png`, animations: 'disabled' });
  }, 240_000);
});
