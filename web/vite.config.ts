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
    // Two test files at a time. Vitest's default is one fewer than the
    // cores, one on the CI's 2-core machine, where nothing else runs
    // beside these tests (make test runs its steps one after another):
    // 320 s -> 243 s for the whole suite. Each file keeps its own module
    // graph (isolate): the shared one measured 82 s, but the app's
    // module-level state (tokens, the API client's handlers, vi.mock of
    // notify) then leaks from file to file.
    maxWorkers: 2,
  },
});
