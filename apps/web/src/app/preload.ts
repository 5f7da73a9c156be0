import { LATER_CHUNKS_ID } from '../../build/prefetchList';
import { LANDING_PATH } from '../config';
import { restoreLanguage } from '../i18n';
import { lazyNamed } from './lazy';
import { STATIC_PAGES } from './routes/pages';

/**
 * Everything behind sign-in: the layouts and the pages built from the server menu. It waits for the stored
 * language's texts, which the sign-in page does not need.
 */
export const Shell = lazyNamed(
  () => Promise.all([import('../layouts/Shell'), restoreLanguage()]).then(([module]) => module),
  'Shell',
);

/** Ant Design's providers, around every page but the sign-in page. */
export const ThemedOutlet = lazyNamed(() => import('./themedAntd'), 'ThemedOutlet');

/** The component name of the landing page (spec §9: default open /index). */
const LANDING_PAGE = STATIC_PAGES.find((page) => page.pattern === LANDING_PATH)?.page;

/**
 * The code of the first page after sign-in — the shell and the landing page — loads while the user types
 * (and at the latest while the sign-in call runs), so that page shows at once after sign-in.
 */
export function preloadSignedIn(): Promise<unknown> {
  return Promise.all([
    ThemedOutlet.preload(),
    Shell.preload(),
    LANDING_PAGE &&
      import('../pages/registry').then(
        ({ preloadPage }) => preloadPage(LANDING_PAGE),
        () => undefined,
      ),
  ]);
}

/**
 * The rest of the app (every page, flow chart, forms, editors, charts) is fetched into the browser's cache at
 * low priority, without running it: it is then at hand after sign-in, even on a slow branch-office link.
 */
function prefetchLaterChunks(): void {
  const list = document.getElementById(LATER_CHUNKS_ID)?.textContent;
  if (!list) return;
  for (const file of JSON.parse(list) as string[]) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = import.meta.env.BASE_URL + file;
    document.head.append(link);
  }
}

let signingIn: Promise<void> | undefined;

/** While the user types on the sign-in page: the first page after it, then the rest of the app. Once a page. */
export const prefetchWhileSigningIn = (): Promise<void> =>
  (signingIn ??= preloadSignedIn().then(prefetchLaterChunks, prefetchLaterChunks));
