import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** In development every path outside the app (the API groups) goes to a running server, port 8080 by default. */
const apiTarget = process.env.EIP_API_URL ?? 'http://localhost:8080';

export default defineConfig({
  base: '/eipFront/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: { '^/(?!eipFront(/|$))': { target: apiTarget, changeOrigin: true } },
  },
});
