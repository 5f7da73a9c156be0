import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { pdfjsAssets } from './build/pdfjsAssets.ts';
import { prefetchList } from './build/prefetchList.ts';

/** In development every path outside the app (the API groups) goes to a running server, port 8080 by default. */
const apiTarget = process.env.EIP_API_URL ?? 'http://localhost:8080';

const nodeModule = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);

/**
 * Chunks by what loads when, never by page: what the first page needs (`$initial`: the entry's static
 * imports — the providers, the router and the sign-in page) is three files: React, the other libraries, and
 * the app's own code. React changes least, so it stays cached across most deploys. Everything loaded later
 * (the shell, every page, flow charts, editors, charts) is split by the bundler along its dynamic imports.
 */
const codeSplitting = {
  groups: [
    {
      name: 'react',
      tags: ['$initial' as const],
      test: nodeModule('react|react-dom|scheduler'),
      priority: 3,
    },
    { name: 'vendor', tags: ['$initial' as const], test: nodeModule('.+'), priority: 2 },
    { name: 'app', tags: ['$initial' as const], priority: 1 },
  ],
};

export default defineConfig({
  base: '/eipFront/',
  plugins: [
    react(),
    prefetchList(),
    pdfjsAssets(),
    // every text asset also as .br (quality 11) and .gz (level 9): the server picks one by Accept-Encoding
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: { output: { codeSplitting } },
  },
  server: {
    proxy: { '^/(?!eipFront(/|$))': { target: apiTarget, changeOrigin: true } },
  },
});
