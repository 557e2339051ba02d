/**
 * Corrections that must fit the draft they go into, in Chromium: a claim quoted with words left out has no Apply; a
 * correction without its full stop or capital, one that keeps its claim's words, one whose words the draft says
 * elsewhere, and one that is the same as its claim are each written (or not) so that the draft reads right.
 */
import type { Locator, Page } from '@playwright/test';
import type { ServiceDouble } from '../../service-double/server';
import { clickApply, highlightedTexts, overlayBadges as badges, overlayCard as card } from './chromium-steps';
import { expect } from './quick-expect';
import { type TestFixtures, test } from './fixtures';
import { applyCorrection, undoRestoresEditor } from './draft-steps';
import { pageCheckerIdle, pageCheckerRuns, pageCheckerSettled } from './page-checker-state';

/**
 * Claims a language-model detector writes in other words than the draft's: each is highlighted on its own sentence,
 * corrected there in a textarea draft, and one Ctrl+Z restores the draft.
 */
for (const { about, draft, claims, highlighted, label, corrected } of [
  {
    about:
      'a claim made to stand alone (a name for the draft’s “She”) is corrected in its own sentence: the sentence before keeps its last word',
    draft:
      'Marie Curie moved to Paris in 1891 to study at the Sorbonne. She won the Nobel Prize in Physics in 1904 with Pierre Curie.',
    claims: 2,
    // The service's claim names her.
    highlighted: 'She won the Nobel Prize in Physics in 1904 with Pierre Curie.',
    label: /^False: Marie Curie won/,
    corrected:
      'Marie Curie moved to Paris in 1891 to study at the Sorbonne. Marie Curie won the Nobel Prize in Physics in 1903.',
  },
  {
    about:
      'a claim with its clauses in another order than the draft’s (its source put last) is highlighted and corrected on its whole sentence',
    draft: 'Our guide to the Moon. According to NASA, the far side of the Moon never receives sunlight. Visit it soon.',
    claims: 1,
    // The service's claim is "The far side of the Moon never receives sunlight, according to NASA."
    highlighted: 'According to NASA, the far side of the Moon never receives sunlight.',
    label: /^False: The far side/,
    corrected:
      'Our guide to the Moon. The far side of the Moon is never visible from Earth, but it receives as much sunlight as the near side. Visit it soon.',
  },
])
  test(about, async ({ checkDraftOn }) => {
    const { page, popup, field } = await checkDraftOn('draft-textarea.html', 'textarea', claims, (textarea) =>
      textarea.fill(draft),
    );
    await expect(popup.getByText(`Located ${claims} of ${claims} claims`)).toBeVisible();
    expect(await highlightedTexts(page)).toContain(highlighted);
    await page.bringToFront();
    await applyCorrection(page, label);
    await expect(field).toHaveValue(corrected);
    await field.press('Control+z');
    await expect(field).toHaveValue(draft);
  });

for (const { file, selector } of [
  { file: 'draft-textarea.html', selector: 'textarea' },
  { file: 'draft-contenteditable.html', selector: '#editor' },
])
  for (const { aside, quoted } of [
    // The service quotes it as "The Great Wall of China … is visible…".
    { aside: '(built over many centuries by several dynasties)', quoted: 'as "…"' },
    // The service quotes it as "The Great Wall of China is visible…".
    { aside: '(about 21,000 km)', quoted: 'with nothing to say so' },
  ])
    test(`a claim that quotes the draft with words left out (an aside, ${quoted}) has no Apply, in ${file}: its correction would delete those words`, async ({
      checkDraftOn,
    }) => {
      const draft = `The Great Wall of China ${aside} is visible from the Moon with the naked eye.`;
      const { page, popup, field } = await checkDraftOn(file, selector, 1, async (editor) => {
        if (selector === 'textarea') await editor.fill(draft);
        else await editor.evaluate((element, text) => (element.textContent = text), draft);
      });
      await expect(popup.getByText('Located 1 of 1 claims')).toBeVisible();
      // Highlighted from its first word to its last, the aside with them.
      expect(await highlightedTexts(page)).toEqual([draft]);
      await page.bringToFront();
      await badges(page)
        .and(page.getByRole('button', { name: /^False: The Great Wall/ }))
        .click();
      await expect(card(page)).toBeVisible();
      await expect(card(page).getByText(/^Correction:/)).toBeVisible();
      await expect(card(page).getByRole('button', { name: 'Copy correction' })).toBeVisible();
      await expect(card(page).getByRole('button', { name: 'Apply correction' })).toHaveCount(0);
      await expect(card(page)).toContainText(
        'This claim quotes your draft only in part, so its correction cannot replace the highlighted text exactly. Copy the correction instead.',
      );
      expect(selector === 'textarea' ? await field.inputValue() : await field.textContent()).toBe(draft);
    });

