/**
 * E2E fixtures: the built extension loaded into Debian's Chromium (headless), one browser for each worker set back to
 * a fresh one's state between tests (see shared-browser.ts), and the service double on a free port, reset between
 * tests.
 */
import { test as base, type BrowserContext, type Locator, type Page, type Worker } from '@playwright/test';
import { startServiceDouble, type ServiceDouble } from '../../service-double/server';
import type { EndpointName } from '../../utils/shared/endpoints';
import type { Settings } from '../../utils/contract/settings';
import { launchWithExtension, settingsFor, type ExtensionBrowser } from '../../scripts/extension-browser';
import { extensionApiPage, openTab, resetForNextTest } from './shared-browser';
import { startDocsDouble, type DocsDouble } from './docs-double/server';
import { checkDraft, overlayBadges } from './chromium-steps';
import { newestTabAt } from './in-page-probes';
import { expect } from './quick-expect';
import { bundledPage } from './rich-editor-pages';

export const E2E_KEY = 'e2e-key-9b7d';

/** Runs the service double on a free port, accepting E2E_KEY, for as long as `use` runs (a worker's tests). */
export async function withDouble(use: (double: ServiceDouble) => Promise<void>): Promise<void> {
  const double = await startServiceDouble({ port: 0, keys: [E2E_KEY] });
  await use(double);
  await double.close();
}

/** The settings the tests save (see settingsFor). */
export const e2eSettings = settingsFor;

interface WorkerFixtures {
  double: ServiceDouble;
  /** The Google Docs double (docs-double/), which the worker's Chromium reaches as docs.google.com. */
  docs: DocsDouble;
  /** The worker's Chromium, shared by its tests (see `context`). */
  sharedBrowser: ExtensionBrowser;
}

export interface TestFixtures {
  /**
   * Whether the browser draws scroll bars (`test.use({ showScrollBars: true })`): headless Chromium hides them, the
   * system's and the page's own styled ones alike, which a user's browser shows and which narrow a field's text.
   */
  showScrollBars: boolean;
  /**
   * A browser of the test's own (`test.use({ ownBrowser: true })`), for a test that leaves it in a state no reset
   * undoes: one that reloads the extension (which unloads an extension loaded from the command line, for good).
   */
  ownBrowser: boolean;
  /** A browser of the test's own in this language (`test.use({ browserLanguage: 'de' })`); '' for the shared, English one. */
  browserLanguage: string;
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
  /** Opens an extension page, e.g. `options.html`. */
  openExtensionPage: (file: string) => Promise<Page>;
  /** Saves the key and the double's address (and any other settings) through the background, as the options page does. */
  configure: (settings?: Partial<Settings>, timeouts?: Partial<Record<EndpointName, number>>) => Promise<void>;
  /** Removes the saved key (the settings stay), through the background, as the options page does. */
  removeApiKey: () => Promise<void>;
  /** Opens a page served by the double (e.g. `article.html`) and returns it with its tab id. */
  openDemoPage: (file: string, host?: '127.0.0.1' | 'localhost') => Promise<{ page: Page; tabId: number }>;
  /**
   * Opens a demo page (e.g. `article.html`) at a host the e2e build has no permission for and no click granted
   * (http://ungranted.test, routed to the double's page): the extension cannot reach it, and the browser hides even
   * its address from it, so its tab is found as the one that is new.
   */
  openUngrantedPage: (file: string) => Promise<{ page: Page; tabId: number }>;
  /**
   * Bundles a script of tests/e2e/pages (`script`, e.g. `react-draft.ts`) with esbuild, serves it in a page whose
   * body is `body` at the double's address (the service cannot reach it: a check sends its text), and opens it.
   */
  openBundledPage: (script: string, body: string) => Promise<{ page: Page; tabId: number }>;
  /** Opens the popup for a tab (as `popup.html?tabId=N`, since a test cannot click the toolbar). */
  openPopup: (tabId: number) => Promise<Page>;
  /** Stops the extension's service worker (CDP), as Chrome does to an idle one, then wakes it with a message. */
  restartWorker: () => Promise<Worker>;
  /** Configures the extension, opens a demo page and the popup for it (most flows start there). */
  popupOn: (file?: string) => Promise<{ page: Page; tabId: number; popup: Page }>;
  /**
   * The same, then "Check this page" on the demo article, until its 12 claims are checked and `drawn` of them (all,
   * unless told) are drawn in the page; `prepare` changes the page first (the service reads it as it is served).
   */
  checkArticle: (
    prepare?: (page: Page) => Promise<unknown>,
    drawn?: number,
  ) => Promise<{ page: Page; tabId: number; popup: Page }>;
  /**
   * Configures the extension, opens a demo draft page (`file`), lets `prepare` set up its field (`selector`),
   * focuses the field, and checks the draft from the popup until its `claims` badges are drawn.
   */
  checkDraftOn: (
    file: string,
    selector: string,
    claims: number,
    prepare?: (field: Locator) => Promise<unknown>,
  ) => Promise<{ page: Page; tabId: number; popup: Page; field: Locator }>;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  double: [
    // Playwright reads a fixture's dependencies from this pattern; an empty one means "none".
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => withDouble(use),
    { scope: 'worker' },
  ],

