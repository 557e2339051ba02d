/** Steps on a selection, in Chromium: a paragraph of the article or part of the draft selected, rephrased from the menu or the popup, replaced, and undone. */
import type { Locator, Page, Worker } from '@playwright/test';
import type { ServiceDouble } from '../../service-double/server';
import { clickMenuItem } from './worker-probes';
import { expect } from './quick-expect';

export const ARMSTRONG_PARAGRAPH = 1;

/** Selects the text of the article's n-th paragraph, as a user dragging over it would; returns that text. */
export async function selectParagraph(page: Page, index: number): Promise<string> {
  return page.evaluate((at) => {
    const paragraph = document.querySelectorAll('article p:not(.byline)')[at]!;
    const range = document.createRange();
    range.selectNodeContents(paragraph);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
    return getSelection()!.toString();
  }, index);
}

/** Selects part of the draft textarea, which keeps focus, as a user would. */
export async function selectInTextarea(page: Page, text: string, selector = 'textarea'): Promise<void> {
  // A locator, so that a textarea in a web component's open shadow root is found too.
  await page.locator(selector).evaluate((field: HTMLTextAreaElement, wanted) => {
    const start = field.value.indexOf(wanted);
    field.focus();
    field.setSelectionRange(start, start + wanted.length);
  }, text);
}

/** One Ctrl+Z in the draft's textarea gives back its original text. */
export async function undoRestores(page: Page, original: string, selector = 'textarea'): Promise<void> {
  await page.bringToFront();
  await page.locator(selector).press('Control+z');
  await expect(page.locator(selector)).toHaveValue(original);
}

/**
 * Selects a sentence in the draft textarea, runs a writing item of the context menu on it, and opens the
 * popup, where the result shows.
 */
export async function writeOnSelection(
  fixtures: {
    openDemoPage: (file: string) => Promise<{ page: Page; tabId: number }>;
    openPopup: (tabId: number) => Promise<Page>;
    serviceWorker: Worker;
  },
  menuItemId: string,
  sentence: string,
  {
    file = 'draft-textarea.html',
    selector = 'textarea',
    prepare,
  }: { file?: string; selector?: string; prepare?: (page: Page) => Promise<unknown> } = {},
) {
  const { page, tabId } = await fixtures.openDemoPage(file);
  await prepare?.(page);
  const original = await page.locator(selector).inputValue();
  await selectInTextarea(page, sentence, selector);
  await clickMenuItem(fixtures.serviceWorker, tabId, menuItemId, sentence, true);
  const popup = await fixtures.openPopup(tabId);
  const result = popup.locator('.result-text').first();
  await expect(result).not.toBeEmpty();
  return { page, popup, original, result: await result.innerText() };
}

/** Clicks "Replace selection" in the popup, and waits for it to say how to undo. */
export async function replaceSelection(popup: Page): Promise<void> {
  await popup.getByRole('button', { name: 'Replace selection' }).click();
  await expect(popup.getByRole('status').filter({ hasText: 'Replaced' })).toHaveText(
    'Replaced. Press Ctrl+Z in the field, or Undo here, to undo.',
  );
}

/**
 * In a contenteditable editor (`editorOf` the demo page `file`), rephrases a paragraph (its first `p`, unless told)
 * from the context menu, replaces it from the popup, and checks that the popup's Undo restores its text; then
 * replaces it again, and checks that one Ctrl+Z in the editor restores it.
 */
export async function rephraseEditorParagraph(
  fixtures: {
    openDemoPage: (file: string) => Promise<{ page: Page; tabId: number }>;
    openPopup: (tabId: number) => Promise<Page>;
    serviceWorker: Worker;
    double: ServiceDouble;
  },
  file: string,
  editorOf: (page: Page) => Locator,
  paragraphOf: (editor: Locator) => Locator = (editor) => editor.locator('p').first(),
): Promise<void> {
  const { page, tabId } = await fixtures.openDemoPage(file);
  const editor = editorOf(page);
  const paragraph = paragraphOf(editor);
  const original = await editor.innerText();
  const sentence = await paragraph.innerText();
  await paragraph.selectText();
  await clickMenuItem(fixtures.serviceWorker, tabId, 'factlens-rephrase-selection', sentence, true);
  const popup = await fixtures.openPopup(tabId);
  const result = popup.locator('.result-text').first();
  await expect(result).not.toBeEmpty();
  expect(fixtures.double.endpointCalls('rephraseText')[0]?.body).toEqual({ text: sentence });
  const rephrased = await result.innerText();
  const text = async () => (await editor.innerText()).replace(/\s+/g, ' ').trim();
  await replaceSelection(popup);
  await expect(paragraph).toHaveText(rephrased);
  // The popup's Undo writes the paragraph back.
  await popup.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(popup.getByRole('status').filter({ hasText: 'Undone' })).toHaveText('Undone: your text is back.');
  await expect.poll(text).toBe(original.replace(/\s+/g, ' ').trim());
  // Replaced again, the editor's own Ctrl+Z (or the browser's) restores it too.
  await page.bringToFront();
  await paragraph.selectText();
  await popup.bringToFront();
  await replaceSelection(popup);
  await expect(paragraph).toHaveText(rephrased);
  await page.bringToFront();
  await editor.press('Control+z');
  await expect.poll(text).toBe(original.replace(/\s+/g, ' ').trim());
}
