import { readdir, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn, TOKEN_KEY } from './support/app';
import { apiToken } from './support/approval';
import { setupHarness } from './support/harness';

/**
 * Issue 14, hardening as a browser and an operator see it: another site cannot frame the login page, and the
 * data directory the server created (embedded database, uploads, secret) is the server user's alone.
 */
const harness = setupHarness();

/** Every file and directory under `dir` with the bits others have on it. */
async function modes(dir: string): Promise<{ path: string; mode: number; directory: boolean }[]> {
  const found: { path: string; mode: number; directory: boolean }[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    found.push({ path, mode: (await stat(path)).mode & 0o777, directory: entry.isDirectory() });
    if (entry.isDirectory()) found.push(...(await modes(path)));
  }
  return found;
}

describe('hardening (issue 14)', () => {
  let attacker: Server | undefined;
  afterAll(() => {
    attacker?.closeAllConnections();
    attacker?.close();
  });

  it('another site that frames the login page shows nothing of it', async () => {
    const { server, browser } = await harness();
    attacker = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(
        `<!doctype html><title>evil</title><iframe id="victim" src="${server.url}/eipFront/login"></iframe>`,
      );
    });
    await new Promise<void>((resolve) => attacker!.listen(0, '127.0.0.1', resolve));
    const { page } = await browser.newPage();
    await page.goto(`http://localhost:${(attacker.address() as AddressInfo).port}/`);
    await page.locator('#victim').waitFor();
    // the framed document never becomes the portal's: no password field is ever in it
    await page.waitForTimeout(1500);
    const framed = page.frames().find((frame) => frame !== page.mainFrame());
    expect(framed).toBeDefined();
    expect(framed!.url()).not.toContain('/eipFront/login');
    expect(await framed!.locator('input[type="password"]').count()).toBe(0);
    // the same page opened on its own signs in as usual
    await page.goto(`${server.url}/eipFront/login`);
    await page.getByLabel('密码', { exact: true }).waitFor();
  });

  it('a link with another user’s token switches the account only after the user confirms', async () => {
    const { server, browser } = await harness();
    const { page, errors } = await browser.newPage();
    await signIn(page, server.url, 'zhuting');
    await page.waitForURL(`${server.url}/eipFront/index`);
    const mine = await page.evaluate((key) => sessionStorage.getItem(key), TOKEN_KEY);
    const linas = await apiToken(server.url, 'lina');
    const dialog = page.getByRole('dialog', { name: '切换账号？' });

    await page.goto(`${server.url}/eipFront/matter/myRequest?token=${linas}`);
    await dialog.getByText('此链接将以 李娜 的身份登录，当前已登录 朱婷。').waitFor();
    await dialog.getByRole('button', { name: '保持 朱婷' }).click();
    await page.waitForURL(`${server.url}/eipFront/matter/myRequest`);
    expect(await page.evaluate((key) => sessionStorage.getItem(key), TOKEN_KEY)).toBe(mine);

    await page.goto(`${server.url}/eipFront/matter/myRequest?token=${linas}`);
    await dialog.getByRole('button', { name: '切换为 李娜' }).click();
    await page.waitForURL(`${server.url}/eipFront/matter/myRequest`);
    await expect.poll(() => page.evaluate((key) => sessionStorage.getItem(key), TOKEN_KEY)).toBe(linas);
    expect(errors).toEqual([]);
  });

  it('the data directory and everything in it is readable by the server user only', async () => {
    const { server } = await harness();
    const entries = await modes(server.dataDir);
    expect(entries.some((entry) => entry.path.includes(`${server.dataDir}/pg`))).toBe(true);
    expect(entries.some((entry) => entry.path.includes(`${server.dataDir}/files/`))).toBe(true);
    expect((await stat(server.dataDir)).mode & 0o077).toBe(0);
    // PGlite sets its own files' modes (0666) whatever the umask; its directories keep everyone else out
    const embedded = join(server.dataDir, 'pg');
    const loose = entries.filter(
      (entry) => (entry.mode & 0o077) !== 0 && (entry.directory || !entry.path.startsWith(`${embedded}/`)),
    );
    expect(loose.map((entry) => `${entry.path} ${entry.mode.toString(8)}`)).toEqual([]);
    expect(server.output()).not.toContain('others may read or write these data files');
  });
});
