#!/usr/bin/env node
/**
 * `npm test`: everything, in order — check (types, lint, format), every build, unit tests, the Firefox build's
 * `web-ext lint`, the e2e suite in Chromium and the Firefox build's in Firefox ESR — then one closing line with the totals.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

// Not under test-results/: Playwright empties that folder when it starts.
const REPORTS = '.cache/test-reports';
// A step that never ran must count nothing: no totals left over from an earlier run.
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });
const started = Date.now();
// Every build once, first: the unit tests read the release builds, web-ext lint the Firefox one, the e2e suite all
// four (FACTLENS_BUILT and E2E_SKIP_BUILD tell them not to build again).
const BUILT = { FACTLENS_BUILT: '1', E2E_SKIP_BUILD: '1' };
const steps = [
  ['check', 'npm', ['run', '-s', 'check']],
  ['build', 'npm', ['run', '-s', 'build:every']],
  [
    'unit',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=.cache/test-reports/unit.json'],
  ],
  ['firefox lint', 'npx', ['tsx', 'scripts/lint-firefox.ts']],
  ['e2e', 'npx', ['playwright', 'test', '--reporter=list,json']],
];

let failedStep = null;
for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const env = { ...process.env, ...BUILT, PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/e2e.json` };
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    failedStep = name;
    break;
  }
}

function counts(file, read) {
  try {
    return read(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return { passed: 0, failed: 0, skipped: 0 };
  }
}
const unit = counts(`${REPORTS}/unit.json`, (report) => ({
  passed: report.numPassedTests,
  failed: report.numFailedTests,
  skipped: report.numPendingTests + report.numTodoTests,
}));

/** The titles of the e2e tests that failed and then passed at their retry (Playwright's "flaky"). */
function flakyTitles(report) {
  const titles = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      if (spec.tests.some((run) => run.status === 'flaky')) titles.push(`${spec.file}:${spec.line} › ${spec.title}`);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return titles;
}
const e2e = counts(`${REPORTS}/e2e.json`, (report) => ({
  passed: report.stats.expected + report.stats.flaky,
  failed: report.stats.unexpected,
  skipped: report.stats.skipped,
  flaky: flakyTitles(report),
}));
// No report (the e2e step never ran): none.
const flaky = e2e.flaky ?? [];

const seconds = Math.round((Date.now() - started) / 1000);
console.log(
  `\nunit: ${unit.passed} passed, ${unit.failed} failed; e2e: ${e2e.passed} passed, ${e2e.failed} failed; ${seconds} s`,
);
// A pass at the retry is a pass, but never a quiet one: each is named, for the note and for a fix.
if (flaky.length) {
  console.log(`Passed only at their retry (${flaky.length}), each a flake to find:`);
  for (const title of flaky) console.log(`  ${title}`);
}
if (failedStep) console.log(`The "${failedStep}" step failed.`);
// A failed step adds one only when no test of its own failed (say, lint): otherwise it was counted twice.
const testsFailed = unit.failed + e2e.failed;
const failed = testsFailed + (failedStep && testsFailed === 0 ? 1 : 0);
console.log(`Tests: ${unit.passed + e2e.passed} passed, ${failed} failed, ${unit.skipped + e2e.skipped} skipped`);
process.exit(failedStep ? 1 : 0);
