import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // One retry: a whole suite run of 300 browser tests is lost to one timing flake otherwise (stop 42's CI was).
  // Flakiness must still show: scripts/test.mjs names every test that passed only at its retry.
  retries: 1,
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results',
});
