/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The Go server (cmd/portal serve) listens on :8080 during development.
const backend = 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/user-service': backend,
      '/portal-service': backend,
      '/openapi.json': backend,
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // Keep every script an external file: the server's CSP forbids inline scripts.
    assetsInlineLimit: 0,
    sourcemap: false,
    // The entry chunk holds React, Mantine and the router (~170 KB gzipped);
    // scripts/initial-size.mjs enforces the real budget on what a first visit loads.
    chunkSizeWarningLimit: 700,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // above the 5 s that findBy* may wait (src/test/setup.ts)
    testTimeout: 20_000,
  },
});
