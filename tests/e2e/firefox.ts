/**
 * Firefox fixtures: the e2e build for Firefox (.output/firefox-mv2-e2e) installed as a temporary add-on into
 * Debian's Firefox ESR, driven over WebDriver BiDi by puppeteer-core (Playwright drives only its own patched
 * Firefox, which is not installed here): one Firefox for each worker, the add-on installed afresh for each test (see
 * `firefox`), and the service double as the Chromium suite has it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { test as base, expect as baseExpect } from '@playwright/test';
import puppeteer, { type Browser, type ElementHandle, type Frame, type Page } from 'puppeteer-core';
import type { ServiceDouble } from '../../service-double/server';
import type { Settings } from '../../utils/contract/settings';
import { ARMED_ATTRIBUTE } from '../../utils/page/click-guard';
import { bundledPage } from './rich-editor-pages';
import { E2E_KEY, e2eSettings, withDouble } from './fixtures';
import { newestTabAt } from './in-page-probes';
import { withQuickPolls } from './quick-expect';
import { ENGLISH } from './words';

export const FIREFOX_PATH = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';
export const FIREFOX_EXTENSION_DIR = path.resolve('.output/firefox-mv2-e2e');
export const ADDON_ID = 'factlens@example.org';
/**
 * The add-on's internal UUID, fixed by a preference so that its pages have a known address (Firefox draws a
 * random one for each profile otherwise).
 */
const ADDON_UUID = '7f3c2a10-5b6e-4d8a-9c1f-2e4b6a8d0c13';

interface WorkerFixtures {
  /**
   * The language of the worker's Firefox (`test.use({ firefoxLanguage: 'de' })`, its language pack installed from
   * Debian's firefox-esr-l10n-<lang>), which the add-on's messages follow; '' for English.
   */
  firefoxLanguage: string;
  double: ServiceDouble;
  /** One Firefox for the worker's tests (see `firefox`). */
  firefoxBrowser: Browser;
  /** Serves pages made in a test, on 127.0.0.1 (as the double's own pages are), at the address it returns. */
  pageServer: { serve: (file: string, body: string | Buffer) => string };
}

export interface FirefoxFixtures {
  firefox: Browser;
  /** Opens an extension page (e.g. `options.html`) in a new tab, or with `inWindow` in a window of its own. */
  openExtensionPage: (file: string, inWindow?: boolean) => Promise<Page>;
  /**
   * The test's one page of the extension's own for calls to its API (its lightest, privacy.html, opened at the first
   * call and kept): a page opened for each call cost about a second of the CPUs the tests share.
   */
  extensionApiPage: () => Promise<Page>;
  /**
   * Saves the key and the double's address (and any other settings, and a Fact Check Tools key) through the background,
   * as the options page does.
   */
  configure: (settings?: Partial<Settings>, factCheckKey?: string) => Promise<void>;
  /** Opens a page served by the double (e.g. `article.html`) and returns it with its tab id. */
  openDemoPage: (file: string, host?: '127.0.0.1' | 'localhost') => Promise<{ page: Page; tabId: number }>;
  /**
   * Bundles a script of tests/e2e/pages with esbuild, serves it in a page whose body is `body` (the service cannot
   * reach it: a check sends its text), and opens it.
   */
  openBundledPage: (script: string, body: string) => Promise<{ page: Page; tabId: number }>;
  /** Serves `body` as `file` (a PDF by its name, else HTML) at `host`, and opens it. */
  openServedPage: (
    file: string,
    body: string | Buffer,
    host?: '127.0.0.1' | 'localhost',
  ) => Promise<{ page: Page; tabId: number }>;
  /** Opens the popup for a tab (as `popup.html?tabId=N`, since a test cannot click the toolbar), in a window. */
  openPopup: (tabId: number) => Promise<Page>;
}

/** Playwright's `expect`, with its `poll` reading every 50 ms (see withQuickPolls). */
export const expect = withQuickPolls(baseExpect);

