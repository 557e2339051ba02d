/** Registers a draft scenario as two tests, one in Chromium and one in Firefox, each on the same draft. */
import { test as chromiumTest } from '../fixtures';
import { test as firefoxTest } from '../firefox';
import { checkedDraftInChromium } from './chromium-user';
import type { DraftPage, DraftUser } from './draft-user';
import { checkedDraftInFirefox } from './firefox-user';

export function inBothBrowsers(title: string, draft: DraftPage, scenario: (user: DraftUser) => Promise<void>): void {
  chromiumTest(title, async ({ configure, openPopup, openDemoPage, openBundledPage }) =>
    scenario(await checkedDraftInChromium({ configure, openPopup, openDemoPage, openBundledPage }, draft)),
  );
  firefoxTest(`Firefox: ${title}`, async ({ configure, openPopup, openDemoPage, openBundledPage }) =>
    scenario(await checkedDraftInFirefox({ configure, openPopup, openDemoPage, openBundledPage }, draft)),
  );
}
