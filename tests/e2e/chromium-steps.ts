/** Chromium steps through Playwright's locators: checks started from the popup, the overlay's badges and card, a correction applied, the screen's pixels. */
import { ARMED_ATTRIBUTE } from '../../utils/page/click-guard';
import { type FrameLocator, type Locator, type Page } from '@playwright/test';
import { ENGLISH } from './words';
import { expect } from './quick-expect';
import { RichEditor, editorTextOf, richEditorPage, richEditorScript } from './rich-editor-pages';

/**
 * "Check draft" in the popup of a page whose draft has the focus, until its `claims` badges are drawn there; `words`:
 * the popup's language.
 */
export function checkDraft(page: Page, popup: Page, claims: number, words = ENGLISH): Promise<void> {
  return checkFromPopup(page, popup, 'checkDraft', claims, words);
}

/** "Check selection" in the popup of a page with text selected, until its `claims` badges are drawn there. */
export function checkSelection(page: Page, popup: Page, claims: number): Promise<void> {
  return checkFromPopup(page, popup, 'checkSelection', claims);
}

/** "Re-check" (or "Check this page") in the popup of the demo article checked before, until its 12 badges are drawn again. */
export async function checkArticleAgain(page: Page, popup: Page): Promise<void> {
  await popup.bringToFront();
  await popup
    .getByRole('button', { name: 'Re-check' })
    .or(popup.getByRole('button', { name: 'Check this page' }))
    .first()
    .click();
  await expect(popup.getByText('Checked 12 claims.')).toBeVisible();
  await page.bringToFront();
  await expect(overlayBadges(page)).toHaveCount(12);
}

/** "Clear highlights" in the page, from the list of claims opened from the false far-side claim's card. */
export async function clearFromList(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^False: The far side/ }).click();
  await overlayCard(page).getByRole('button', { name: 'All claims' }).click();
  await page.locator('factlens-overlay').getByRole('button', { name: 'Clear highlights' }).click();
  await expect(overlayBadges(page)).toHaveCount(0);
}

async function checkFromPopup(page: Page, popup: Page, button: string, claims: number, words = ENGLISH): Promise<void> {
  await popup.getByRole('button', { name: words.t(button) }).click();
  await expect(popup.getByText(words.tp('stageChecked', claims))).toBeVisible();
  await page.bringToFront();
  await expect(overlayBadges(page)).toHaveCount(claims);
}

/** The badges the content script drew (the e2e build opens the overlay's shadow root so that tests can see them). */
export const overlayBadges = (page: Page | FrameLocator) => page.locator('factlens-overlay .badge');
/** The claim card (or the list of claims) open in the page (or in one of its frames). */
export const overlayCard = (page: Page | FrameLocator) => page.locator('factlens-overlay .card[role="dialog"]');

/**
 * Opens the card of the claim whose badge label starts with `verdict: words`, and clicks its Apply once it is armed;
 * returns the correction it shows. `where`: the frame the draft is drawn in, when it is not the page itself;
 * `beforeApply`: what the page does, knowing the correction, before the click.
 */
export async function clickApply(
  page: Page,
  label: RegExp,
  where: Page | FrameLocator = page,
  beforeApply?: (correction: string) => Promise<unknown>,
): Promise<string> {
  await overlayBadges(where)
    .and(where.getByRole('button', { name: label }))
    .first()
    .click();
  await expect(overlayCard(where)).toBeVisible();
  const correction = (await overlayCard(where).locator('p', { hasText: 'Correction:' }).innerText()).replace(
    /^Correction:\s*/,
    '',
  );
  await beforeApply?.(correction);
  await clickArmed(overlayCard(where).getByRole('button', { name: 'Apply correction' }));
  return correction;
}

/** Opens the card of the first false claim in a checked textarea draft (draft-textarea.html): the page, its field. */
export async function openCardInDraft(
  checkDraftOn: (file: string, selector: string, claims: number) => Promise<{ page: Page; field: Locator }>,
) {
  const { page, field } = await checkDraftOn('draft-textarea.html', 'textarea', 4);
  const original = await field.inputValue();
  await page
    .getByRole('button', { name: /^False: / })
    .first()
    .click();
  await expect(overlayCard(page)).toBeVisible();
  return { page, field, original };
}

