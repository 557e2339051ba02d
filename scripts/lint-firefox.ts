/**
 * `web-ext lint` over the Firefox build: it fails on any error, and on any warning that docs/store.md does not
 * explain (today only Preact's own `innerHTML`, behind `dangerouslySetInnerHTML`, which FactLens never uses).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface Finding {
  code: string;
  file?: string;
  message: string;
}

const BUILD = '.output/firefox-mv2';
const PREACT_RENDERER = /dangerouslySetInnerHTML/;

/** A warning is explained when it is Preact's renderer setting `innerHTML` from `dangerouslySetInnerHTML`. */
function explained(warning: Finding): boolean {
  if (warning.code !== 'UNSAFE_VAR_ASSIGNMENT' || !warning.file) return false;
  return PREACT_RENDERER.test(readFileSync(join(BUILD, warning.file), 'utf8'));
}

function sourcesUseDangerousHtml(): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && readFileSync(path, 'utf8').includes('dangerouslySetInnerHTML'))
        found.push(path);
    }
  };
  for (const folder of ['components', 'entrypoints', 'utils']) walk(folder);
  return found;
}

let output = '';
try {
  output = execFileSync(
    'npx',
    ['web-ext', 'lint', '--source-dir', BUILD, '--no-config-discovery', '--output', 'json'],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
} catch (error) {
  // web-ext exits non-zero on errors and still prints its report.
  output = String((error as { stdout?: string }).stdout ?? '');
}
const report = JSON.parse(output) as { errors: Finding[]; warnings: Finding[]; notices: Finding[] };
const unexplained = report.warnings.filter((warning) => !explained(warning));
const ownHtml = sourcesUseDangerousHtml();
console.log(
  `web-ext lint: ${report.errors.length} errors, ${report.warnings.length} warnings ` +
    `(${report.warnings.length - unexplained.length} explained in docs/store.md), ${report.notices.length} notices`,
);
for (const finding of [...report.errors, ...unexplained])
  console.log(`  ${finding.code} ${finding.file ?? ''}: ${finding.message}`);
for (const path of ownHtml)
  console.log(`  ${path} uses dangerouslySetInnerHTML: the explained warning no longer holds`);
process.exitCode = report.errors.length || unexplained.length || ownHtml.length ? 1 : 0;
