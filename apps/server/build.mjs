// Bundles the server into dist/server.mjs (the contracts package is compiled in; npm packages stay
// external) and copies the committed migrations and the demo flows next to it.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  alias: { '@eip/contracts': '../../packages/contracts/src' },
  logLevel: 'warning',
});
cpSync('drizzle', 'dist/drizzle', { recursive: true });
cpSync('src/seed/flows', 'dist/flows', { recursive: true });
