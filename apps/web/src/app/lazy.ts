import { lazy, type LazyExoticComponent } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../config';
import { i18n } from '../i18n';

/** Spec §8: a piece of the app's code that could not be loaded, or not within 120000 ms (spec §9). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/**
 * Loads a chunk of code: a failure, or no answer within `timeoutMs`, rejects with a ChunkLoadError whose
 * message tells the user to reload.
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(i18n.t('app.chunkTimeout', { seconds: timeoutMs / 1000 }))),
      timeoutMs,
    );
    load()
      .then(resolve, (error: unknown) =>
        reject(new ChunkLoadError(i18n.t('app.chunkFailed'), { cause: error })),
      )
      .finally(() => clearTimeout(timer));
  });
}

/** What React.lazy can render. */
type LazyComponent = Awaited<ReturnType<Parameters<typeof lazy>[0]>>['default'];

/** A component exported by name from a module that loads on first render (React.lazy through loadChunk). */
export function lazyNamed<M extends Record<K, LazyComponent>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(() => loadChunk(load).then((module) => ({ default: module[name] })));
}