const GREAT_WALL = 'The Great Wall of China is visible from the Moon with the naked eye.';
const GREAT_WALL_DRAFT = `Our guide to China. ${GREAT_WALL} Visit it soon.`;

/**
 * Writes `draft` (by default GREAT_WALL_DRAFT; one claim) in `file`'s field (`selector`), with the service's
 * corrections set to `correction`, and checks it; returns the page, the field and a reader of the field's text.
 */
async function checkGreatWallDraft(
  { checkDraftOn, double }: Pick<TestFixtures, 'checkDraftOn'> & { double: ServiceDouble },
  { file, selector }: { file: string; selector: string },
  correction: string,
  draft = GREAT_WALL_DRAFT,
): Promise<{ page: Page; field: Locator; text: () => Promise<string> }> {
  double.setVerdictPatch({ correction });
  const { page, popup, field } = await checkDraftOn(file, selector, 1, async (editor) => {
    if (selector === 'textarea') await editor.fill(draft);
    else await editor.evaluate((element, text) => (element.textContent = text), draft);
  });
  await expect(popup.getByText('Located 1 of 1 claims')).toBeVisible();
  await page.bringToFront();
  const text = () => (selector === 'textarea' ? field.inputValue() : field.innerText());
  return { page, field, text };
}

for (const { file, selector } of [
  { file: 'draft-textarea.html', selector: 'textarea' },
  { file: 'draft-contenteditable.html', selector: '#editor' },
])
  test(`a correction written without its full stop and its first word in lower case fits the draft's sentence, in ${file}: the stop is kept, the capital too; one Ctrl+Z restores it`, async ({
    checkDraftOn,
    double,
  }) => {
    const draft = GREAT_WALL_DRAFT;
    // As a language model may write it: the claim's words, its first one in lower case, with no full stop.
    const { page, field, text } = await checkGreatWallDraft(
      { checkDraftOn, double },
      { file, selector },
      'the Great Wall of China cannot be seen from the Moon with the naked eye',
    );
    await applyCorrection(page, /^False: The Great Wall/);
    expect(await text()).toBe(
      'Our guide to China. The Great Wall of China cannot be seen from the Moon with the naked eye. Visit it soon.',
    );
    if (selector === 'textarea') {
      await field.press('Control+z');
      await expect(field).toHaveValue(draft);
    } else await undoRestoresEditor(field, draft);
  });