export const test = base.extend<FirefoxFixtures, WorkerFixtures>({
  double: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => withDouble(use),
    { scope: 'worker' },
  ],

  pageServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const pages = new Map<string, string | Buffer>();
      const server = createServer((request, response) => {
        const body = pages.get(request.url ?? '');
        // By what it holds, as a server says it: a PDF's address need not end in .pdf (arXiv's do not).
        const isPdf = Buffer.isBuffer(body) && body.subarray(0, 5).toString('latin1') === '%PDF-';
        const type = isPdf ? 'application/pdf' : 'text/html; charset=utf-8';
        response.writeHead(body === undefined ? 404 : 200, { 'Content-Type': type });
        response.end(body ?? 'not found');
      });
      await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
      const { port } = server.address() as AddressInfo;
      await use({
        serve: (file, body) => {
          pages.set(`/${file}`, body);
          return `http://127.0.0.1:${port}/${file}`;
        },
      });
      await new Promise((closed) => server.close(closed));
    },
    { scope: 'worker' },
  ],

  firefoxLanguage: ['', { scope: 'worker', option: true }],

  firefoxBrowser: [
    async ({ firefoxLanguage }, use) => {
      const browser = await puppeteer.launch({
        browser: 'firefox',
        executablePath: FIREFOX_PATH,
        headless: true,
        // The remote agent refuses to navigate a tab to a moz-extension: page without it.
        args: ['--remote-allow-system-access'],
        // The Google Docs double's certificate is the run's own (see docs-double/server.ts).
        acceptInsecureCerts: true,
        extraPrefsFirefox: {
          // The Google Docs double answers for docs.google.com on this machine.
          'network.dns.localDomains': 'docs.google.com',
          // What a page asks of other hosts (a corpus page's images and styles) is refused at once, as Chromium's
          // tests and the bench refuse it, by a proxy at a closed port: looked up instead, each host's name waited
          // for this machine's resolver to give up (5 s for a page). Loopback never goes through a proxy.
          'network.proxy.type': 1,
          'network.proxy.http': '127.0.0.1',
          'network.proxy.http_port': 9,
          'network.proxy.ssl': '127.0.0.1',
          'network.proxy.ssl_port': 9,
          'network.proxy.no_proxies_on': 'docs.google.com',
          'extensions.webextensions.uuids': JSON.stringify({ [ADDON_ID]: ADDON_UUID }),
          // The add-on installed again for each test (see `firefox`) keeps its address; its storage goes with it.
          'extensions.webextensions.keepUuidOnUninstall': true,
          // Optional permissions asked for are granted without Firefox's prompt, which a test cannot answer.
          'extensions.webextOptionalPermissionPrompts': false,
          ...(firefoxLanguage ? { 'intl.locale.requested': firefoxLanguage } : {}),
        },
      });
      try {
        await use(browser);
      } finally {
        await browser.close();
      }
    },
    { scope: 'worker' },
  ],

  /**
   * The worker's Firefox, with the add-on installed afresh for the test: uninstalled after it (which empties its
   * storage: checked in Firefox 153 ESR, a value stored before was gone once it was installed again), and every page
   * the test opened closed: installing the add-on costs a fraction of a Firefox's start. After a failed test,
   * Playwright starts a new worker, and so a new Firefox.
   */
  firefox: async ({ double, firefoxBrowser }, use) => {
    double.reset();
    const pagesBefore = new Set(await firefoxBrowser.pages());
    expect(await firefoxBrowser.installExtension(FIREFOX_EXTENSION_DIR)).toBe(ADDON_ID);
    try {
      await use(firefoxBrowser);
    } finally {
      for (const page of await firefoxBrowser.pages())
        if (!pagesBefore.has(page)) await page.close().catch(() => undefined);
      await firefoxBrowser.uninstallExtension(ADDON_ID);
    }
  },

  openExtensionPage: async ({ firefox }, use) => {
    await use(async (file, inWindow = false) => {
      const page = await firefox.newPage(inWindow ? { type: 'window' } : {});
      // The navigation's end is not reported for an extension page (it loads in the add-ons' process):
      // it is started, and the page's own state is waited for.
      void page.goto(`moz-extension://${ADDON_UUID}/${file}`).catch(() => undefined);
      await expect
        .poll(() =>
          page
            .evaluate(() => location.protocol === 'moz-extension:' && document.readyState === 'complete')
            .catch(() => false),
        )
        .toBe(true);
      return page;
    });
  },

  extensionApiPage: async ({ openExtensionPage }, use) => {
    let opened: Promise<Page> | undefined;
    await use(() => {
      opened ??= openExtensionPage('privacy.html');
      return opened;
    });
  },

  configure: async ({ extensionApiPage, double }, use) => {
    await use(async (settings = {}, factCheckKey) => {
      const page = await extensionApiPage();
      const reply = await page.evaluate(
        (data) =>
          (globalThis as unknown as { browser: typeof chrome }).browser.runtime.sendMessage({
            type: 'saveSettings',
            data,
          }),
        {
          settings: e2eSettings(double.url, settings),
          apiKey: E2E_KEY,
          ...(factCheckKey === undefined ? {} : { factCheckKey }),
        },
      );
      expect(reply).toMatchObject({ ok: true });
    });
  },

  openDemoPage: async ({ firefox, extensionApiPage, double }, use) => {
    await use((file, host = '127.0.0.1') =>
      openTab(firefox, extensionApiPage, `${double.url.replace('127.0.0.1', host)}/demo/${file}`),
    );
  },

  openBundledPage: async ({ firefox, extensionApiPage, pageServer }, use) => {
    await use((script, body) =>
      openTab(firefox, extensionApiPage, pageServer.serve(script.replace(/\.ts$/, '.html'), bundledPage(script, body))),
    );
  },

  openServedPage: async ({ firefox, extensionApiPage, pageServer }, use) => {
    await use((file, body, host = '127.0.0.1') =>
      openTab(firefox, extensionApiPage, pageServer.serve(file, body).replace('127.0.0.1', host)),
    );
  },

  // In a window of its own, as the toolbar's popup stands over the page: the page stays its window's tab on show.
  // Opened as a tab beside it, the page was a hidden tab, where Firefox holds back animation frames, which some
  // editors wait for before they write an edit to the page.
  openPopup: async ({ openExtensionPage }, use) => {
    await use((tabId) => openExtensionPage(`popup.html?tabId=${tabId}`, true));
  },
});

