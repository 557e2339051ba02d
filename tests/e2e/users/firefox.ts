/** The users of users/user.ts in Firefox: puppeteer's handles and keyboard over WebDriver BiDi. */
import type { ElementHandle, Keyboard, KeyInput, Page } from 'puppeteer-core';
import type { ServiceDouble } from '../../../service-double/server';
import { overlayShownAt } from '../in-page-probes';
import { stretchDelay } from '../race-window';
import {
  badgeLabelled,
  cardText,
  clickArmed,
  clickButton,
  expect,
  expectText,
  frameOf,
  highlightedTexts,
  openCard,
  overlayBadges,
  pageText,
  valuesIn,
  firstMatch,
  byText,
  type DrawnIn,
  type FirefoxFixtures,
} from '../firefox';
import type { BrowserUser, ExtensionPageUser, InPage, PageUser } from './user';

/** What the Firefox fixtures give a scenario. */
export type FirefoxUserFixtures = Pick<
  FirefoxFixtures,
  'configure' | 'openDemoPage' | 'openBundledPage' | 'openServedPage' | 'openPopup' | 'openExtensionPage'
> & { double: ServiceDouble };

export function firefoxBrowser(fixtures: FirefoxUserFixtures): BrowserUser {
  const opened = ({ page, tabId }: { page: Page; tabId: number }) => firefoxPage(page, tabId);
  return {
    name: 'Firefox',
    double: fixtures.double,
    configure: (settings) => fixtures.configure(settings),
    openDemoPage: async (file, host) => opened(await fixtures.openDemoPage(file, host)),
    openBundledPage: async (script, body) => opened(await fixtures.openBundledPage(script, body)),
    openServedPage: async (file, html, host) => opened(await fixtures.openServedPage(file, html, host)),
    openPopup: async (tabId) => firefoxExtensionPage(await fixtures.openPopup(tabId)),
    openOptions: async () => firefoxExtensionPage(await fixtures.openExtensionPage('options.html')),
  };
}

/** Presses a key or a chord ("Control+z") as Playwright's keyboard.press does. */
async function pressChord(keyboard: Keyboard, keys: string): Promise<void> {
  const parts = keys.split('+') as KeyInput[];
  const key = parts.pop()!;
  for (const modifier of parts) await keyboard.down(modifier);
  await keyboard.press(key);
  for (const modifier of parts.reverse()) await keyboard.up(modifier);
}

/** The page `page` of tab `tabId`, or its frame `where`. */
export function firefoxPage(page: Page, tabId: number, where: DrawnIn = page): PageUser {
  return {
    tabId,
    url: () => where.url(),
    evaluate: <Result, Arg>(fn: InPage<Arg, Result>, arg?: Arg) =>
      where.evaluate(fn as (arg: unknown) => Result, arg) as Promise<Result>,
    evaluateOn: <Result, Arg>(selector: string, fn: (element: Element, arg: Arg) => Result, arg: Arg) =>
      where
        .waitForSelector(selector)
        .then((element) => element!.evaluate(fn as (element: Element, arg: unknown) => Result, arg)) as Promise<
        Awaited<Result>
      >,
    bringToFront: () => page.bringToFront(),
    resize: (width, height) => page.setViewport({ width, height }),
    addStyle: async (css) => void (await where.addStyleTag({ content: css })),
    click: async (selector) => {
      const element = await where.waitForSelector(selector);
      await element!.click();
    },
    press: (keys) => pressChord(page.keyboard, keys),
    type: (text) => page.keyboard.type(text),
    frame: async (selector) => firefoxPage(page, tabId, await frameOf(page, selector)),
    badgeLabels: () => valuesIn(where, { selector: '.badge', inOverlay: true, attribute: 'aria-label' }),
    badgeOnTop: async (label) => (await (await badgeLabelled(where, label))?.evaluate(overlayShownAt)) ?? false,
    badgesShownOnTop: async () =>
      (await Promise.all((await overlayBadges(where)).map((badge) => badge.evaluate(overlayShownAt)))).filter(Boolean)
        .length,
    highlighted: (kinds) => highlightedTexts(where, [...kinds]),
    openCard: (label) => openCard(where, label),
    cardText: () => cardText(where),
    cardLinks: () => valuesIn(where, { selector: '.card a[href^="http"]', inOverlay: true, attribute: 'href' }),
    clickInCard: async (name) => {
      // By its accessible name, as Playwright's getByRole finds it: its label, or else its text.
      let button: ElementHandle | null = null;
      await expect
        .poll(
          async () => {
            button = await firstMatch(where, { selector: '.card button', inOverlay: true, named: true, text: name });
            return button !== null;
          },
          { message: `the card's button ${name}` },
        )
        .toBe(true);
      await button!.click();
    },
    clickArmed: (name) => clickArmed(where, name),
    closeCard: async () => {
      await page.keyboard.press('Escape');
      await expect.poll(() => cardText(where)).toBe('');
    },
    stretchDelay: (name, ms) => stretchDelay(page, name, ms),
    picture: (clip) => page.screenshot({ clip, encoding: 'base64' }),
    screenshot: async (path) => void (await page.screenshot({ path })),
  };
}

function firefoxExtensionPage(page: Page): ExtensionPageUser {
  return {
    click: (name) => clickButton(page, name),
    waitForText: (text, timeout) => expectText(page, text, timeout),
    text: () => pageText(page),
    fill: async (selector, text) => {
      const field = (await page.waitForSelector(selector))!;
      await field.click({ count: 3 });
      await field.type(text);
    },
    select: async (selector, value) => {
      await page.waitForSelector(selector);
      await page.select(selector, value);
    },
    value: async (selector) => {
      await page.waitForSelector(selector);
      return page.$eval(selector, (field) => (field as HTMLInputElement).value);
    },
    upload: async (selector, file) => {
      const input = (await page.waitForSelector(selector)) as unknown as { uploadFile(path: string): Promise<void> };
      await input.uploadFile(file);
    },
    textIn: async (selector) =>
      (await (await byText(page, selector, /\S/)).evaluate((element) => (element as HTMLElement).innerText)).trim(),
    bringToFront: () => page.bringToFront(),
    // An add-on page's reload is not reported over WebDriver BiDi as a page's is: the new document is waited for.
    reload: async () => {
      await page.evaluate(() => {
        (window as unknown as { beforeReload: boolean }).beforeReload = true;
        location.reload();
      });
      await expect
        .poll(() =>
          page
            .evaluate(
              () =>
                !(window as unknown as { beforeReload?: boolean }).beforeReload && document.readyState === 'complete',
            )
            .catch(() => false),
        )
        .toBe(true);
    },
    evaluate: <Result, Arg>(fn: InPage<Arg, Result>, arg?: Arg) =>
      page.evaluate(fn as (arg: unknown) => Result, arg) as Promise<Result>,
    close: () => page.close(),
  };
}