for (const { file, selector } of [
  { file: 'draft-textarea.html', selector: 'textarea' },
  { file: 'draft-contenteditable.html', selector: '#editor' },
])
  test(`a correction that keeps its claim's words and adds to them, in ${file}: the claim stays corrected (not drawn again on its words in the correction, nor offered to apply again), also once words are typed before it; Ctrl+Z restores the draft, and the claim is drawn again`, async ({
    checkDraftOn,
    double,
    serviceWorker,
  }) => {
    const [claim, draft] = [GREAT_WALL, GREAT_WALL_DRAFT];
    const { page, field, text } = await checkGreatWallDraft(
      { checkDraftOn, double },
      { file, selector },
      `${claim} So goes the myth: it cannot be seen from there.`,
    );
    let runs = await pageCheckerRuns(serviceWorker, page);
    await applyCorrection(page, /^False: The Great Wall/);
    const corrected = `Our guide to China. ${claim} So goes the myth: it cannot be seen from there. Visit it soon.`;
    expect(await text()).toBe(corrected);
    const expectCorrected = async () => {
      // Once the page checker has looked at the changed draft, with nothing more to do.
      await pageCheckerSettled(serviceWorker, page, runs);
      expect(await highlightedTexts(page)).toEqual([]);
      expect(await highlightedTexts(page, ['stale'])).toEqual([]);
      await expect(badges(page)).toHaveCount(0);
    };
    await expectCorrected();
    // Words typed at the draft's start: the correction no longer stands where it was written, but it still stands.
    runs = await pageCheckerRuns(serviceWorker, page);
    await field.press('Control+Home');
    await page.keyboard.type('Hello. ');
    await expect.poll(text).toBe(`Hello. ${corrected}`);
    await expectCorrected();
    // Ctrl+Z takes back the typing, then the correction.
    await field.press('Control+z');
    await expect.poll(text).toBe(corrected);
    await field.press('Control+z');
    await expect.poll(text).toBe(draft);
    await expect.poll(() => highlightedTexts(page, ['refuted'])).toEqual([claim]);
  });

for (const { file, selector } of [
  { file: 'draft-textarea.html', selector: 'textarea' },
  { file: 'draft-contenteditable.html', selector: '#editor' },
])
  test(`a correction whose words the draft already says elsewhere, in ${file}: applied, the claim stays corrected; Ctrl+Z takes it back, and the claim is drawn again (its correction's words further on are not it)`, async ({
    checkDraftOn,
    double,
    serviceWorker,
  }) => {
    // The user wrote the right sentence further on, and left the myth in: the service corrects it with that sentence.
    const rightSentence = 'It cannot be seen from there with the naked eye.';
    const draft = `${GREAT_WALL_DRAFT} ${rightSentence}`;
    const { page, field, text } = await checkGreatWallDraft(
      { checkDraftOn, double },
      { file, selector },
      rightSentence,
      draft,
    );
    const runs = await pageCheckerRuns(serviceWorker, page);
    await applyCorrection(page, /^False: The Great Wall/);
    expect(await text()).toBe(`Our guide to China. ${rightSentence} Visit it soon. ${rightSentence}`);
    await pageCheckerSettled(serviceWorker, page, runs);
    expect(await highlightedTexts(page)).toEqual([]);
    await field.press('Control+z');
    await expect.poll(text).toBe(draft);
    await expect.poll(() => highlightedTexts(page, ['refuted'])).toEqual([GREAT_WALL]);
    await expect(badges(page).and(page.getByRole('button', { name: /^False: The Great Wall/ }))).toHaveCount(1);
  });

for (const { file, selector } of [
  { file: 'draft-textarea.html', selector: 'textarea' },
  { file: 'draft-contenteditable.html', selector: '#editor' },
])
  test(`a correction that is the same as its claim's text, in ${file}: nothing is written, the card says so, and the claim keeps its verdict`, async ({
    checkDraftOn,
    double,
    serviceWorker,
  }) => {
    const [claim, draft] = [GREAT_WALL, GREAT_WALL_DRAFT];
    const { page, text } = await checkGreatWallDraft({ checkDraftOn, double }, { file, selector }, claim);
    await clickApply(page, /^False: The Great Wall/);
    await expect(card(page).getByRole('status')).toHaveText(
      'The correction is the same as your text, so nothing was changed.',
    );
    expect(await text()).toBe(draft);
    await expect(card(page).getByRole('button', { name: 'Apply correction' })).toBeVisible();
    // Nothing written, so nothing for the checker to look at again (it may have looked at the page for the last time
    // before the click): once it has nothing left to do, the claim is still drawn.
    await pageCheckerIdle(serviceWorker, page);
    expect(await highlightedTexts(page, ['refuted'])).toEqual([claim]);
  });