/** Opens `url` in a new tab and returns it with its tab id. */
async function openTab(
  firefox: Browser,
  extensionApiPage: () => Promise<Page>,
  url: string,
): Promise<{ page: Page; tabId: number }> {
  // Tab ids come from the extension's own API, read in one of its pages.
  const reader = await extensionApiPage();
  const page = await firefox.newPage();
  await page.goto(url);
  const tabId = await reader.evaluate(newestTabAt, url);
  if (tabId < 0) throw new Error(`no tab found for ${url}`);
  await page.bringToFront();
  return { page, tabId };
}

/** A page, or one of its frames: where the content script there draws. */
export type DrawnIn = Page | Frame;

/**
 * What the page's overlay shows, wherever it stands (in the document, or in a web component's own dialog, in its
 * shadow tree): how many badges, and the open card's text ('' when none is open). Read in one call that leaves no
 * handle on the page's objects behind.
 */
const overlayShows = (page: DrawnIn): Promise<{ badges: number; card: string }> =>
  page.evaluate(() => {
    const find = (root: Document | ShadowRoot): Element | null =>
      root.querySelector('factlens-overlay') ??
      [...root.querySelectorAll('*')].reduce<Element | null>(
        (found, element) => found ?? (element.shadowRoot ? find(element.shadowRoot) : null),
        null,
      );
    const root = find(document)?.shadowRoot;
    const card = root?.querySelector('.card[role="dialog"]') as HTMLElement | null | undefined;
    return { badges: root?.querySelectorAll('.badge').length ?? 0, card: card?.innerText ?? '' };
  });

/**
 * What to look up in a page, in one call (puppeteer's queries and a handle for each element made a call for each: about
 * 12 ms a call over WebDriver BiDi, 150-250 ms to find one of a card's ten buttons): the elements matching `selector`,
 * in the page's overlay (wherever it stands: in a web component's shadow tree too; the e2e build leaves its shadow root
 * open) or in the document, and of those the ones whose `attribute` (else their text, trimmed, as `innerText` gives
 * it; with `named`, their `aria-label` else their text, as their accessible name) is `text` or matches `pattern`
 * ([source, flags]).
 */
interface Lookup {
  selector: string;
  inOverlay?: boolean;
  attribute?: string;
  named?: boolean;
  text?: string;
  pattern?: [string, string];
}

