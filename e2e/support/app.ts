import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { errors, type Locator, type Page } from 'playwright-core';
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

/**
 * Opens the avatar menu, picks an entry (or a submenu entry under `parent`) and waits until `outcome` shows. On a
 * busy machine the menu, its submenu or the entry can miss the click or the hover while it opens or closes: then
 * the menu is closed and the entry asked for again, three times at most. An outcome that came late (a pick that
 * did act, slowly) ends it too: a language switch renames the very menu the next try would look for.
 */
export async function profileMenu(page: Page, entry: string | RegExp, outcome: Locator, parent?: string) {
  const item = page.getByRole('menuitem', { name: entry }).last();
  const settled = (step: Promise<unknown>) =>
    step.then(
      () => true,
      () => false,
    );
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    if (attempt > 1 && (await outcome.isVisible())) return;
    await page.getByRole('button', { name: /用户菜单|使用者選單|User menu/ }).click();
    if (parent) await settled(page.getByRole('menuitem', { name: parent }).hover({ timeout: 5_000 }));
    if (
      (await settled(item.click({ timeout: 8_000 }))) &&
      (await settled(outcome.waitFor({ timeout: 15_000 })))
    )
      return;
    await page.keyboard.press('Escape');
    await page.mouse.move(0, 0);
  }
  throw new Error(`the profile menu's ${String(entry)} did not lead to ${String(outcome)}`);
}

/**
 * Opens a drop-down with `opener` (a click on it, or a step of its own such as typing a search) and clicks
 * `entry` until `arrived` holds: on a busy machine the click can land while the drop-down is still opening and
 * be lost. The drop-down is opened only while the entry is hidden (a click on the opener of a drop-down still
 * open would close it), and never with Escape (in a dialog it closes the dialog). Three tries at most.
 */
export async function dropdownPickUntil(
  opener: Locator | (() => Promise<unknown>),
  entry: Locator,
  arrived: () => boolean | Promise<boolean>,
) {
  const page = entry.page();
  const open = typeof opener === 'function' ? opener : () => opener.click();
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    if (attempt > 1 && (await arrived())) return;
    if (!(await entry.isVisible())) await open();
    await entry.click({ timeout: 8_000 }).catch((error: unknown) => {
      // a click that timed out is tried again; any other failure (two entries, a bad locator) is the test's
      if (!(error instanceof errors.TimeoutError)) throw error;
    });
    for (let wait = 0; wait < 25; wait += 1) {
      if (await arrived()) return;
      await page.waitForTimeout(200);
    }
  }
  throw new Error(`picking ${String(entry)} did not arrive`);
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
  // evaluated through the DevTools protocol: the page's content security policy allows no injected script tag
  await page.evaluate(source);
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

/**
 * Waits until nothing was seen for `ms` (the live push stream never lets the network go idle, so network
 * idle never comes): `lastSeenAt` answers when the watched requests or responses were last seen.
 */
export async function quietFor(page: Page, lastSeenAt: () => number, ms = 1000): Promise<void> {
  while (Date.now() - lastSeenAt() < ms) await page.waitForTimeout(200);
}
