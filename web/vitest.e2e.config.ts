import { defineConfig } from 'vitest/config';

// End-to-end tests drive Debian's Chromium (playwright-core, no bundled
// browser) against the real binary at PORTAL_E2E_URL.
export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // one retry: a browser test that fails once on a loaded CI machine and
    // then passes is reported as flaky (scripts/e2e.sh lists it), not lost work
    retry: 1,
  },
});
