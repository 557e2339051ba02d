/** The users of users/user.ts in Chromium: Playwright's locators, keyboard and routes. */
import type { Frame, Page } from '@playwright/test';
import type { E2eDelay } from '../../../utils/page/e2e-delays';
import { clickArmed } from '../chromium-steps';
import { expect } from '../quick-expect';
import { newestTabAt, overlayShownAt } from '../in-page-probes';
import { stretchDelay } from '../race-window';
import { type TestFixtures } from '../fixtures';
import type { ServiceDouble } from '../../../service-double/server';
import type { BrowserUser, ExtensionPageUser, InPage, PageUser } from './user';

/** What the Chromium fixtures give a scenario. */
export type ChromiumFixtures = Pick<
  TestFixtures,
  'context' | 'serviceWorker' | 'configure' | 'openDemoPage' | 'openBundledPage' | 'openPopup' | 'openExtensionPage'
> & { double: ServiceDouble };

/** The page's text as the user reads it, for a status line to wait on. */
const bodyText = (where: Page | Frame) => where.evaluate(() => document.body.innerText);

export function chromiumBrowser(fixtures: ChromiumFixtures): BrowserUser {
  const { context, double } = fixtures;
  const opened = ({ page, tabId }: { page: Page; tabId: number }) => chromiumPage(page, tabId);
  return {
    name: 'Chromium',
    double,
    configure: (settings) => fixtures.configure(settings),
    openDemoPage: async (file, host) => opened(await fixtures.openDemoPage(file, host)),
    openBundledPage: async (script, body) => opened(await fixtures.openBundledPage(script, body)),
    openServedPage: async (file, html, host = '127.0.0.1') => {
      // Served by a route at the double's port, under a path of its own: the double serves nothing there.
      const url = `${double.url.replace('127.0.0.1', host)}/served/${file}`;
      await context.route(url, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
      // The page alone: what it asks of other hosts (images, styles, frames) is refused at once, as the bench does.
      await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
      const page = await context.newPage();
      await page.goto(url);
      const tabId = await fixtures.serviceWorker.evaluate(newestTabAt, url);
      if (tabId < 0) throw new Error(`no tab found for ${url}`);
      return chromiumPage(page, tabId);
    },
    openPopup: async (tabId) => chromiumExtensionPage(await fixtures.openPopup(tabId)),
    openOptions: async () => chromiumExtensionPage(await fixtures.openExtensionPage('options.html')),
  };
}

/** The page `page` of tab `tabId`, or its frame `where`. */
export function chromiumPage(page: Page, tabId: number, where: Page | Frame = page): PageUser {
  const card = where.locator('factlens-overlay .card[role="dialog"]');
  // Playwright's CSS locators go through open shadow roots (the e2e build leaves the overlay's open).
  const badges = where.locator('factlens-overlay .badge');
  return {
    tabId,
    url: () => where.url(),
    evaluate: <Result, Arg>(fn: InPage<Arg, Result>, arg?: Arg) =>
      where.evaluate(fn as (arg: unknown) => Result, arg) as Promise<Result>,
    evaluateOn: <Result, Arg>(selector: string, fn: (element: Element, arg: Arg) => Result, arg: Arg) =>
      where
        .locator(selector)
        .first()
        .evaluate(fn as (element: Element, arg: unknown) => Result, arg) as Promise<Awaited<Result>>,
    bringToFront: () => page.bringToFront(),
    resize: (width, height) => page.setViewportSize({ width, height }),
    addStyle: async (css) => void (await where.addStyleTag({ content: css })),
    click: (selector) => where.locator(selector).first().click(),
    press: (keys) => page.keyboard.press(keys),
    type: (text) => page.keyboard.type(text),
    frame: async (selector) => {
      const frame = await (await where.waitForSelector(selector)).contentFrame();
      if (!frame) throw new Error(`${selector} has no frame`);
      return chromiumPage(page, tabId, frame);
    },
    badgeLabels: () => badges.evaluateAll((all) => all.map((badge) => badge.getAttribute('aria-label') ?? '')),
    badgeOnTop: async (label) => {
      const badge = badges.and(where.getByRole('button', { name: label })).first();
      return (await badge.count()) > 0 && (await badge.evaluate(overlayShownAt as (element: Node) => boolean));
    },
    badgesShownOnTop: async () =>
      (
        await Promise.all(
          (await badges.elementHandles()).map((badge) => badge.evaluate(overlayShownAt as (element: Node) => boolean)),
        )
      ).filter(Boolean).length,
    highlighted: (kinds) =>
      where.evaluate(
        (names) =>
          names.flatMap((kind) =>
            [...(CSS.highlights.get(`factlens-${kind}`) ?? [])].map((range) => (range as Range).toString()),
          ),
        [...kinds],
      ),
    openCard: async (label) => {
      await badges
        .and(where.getByRole('button', { name: label }))
        .first()
        .click();
      await expect(card).toBeVisible();
    },
    cardText: async () => ((await card.count()) ? card.innerText() : ''),
    cardLinks: () =>
      card.locator('a[href^="http"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? '')),
    clickInCard: (name) => card.getByRole('button', { name, exact: true }).click(),
    clickArmed: (name) => clickArmed(card.getByRole('button', { name, exact: true })),
    closeCard: async () => {
      await page.keyboard.press('Escape');
      await expect(card).toHaveCount(0);
    },
    stretchDelay: (name: E2eDelay, ms?: number) => stretchDelay(page, name, ms),
    picture: async (clip) => (await page.screenshot({ clip })).toString('base64'),
    screenshot: async (path) => void (await page.screenshot({ path })),
  };
}

function chromiumExtensionPage(page: Page): ExtensionPageUser {
  return {
    click: (name) =>
      page
        .getByRole('button', typeof name === 'string' ? { name, exact: true } : { name })
        .first()
        .click(),
    waitForText: (text, timeout) =>
      expect.poll(() => bodyText(page), { message: `the page says ${String(text)}`, timeout }).toMatch(text),
    text: () => bodyText(page),
    fill: (selector, text) => page.locator(selector).fill(text),
    select: async (selector, value) => void (await page.locator(selector).selectOption(value)),
    value: (selector) => page.locator(selector).inputValue(),
    upload: (selector, file) => page.locator(selector).setInputFiles(file),
    textIn: async (selector) => {
      const element = page.locator(selector).first();
      await expect(element).toHaveText(/\S/);
      return (await element.innerText()).trim();
    },
    bringToFront: () => page.bringToFront(),
    reload: async () => void (await page.reload()),
    evaluate: <Result, Arg>(fn: InPage<Arg, Result>, arg?: Arg) =>
      page.evaluate(fn as (arg: unknown) => Result, arg) as Promise<Result>,
    close: () => page.close(),
  };
}
