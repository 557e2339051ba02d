/** The context menu, the keyboard commands and the popup's selection actions, each driving the real listeners. */
import type { Locator, Page, Worker } from '@playwright/test';
import { rephrase } from '../../service-double/content';
import { asHtml } from '../../service-double/forms';
import type { ServiceDouble } from '../../service-double/server';
import { english } from './words';

const DRAWN_ON_CANVAS_MESSAGE = english('canvasNothingSent');

import {
  actionTitle,
  badgeText,
  clickMenuItem,
  expect,
  inLanguage,
  richEditorPage,
  runCommand,
  sendAtOnce,
  test,
} from './fixtures';

const ARMSTRONG_PARAGRAPH = 1;

/** Selects the text of the article's n-th paragraph, as a user dragging over it would; returns that text. */
async function selectParagraph(page: Page, index: number): Promise<string> {
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
async function selectInTextarea(page: Page, text: string, selector = 'textarea'): Promise<void> {
  // A locator, so that a textarea in a web component's open shadow root is found too.
  await page.locator(selector).evaluate((field: HTMLTextAreaElement, wanted) => {
    const start = field.value.indexOf(wanted);
    field.focus();
    field.setSelectionRange(start, start + wanted.length);
  }, text);
}

/** One Ctrl+Z in the draft's textarea gives back its original text. */
async function undoRestores(page: Page, original: string, selector = 'textarea'): Promise<void> {
  await page.bringToFront();
  await page.locator(selector).press('Control+z');
  await expect(page.locator(selector)).toHaveValue(original);
}

/**
 * Selects a sentence in the draft textarea, runs a writing item of the context menu on it, and opens the
 * popup, where the result shows.
 */
async function writeOnSelection(
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
async function replaceSelection(popup: Page): Promise<void> {
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
async function rephraseEditorParagraph(
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

test('“Fact-check selection” from the context menu checks exactly the selected text; the popup lists the verdicts', async ({
  configure,
  openDemoPage,
  openPopup,
  serviceWorker,
  double,
}) => {
  await configure();
  const { page, tabId } = await openDemoPage('article.html');
  const selected = await selectParagraph(page, ARMSTRONG_PARAGRAPH);
  await clickMenuItem(serviceWorker, tabId, 'factlens-check-selection', selected);

  const popup = await openPopup(tabId);
  await expect(popup.getByRole('heading', { name: 'The selection' })).toBeVisible();
  await expect(popup.getByText('Checked 3 claims.')).toBeVisible();
  await expect(popup.locator('.claim').filter({ hasText: 'Great Wall' }).locator('.verdict strong')).toHaveText(
    'False',
  );
  const [detect] = double.endpointCalls('detectClaims');
  expect((detect?.body as { blog: string }).blog).toBe(selected.trim());
  expect(
    double.endpointCalls('factCheckClaims').flatMap((call) => (call.body as { claims: string[] }).claims),
  ).toHaveLength(3);
  // The badge counts the claims that are not true.
  await expect.poll(() => badgeText(serviceWorker, tabId)).toBe('1');
});

test('“Detect claims in selection” lists the claims without verifying them', async ({
  configure,
  openDemoPage,
  openPopup,
  serviceWorker,
  double,
}) => {
  await configure();
  const { page, tabId } = await openDemoPage('article.html');
  const selected = await selectParagraph(page, ARMSTRONG_PARAGRAPH);
  await clickMenuItem(serviceWorker, tabId, 'factlens-detect-selection', selected);
  const popup = await openPopup(tabId);
  await expect(popup.getByText('Found 3 claims.')).toBeVisible();
  await expect(popup.locator('.claim .verdict strong')).toHaveText(['Detected', 'Detected', 'Detected']);
  expect(double.endpointCalls().map((call) => call.endpoint)).toEqual(['detectClaims']);
});

test('the popup’s “Check selection” and the check-selection command check the selection; check-page checks the page', async ({
  configure,
  openDemoPage,
  openPopup,
  serviceWorker,
  double,
}) => {
  await configure();
  const { page, tabId } = await openDemoPage('article.html');
  const selected = await selectParagraph(page, 0);
  const popup = await openPopup(tabId);
  await expect(popup.getByText(`Selected: ${selected.length} characters`)).toBeVisible();
  await popup.getByRole('button', { name: 'Check selection' }).click();
  await expect(popup.getByRole('heading', { name: 'The selection' })).toBeVisible();
  await expect(popup.getByText('Checked 3 claims.')).toBeVisible();
  expect((double.endpointCalls('detectClaims')[0]?.body as { blog: string }).blog).toBe(selected.trim());

  // The command, on another selection.
  const other = await selectParagraph(page, 3);
  await runCommand(serviceWorker, tabId, 'check-selection');
  await expect.poll(() => double.endpointCalls('detectClaims').length).toBe(2);
  expect((double.endpointCalls('detectClaims')[1]?.body as { blog: string }).blog).toBe(other.trim());
  await expect(popup.getByText('Checked 3 claims.')).toBeVisible();

  await runCommand(serviceWorker, tabId, 'check-page');
  await expect(popup.getByRole('heading', { name: 'This page' })).toBeVisible();
  await expect(popup.getByText('Checked 12 claims.')).toBeVisible();
  expect(double.endpointCalls('detectClaims')[2]?.body).toEqual({ url: page.url() });
});

test('“Rephrase selection” in a textarea: the result replaces the selection, and one Ctrl+Z restores the original', async ({
  configure,
  openDemoPage,
  openPopup,
  serviceWorker,
  double,
}) => {
  await configure();
  const sentence = "Brazil produces about a third of the world's coffee.";
  const {
    page,
    popup,
    original,
    result: rephrased,
  } = await writeOnSelection({ openDemoPage, openPopup, serviceWorker }, 'factlens-rephrase-selection', sentence);
  await expect(popup.getByRole('heading', { name: 'Rephrased selection' })).toBeVisible();
  expect(double.endpointCalls('rephraseText')[0]?.body).toEqual({ text: sentence });
  // The double answers with HTML, as the real service does (<p><strong>…</strong>…</p>): shown as its text alone.
  expect(asHtml(rephrase(sentence))).toMatch(/^<p><strong>/);
  expect(rephrased).toBe(rephrase(sentence));

  await replaceSelection(popup);
  await expect(page.locator('textarea')).toHaveValue(original.replace(sentence, rephrased));

  await undoRestores(page, original);
});

test('a rephrasing of a selection in French (its field says so) is shown in French: the selection and the result take its language, the popup’s words stay English', async ({
  configure,
  openDemoPage,
  openPopup,
  serviceWorker,
}) => {
  await configure();
  const { popup } = await writeOnSelection(
    { openDemoPage, openPopup, serviceWorker },
    'factlens-rephrase-selection',
    "Brazil produces about a third of the world's coffee.",
    { prepare: (page) => page.locator('textarea').evaluate((field) => field.setAttribute('lang', 'fr')) },
  );
  expect(await inLanguage(popup.locator('.claim-text'), 'fr')).toBe(true);
  expect(await inLanguage(popup.locator('.result-text').first(), 'fr')).toBe(true);
  expect(await inLanguage(popup.getByRole('heading', { name: 'Rephrased selection' }), 'en')).toBe(true);
  expect(await inLanguage(popup.getByRole('button', { name: 'Replace selection' }), 'en')).toBe(true);
});

test('“Rephrase selection” in a textarea inside a web component: replaced, and one Ctrl+Z restores the original', async ({
  configure,
  openDemoPage,
  openPopup,
  serviceWorker,
}) => {
  await configure();
  const sentence = "Brazil produces about a third of the world's coffee.";
  const field = { file: 'components-draft.html', selector: 'comment-box textarea' };
  const {
    page,
    popup,
    original,
    result: rephrased,
  } = await writeOnSelection(
    { openDemoPage, openPopup, serviceWorker },
    'factlens-rephrase-selection',
    sentence,
    field,
  );
  await replaceSelection(popup);
  await expect(page.locator(field.selector)).toHaveValue(original.replace(sentence, rephrased));
  await undoRestores(page, original, field.selector);
});

test('“Rephrase selection” in an editor in an iframe: the frame’s selection is replaced, and one Ctrl+Z restores it', async ({
  configure,
  openDemoPage,
  openPopup,
  serviceWorker,
  double,
}) => {
  await configure();
  await rephraseEditorParagraph({ openDemoPage, openPopup, serviceWorker, double }, 'frame-draft.html', (page) =>
    page.frameLocator('iframe').locator('body'),
  );
});

test('“Rephrase selection” in an editor inside a web component: the shadow tree’s selection is replaced, and one Ctrl+Z restores it', async ({
  configure,
  openDemoPage,
  openPopup,
  serviceWorker,
  double,
}) => {
  await configure();
  await rephraseEditorParagraph({ openDemoPage, openPopup, serviceWorker, double }, 'components-draft.html', (page) =>
    page.locator('rich-note #note'),
  );
});

test('“Rephrase selection” in TinyMCE, its draft in a frame it makes: replaced, and TinyMCE’s own Ctrl+Z restores the original', async ({
  configure,
  openBundledPage,
  openPopup,
  serviceWorker,
  double,
}) => {
  await configure();
  await rephraseEditorParagraph(
    { openDemoPage: () => openBundledPage('tinymce-editor.ts', richEditorPage()), openPopup, serviceWorker, double },
    'tinymce-editor.html',
    (page) => page.frameLocator('iframe.tox-edit-area__iframe').getByLabel('Newsletter draft'),
    (editor) => editor.locator('p').nth(1),
  );
});

test('“Rephrase selection” in roosterjs (Outlook’s editor): replaced in its model; its own Ctrl+Z restores the paragraph and Ctrl+Y brings the rephrasing back; the popup’s Undo writes the paragraph back', async ({
  configure,
  openBundledPage,
  openPopup,
  serviceWorker,
  double,
}) => {
  await configure();
  const { page, tabId } = await openBundledPage('roosterjs-editor.ts', richEditorPage());
  const editorText = () => page.evaluate(() => (window as unknown as { editorText: () => string }).editorText());
  const original = await editorText();
  const paragraph = page.getByRole('textbox', { name: 'Newsletter draft' }).locator(':scope > div').nth(1);
  const sentence = await paragraph.innerText();
  await paragraph.selectText();
  await clickMenuItem(serviceWorker, tabId, 'factlens-rephrase-selection', sentence, true);
  const popup = await openPopup(tabId);
  await expect(popup.locator('.result-text').first()).not.toBeEmpty();
  expect(double.endpointCalls('rephraseText')[0]?.body).toEqual({ text: sentence });
  const rephrased = await popup.locator('.result-text').first().innerText();
  await replaceSelection(popup);
  const replaced = original.replace(sentence, rephrased);
  await expect.poll(editorText).toBe(replaced);
  // roosterjs takes undo steps only at what it sees typed: the edit is made one (see undoStepBoundary).
  const field = page.getByRole('textbox', { name: 'Newsletter draft' });
  await field.press('Control+z');
  await expect.poll(editorText).toBe(original);
  await field.press('Control+y');
  await expect.poll(editorText).toBe(replaced);
  await popup.bringToFront();
  await popup.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(popup.getByRole('status').filter({ hasText: 'Undone' })).toHaveText('Undone: your text is back.');
  await expect.poll(editorText).toBe(original);
});

test('“Replace selection” in an editor that writes at its own caret instead: the popup says so, and how to undo it', async ({
  configure,
  openDemoPage,
  openPopup,
  serviceWorker,
}) => {
  await configure();
  const { page, tabId } = await openDemoPage('draft-contenteditable.html');
  const editor = page.locator('#editor');
  await editor.evaluate((host: HTMLElement) => {
    host.addEventListener('beforeinput', (event) => {
      event.preventDefault();
      host.querySelector('p:last-child')!.append(event.data ?? '');
    });
  });
  const paragraph = editor.locator('p').first();
  const sentence = await paragraph.innerText();
  await paragraph.selectText();
  await clickMenuItem(serviceWorker, tabId, 'factlens-rephrase-selection', sentence, true);
  const popup = await openPopup(tabId);
  await expect(popup.locator('.result-text').first()).not.toBeEmpty();
  await popup.getByRole('button', { name: 'Replace selection' }).click();
  await expect(popup.getByText(english('replaceElsewhere'))).toBeVisible();
  await expect(paragraph).toHaveText(sentence);
});

test('“Replace selection” in a textarea whose length limit the result does not fit: nothing is changed, and the popup says why', async ({
  configure,
  openDemoPage,
  openPopup,
  serviceWorker,
}) => {
  await configure();
  const sentence = "Brazil produces about a third of the world's coffee.";
  const { page, popup, original, result } = await writeOnSelection(
    { openDemoPage, openPopup, serviceWorker },
    'factlens-extend-selection',
    sentence,
  );
  // Room for three more characters: the browser would cut the result short there.
  expect(result.length - sentence.length).toBeGreaterThan(3);
  await page.locator('textarea').evaluate((field: HTMLTextAreaElement) => (field.maxLength = field.value.length + 3));
  await popup.getByRole('button', { name: 'Replace selection' }).click();
  await expect(popup.getByText(english('replaceTooLong'))).toBeVisible();
  await expect(page.locator('textarea')).toHaveValue(original);
});

test('“Extend selection” on text that is not editable offers the result to copy, not to replace', async ({
  configure,
  openDemoPage,
  openPopup,
  serviceWorker,
  double,
}) => {
  await configure();
  const { page, tabId } = await openDemoPage('article.html');
  const selected = await selectParagraph(page, 0);
  await clickMenuItem(serviceWorker, tabId, 'factlens-extend-selection', selected);
  const popup = await openPopup(tabId);
  await expect(popup.getByRole('heading', { name: 'Extended selection' })).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Copy' })).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Replace selection' })).toHaveCount(0);
  expect(double.endpointCalls('extendText')[0]?.body).toEqual({ text: selected });
});

test('an empty selection, one of punctuation alone, or one too long to check is refused before any call, with a message saying what to do', async ({
  configure,
  openDemoPage,
  openPopup,
  serviceWorker,
  double,
}) => {
  await configure();
  const { page, tabId } = await openDemoPage('article.html');
  await clickMenuItem(serviceWorker, tabId, 'factlens-check-selection', '   ');
  const popup = await openPopup(tabId);
  await expect(popup.getByRole('alert')).toContainText('There is no text to check: the selection is empty.');
  // A selection of punctuation alone (a dash and an ellipsis) holds nothing to rephrase either.
  await page.evaluate(() => {
    const paragraph = document.createElement('p');
    paragraph.id = 'marks';
    paragraph.textContent = '— … —';
    document.body.append(paragraph);
    getSelection()!.selectAllChildren(paragraph);
  });
  await clickMenuItem(serviceWorker, tabId, 'factlens-rephrase-selection', '— … —');
  await expect(popup.getByRole('alert').filter({ hasText: 'Select the text to rephrase first.' })).toBeVisible();
  // A selection longer than a check takes: making it shorter is the way (not "Check selection", which it was).
  await page.evaluate(() => {
    const paragraph = document.createElement('p');
    paragraph.textContent = 'The Moon is about 384,400 kilometres from Earth. '.repeat(2000);
    document.body.append(paragraph);
    getSelection()!.selectAllChildren(paragraph);
  });
  await popup.reload();
  await popup.getByRole('button', { name: 'Check selection' }).click();
  await expect(popup.getByRole('alert').filter({ hasText: 'characters; a check takes' })).toHaveText(
    'The selection has 97,999 characters; a check takes at most 96,000. Select a shorter part, check it, then the rest.',
  );
  expect(double.endpointCalls()).toHaveLength(0);
});

test('in an editor that draws its text on a canvas (as Google Docs does), the popup says why there is no draft to check, and the shortcut is refused with that reason, before any call', async ({
  configure,
  openDemoPage,
  openPopup,
  serviceWorker,
  double,
}) => {
  await configure();
  const { page, tabId } = await openDemoPage('canvas-editor.html');
  const box = page.frameLocator('iframe').getByRole('textbox', { name: 'Document content' });
  await expect(box).toBeFocused();
  // What is typed goes through the unseen box onto the canvas: none of it stays in the page.
  await page.keyboard.type(' It was first visited in 1969.');
  await expect(box).toHaveText('');
  const popup = await openPopup(tabId);
  await expect(popup.getByText('this editor draws its text on a canvas (Google Docs does)')).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Check draft' })).toHaveCount(0);
  await runCommand(serviceWorker, tabId, 'check-selection');
  await expect(popup.getByRole('alert')).toContainText(DRAWN_ON_CANVAS_MESSAGE);
  expect(double.endpointCalls()).toHaveLength(0);
  // The toolbar button says why, where a shortcut pressed with the popup closed leaves its only trace.
  await expect.poll(() => badgeText(serviceWorker, tabId)).toBe('!');
  await expect
    .poll(() => actionTitle(serviceWorker, tabId))
    .toBe(`FactLens: the check failed. ${DRAWN_ON_CANVAS_MESSAGE}`);
});

test('a page the extension may not read (chrome://version) cannot be checked: the popup says why and offers no check, and the check-page command is refused with that reason, before any call', async ({
  configure,
  context,
  openPopup,
  serviceWorker,
  double,
}) => {
  await configure();
  const tabIds = () => serviceWorker.evaluate(async () => (await chrome.tabs.query({})).map((tab) => tab.id!));
  const before = new Set(await tabIds());
  const page = await context.newPage();
  await page.goto('chrome://version/');
  // A tab's address is hidden from the extension until the user's click on its button (or menu, or shortcut) grants
  // it the tab, which a test cannot give: the new tab is the one. So the reason is the one for a tab not granted; a
  // user's click would show it is a browser page (see noAccess in tab-access.ts).
  const [tabId] = (await tabIds()).filter((id) => !before.has(id));
  const popup = await openPopup(tabId!);
  const reason =
    'This page cannot be checked. The extension has no access to this tab right now. Click the FactLens button (or use its menu or shortcut) on the page, then try again.';
  await expect(popup.getByText(reason)).toBeVisible();
  await expect(popup.getByRole('button', { name: /^Check / })).toHaveCount(0);
  // Nor access to every site, which would not reach it either (the browser's refusal names a chrome:// page).
  await expect(popup.getByRole('button', { name: 'Allow on all sites' })).toHaveCount(0);
  await runCommand(serviceWorker, tabId!, 'check-page');
  await expect(popup.getByText('The check stopped.')).toBeVisible();
  // Said once, by the refused check.
  await expect(popup.getByRole('alert')).toHaveCount(1);
  await expect(popup.getByRole('alert')).toContainText(reason);
  expect(double.endpointCalls()).toHaveLength(0);
});

test('the popup’s “Detect claims” on a selection, and the check-page command on a page the service cannot reach (sent as text)', async ({
  configure,
  openDemoPage,
  openPopup,
  serviceWorker,
  double,
}) => {
  await configure();
  const { page, tabId } = await openDemoPage('article.html', 'localhost');
  const selected = await selectParagraph(page, 2);
  const popup = await openPopup(tabId);
  await popup.getByRole('button', { name: 'Detect claims' }).click();
  await expect(popup.getByText('Found 3 claims.')).toBeVisible();
  expect(double.endpointCalls().map((call) => call.endpoint)).toEqual(['detectClaims']);
  expect((double.endpointCalls('detectClaims')[0]?.body as { blog: string }).blog).toBe(selected.trim());

  await runCommand(serviceWorker, tabId, 'check-page');
  await expect(popup.getByText('Checked 12 claims.')).toBeVisible();
  await expect(popup.getByText(/^Sent as text/)).toBeVisible();
  expect(double.endpointCalls('detectClaims')[1]?.body).toEqual({
    blog: expect.stringContaining('The Moon is about 384,400 kilometres'),
  });
});

test('“Extend selection” in a textarea: the result is inserted after the selection or replaces it; one Ctrl+Z undoes either', async ({
  configure,
  openDemoPage,
  openPopup,
  serviceWorker,
  double,
}) => {
  await configure();
  const sentence = 'People in Finland drink more coffee per person than anyone else in the world.';
  const {
    page,
    popup,
    original,
    result: extension,
  } = await writeOnSelection({ openDemoPage, openPopup, serviceWorker }, 'factlens-extend-selection', sentence);
  await expect(popup.getByRole('heading', { name: 'Extended selection' })).toBeVisible();
  expect(double.endpointCalls('extendText')[0]?.body).toEqual({ text: sentence });
  await popup.getByRole('button', { name: 'Insert after selection' }).click();
  await expect(popup.getByRole('status').filter({ hasText: 'Inserted' })).toHaveText(
    'Inserted. Press Ctrl+Z in the field, or Undo here, to undo.',
  );
  await expect(page.locator('textarea')).toHaveValue(original.replace(sentence, `${sentence} ${extension}`));
  // The popup's Undo writes the selection back over what was written (Ctrl+Z does too: below).
  await popup.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(popup.getByRole('status').filter({ hasText: 'Undone' })).toHaveText('Undone: your text is back.');
  await expect(page.locator('textarea')).toHaveValue(original);
  await expect(popup.getByRole('button', { name: 'Undo', exact: true })).toHaveCount(0);

  // Or replace the selection with it; one Ctrl+Z restores the draft.
  await selectInTextarea(page, sentence);
  await popup.bringToFront();
  await popup.getByRole('button', { name: 'Replace selection' }).click();
  await expect(page.locator('textarea')).toHaveValue(original.replace(sentence, extension));
  await undoRestores(page, original);
});

test('while a rephrasing runs, the popup offers no second one (it would be paid for twice): Rephrase and Extend wait for it', async ({
  configure,
  openDemoPage,
  openPopup,
  double,
}) => {
  await configure();
  double.faults.add({ kind: 'latency', endpoint: 'rephraseText', delayMs: 2_000, count: 1 });
  const { page, tabId } = await openDemoPage('article.html');
  await selectParagraph(page, 0);
  const popup = await openPopup(tabId);
  const rephrase = popup.getByRole('button', { name: 'Rephrase', exact: true });
  const extend = popup.getByRole('button', { name: 'Extend', exact: true });
  await rephrase.click();
  await expect(popup.getByRole('status').filter({ hasText: 'Rephrasing…' })).toBeVisible();
  await expect(rephrase).toBeDisabled();
  await expect(extend).toBeDisabled();
  await expect(popup.getByRole('heading', { name: 'Rephrased selection' })).toBeVisible();
  await expect(popup.locator('.writing .result-text').first()).not.toBeEmpty();
  await expect(rephrase).toBeEnabled();
  await expect(extend).toBeEnabled();
  expect(double.endpointCalls('rephraseText')).toHaveLength(1);

  // The menu item clicked twice (two requests at once, past any button): one rephrasing, one call.
  double.faults.add({ kind: 'latency', endpoint: 'rephraseText', delayMs: 1_000, count: 1 });
  const rephrasing = { type: 'startWriting', data: { tabId, kind: 'rephrase' } };
  const [first, second] = await sendAtOnce(popup, [rephrasing, rephrasing]);
  expect(second).toBe(first);
  await expect.poll(() => double.endpointCalls('rephraseText').length).toBe(2);
  await popup.waitForTimeout(300);
  expect(double.endpointCalls('rephraseText')).toHaveLength(2);
});
