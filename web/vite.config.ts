import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The API (npm run dev:all) listens on 8000; the dev server forwards /api and /samples to it.
const apiTarget = process.env.VITE_DEV_API ?? 'http://localhost:8000';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: {
      // The API checks Origin on state-changing requests, so the proxy presents the API's own origin.
      '/api': { target: apiTarget, changeOrigin: true, headers: { origin: apiTarget } },
      '/samples': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    // The bench reads the manifest to tell what the landing page loads.
    manifest: true,
    chunkSizeWarningLimit: 800,
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
  },
});
