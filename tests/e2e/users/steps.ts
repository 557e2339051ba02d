/** Steps most scenarios take, in either browser: a page checked from the popup, the key taken away, what the card shows. */
import { expect } from '../quick-expect';
import type { BrowserUser, ExtensionPageUser, PageUser } from './user';

export interface PageCheck {
  /** The demo page to open (article.html unless told), or the page to check when it is already open. */
  file?: string;
  page?: PageUser;
  /** How many claims the check finds (12, the article's), and how many of them are drawn (all, unless told). */
  claims?: number;
  drawn?: number;
  /** What changes the page before the check (the service reads it as it is served). */
  prepare?: (page: PageUser) => Promise<unknown>;
  /** Wait for the popup to say that every claim is located too. */
  allLocated?: boolean;
}

/**
 * With the extension configured, "Check this page" from the popup of a demo page, until the popup says its claims are
 * checked and the page shows their badges; the page is then in front.
 */
export async function checkPage(
  browser: BrowserUser,
  { file = 'article.html', claims = 12, drawn = claims, prepare, allLocated, ...check }: PageCheck = {},
): Promise<{ page: PageUser; popup: ExtensionPageUser }> {
  await browser.configure();
  const page = check.page ?? (await browser.openDemoPage(file));
  await prepare?.(page);
  const popup = await browser.openPopup(page.tabId);
  await popup.click('Check this page');
  await popup.waitForText(`Checked ${claims} claim${claims === 1 ? '' : 's'}.`);
  if (allLocated) await popup.waitForText(`Located ${claims} of ${claims} claims in the page.`);
  await page.bringToFront();
  await expect.poll(async () => (await page.badgeLabels()).length).toBe(drawn);
  return { page, popup };
}

/** The four verdicts' highlights, on a light ground and on a dark one. */
export const EVERY_VERDICT = ['supported', 'refuted', 'mixed', 'unverifiable'].flatMap((kind) => [
  kind,
  `${kind}-on-dark`,
]);
/** The four verdicts' highlights on a light ground. */
export const VERDICTS_ON_LIGHT = ['supported', 'refuted', 'mixed', 'unverifiable'];

/** Removes the saved key (the settings stay), through the background, as the options page does. */
export async function removeApiKey(browser: BrowserUser): Promise<void> {
  const options = await browser.openOptions();
  const reply = await options.evaluate(async () => {
    const api = (globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome;
    const stored: { value: { settings: unknown } } = await api.runtime.sendMessage({ type: 'getSettings' });
    return api.runtime.sendMessage({ type: 'saveSettings', data: { settings: stored.value.settings, apiKey: '' } });
  });
  expect(reply).toMatchObject({ ok: true });
  await options.close();
}

/**
 * Runs in the page: the box of the first element matching `selector` in the page, or else in the overlay's shadow root
 * (the overlay found wherever it stands: in a web component's dialog, it is in that component's shadow tree).
 */
export function boxOf(selector: string): { x: number; y: number; width: number; height: number } | null {
  const findOverlay = (root: Document | ShadowRoot): Element | null =>
    root.querySelector('factlens-overlay') ??
    [...root.querySelectorAll('*')].reduce<Element | null>(
      (found, element) => found ?? (element.shadowRoot ? findOverlay(element.shadowRoot) : null),
      null,
    );
  const element = document.querySelector(selector) ?? findOverlay(document)?.shadowRoot?.querySelector(selector);
  if (!element) return null;
  const { x, y, width, height } = element.getBoundingClientRect();
  return { x, y, width, height };
}

/** The mirror that holds a text field's highlights sits exactly over the field `selector` (read until it does). */
export async function expectMirrorOver(page: PageUser, selector: string): Promise<void> {
  const field = await page.evaluate(boxOf, selector);
  await expect.poll(() => page.evaluate(boxOf, '.mirror')).toEqual(field);
}

/** Runs in the page: what the overlay's live region last told ('' when none). */
export const announced = (): string =>
  document.querySelector('factlens-overlay')?.shadowRoot?.querySelector('[role="status"].announcer')?.textContent ?? '';
