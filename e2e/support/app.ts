import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { demoPassword } from './server';

export const TOKEN_KEY = 'eip-front';
export const THEME_KEY = 'eip-front-theme';

/** Signs in through the login page and waits for the landing page's greeting. */
export async function signIn(
  page: Page,
  baseUrl: string,
  account: string,
  password = demoPassword,
  path = '/login',
) {
  await page.goto(`${baseUrl}/eipFront${path}`);
  await page.getByLabel('账号', { exact: true }).fill(account);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/** Opens the avatar menu and picks an entry (or a submenu entry under `parent`). */
export async function profileMenu(page: Page, entry: string | RegExp, parent?: string) {
  await page.getByRole('button', { name: /用户菜单|使用者選單|User menu/ }).click();
  if (parent) {
    await page.getByRole('menuitem', { name: parent }).hover();
  }
  await page.getByRole('menuitem', { name: entry }).last().click();
}

const require = createRequire(import.meta.url);

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core in the page; answers the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  const source = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.addScriptTag({ content: source });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document) => Promise<{ violations: unknown[] }> } }
    ).axe;
    return (await axe.run(document)).violations;
  });
  return (violations as AxeViolation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
}

/** Collects the JavaScript a page loads (bytes gzipped per file) while `load` runs. */
export async function javascriptLoaded(page: Page, load: () => Promise<void>) {
  const files = new Map<string, number>();
  const pending: Promise<void>[] = [];
  const onResponse = (response: Response) => {
    const url = response.url();
    if (!url.endsWith('.js')) return;
    pending.push(
      response
        .body()
        .then((body) => void files.set(url, gzipSync(body, { level: 9 }).length))
        .catch(() => undefined),
    );
  };
  page.on('response', onResponse);
  await load();
  await Promise.all(pending);
  page.off('response', onResponse);
  const total = [...files.values()].reduce((sum, size) => sum + size, 0);
  return { files, total };
}
