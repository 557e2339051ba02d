/**
 * A generated text inserted at the caret, in Chromium: in a textarea, an editor in a frame and a one-line field,
 * a product copy as an editor's paragraphs; refused where the extension may not write; Undo there or Ctrl+Z here.
 */
import { expect } from './quick-expect';
import { test } from './fixtures';
import { writeFromKeywords, writeProductCopy, insertStatus, caretInRichEditor } from './write-steps';

test('a generated paragraph is inserted at the caret of a textarea, set apart by spaces; Undo here or one Ctrl+Z there takes it out', async ({
  configure,
  openDemoPage,
  openPopup,
}) => {
  await configure();
  const { page, tabId } = await openDemoPage('draft-textarea.html');
  const draft = page.locator('textarea');
  const original = await draft.inputValue();
  // The caret in the middle of the second line, after "Brazil produces".
  const caret = original.indexOf('Brazil produces') + 'Brazil produces'.length;
  await draft.evaluate((field: HTMLTextAreaElement, at) => {
    field.focus();
    field.setSelectionRange(at, at);
  }, caret);
  const popup = await openPopup(tabId);
  const paragraph = await writeFromKeywords(popup, 'moon, tides');
  await popup.getByRole('button', { name: 'Insert at the caret' }).click();
  await expect(insertStatus(popup)).toHaveText(
    'Inserted at the caret. Press Ctrl+Z in the field, or Undo here, to undo.',
  );
  // A space before it; after it, the one there already.
  const withParagraph = `${original.slice(0, caret)} ${paragraph}${original.slice(caret)}`;
  await expect(draft).toHaveValue(withParagraph);
  await popup.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(insertStatus(popup)).toHaveText('Undone: the inserted text is gone.');
  await expect(draft).toHaveValue(original);
  // Inserted again; the field's own Ctrl+Z takes it out in one step.
  await popup.getByRole('button', { name: 'Insert at the caret' }).click();
  await expect(draft).toHaveValue(withParagraph);
  await page.bringToFront();
  await draft.press('Control+z');
  await expect(draft).toHaveValue(original);
});

test('a generated text goes to the caret of an editor in a frame, and a product copy to a one-line field as text on one line; with no caret the popup says where to click', async ({
  configure,
  openDemoPage,
  openPopup,
  double,
}) => {
  await configure();
  const { page, tabId } = await openDemoPage('frame-draft.html');
  const editor = page.frameLocator('iframe').locator('body');
  const original = (await editor.innerText()).replace(/\s+/g, ' ').trim();
  // The caret at the end of the first paragraph.
  await editor.locator('p').first().click();
  await page.keyboard.press('End');
  const popup = await openPopup(tabId);
  const paragraph = await writeFromKeywords(popup, 'orbit');
  await popup.getByRole('button', { name: 'Insert at the caret' }).click();
  await expect(insertStatus(popup)).toHaveText(/^Inserted at the caret\./);
  await expect(editor.locator('p').first()).toHaveText(
    `The Moon is about 384,400 kilometres from Earth on average. ${paragraph}`,
  );
  await popup.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(insertStatus(popup)).toHaveText('Undone: the inserted text is gone.');
  await expect.poll(async () => (await editor.innerText()).replace(/\s+/g, ' ').trim()).toBe(original);

  // No caret in a field: the focus on the page's body.
  await page.bringToFront();
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    getSelection()?.removeAllRanges();
  });
  await popup.bringToFront();
  await popup.getByRole('button', { name: 'Insert at the caret' }).click();
  await expect(insertStatus(popup)).toHaveText(
    'There is no caret in a field or editor of this page to write at. Click where the text should go, then choose “Insert at the caret” again.',
  );
  await expect.poll(async () => (await editor.innerText()).replace(/\s+/g, ' ').trim()).toBe(original);

  // A product copy (HTML, with headings and a list) into a one-line field: its text, on one line, no markup.
  const { page: form, tabId: formTab } = await openDemoPage('draft-textarea.html');
  const title = form.locator('#title');
  await title.evaluate((field: HTMLInputElement) => {
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
  });
  const formPopup = await openPopup(formTab);
  await writeProductCopy(formPopup, 'Trail mug');
  await formPopup.getByRole('button', { name: 'Insert at the caret' }).click();
  await expect(insertStatus(formPopup)).toHaveText(/^Inserted at the caret\./);
  const value = await title.inputValue();
  expect(value.startsWith('Coffee, by the numbers ')).toBe(true);
  expect(value).toContain('Trail mug');
  expect(value).not.toMatch(/[<>\n]/);
  expect(double.endpointCalls('productCopies')).toHaveLength(1);
});

