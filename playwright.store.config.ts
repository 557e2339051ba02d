import { defineConfig } from '@playwright/test';

/**
 * `npm run store-shots`: the five store screenshots, taken from real runs against the double (scripts/store/shots.ts).
 * A script, not part of `npm test`: each shot asserts what it shows, but the pictures are its point.
 */
export default defineConfig({
  testDir: 'scripts/store',
  testMatch: 'shots.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  retries: 0,
  workers: 1,
  timeout: 60_000,
  reporter: [['list']],
  outputDir: 'test-results/store',
});
