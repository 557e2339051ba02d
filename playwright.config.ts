import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // No retry: a test that needs one is a bug to fix. Races a test must win stretch the delay they beat (see
  // stretchDelay in race-window.ts) instead of hoping the machine is quick.
  retries: 0,
  // Two workers on these 2-CPU machines: the tests keep both CPUs about 90 % busy, so a third waits more than it runs.
  workers: 2,
  // Tests, not files, are shared out between the workers: the two longest files (drafts.spec.ts and firefox.spec.ts)
  // otherwise ran each on one worker, and the run ended with one of them alone.
  fullyParallel: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  projects: [
    { name: 'extension', testIgnore: /\/machine\// },
    // Tests that change the machine (a browser's policy file): after every other test, each undoing its change, so
    // that no other test runs while it stands or sees it. A file's tests run one at a time in one worker; the two
    // files side by side, since each browser reads its own policy file alone (Chromium /etc/chromium/policies,
    // Firefox its distribution folder's). Alone: `npx playwright test --no-deps …`.
    { name: 'machine', testDir: 'tests/e2e/machine', dependencies: ['extension'], workers: 2, fullyParallel: false },
  ],
});
