/** Chromium steps on a checked draft: a correction applied from the card, a draft checked again, its mirror read. */
import type { FrameLocator, Locator, Page } from '@playwright/test';
import { clickApply, overlayBadges as badges, overlayCard as card, shownPixels } from './chromium-steps';
import { expect } from './quick-expect';

/** How many badges show: rendered, and not faded out (a badge placed roughly is there for the tab order alone). */
export const shownBadges = (page: Page) =>
  badges(page).evaluateAll((all) => all.filter((badge) => badge.checkVisibility({ opacityProperty: true })).length);

/** As clickApply, and the card says the correction was applied, offering to undo it; then the card is closed. */
export async function applyCorrection(page: Page, label: RegExp, where: Page | FrameLocator = page): Promise<string> {
  const correction = await clickApply(page, label, where);
  await expect(card(where).getByRole('status'))
    .toHaveText(/^Correction applied\./, { timeout: 3000 })
    .catch(async (error: unknown) => {
      throw new Error(`the card did not say it was applied: “${await card(where).getByRole('status').innerText()}”`, {
        cause: error,
      });
    });
  await expect(card(where).getByRole('button', { name: 'Undo correction' })).toBeVisible();
  await card(where).getByRole('button', { name: 'Close' }).click();
  await expect(card(where)).toHaveCount(0);
  return correction;
}

/** The user writes `edited` in the checked field, and checks the draft again from the popup. */
export async function checkEditedDraftAgain(page: Page, popup: Page, field: Locator, edited: string): Promise<void> {
  await page.bringToFront();
  await field.fill(edited);
  await field.focus();
  await popup.bringToFront();
  await popup.reload();
  await popup.getByRole('button', { name: 'Check draft' }).click();
}

/**
 * The mirror that holds a text field's highlights sits exactly over the field (read until it does: after a check of
 * another field in the page, the badges counted may still be that field's, and the new mirror not shown yet).
 */
export async function expectMirrorOver(page: Page, field: Locator): Promise<void> {
  const box = await field.boundingBox();
  await expect.poll(() => page.locator('factlens-overlay .mirror').boundingBox()).toEqual(box);
}

/** One Ctrl+Z in a contenteditable editor brings its text back (its whitespace as the browser writes it). */
export async function undoRestoresEditor(editor: Locator, original: string): Promise<void> {
  await editor.press('Control+z');
  const words = (text: string) => text.replace(/\s+/g, ' ').trim();
  await expect.poll(async () => words(await editor.innerText())).toBe(words(original));
}

/**
 * How far the mirror's letters stand on the field's own, in the field's text box (inside its borders and scroll
 * bars): the field's letters as the screen shows them with the overlay out of the way, then the mirror's alone
 * (drawn in black, the field's letters made transparent, the highlights and badges off); the share of the pixels
 * dark in either that are dark in both (1: the same letters at the same places). It leaves the page so changed.
 */
export async function mirrorInkOverlap(page: Page, field: Locator): Promise<number> {
  const clip = await field.evaluate((element: HTMLElement) => {
    const box = element.getBoundingClientRect();
    const [x, y] = [Math.ceil(box.left + element.clientLeft), Math.ceil(box.top + element.clientTop)];
    return { x, y, width: element.clientWidth - 1, height: element.clientHeight - 1 };
  });
  const ink = (pixels: number[][]) => pixels.map(([red = 0, green = 0, blue = 0]) => red + green + blue < 384);
  await page.evaluate(() => {
    const overlay = document.querySelector('factlens-overlay')!.shadowRoot!;
    overlay.querySelector<HTMLElement>('.mirrors')!.style.visibility = 'hidden';
    overlay.querySelector<HTMLElement>('.badges')!.style.display = 'none';
  });
  const fieldInk = ink(await shownPixels(page, clip));
  await field.evaluate((element: HTMLElement) => {
    element.style.color = 'transparent';
    CSS.highlights.clear();
    const overlay = document.querySelector('factlens-overlay')!.shadowRoot!;
    overlay.querySelector<HTMLElement>('.mirrors')!.style.visibility = '';
    overlay.querySelector<HTMLElement>('.mirror')!.style.setProperty('color', 'black', 'important');
  });
  const mirrorInk = ink(await shownPixels(page, clip));
  const both = fieldInk.filter((dark, index) => dark && mirrorInk[index]).length;
  const either = fieldInk.filter((dark, index) => dark || mirrorInk[index]).length;
  return both / either;
}
