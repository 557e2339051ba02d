/**
 * A selection rephrased or extended, in Chromium, from the context menu or the popup: replaced in a textarea (in a web
 * component too), a frame, TinyMCE and roosterjs, and undone by one Ctrl+Z; refused where it does not fit or the
 * editor writes at its own caret; never asked twice while one runs.
 */
import { rephrase } from '../../service-double/content';
import { asHtml } from '../../service-double/forms';
import { english } from './words';
import { clickMenuItem, inLanguage, sendAtOnce } from './worker-probes';
import { expect } from './quick-expect';
import { richEditorPage } from './rich-editor-pages';
import { test } from './fixtures';
import {
  selectParagraph,
  selectInTextarea,
  undoRestores,
  writeOnSelection,
  replaceSelection,
  rephraseEditorParagraph,
} from './selection-steps';

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