/** Runs in the page: the values (see Lookup) of the elements looked up, or the first of them that matches. */
function lookUp(
  { selector, inOverlay, attribute, named, text, pattern }: Lookup,
  first: boolean,
): string[] | Element | null {
  const find = (within: Document | ShadowRoot): Element | null =>
    within.querySelector('factlens-overlay') ??
    [...within.querySelectorAll('*')].reduce<Element | null>(
      (found, element) => found ?? (element.shadowRoot ? find(element.shadowRoot) : null),
      null,
    );
  const scope = inOverlay ? find(document)?.shadowRoot : document;
  const elements = scope ? [...scope.querySelectorAll(selector)] : [];
  const textOf = (element: Element) => ((element as HTMLElement).innerText ?? '').trim();
  const valueOf = (element: Element) =>
    named
      ? (element.getAttribute('aria-label') ?? textOf(element))
      : attribute
        ? (element.getAttribute(attribute) ?? '')
        : textOf(element);
  if (!first) return elements.map(valueOf);
  const matches = (value: string) => (pattern ? new RegExp(...pattern).test(value) : value === text);
  return elements.find((element) => matches(valueOf(element))) ?? null;
}

/** The values (see Lookup) of the elements `lookup` finds. */
export const valuesIn = (page: DrawnIn, lookup: Lookup): Promise<string[]> =>
  page.evaluate(lookUp, lookup, false) as Promise<string[]>;

/** The first element `lookup` finds whose value (see Lookup) matches, or null. */
export async function firstMatch(page: DrawnIn, lookup: Lookup): Promise<ElementHandle<Element> | null> {
  const handle = await page.evaluateHandle(lookUp, lookup, true);
  const element = handle.asElement() as ElementHandle<Element> | null;
  if (!element) await handle.dispose();
  return element;
}

/** `text` as a Lookup's `text` or `pattern`. */
const matching = (text: string | RegExp): Pick<Lookup, 'text' | 'pattern'> =>
  typeof text === 'string' ? { text } : { pattern: [text.source, text.flags] };

/** The elements matching `selector` in the page's overlay, wherever it stands. */
export async function inOverlay(page: DrawnIn, selector: string): Promise<ElementHandle<Element>[]> {
  const overlay = await page.$('pierce/factlens-overlay');
  if (!overlay) return [];
  try {
    return await overlay.$$(`pierce/${selector}`);
  } finally {
    await overlay.dispose();
  }
}

/** The badges in the page's overlay, wherever it stands. */
export const overlayBadges = (page: DrawnIn): Promise<ElementHandle<Element>[]> => inOverlay(page, '.badge');

/** How many badges the page's overlay holds. */
export const badgeCount = async (page: DrawnIn): Promise<number> => (await overlayShows(page)).badges;

/** The text of the open card (or '' when none is open). */
export const cardText = async (page: DrawnIn): Promise<string> => (await overlayShows(page)).card;

/** The text of every range in the page's highlights of these kinds. */
export const highlightedTexts = (page: DrawnIn, kinds: string[]): Promise<string[]> =>
  page.evaluate(
    (names) =>
      names.flatMap((kind) =>
        [...(CSS.highlights.get(`factlens-${kind}`) ?? [])].map((range) => (range as Range).toString()),
      ),
    kinds,
  );

/**
 * The first element matching `selector` (in the page's overlay, with `inOverlay`) whose text is `text` exactly (after
 * trimming) or matches it, once there is one.
 */
export async function byText(
  page: DrawnIn,
  selector: string,
  text: string | RegExp,
  inOverlay = false,
): Promise<ElementHandle<Element>> {
  let found: ElementHandle<Element> | null = null;
  await expect
    .poll(async () => !!(found = await firstMatch(page, { selector, inOverlay, ...matching(text) })), {
      message: `${selector} with the text ${String(text)}`,
    })
    .toBe(true);
  return found!;
}

/** The page's whole text, for waiting on a status line. */
export const pageText = (page: Page): Promise<string> => page.evaluate(() => document.body.innerText);
/** Waits until the page's text holds `text`. */
export const expectText = (page: Page, text: string | RegExp, timeout?: number) =>
  expect.poll(() => pageText(page), { message: `the page says ${String(text)}`, timeout }).toMatch(text);

/**
 * Clicks a button of the page (open shadow roots included) by its text, once it is enabled: as Playwright's click
 * does, since a popup enables "Check this page" only once it knows the tab.
 */
