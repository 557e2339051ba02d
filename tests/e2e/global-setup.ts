import { execFileSync } from 'node:child_process';

/**
 * Builds the extension once per run: the e2e flavours for Chromium and Firefox, and the release builds that the
 * release-build tests load as users get them (skip with E2E_SKIP_BUILD=1 after `npm run build:e2e && npm run build:all`).
 */
export default function globalSetup(): void {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  execFileSync('npx', ['wxt', 'build', '--mode', 'e2e'], { stdio: 'inherit' });
  execFileSync('npx', ['wxt', 'build', '-b', 'firefox', '--mode', 'e2e'], { stdio: 'inherit' });
  execFileSync('npx', ['wxt', 'build'], { stdio: 'inherit' });
  execFileSync('npx', ['wxt', 'build', '-b', 'firefox'], { stdio: 'inherit' });
}
