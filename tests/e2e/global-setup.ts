import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { BUNDLES_DIR } from './rich-editor-pages';

/**
 * Builds the extension once per run: the e2e flavours for Chromium and Firefox, and the release builds that the
 * release-build tests load as users get them (skip with E2E_SKIP_BUILD=1 after `npm run build:e2e && npm run build:all`).
 * The test pages' bundles of the last run go, so that this run's are made from the sources as they are.
 */
export default function globalSetup(): void {
  rmSync(BUNDLES_DIR, { recursive: true, force: true });
  if (process.env.E2E_SKIP_BUILD === '1') return;
  execFileSync('npx', ['wxt', 'build', '--mode', 'e2e'], { stdio: 'inherit' });
  execFileSync('npx', ['wxt', 'build', '-b', 'firefox', '--mode', 'e2e'], { stdio: 'inherit' });
  execFileSync('npx', ['wxt', 'build'], { stdio: 'inherit' });
  execFileSync('npx', ['wxt', 'build', '-b', 'firefox'], { stdio: 'inherit' });
}
