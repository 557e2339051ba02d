#!/usr/bin/env node
/**
 * `npm test`: everything — the e2e builds; then the e2e suite in Chromium and the Firefox build's in Firefox ESR,
 * beside the release builds, the unit tests and the Firefox build's `web-ext lint`; the check (types, lint, format)
 * beside all of it — then one closing line with the totals.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';

// Not under test-results/: Playwright empties that folder when it starts.
const REPORTS = '.cache/test-reports';
// A step that never ran must count nothing: no totals left over from an earlier run.
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });
const started = Date.now();
// Every build once: the unit tests read the release builds, web-ext lint the Firefox one, the e2e suite all four
// (FACTLENS_BUILT and E2E_SKIP_BUILD tell them not to build again).
const BUILT = { FACTLENS_BUILT: '1', E2E_SKIP_BUILD: '1' };
// The e2e suite's projects in phases, Firefox's beside the tests that change Chromium's machine (playwright.config.ts).
const env = { ...process.env, ...BUILT, E2E_PHASES: '1', PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/e2e.json` };

/**
 * Runs one step; resolves with whether it passed. Its output goes to the terminal, or (`log`) to a file, for a step
 * that runs beside others and is printed once the suite ends. `nice`: at the lowest CPU priority, on what the other
 * steps leave idle.
 */
function run([name, command, args], { log, nice = false } = {}) {
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}${log ? ' (beside the next steps)' : ''}`);
  const output = log ? openSync(log, 'w') : 'inherit';
  const [program, programArgs] = nice ? ['nice', ['-n', '19', command, ...args]] : [command, args];
  return new Promise((resolve) => {
    const child = spawn(program, programArgs, { stdio: ['ignore', output, output], env });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => {
      if (log) console.log(`\n▶ ${name} ${code === 0 ? 'passed' : 'failed'} (its output follows the e2e suite's)`);
      resolve(code === 0);
    });
  });
}

/** Where a step that runs beside others writes its output. */
const logOf = ([name]) => `${REPORTS}/${name.replace(/\W/g, '-')}.log`;

/**
 * Runs `steps` one after another, until one fails; resolves with the name of the one that failed, if any. `beside`:
 * their output to their logs.
 */
async function inOrder(steps, beside = false) {
  for (const step of steps) if (!(await run(step, beside ? { log: logOf(step) } : {}))) return step[0];
  return null;
}

const CHECK = ['check', 'npm', ['run', '-s', 'check']];
const UNIT = [
  'unit',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=.cache/test-reports/unit.json'],
];
const FIREFOX_LINT = ['firefox lint', 'npx', ['tsx', 'scripts/lint-firefox.ts']];
const E2E = ['e2e', 'npx', ['playwright', 'test', '--reporter=list,json']];
// The e2e suite, the longest step by far, starts as soon as the builds it loads first are made (the e2e builds: the
// release builds' tests run minutes later, Chromium's among its last files, Firefox's in the second phase). The release
// builds follow beside it, then the unit tests and web-ext lint, which read them, at the normal priority (their tests
// have time limits). The check reads only
// the sources (the builds leave .wxt/ as `npm install` wrote it), at the lowest priority, from the start: the e2e suite
// leaves part of the CPUs idle while its browsers wait.
const checked = run(CHECK, { log: logOf(CHECK), nice: true });
let failedStep = await inOrder([['e2e builds', 'npm', ['run', '-s', 'build:e2e']]]);
const besideSteps = [['release builds', 'npm', ['run', '-s', 'build:all']], UNIT, FIREFOX_LINT];
if (!failedStep) {
  const beside = inOrder(besideSteps, true);
  const e2ePassed = await run(E2E);
  failedStep = await beside;
  if (!e2ePassed) failedStep ??= 'e2e';
}
const checkPassed = await checked;
for (const step of [...besideSteps, CHECK])
  if (existsSync(logOf(step))) console.log(`\n▶ ${step[0]}'s output:\n${readFileSync(logOf(step), 'utf8')}`);
if (!checkPassed) failedStep ??= 'check';

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

/**
 * The e2e tests of one outcome (Playwright's "flaky": passed at a retry; "unexpected": failed), each named with its
 * project and, for a failure, its error's first line: the CI log keeps only its end, where this is printed.
 */
function titlesOf(report, status) {
  const titles = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const run of spec.tests.filter((test) => test.status === status)) {
        const error = run.results.at(-1)?.error?.message?.split('\n')[0] ?? '';
        // eslint-disable-next-line no-control-regex -- the message carries the terminal's colour codes
        const plain = error.replace(/\u001b\[[0-9;]*m/g, '').slice(0, 200);
        titles.push(`[${run.projectName}] ${spec.file}:${spec.line} › ${spec.title}${plain ? `\n      ${plain}` : ''}`);
      }
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
  flaky: titlesOf(report, 'flaky'),
  failures: titlesOf(report, 'unexpected'),
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
if (e2e.failures?.length) {
  console.log(`Failed e2e tests (${e2e.failures.length}):`);
  for (const title of e2e.failures) console.log(`  ${title}`);
}
if (failedStep) console.log(`The "${failedStep}" step failed.`);
// A failed step adds one only when no test of its own failed (say, lint): otherwise it was counted twice.
const testsFailed = unit.failed + e2e.failed;
const failed = testsFailed + (failedStep && testsFailed === 0 ? 1 : 0);
console.log(`Tests: ${unit.passed + e2e.passed} passed, ${failed} failed, ${unit.skipped + e2e.skipped} skipped`);
process.exit(failedStep ? 1 : 0);
