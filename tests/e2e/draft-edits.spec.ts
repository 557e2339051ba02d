/**
 * Checked drafts in Chromium under seeded runs of random edits (see random-edits.ts): a textarea, a contenteditable,
 * a React-controlled textarea, and each of the eight rich editors, whose own models are read after each edit.
 */
import type { Locator, Page } from '@playwright/test';
import {
  checkDraft,
  clickApply,
  clickArmed,
  editorTextOf,
  expect,
  highlightedTexts,
  overlayCard as card,
  richEditorPage,
  richEditorParagraphs,
  richEditorScript,
  richEditors,
  test,
} from './fixtures';
import {
  editableDraft,
  editAtRandom,
  keepingTheClaim,
  richEditorDraft,
  textareaDraft,
  type OnDraft,
  type RandomEditDriver,
} from './random-edits';

/** The run's hands in Chromium: Playwright's keyboard, and the card in the page's overlay. */
function chromiumDriver(page: Page, field: Locator): RandomEditDriver {
  return {
    highlighted: (kinds) => highlightedTexts(page, kinds),
    type: (text) => page.keyboard.type(text),
    backspace: () => page.keyboard.press('Backspace'),
    wait: (ms) => page.waitForTimeout(ms),
    apply: async (label) => {
      await clickApply(page, label);
      await expect(card(page).getByRole('status')).toHaveText(/^Correction applied\./);
    },
    undoFromCard: async () => {
      await clickArmed(card(page).getByRole('button', { name: 'Undo correction' }));
      await expect(card(page).getByRole('status')).toHaveText('Correction undone: your text is back.');
      await card(page).getByRole('button', { name: 'Close' }).click();
    },
    undoByKey: async () => {
      await card(page).getByRole('button', { name: 'Close' }).click();
      await field.press('Control+z');
    },
  };
}

/** The args passed are plain data, which Playwright's `Unboxed` leaves as they are. */
const onLocator =
  (field: Locator): OnDraft =>
  <Arg, Result>(fn: (element: Element, arg: Arg) => Result, arg: Arg) =>
    field.evaluate(fn as (element: Element, arg: unknown) => Result, arg) as Promise<Awaited<Result>>;

for (const seed of [3, 8])
  test(`a textarea draft under random edits (seed ${seed}): its text is the user’s, its claims stay on their words or go stale, and each correction applied is undone by one Ctrl+Z`, async ({
    checkDraftOn,
  }) => {
    const { page, field } = await checkDraftOn('draft-textarea.html', 'textarea', 4);
    const draft = textareaDraft(onLocator(field));
    expect(await editAtRandom(chromiumDriver(page, field), draft, 4, seed)).toBeGreaterThan(0);
  });

for (const seed of [5, 13])
  test(`a contenteditable draft under random edits (seed ${seed}): its text is the user’s, its claims stay on their words or go stale, and each correction applied is undone by one Ctrl+Z`, async ({
    checkDraftOn,
  }) => {
    const { page, field } = await checkDraftOn('draft-contenteditable.html', '#editor', 3);
    const draft = editableDraft(onLocator(field));
    expect(await editAtRandom(chromiumDriver(page, field), draft, 3, seed)).toBeGreaterThan(0);
  });

for (const { file, selector, claims, seed } of [
  { file: 'draft-textarea.html', selector: 'textarea', claims: 4, seed: 3 },
  { file: 'draft-contenteditable.html', selector: '#editor', claims: 3, seed: 5 },
])
  test(`${file} under random edits, its corrections keeping their claims’ words: a claim corrected is not drawn on them, and each is undone by one Ctrl+Z`, async ({
    checkDraftOn,
    double,
  }) => {
    double.setVerdictPatch({ correction: keepingTheClaim });
    const { page, field } = await checkDraftOn(file, selector, claims);
    const draft = selector === 'textarea' ? textareaDraft(onLocator(field)) : editableDraft(onLocator(field));
    const driver = chromiumDriver(page, field);
    expect(await editAtRandom(driver, draft, claims, seed, { holdCorrectionMs: 600 })).toBeGreaterThan(0);
  });

test('a React-controlled textarea under random edits: React’s state follows each one, and each correction and its undo', async ({
  configure,
  openPopup,
  openBundledPage,
}) => {
  await configure();
  const { page, tabId } = await openBundledPage('react-draft.ts', '<body><div id="root"></div></body>');
  const field = page.locator('textarea');
  await field.click();
  await checkDraft(page, await openPopup(tabId), 4);
  const state = async () => (await page.locator('#state').textContent()) ?? '';
  const draft = textareaDraft(onLocator(field), state);
  expect(await editAtRandom(chromiumDriver(page, field), draft, 4, 21)).toBeGreaterThan(0);
});

for (const [editor, name] of richEditors)
  test(`a ${name} editor under random edits: its own model holds the user’s text after each one, and each correction and its undo`, async ({
    configure,
    openPopup,
    openBundledPage,
  }) => {
    await configure();
    const { page, tabId } = await openBundledPage(richEditorScript(editor), richEditorPage(editor));
    const field = page.getByRole('textbox', { name: 'Newsletter draft' });
    await field.click();
    await checkDraft(page, await openPopup(tabId), 3);
    const draft = richEditorDraft(onLocator(field), richEditorParagraphs(editor), editorTextOf(page));
    expect(await editAtRandom(chromiumDriver(page, field), draft, 3, 34)).toBeGreaterThan(0);
  });
