import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // One retry: a whole suite run of 300 browser tests is lost to one timing flake otherwise (stop 42's CI was).
  // Flakiness must still show: scripts/test.mjs names every test that passed only at its retry.
  retries: 1,
  // Two workers on these 2-CPU machines: the suite took 12.3 and 12.5 min in two runs (337 passed, none failed, no
  // retries), against 14.4 min with one. Not more: each test runs its own browser, and two already share the CPUs
  // (the tests' own times add up to 1.85 times what they do alone).
  workers: 2,
  // Tests, not files, are shared out between the workers: the two longest files (drafts.spec.ts and firefox.spec.ts,
  // about 6 minutes of tests each) otherwise ran each on one worker, and the run ended with one of them alone. The
  // suite (388 tests) took 13.5 min so, against 15.9 min by files.
  fullyParallel: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results',
});