export async function clickButton(page: DrawnIn, text: string | RegExp, within = 'button'): Promise<void> {
  // Enabled, and where it stands, still for two frames: a page reloaded takes its scroll back as its later parts load,
  // and a click aimed at the button's place before that lands elsewhere. A button the page renders anew meanwhile is
  // found again (a click on the one it replaced would throw, and click nothing).
  await expect
    .poll(
      async () => {
        const button = await byText(page, within, text);
        if (!(await button.evaluate(enabledAndStill))) return false;
        try {
          await button.click();
          return true;
        } catch (error) {
          if (/detached/i.test(String(error))) return false;
          throw error;
        }
      },
      { message: `${String(text)} clicked, enabled and still` },
    )
    .toBe(true);
}

/** Runs in the page: whether the button is enabled, and its box the same after two animation frames. */
function enabledAndStill(element: Element): Promise<boolean> {
  const box = () => JSON.stringify(element.getBoundingClientRect());
  const before = box();
  return new Promise((resolve) =>
    requestAnimationFrame(() =>
      requestAnimationFrame(() => resolve(!(element as HTMLButtonElement).disabled && box() === before)),
    ),
  );
}

/**
 * Clicks one of the card's writing buttons (Apply, Undo, "Check the draft again") as a user does: the pointer rests on
 * it until the card marks it armed (see ClickGuard), then clicks.
 */
/** The frame of the iframe `selector` in `page`, once it is there. */
export async function frameOf(page: Page, selector: string): Promise<Frame> {
  const iframe = await page.waitForSelector(selector);
  const frame = await iframe!.contentFrame();
  if (!frame) throw new Error(`${selector} has no frame`);
  return frame;
}

export async function clickArmed(page: DrawnIn, text: string): Promise<void> {
  const button = await byText(page, 'button', text, true);
  await button.hover();
  await expect.poll(() => button.evaluate((element, name) => element.hasAttribute(name), ARMED_ATTRIBUTE)).toBe(true);
  await button.click();
}

/** The first badge whose label matches, or null (none drawn yet). */
export async function badgeLabelled(page: DrawnIn, label: RegExp): Promise<ElementHandle | null> {
  return firstMatch(page, { selector: '.badge', inOverlay: true, attribute: 'aria-label', ...matching(label) });
}

/** Opens the card of the first claim whose badge's label matches, as a user clicks the badge. */
export async function openCard(page: DrawnIn, label: RegExp): Promise<void> {
  const badge = await badgeLabelled(page, label);
  if (!badge) throw new Error(`no badge labelled ${String(label)}`);
  await badge.click();
  await expect.poll(() => cardText(page)).not.toBe('');
}

/**
 * Clicks into the draft (`field`, in the page or its frame `where`), checks it from the popup of its tab, and waits
 * until the popup has checked its `claims` claims and the content script drawn them.
 */
export async function checkDraftIn(
  { page, tabId, openPopup }: { page: Page; tabId: number; openPopup: (tabId: number) => Promise<Page> },
  field: ElementHandle,
  claims: number,
  where: DrawnIn = page,
  /** The popup's language. */
  words = ENGLISH,
): Promise<Page> {
  await field.click();
  const popup = await openPopup(tabId);
  await clickButton(popup, words.t('checkDraft'));
  await expectText(popup, words.tp('stageChecked', claims));
  await expectText(popup, words.t('listLocated', claims, claims));
  await page.bringToFront();
  await expect.poll(() => badgeCount(where)).toBe(claims);
  return popup;
}

/** Turns "Check as I write on this site" on in the tab's popup, as a user does, and closes the popup. */
export async function turnOnInPopup(popup: Page): Promise<void> {
  // Clicked once enabled and still (see clickButton): the popup's parts that load after the switch may move it, and a
  // click aimed before that lands beside it. Clicked again only while it is neither on nor turning on (disabled).
  await expect
    .poll(
      async () => {
        const toggle = (await popup.waitForSelector('input[role="switch"]'))!;
        const { checked, disabled } = await toggle.evaluate((input) => ({
          checked: (input as HTMLInputElement).checked,
          disabled: (input as HTMLInputElement).disabled,
        }));
        if (checked) return true;
        if (!disabled && (await toggle.evaluate(enabledAndStill))) await toggle.click();
        return false;
      },
      { message: 'the switch turned on, clicked enabled and still' },
    )
    .toBe(true);
  await popup.close();
}

/** The accessible name of the indicator at the field's corner ('' while there is none). */
export const indicatorName = (page: Page) =>
  page.evaluate(
    () =>
      document
        .querySelector('factlens-overlay')
        ?.shadowRoot?.querySelector('.indicator:not([hidden])')
        ?.getAttribute('aria-label') ?? '',
  );
