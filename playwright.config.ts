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
  // In phases (Playwright starts a phase once the one before it has ended): Chromium's tests, beside the one that
  // changes Firefox's machine state; then Firefox's (the release build's first: the longest, which would otherwise end
  // the run alone), beside the tests that change Chromium's. A test that changes the machine (a browser's policy file)
  // undoes it, and no test of that browser runs while it stands or sees it: each browser reads its own policy file
  // alone (Chromium /etc/chromium/policies, Firefox its distribution folder's). Without the phases (a run of some
  // files, see PHASED) each browser's machine tests run after that browser's tests. Alone: `npx playwright test
  // tests/e2e/machine --no-deps`.
  projects: [
    // Listed first: its one test is taken at the start, and not left to end the phase alone.
    {
      name: 'machine-firefox',
      testDir: 'tests/e2e/machine',
      testMatch: /firefox/,
      dependencies: PHASED ? [] : ['release-firefox', 'firefox'],
      workers: 1,
      fullyParallel: false,
    },
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
      name: 'release-firefox',
      testMatch: /release-firefox\.spec\.ts/,
      dependencies: PHASED ? ['chromium', 'machine-firefox'] : [],
    },
    {
      name: 'firefox',
      testIgnore: [/\/machine\//, /release-firefox\.spec\.ts/],
      grep: FIREFOX_TEST,
      dependencies: PHASED ? ['chromium', 'machine-firefox'] : [],
    },
  ],
});
