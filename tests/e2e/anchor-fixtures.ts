/**
 * The fixtures of the tests that load the anchoring code alone into a page (anchoring.spec.ts,
 * anchoring-precision.spec.ts): Debian's Chromium, without the extension, and the code's bundle. One fixture set for
 * both files, so that Playwright runs them in one pair of workers, not a pair (and two browsers' starts) each.
 */
import { test as base } from '@playwright/test';
import { buildAnchorBundle } from '../../bench/anchoring';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium-path';

export const test = base.extend<object, { bundle: string }>({
  bundle: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => use(buildAnchorBundle()),
    { scope: 'worker' },
  ],
  launchOptions: [{ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS }, { scope: 'worker' }],
});
