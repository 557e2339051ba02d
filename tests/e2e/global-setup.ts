import { execFileSync } from 'node:child_process';

/**
 * Builds the e2e flavours of the extension once per run, for Chromium and for Firefox (skip with E2E_SKIP_BUILD=1
 * after `npm run build:e2e`).
 */
export default function globalSetup(): void {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  execFileSync('npx', ['wxt', 'build', '--mode', 'e2e'], { stdio: 'inherit' });
  execFileSync('npx', ['wxt', 'build', '-b', 'firefox', '--mode', 'e2e'], { stdio: 'inherit' });
}
