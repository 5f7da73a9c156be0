import { createElement, lazy, useState, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../config';
import { i18n } from '../i18n';
import { page } from './navigation';

/** Spec §8: a piece of the app's code that could not be loaded, or not within 120000 ms (spec §9). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/** Session-storage key: when this page last reloaded itself for a chunk that failed to load. */
export const CHUNK_RELOAD_KEY = 'eip-front-chunk-reload';
/** A second failure within this time of that reload is shown, not reloaded again. */
const RELOAD_WINDOW_MS = 60_000;

/**
 * After a deploy, a page opened before it asks for chunks that are gone: the first failure reloads the page
 * once (the new index.html names the new chunks). Answers false when this page already did so within the
 * last minute (the failure is real, and shown) or cannot remember doing it.
 */
function reloadOnce(): boolean {
  try {
    const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY));
    if (last && Date.now() - last < RELOAD_WINDOW_MS) return false;
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
  } catch {
    return false;
  }
  page.reload();
  return true;
}

/**
 * Loads a chunk of code: a failure, or no answer within `timeoutMs`, rejects with a ChunkLoadError whose
 * message tells the user to reload. A failure first reloads the page once (a new deploy), and then stays
 * pending while the page goes.
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(i18n.t('app.chunkTimeout', { seconds: timeoutMs / 1000 }))),
      timeoutMs,
    );
    load()
      .then(resolve, (error: unknown) => {
        if (!reloadOnce()) reject(new ChunkLoadError(i18n.t('app.chunkFailed'), { cause: error }));
      })
      .finally(() => clearTimeout(timer));
  });
}

type PropsOf<C> = C extends ComponentType<infer P extends object> ? P : never;

/** A component whose code loads on first render, or earlier with `preload`. */
export type LazyPage<P extends object> = ComponentType<P> & {
  /** Starts loading the code (once) without rendering; a failure is left for the first render to show. */
  preload: () => Promise<unknown>;
};

/**
 * A component exported by name from a module that loads on first render (React.lazy through loadChunk). Once
 * loaded — by a render or by `preload` — it renders at once, without a loading state.
 */
export function lazyNamed<M, K extends keyof M, P extends object = PropsOf<M[K]>>(
  load: () => Promise<M>,
  name: K,
): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () =>
    (loading ??= load().then(
      (module) => (loaded = module[name] as ComponentType<P>),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => loadChunk(start).then((component) => ({ default: component })));
  function Page(props: P) {
    // chosen once per mount: switching from the lazy wrapper to the component itself would remount the page
    const [component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(component, props);
  }
  return Object.assign(Page, { preload: () => start().catch(() => undefined) });
}