  showScrollBars: [false, { option: true }],
  ownBrowser: [false, { option: true }],
  browserLanguage: ['', { option: true }],

  docs: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const docs = await startDocsDouble();
      await use(docs);
      await docs.stop();
    },
    { scope: 'worker' },
  ],

  sharedBrowser: [
    async ({ docs }, use) => {
      const browser = await launchWithExtension({ headless: true, args: docs.chromiumFlags });
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],

  /** The worker's browser, set back for the next test after this one; or one of the test's own (see ownBrowser). */
  context: async ({ double, docs, showScrollBars, ownBrowser, browserLanguage, sharedBrowser }, use) => {
    double.reset();
    docs.reset();
    if (showScrollBars || ownBrowser || browserLanguage) {
      const own = await launchWithExtension({
        headless: true,
        scrollBars: showScrollBars,
        language: browserLanguage || undefined,
      });
      await use(own.context);
      await own.close();
      return;
    }
    await use(sharedBrowser.context);
    await resetForNextTest(sharedBrowser.context, sharedBrowser.extensionId);
  },

  serviceWorker: async ({ context }, use) => {
    const worker = context.serviceWorkers().at(-1) ?? (await context.waitForEvent('serviceworker'));
    await use(worker);
  },

  extensionId: async ({ serviceWorker }, use) => {
    await use(new URL(serviceWorker.url()).host);
  },

  openExtensionPage: async ({ context, extensionId }, use) => {
    await use(async (file) => (await openTab(context, extensionId, `chrome-extension://${extensionId}/${file}`)).page);
  },

  configure: async ({ context, extensionId, serviceWorker, double }, use) => {
    await use(async (settings = {}, timeouts = {}) => {
      // Saved as the options page saves them, from the extension's lightest page (no script of its own to load), the
      // one the shared browser keeps open.
      const page = await extensionApiPage(context, extensionId);
      const reply = await page.evaluate((data) => chrome.runtime.sendMessage({ type: 'saveSettings', data }), {
        settings: e2eSettings(double.url, settings),
        apiKey: E2E_KEY,
      });
      expect(reply).toMatchObject({ ok: true });
      await serviceWorker.evaluate((value) => chrome.storage.local.set({ e2eTimeouts: value }), timeouts);
    });
  },

  removeApiKey: async ({ openExtensionPage }, use) => {
    await use(async () => {
      const page = await openExtensionPage('options.html');
      const reply = await page.evaluate(async () => {
        const stored: { value: { settings: unknown } } = await chrome.runtime.sendMessage({ type: 'getSettings' });
        return chrome.runtime.sendMessage({
          type: 'saveSettings',
          data: { settings: stored.value.settings, apiKey: '' },
        });
      });
      expect(reply).toMatchObject({ ok: true });
      await page.close();
    });
  },

  openDemoPage: async ({ context, serviceWorker, double }, use) => {
    await use(async (file, host = '127.0.0.1') => {
      // Opened by Playwright, not by the extension (see openTab): a route the test set for the page's address is in
      // place before its first request.
      const page = await context.newPage();
      const url = `${double.url.replace('127.0.0.1', host)}/demo/${file}`;
      await page.goto(url);
      const tabId = await serviceWorker.evaluate(newestTabAt, url);
      if (tabId < 0) throw new Error(`no tab found for ${url}`);
      return { page, tabId };
    });
  },

  openUngrantedPage: async ({ context, serviceWorker, double }, use) => {
    await context.route('http://ungranted.test/**', async (route) =>
      route.fulfill({
        response: await route.fetch({
          url: route.request().url().replace('http://ungranted.test', `${double.url}/demo`),
        }),
      }),
    );
    await use(async (file) => {
      const tabIds = () => serviceWorker.evaluate(async () => (await chrome.tabs.query({})).map((tab) => tab.id!));
      const before = await tabIds();
      const page = await context.newPage();
      await page.goto(`http://ungranted.test/${file}`);
      const tabId = (await tabIds()).find((id) => !before.includes(id));
      if (tabId === undefined) throw new Error(`no new tab for ${file}`);
      return { page, tabId };
    });
  },

  openBundledPage: async ({ context, double, openDemoPage }, use) => {
    await use(async (script, body) => {
      const file = script.replace(/\.ts$/, '.html');
      await context.route(`${double.url}/demo/${file}`, (route) =>
        route.fulfill({ contentType: 'text/html', body: bundledPage(script, body) }),
      );
      return openDemoPage(file);
    });
  },

  openPopup: async ({ openExtensionPage }, use) => {
    await use((tabId) => openExtensionPage(`popup.html?tabId=${tabId}`));
  },

  restartWorker: async ({ context, extensionId }, use) => {
    await use(async () => {
      const page = context.pages()[0] ?? (await context.newPage());
      const cdp = await context.newCDPSession(page);
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.stopAllWorkers');
      await cdp.detach();
      // A message from an extension page wakes it (the options page asks for the settings on load);
      // its top level then resumes unfinished jobs.
      const waker = await context.newPage();
      await waker.goto(`chrome-extension://${extensionId}/options.html`);
      await expect(waker.getByLabel('API key', { exact: true })).not.toHaveValue('');
      await waker.close();
      const worker = context.serviceWorkers().at(-1);
      if (!worker) throw new Error('the service worker did not start again');
      return worker;
    });
  },

  popupOn: async ({ configure, openDemoPage, openPopup }, use) => {
    await use(async (file = 'article.html') => {
      await configure();
      const { page, tabId } = await openDemoPage(file);
      return { page, tabId, popup: await openPopup(tabId) };
    });
  },

  checkArticle: async ({ popupOn }, use) => {
    await use(async (prepare, drawn = 12) => {
      const opened = await popupOn('article.html');
      await prepare?.(opened.page);
      await opened.popup.getByRole('button', { name: 'Check this page' }).click();
      await expect(opened.popup.getByText('Checked 12 claims.')).toBeVisible();
      await opened.page.bringToFront();
      await expect(overlayBadges(opened.page)).toHaveCount(drawn);
      return opened;
    });
  },

  checkDraftOn: async ({ configure, openDemoPage, openPopup }, use) => {
    await use(async (file, selector, claims, prepare) => {
      await configure();
      const { page, tabId } = await openDemoPage(file);
      const field = page.locator(selector);
      await prepare?.(field);
      await field.click();
      const popup = await openPopup(tabId);
      await checkDraft(page, popup, claims);
      return { page, tabId, popup, field };
    });
  },
});
