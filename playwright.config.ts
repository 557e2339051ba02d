import { defineConfig } from '@playwright/test';

/**
 * Firefox's tests, by their titles as Playwright matches them (the file, then the title): each starts "Firefox: "
 * (firefox.ts, and inFirefox in users/in-both-browsers.ts).
 */
const FIREFOX_TEST = /\sFirefox: /;

/**
 * Whether Firefox's tests wait for Chromium's (set by scripts/test.mjs, for the whole suite): without it, a run of one
 * file of Firefox's tests would run every Chromium test first, as the project it depends on.
 */
const PHASED = process.env.E2E_PHASES === '1';

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
  // In phases (Playwright starts a phase once the one before it has ended): Chromium's tests; then Firefox's, beside
  // the tests that change Chromium's machine state (in the whole suite, see PHASED; else beside Chromium's, and those
  // after both); then the one that changes Firefox's. A test that changes the machine (a browser's policy file) undoes
  // it, and no test of that browser runs while it stands or sees it: each browser reads its own policy file alone
  // (Chromium /etc/chromium/policies, Firefox its distribution folder's). Alone: `npx playwright test
  // tests/e2e/machine --no-deps`.
  projects: [
    { name: 'chromium', testIgnore: /\/machine\//, grepInvert: FIREFOX_TEST },
    // Listed before Firefox's: its two tests are taken first, one at a time in one worker, and the other worker
    // runs Firefox's tests meanwhile.
    {
      name: 'machine-chromium',
      testDir: 'tests/e2e/machine',
      testMatch: /chromium/,
      dependencies: ['chromium'],
      workers: 1,
      fullyParallel: false,
    },
    {
      name: 'firefox',
      testIgnore: /\/machine\//,
      grep: FIREFOX_TEST,
      dependencies: PHASED ? ['chromium'] : [],
    },
    {
      name: 'machine-firefox',
      testDir: 'tests/e2e/machine',
      testMatch: /firefox/,
      dependencies: ['firefox'],
      workers: 1,
      fullyParallel: false,
    },
  ],
});
