/** Chromium steps on a checked page: its rules and highlights read, the far-side claim's badge found, scrolled to and tabbed to. */
import type { Locator, Page } from '@playwright/test';
import { highlightedTexts, overlayBadges as badges } from './chromium-steps';

/** The rules of the sheets adopted in the page's document (ours among them), as text. */
export const pageRules = (page: Page) =>
  page.evaluate(() =>
    document.adoptedStyleSheets.flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText)).join('\n'),
  );

/** How many ranges the page's highlights hold, of every kind. */
export const highlighted = async (page: Page) =>
  (await highlightedTexts(page, ['supported', 'refuted', 'mixed', 'unverifiable', 'checking', 'stale', 'active']))
    .length;

/**
 * How far a badge is from the end of its claim's last line, in px (it sits there, raised like a footnote),
 * and the icon it shows.
 */
export async function badgeOffset(page: Page, claimStart: string): Promise<{ dx: number; dy: number; icon: string }> {
  return page.evaluate((start) => {
    const highlight = CSS.highlights.get('factlens-refuted')!;
    const range = [...highlight].find((entry) => (entry as Range).toString().startsWith(start)) as Range;
    const last = [...range.getClientRects()].at(-1)!;
    const root = document.querySelector('factlens-overlay')!.shadowRoot!;
    const badge = [...root.querySelectorAll('.badge')].find((element) =>
      element.getAttribute('aria-label')!.includes(start),
    )!;
    const box = badge.getBoundingClientRect();
    const icon = badge.textContent!;
    // + 0: a rounded -0.3 is -0, which no test means (toMatchObject tells -0 from 0).
    return { dx: Math.round(box.left - last.right) + 0, dy: Math.round(box.top - last.top) + 0, icon };
  }, claimStart);
}

/** The badge of the article's false claim, "The far side of the Moon never receives sunlight." */
export const farSideBadge = (page: Page) => page.getByRole('button', { name: /^False: The far side/ });

/** Whether a badge is placed roughly: unseen, and never in the way of a click (it stays in the tab order). */
export const unseen = (badge: Locator) =>
  badge.evaluate((element) => {
    const { opacity, pointerEvents } = getComputedStyle(element);
    return element.classList.contains('rough') && opacity === '0' && pointerEvents === 'none';
  });

/** Scrolls the window (or `scroller`) so that the far-side claim's last line stands at `y` in the view. */
export const scrollFarSideTo = (page: Page, y: number, scroller?: string) =>
  page.evaluate(
    ({ to, scrollerId }) => {
      const range = [...CSS.highlights.get('factlens-refuted')!].find((entry) =>
        (entry as Range).toString().startsWith('The far side'),
      ) as Range;
      const by = [...range.getClientRects()].at(-1)!.top - to;
      if (scrollerId) document.getElementById(scrollerId)!.scrollTop += by;
      else scrollBy(0, by);
    },
    { to: y, scrollerId: scroller },
  );

/** Focuses the badge before the far-side claim's, and presses Tab: the keyboard's way to it. */
export async function tabToFarSide(page: Page): Promise<void> {
  const order = await badges(page).evaluateAll((all) => all.map((badge) => badge.getAttribute('aria-label') ?? ''));
  await badges(page)
    .nth(order.findIndex((label) => label.startsWith('False: The far side')) - 1)
    .focus();
  await page.keyboard.press('Tab');
}
