/** Registers a scenario written once as a test in Chromium, in Firefox, or in both. */
import { test as chromiumTest } from '../fixtures';
import { test as firefoxTest } from '../firefox';
import { chromiumBrowser } from './chromium';
import { checkedDraft, type DraftPage, type DraftUser } from './draft-user';
import { firefoxBrowser } from './firefox';
import type { BrowserUser } from './user';

/** The Chromium test of a scenario: the same language, for what is run in Chromium alone (a further seed, say). */
export function inChromium(title: string, scenario: (browser: BrowserUser) => Promise<void>): void {
  chromiumTest(
    title,
    async ({
      context,
      serviceWorker,
      double,
      configure,
      openDemoPage,
      openBundledPage,
      openPopup,
      openExtensionPage,
    }) =>
      scenario(
        chromiumBrowser({
          context,
          serviceWorker,
          double,
          configure,
          openDemoPage,
          openBundledPage,
          openPopup,
          openExtensionPage,
        }),
      ),
  );
}

/** The Firefox test of a scenario. */
export function inFirefox(title: string, scenario: (browser: BrowserUser) => Promise<void>): void {
  firefoxTest(
    `Firefox: ${title}`,
    async ({ double, configure, openDemoPage, openBundledPage, openServedPage, openPopup, openExtensionPage }) =>
      scenario(
        firefoxBrowser({
          double,
          configure,
          openDemoPage,
          openBundledPage,
          openServedPage,
          openPopup,
          openExtensionPage,
        }),
      ),
  );
}

/** A scenario written once, run as two tests: one in Chromium, one in Firefox. */
export function inBothBrowsers(title: string, scenario: (browser: BrowserUser) => Promise<void>): void {
  inChromium(title, scenario);
  inFirefox(title, scenario);
}

/** A scenario on a draft, checked from the popup before it starts, in both browsers. */
export function onDraftInBothBrowsers(
  title: string,
  draft: DraftPage,
  scenario: (user: DraftUser) => Promise<void>,
): void {
  inBothBrowsers(title, async (browser) => scenario(await checkedDraft(browser, draft)));
}