/**
 * Clicks one of the card's writing buttons (Apply, Undo, "Check the draft again") as a user does: the pointer rests
 * on it until the card marks it armed (see ClickGuard), then clicks. A click sooner is refused.
 */
export async function clickArmed(button: Locator): Promise<void> {
  await button.hover();
  await expect(button).toHaveAttribute(ARMED_ATTRIBUTE, '');
  await button.click();
}

/**
 * The text of every range in the page's highlights of these kinds (by default, the four verdicts), on a light
 * ground and then on a dark one (`{ ground: 'dark' }`: only those), as each kind has a highlight for either.
 */
export function highlightedTexts(
  page: Page,
  kinds: string[] = ['supported', 'refuted', 'mixed', 'unverifiable'],
  { ground }: { ground?: 'light' | 'dark' } = {},
): Promise<string[]> {
  const names = kinds.flatMap((kind) => [
    ...(ground !== 'dark' ? [`factlens-${kind}`] : []),
    ...(ground !== 'light' ? [`factlens-${kind}-on-dark`] : []),
  ]);
  return page.evaluate(
    (names) =>
      names.flatMap((name) => [...(CSS.highlights.get(name) ?? [])].map((range) => (range as Range).toString())),
    names,
  );
}

/** Types the key and the base URL into the options page, as a user would (it does not press a button). */
export async function fillSettings(page: Page, apiKey: string, baseUrl: string): Promise<void> {
  await page.getByLabel('API key', { exact: true }).fill(apiKey);
  await page.getByLabel('API base URL', { exact: true }).fill(baseUrl);
}

/** WCAG's contrast ratio between two sRGB colours (1 to 21). */
export function contrastRatio(first: readonly number[], second: readonly number[]): number {
  const luminance = ([red = 0, green = 0, blue = 0]: readonly number[]) => {
    const linear = (channel: number) => {
      const value = channel / 255;
      return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
  };
  const [darker, lighter] = [luminance(first), luminance(second)].sort((a, b) => a - b) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * The pixels (as [r, g, b]) that the page shows in `clip` (page px, in the view), as a screenshot has them:
 * decoded in the page itself, which has the canvas to do it.
 */
export async function shownPixels(
  page: Page,
  clip: { x: number; y: number; width: number; height: number },
): Promise<number[][]> {
  const png = await page.screenshot({ clip });
  // Decoded by the page's own image decoder; handed back as base64 of the RGB bytes: as an array of arrays, the
  // protocol's serialization of a field's pixels took seconds.
  const rgb = await page.evaluate(
    async (source) => {
      const image = new Image();
      image.src = source;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, image.width, image.height);
      let bytes = '';
      for (let index = 0; index < data.length; index += 4)
        bytes += String.fromCharCode(data[index]!, data[index + 1]!, data[index + 2]!);
      return btoa(bytes);
    },
    `data:image/png;base64,${png.toString('base64')}`,
  );
  const bytes = Buffer.from(rgb, 'base64');
  const pixels: number[][] = [];
  for (let index = 0; index < bytes.length; index += 3)
    pixels.push([bytes[index]!, bytes[index + 1]!, bytes[index + 2]!]);
  return pixels;
}

/**
 * Opens a draft in a real editor (see tests/e2e/pages/editors/) and checks it from the popup, until its three
 * claims are drawn; returns the editor's text box, a reader of its model's text, and that text before any edit.
 */
export async function checkRichEditor(
  editor: RichEditor,
  fixtures: {
    configure: () => Promise<void>;
    openPopup: (tabId: number) => Promise<Page>;
    openBundledPage: (script: string, body: string) => Promise<{ page: Page; tabId: number }>;
  },
): Promise<{ page: Page; field: Locator; editorText: () => Promise<string>; original: string }> {
  await fixtures.configure();
  const { page, tabId } = await fixtures.openBundledPage(richEditorScript(editor), richEditorPage());
  const editorText = editorTextOf(page);
  const field = page.getByRole('textbox', { name: 'Newsletter draft' });
  const original = await editorText();
  await field.click();
  await checkDraft(page, await fixtures.openPopup(tabId), 3);
  return { page, field, editorText, original };
}