test('“Insert at the caret” on a tab the extension has no access to says so, in words about writing, and writes nothing', async ({
  configure,
  openUngrantedPage,
  openPopup,
}) => {
  await configure();
  const { page, tabId } = await openUngrantedPage('draft-textarea.html');
  const original = await page.locator('textarea').inputValue();
  await page.locator('textarea').click();
  const popup = await openPopup(tabId);
  await writeFromKeywords(popup, 'moon');
  await popup.getByRole('button', { name: 'Insert at the caret' }).click();
  await expect(popup.getByRole('status').filter({ hasText: /^This page/ })).toHaveText(
    'This page cannot be written in. The extension has no access to this tab right now. Click the FactLens button (or use its menu or shortcut) on the page, then try again.',
  );
  await expect(page.locator('textarea')).toHaveValue(original);
});

test('“Insert at the caret” with the caret in another site’s frame, out of the extension’s reach, says so and writes nothing', async ({
  context,
  configure,
  openPopup,
  serviceWorker,
  double,
}) => {
  await configure();
  const url = `${double.url}/test/foreign-frame.html`;
  await context.route(url, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Post</title><h1>Post</h1><iframe src="http://ungranted.test/editor.html"></iframe>',
    }),
  );
  await context.route('http://ungranted.test/editor.html', (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: '<!doctype html><body contenteditable="true"><p>A draft in another site’s editor.</p></body>',
    }),
  );
  const page = await context.newPage();
  await page.goto(url);
  const tabId = await serviceWorker.evaluate(
    async (pageUrl) => (await chrome.tabs.query({})).find((tab) => tab.url === pageUrl)!.id!,
    url,
  );
  const editor = page.frameLocator('iframe').locator('body');
  await editor.locator('p').click();
  await page.keyboard.press('End');
  const popup = await openPopup(tabId);
  await writeFromKeywords(popup, 'moon');
  await popup.getByRole('button', { name: 'Insert at the caret' }).click();
  await expect(popup.getByRole('status').filter({ hasText: /^The caret/ })).toHaveText(
    'The caret is in a frame of another site, which FactLens may not write in. Copy the result and paste it there instead.',
  );
  await expect(editor).toHaveText('A draft in another site’s editor.');
});

test('a product copy (several paragraphs) inserted at the caret in an editor becomes its paragraphs; the popup offers no Undo it could not do, and one Ctrl+Z takes it out', async ({
  configure,
  openBundledPage,
  openPopup,
}) => {
  const { page, box, paragraphs, text, original, popup } = await caretInRichEditor(
    { configure, openBundledPage, openPopup },
    'prosemirror',
  );
  const count = await paragraphs.count();
  await writeProductCopy(popup, 'Trail mug');
  await popup.getByRole('button', { name: 'Insert at the caret' }).click();
  await expect(insertStatus(popup)).toHaveText('Inserted at the caret. Press Ctrl+Z in the field to undo.');
  await expect(popup.getByRole('button', { name: 'Undo', exact: true })).toHaveCount(0);
  // The copy's heading joins the paragraph at the caret; its paragraph, list items and last line are paragraphs.
  await expect(paragraphs.first()).toHaveText(`${original.first} Introducing Trail mug`);
  await expect(paragraphs).toHaveCount(count + 4);
  await expect(box).not.toContainText('<');
  await page.bringToFront();
  await box.press('Control+z');
  await expect.poll(text).toBe(original.whole);
});
