import { existsSync } from 'node:fs';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const SPA_BASE = '/eipFront';

/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * What is compressed on the fly: JSON, and text (the API docs' scripts and styles) — never server-sent event
 * streams, which must reach the browser event by event.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|^application\/(?:javascript|[\w.+-]*json)(?:;|$)/u;

/**
 * Compresses answers on the fly (brotli or gzip, by Accept-Encoding) with @fastify/compress. Files that already
 * carry a Content-Encoding (the web app's precompressed assets) pass through untouched.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    // brotli's default (quality 11) is for files built once; a live answer needs speed
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

/**
 * Serves the built web app under /eipFront. Each file is sent as its brotli or gzip sibling (built by the web
 * build) when Accept-Encoding allows, with `Vary: Accept-Encoding`. Hashed assets are cached for a year as
 * immutable; index.html and anything else not hashed is revalidated on every load (`no-cache` with an ETag,
 * answered 304 when unchanged), so a new deploy is picked up at the next load. Any other path under the base
 * (a deep link such as /eipFront/index) answers index.html. Answers whether the app was there to serve.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(path.join(distDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: `${SPA_BASE}/`,
    index: ['index.html'],
    redirect: true,
    wildcard: true,
    preCompressed: true,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/', (_request, reply) => reply.redirect(`${SPA_BASE}/`));
  return true;
}

export const isSpaDeepLink = (url: string) =>
  (url === SPA_BASE || url.startsWith(`${SPA_BASE}/`)) && !url.startsWith(`${SPA_BASE}/assets/`);
