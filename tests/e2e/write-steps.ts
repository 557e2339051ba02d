/** Steps in the popup's Write view: opened on the demo article, a paragraph or a product copy written, its status read. */
import type { Page } from '@playwright/test';
import { expect } from './quick-expect';
import { richEditorPage, richEditorParagraphs, richEditorScript, type RichEditor } from './rich-editor-pages';
import { type TestFixtures } from './fixtures';

/** The popup on the demo article, in its Write view. */
export async function openWrite(popupOn: (file?: string) => Promise<{ popup: Page }>): Promise<Page> {
  const { popup } = await popupOn();
  await popup.getByRole('button', { name: 'Write', exact: true }).click();
  return popup;
}

export const result = (popup: Page) => popup.locator('.writing .result-text').first();

/** In the Write view, a paragraph from these keywords; its text once written. */
export async function writeFromKeywords(popup: Page, keywords: string): Promise<string> {
  await popup.getByRole('button', { name: 'Write', exact: true }).click();
  await popup.getByLabel('Tool').selectOption('keywords');
  await popup.getByLabel('Keywords, separated by commas').fill(keywords);
  await popup.getByRole('button', { name: 'Write the paragraph' }).click();
  await expect(result(popup)).not.toBeEmpty();
  return (await result(popup).innerText()).trim();
}

/** In the Write view, a product copy for this product; waits for its text. */
export async function writeProductCopy(popup: Page, product: string): Promise<void> {
  await popup.getByRole('button', { name: 'Write', exact: true }).click();
  await popup.getByLabel('Tool').selectOption('product');
  await popup.getByLabel('Product', { exact: true }).fill(product);
  await popup.getByRole('button', { name: 'Write it' }).click();
  await expect(result(popup)).not.toBeEmpty();
}

export const insertStatus = (popup: Page) =>
  popup.getByRole('status').filter({ hasText: /^(Inserted|Undone|There is)/ });

/**
 * With the extension configured, an editor of tests/e2e/pages/editors/ (or Draft.js's), with the caret at the
 * end of its first paragraph, and the popup for its tab: its paragraphs, its text, and what they held at first.
 */
export async function caretInRichEditor(
  { configure, openBundledPage, openPopup }: Pick<TestFixtures, 'configure' | 'openBundledPage' | 'openPopup'>,
  editor: RichEditor,
) {
  await configure();
  const { page, tabId } = await openBundledPage(richEditorScript(editor), richEditorPage());
  const box = page.getByRole('textbox', { name: 'Newsletter draft' });
  const paragraphs = box.locator(richEditorParagraphs(editor));
  const text = async () => (await box.innerText()).replace(/\s+/g, ' ').trim();
  const original = { whole: await text(), first: await paragraphs.first().innerText() };
  await paragraphs.first().click();
  await page.keyboard.press('End');
  return { page, box, paragraphs, text, original, popup: await openPopup(tabId) };
}
