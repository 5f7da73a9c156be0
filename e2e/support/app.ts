import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
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

/**
 * Runs axe-core on the whole page; answers the serious and critical violations. It waits until no
 * finite transition or animation is still changing colours (a button fading in from disabled is no
 * contrast fault), but not for endless ones such as spinners and status dots.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
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
