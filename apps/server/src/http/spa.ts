import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const SPA_BASE = '/eipFront';

/**
 * Serves the built web app under /eipFront: hashed assets are cached for a year, index.html never;
 * any other path under the base (a deep link such as /eipFront/index) answers index.html.
 * Answers whether the app was there to serve.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<boolean> {
  if (!existsSync(path.join(distDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: `${SPA_BASE}/`,
    index: ['index.html'],
    redirect: true,
    wildcard: true,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/', (_request, reply) => reply.redirect(`${SPA_BASE}/`));
  return true;
}

export const isSpaDeepLink = (url: string) =>
  (url === SPA_BASE || url.startsWith(`${SPA_BASE}/`)) && !url.startsWith(`${SPA_BASE}/assets/`);
