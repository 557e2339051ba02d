/**
 * "Apply with source": the card writes the correction followed by its first supporting source, a link in editors
 * that keep links, the address in brackets in plain fields; one Ctrl+Z takes it all back.
 */
import type { FrameLocator, Locator, Page } from '@playwright/test';
import {
  checkRichEditor,
  clickArmed,
  expect,
  overlayBadges as badges,
  overlayCard as card,
  richEditors,
  test,
  type RichEditor,
} from './fixtures';

/**
 * The editors whose test page keeps a link pasted into them (their schema has links); the others keep its text (Draft.js
 * keeps the link in its model, but the page has no decorator to render it).
 */
const KEEP_LINKS: ReadonlySet<RichEditor> = new Set(['prosemirror', 'quill', 'trix']);

/**
 * Opens the card of the claim labelled `label`, clicks "Apply with source" as a user does, and waits until the card
 * says it was written; returns the correction and the source's address, as the card shows them.
 */
async function applyWithSource(
  where: Page | FrameLocator,
  label: RegExp,
): Promise<{ correction: string; source: string }> {
  await badges(where)
    .and(where.getByRole('button', { name: label }))
    .first()
    .click();
  await expect(card(where)).toBeVisible();
  const correction = (await card(where).locator('p', { hasText: 'Correction:' }).innerText()).replace(
    /^Correction:\s*/,
    '',
  );
  // The first source the reasoning cites; its link opens at the cited fact, which the draft does not get.
  const href = await card(where).locator('a[href^="http"]').first().getAttribute('href');
  const source = href!.replace(/#?:~:text=.*$/, '');
  await clickArmed(card(where).getByRole('button', { name: 'Apply with source' }));
  await expect(card(where).getByRole('status')).toHaveText(/^Correction applied with its source\./);
  await expect(card(where).getByRole('button', { name: 'Undo correction' })).toBeVisible();
  await expect(card(where).getByRole('button', { name: /^Apply/ })).toHaveCount(0);
  return { correction, source };
}

/** The correction and its source as the draft gets them: the address in brackets before the closing full stop. */
const withSource = (correction: string, source: string) => correction.replace(/([.!?]*)$/, ` (${source})$1`);

test('“Apply with source” in a textarea: the correction and the address in brackets, and one Ctrl+Z takes both back', async ({
  checkDraftOn,
}) => {
  const { page, field } = await checkDraftOn('draft-textarea.html', 'textarea', 4);
  const original = await field.inputValue();
  const refuted = 'Espresso has more caffeine per serving than drip coffee';
  const claim = original.split('\n').find((line) => line.startsWith(refuted))!;
  const { correction, source } = await applyWithSource(page, /^False: Espresso/);
  expect(source).toMatch(/^https?:\/\//);
  await expect(field).toHaveValue(original.replace(claim, withSource(correction, source)));
  await field.press('Control+z');
  await expect(field).toHaveValue(original);
});

test('“Apply with source” in a contenteditable: the address is a link, and one Ctrl+Z takes it back', async ({
  checkDraftOn,
}) => {
  const { page, field } = await checkDraftOn('draft-contenteditable.html', '#editor', 3);
  const original = await field.innerText();
  const { correction, source } = await applyWithSource(page, /^False: /);
  const link = field.locator('a');
  await expect(link).toHaveCount(1);
  await expect(link).toHaveAttribute('href', source);
  await expect(link).toHaveText(source);
  expect(await field.innerText()).toContain(withSource(correction, source));
  await field.press('Control+z');
  await expect.poll(() => field.innerText()).toBe(original);
  await expect(field.locator('a')).toHaveCount(0);
});

for (const [editor, name] of richEditors)
  test(`“Apply with source” in a ${name} editor: ${KEEP_LINKS.has(editor) ? 'a link' : 'the address'} in the editor’s own model, and its Ctrl+Z takes it back`, async ({
    configure,
    openPopup,
    openBundledPage,
  }) => {
    const { page, field, editorText, original } = await checkRichEditor(editor, {
      configure,
      openPopup,
      openBundledPage,
    });
    const refuted = 'The far side of the Moon never receives sunlight, which is why it is so cold.';
    const { correction, source } = await applyWithSource(page, /^False: The far side/);
    await expect.poll(editorText).toBe(original.replace(refuted, withSource(correction, source)));
    const links: Locator = field.locator(`a[href="${source}"]`);
    await expect(links).toHaveCount(KEEP_LINKS.has(editor) ? 1 : 0);
    await field.press('Control+z');
    await expect.poll(editorText).toBe(original);
    await expect(field.locator('a')).toHaveCount(0);
  });
