/** A page checked from the popup, in either browser: the step most scenarios start with. */
import { expect } from '../fixtures';
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

/** Runs in the page: the box of the overlay's open card, or null. */
export function cardBox(): { x: number; y: number; width: number; height: number } | null {
  const card = document.querySelector('factlens-overlay')?.shadowRoot?.querySelector('.card[role="dialog"]');
  if (!card) return null;
  const { x, y, width, height } = card.getBoundingClientRect();
  return { x, y, width, height };
}

/** The four verdicts' highlights, on a light ground and on a dark one. */
export const EVERY_VERDICT = ['supported', 'refuted', 'mixed', 'unverifiable'].flatMap((kind) => [
  kind,
  `${kind}-on-dark`,
]);
/** The four verdicts' highlights on a light ground. */
export const VERDICTS_ON_LIGHT = ['supported', 'refuted', 'mixed', 'unverifiable'];
