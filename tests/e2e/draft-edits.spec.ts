/**
 * A checked draft under a run of edits, as a user makes them while the verdicts stand: words typed and letters deleted
 * at random places (inside claims, at their edges, between them), and corrections applied and taken back with Ctrl+Z.
 * Each run is seeded, so that a failure can be played again. After every step:
 * - the draft holds exactly what the user's own edits made of it (nothing of ours left in it, nothing of theirs lost);
 * - every claim still drawn with its verdict is drawn over its own words, unchanged (a claim whose words the user
 *   changed is drawn as stale, and offers no Apply), and none is lost: verdicts and stale claims together are all of them;
 * - a correction replaces its claim's words and nothing else, and one Ctrl+Z (or the card's Undo) puts the draft back
 *   as it was before it, its claim drawn with its verdict again.
 */
import type { Locator, Page } from '@playwright/test';
import {
  checkDraft,
  clickApply,
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

const VERDICTS = ['supported', 'refuted', 'mixed', 'unverifiable'];
/** What a user types: a word, with the space before it. */
const TYPED = ' xyz';
const STEPS = 12;

/** The same sequence of numbers in [0, 1) for the same seed. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
}

/** Text as it reads: an editor's no-break spaces as spaces, runs of spaces as one, its zero-width marks left out. */
const reads = (text: string) =>
  text
    .replace(/\u00a0/g, ' ')
    .replace(/[\u200b\ufeff]/g, '')
    .replace(/ {2,}/g, ' ');

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where the draft can be edited, and how its text is read: a textarea, or a contenteditable's paragraphs. */
interface Draft {
  text: () => Promise<string>;
  /** Puts the caret at `at` (a character of `text()`), or selects [at, at + length). */
  select: (at: number, length?: number) => Promise<void>;
  /** The text as the page's own model of the draft holds it (React's state, an editor's document), if it has one. */
  model?: () => Promise<string>;
}

function textareaDraft(field: Locator, model?: () => Promise<string>): Draft {
  return {
    model,
    text: () => field.inputValue(),
    select: (at, length = 0) =>
      field.evaluate(
        (element: HTMLTextAreaElement, { start, end }) => {
          element.focus();
          element.setSelectionRange(start, end);
        },
        { start: at, end: at + length },
      ),
  };
}

/**
 * A contenteditable's text: that of its `paragraphs`, one after the other (the indentation between them left out).
 * `model`: the editor's own reader of its document, its paragraphs one per line.
 */
function editableDraft(editor: Locator, paragraphs = 'p', model?: () => Promise<string>): Draft {
  return {
    model: model && (async () => (await model()).replace(/\n/g, '')),
    text: () =>
      editor.evaluate(
        (element, selector) => [...element.querySelectorAll(selector)].map((p) => p.textContent).join(''),
        paragraphs,
      ),
    select: (at, length = 0) =>
      editor.evaluate(
        (element: HTMLElement, { start, end, selector }) => {
          const nodes: Text[] = [];
          for (const p of element.querySelectorAll(selector)) {
            const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
          }
          const pointAt = (offset: number): [Text, number] => {
            for (const node of nodes) {
              if (offset <= node.data.length) return [node, offset];
              offset -= node.data.length;
            }
            const last = nodes.at(-1)!;
            return [last, last.data.length];
          };
          element.focus();
          const range = document.createRange();
          range.setStart(...pointAt(start));
          range.setEnd(...pointAt(end));
          getSelection()!.removeAllRanges();
          getSelection()!.addRange(range);
        },
        { start: at, end: at + length, selector: paragraphs },
      ),
  };
}

/** The words every claim drawn with its verdict stands on, and how many claims are drawn stale. */
async function drawn(page: Page): Promise<{ verdicts: string[]; stale: number }> {
  return { verdicts: await highlightedTexts(page, VERDICTS), stale: (await highlightedTexts(page, ['stale'])).length };
}

/**
 * The edits, for `seed`, on a draft checked with `claims` claims: returns how many corrections were applied (and
 * taken back), so that a run can be seen to have applied some.
 */
async function editAtRandom(page: Page, field: Locator, draft: Draft, claims: number, seed: number): Promise<number> {
  const random = seeded(seed);
  const claimTexts = new Set((await highlightedTexts(page, VERDICTS)).map(reads));
  expect(claimTexts.size).toBe(claims);
  let expected = await draft.text();
  let applied = 0;
  // A claim corrected is not drawn; taken back, it is drawn again: with the stale ones, the verdicts are all the claims.
  const expectDrawnOverOwnWords = () =>
    expect
      .poll(async () => {
        const { verdicts, stale } = await drawn(page);
        return {
          notClaims: verdicts.filter((text) => !claimTexts.has(reads(text))),
          all: verdicts.length + stale,
        };
      })
      .toEqual({ notClaims: [], all: claims });

  for (let step = 0; step < STEPS; step++) {
    // The first step applies a correction, while every claim still stands: a run then applies at least one.
    const choice = step === 0 ? 1 : random();
    const text = await draft.text();
    if (choice < 0.4) {
      // A word typed somewhere.
      const at = Math.floor(random() * (text.length + 1));
      await draft.select(at);
      await page.keyboard.type(TYPED);
      expected = expected.slice(0, at) + TYPED + expected.slice(at);
    } else if (choice < 0.6) {
      // A few letters selected and deleted.
      const length = 1 + Math.floor(random() * 4);
      const at = Math.floor(random() * (text.length - length));
      await draft.select(at, length);
      await page.keyboard.press('Backspace');
      expected = expected.slice(0, at) + expected.slice(at + length);
    } else {
      // A correction applied where one can be (a claim found false or partly true, its words unchanged), then taken
      // back: by Ctrl+Z in the draft, or by the card's Undo.
      const correctable = (await highlightedTexts(page, ['refuted', 'mixed'])).filter((claim) =>
        claimTexts.has(reads(claim)),
      );
      const claim = correctable[Math.floor(random() * correctable.length)];
      if (claim === undefined) continue;
      // Editors join the edits of a moment into one undo step, the user's own too (Quill those of a second, CodeMirror
      // those side by side within half a second): the correction comes a second after the last edit.
      await page.waitForTimeout(1000);
      await clickApply(page, new RegExp(`^(False|Partly true): ${escaped(claim.slice(0, 24))}`));
      await expect(card(page).getByRole('status')).toHaveText(/^Correction applied\./);
      const corrected = await draft.text();
      // The words changed are the claim's, at a place where the draft had them.
      let same = 0;
      while (same < text.length && text[same] === corrected[same]) same++;
      let sameAtEnd = 0;
      while (
        sameAtEnd < text.length - same &&
        text[text.length - 1 - sameAtEnd] === corrected[corrected.length - 1 - sameAtEnd]
      )
        sameAtEnd++;
      const changedEnd = text.length - sameAtEnd;
      const occurrences = [...text.matchAll(new RegExp(escaped(claim), 'g'))].map((match) => match.index);
      expect(
        occurrences.some((at) => at <= same && changedEnd <= at + claim.length),
        `the correction changed only “${claim}”: “${text.slice(same, changedEnd)}” became “${corrected.slice(same, corrected.length - sameAtEnd)}”`,
      ).toBe(true);
      if (random() < 0.5) {
        await card(page).getByRole('button', { name: 'Undo correction' }).click();
        await expect(card(page).getByRole('status')).toHaveText('Correction undone: your text is back.');
        await card(page).getByRole('button', { name: 'Close' }).click();
      } else {
        await card(page).getByRole('button', { name: 'Close' }).click();
        await field.press('Control+z');
      }
      await expect.poll(async () => reads(await draft.text())).toBe(reads(text));
      // Its words back where they were, the claim is drawn with its verdict again, and can be corrected again.
      await expect.poll(() => highlightedTexts(page, ['refuted', 'mixed'])).toContain(claim);
      applied++;
    }
    await expect.poll(async () => reads(await draft.text()), `after step ${step + 1}`).toBe(reads(expected));
    if (draft.model) await expect.poll(async () => reads(await draft.model!()), 'its model').toBe(reads(expected));
    await expectDrawnOverOwnWords();
  }
  return applied;
}

for (const seed of [3, 8])
  test(`a textarea draft under random edits (seed ${seed}): its text is the user’s, its claims stay on their words or go stale, and each correction applied is undone by one Ctrl+Z`, async ({
    checkDraftOn,
  }) => {
    const { page, field } = await checkDraftOn('draft-textarea.html', 'textarea', 4);
    expect(await editAtRandom(page, field, textareaDraft(field), 4, seed)).toBeGreaterThan(0);
  });

for (const seed of [5, 13])
  test(`a contenteditable draft under random edits (seed ${seed}): its text is the user’s, its claims stay on their words or go stale, and each correction applied is undone by one Ctrl+Z`, async ({
    checkDraftOn,
  }) => {
    const { page, field } = await checkDraftOn('draft-contenteditable.html', '#editor', 3);
    expect(await editAtRandom(page, field, editableDraft(field), 3, seed)).toBeGreaterThan(0);
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
  expect(await editAtRandom(page, field, textareaDraft(field, state), 4, 21)).toBeGreaterThan(0);
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
    const draft = editableDraft(field, richEditorParagraphs(editor), editorTextOf(page));
    expect(await editAtRandom(page, field, draft, 3, 34)).toBeGreaterThan(0);
  });
