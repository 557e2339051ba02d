/**
 * A checked draft under a run of edits, as a user makes them while the verdicts stand: words typed and letters deleted
 * at random places (inside claims, at their edges, between them), and corrections applied and taken back with Ctrl+Z
 * or the card's Undo. Each run is seeded, so that a failure can be played again. After every step:
 * - the draft holds exactly what the user's own edits made of it (nothing of ours left in it, nothing of theirs lost);
 * - every claim still drawn with its verdict is drawn over its own words, unchanged (a claim whose words the user
 *   changed is drawn as stale, and offers no Apply), and none is lost: verdicts and stale claims together are all of them;
 * - a correction replaces its claim's words and nothing else, and one Ctrl+Z (or the card's Undo) puts the draft back
 *   as it was before it, its claim drawn with its verdict again.
 * The runs themselves are in draft-edits.spec.ts (Chromium) and firefox.spec.ts; each drives its browser through a
 * RandomEditDriver.
 */
import { expect } from './quick-expect';

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

export const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where the draft can be edited, and how its text is read: a textarea, or a contenteditable's paragraphs. */
export interface Draft {
  text: () => Promise<string>;
  /** Puts the caret at `at` (a character of `text()`), or selects [at, at + length). */
  select: (at: number, length?: number) => Promise<void>;
  /** The text as the page's own model of the draft holds it (React's state, an editor's document), if it has one. */
  model?: () => Promise<string>;
  /**
   * How long after an edit the draft's undo history still joins the next one to it: 0 for the browser's own (a text
   * field, a bare contenteditable), which starts a new step when the selection moves.
   */
  joinsEditsWithinMs: number;
}

/** What a run asks of the browser it drives (Playwright's Chromium, or Firefox through WebDriver BiDi). */
export interface RandomEditDriver {
  /** The text of every range in the page's highlights of these kinds. */
  highlighted: (kinds: string[]) => Promise<string[]>;
  /** Typed at the caret, or over the selection. */
  type: (text: string) => Promise<void>;
  backspace: () => Promise<void>;
  wait: (ms: number) => Promise<void>;
  /** Opens the card of the claim whose badge's label matches, applies its correction, and waits until it is in. */
  apply: (label: RegExp) => Promise<void>;
  /** The card's Undo, once it says the text is back; then the card is closed. */
  undoFromCard: () => Promise<void>;
  /** The card closed, then Ctrl+Z in the draft. */
  undoByKey: () => Promise<void>;
}

/** In the page: a text field's caret put at `start`, or [start, end) selected. */
function selectInField(element: Element, { start, end }: { start: number; end: number }): void {
  const field = element as HTMLTextAreaElement;
  field.focus();
  field.setSelectionRange(start, end);
}

/** In the page: a contenteditable's text, that of its `selector` paragraphs one after the other. */
function editableText(element: Element, selector: string): string {
  return [...element.querySelectorAll(selector)].map((paragraph) => paragraph.textContent).join('');
}

/**
 * In the page: [start, end) of a contenteditable's text (as editableText reads it) selected, or the caret put at start;
 * resolves once the editor has had the time to see it (a frame and 100 ms), as it would have by a user's next key, and
 * the selection is still there. Editors learn of the selection from `selectionchange`, in a task of its own, and one
 * still rendering the last edit may put its own caret back: Trix in Firefox, on a busy machine, then wrote the word
 * where the caret was before. So the selection is made again until it holds.
 */
async function selectInEditable(
  element: Element,
  { start, end, selector }: { start: number; end: number; selector: string },
): Promise<void> {
  const textNodes = () => {
    const nodes: Text[] = [];
    for (const paragraph of element.querySelectorAll(selector)) {
      const walker = document.createTreeWalker(paragraph, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
    }
    return nodes;
  };
  const pointAt = (nodes: Text[], offset: number): [Text, number] => {
    for (const node of nodes) {
      if (offset <= node.data.length) return [node, offset];
      offset -= node.data.length;
    }
    const last = nodes.at(-1)!;
    return [last, last.data.length];
  };
  /** The offset in the draft's text of a point of the selection (in a text node, or between an element's children). */
  const offsetOf = (nodes: Text[], node: Node, offset: number): number => {
    const point = document.createRange();
    point.setStart(node, offset);
    let before = 0;
    for (const text of nodes) {
      if (text === node) return before + offset;
      // Wholly before the point: (text, its end) comes before it.
      if (point.comparePoint(text, text.data.length) > 0) break;
      before += text.data.length;
    }
    return before;
  };
  const holds = () => {
    const selection = getSelection();
    if (!selection || selection.rangeCount === 0) return false;
    const range = selection.getRangeAt(0);
    const nodes = textNodes();
    return (
      offsetOf(nodes, range.startContainer, range.startOffset) === start &&
      offsetOf(nodes, range.endContainer, range.endOffset) === end
    );
  };
  for (let attempt = 0; attempt < 20; attempt++) {
    (element as HTMLElement).focus();
    const nodes = textNodes();
    const range = document.createRange();
    range.setStart(...pointAt(nodes, start));
    range.setEnd(...pointAt(nodes, end));
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
    await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100)));
    if (holds()) return;
  }
}

/** Corrections that keep their claim's words and add to them, as a service may write them (see VerdictPatch). */
export const keepingTheClaim = (claim: string) => `${claim} So it is said, wrongly.`;

/** Runs `fn` in the page on the draft's element: a Playwright Locator's `evaluate`, or a puppeteer ElementHandle's. */
export type OnDraft = <Arg, Result>(fn: (element: Element, arg: Arg) => Result, arg: Arg) => Promise<Awaited<Result>>;

/** A textarea's draft; `model`: the page's own state of it (React's), if it has one. */
export function textareaDraft(onDraft: OnDraft, model?: () => Promise<string>): Draft {
  return {
    model,
    joinsEditsWithinMs: 0,
    text: () => onDraft((element) => (element as HTMLTextAreaElement).value, null),
    select: (at, length = 0) => onDraft(selectInField, { start: at, end: at + length }),
  };
}

/** A bare contenteditable's draft: the text of its paragraphs, one after the other. */
export const editableDraft = (onDraft: OnDraft): Draft => ({
  joinsEditsWithinMs: 0,
  text: () => onDraft(editableText, 'p'),
  select: (at, length = 0) => onDraft(selectInEditable, { start: at, end: at + length, selector: 'p' }),
});

/**
 * A rich editor's draft: the text of its `paragraphs`, one after the other (the indentation between them left out);
 * `model`, the editor's own reader of its document, its paragraphs one per line; `joinsEditsWithinMs`, how long its
 * history joins edits into one undo step (see HISTORY_JOINS_WITHIN_MS).
 */
export function richEditorDraft(
  onDraft: OnDraft,
  paragraphs: string,
  model: () => Promise<string>,
  joinsEditsWithinMs: number,
): Draft {
  return {
    model: async () => (await model()).replace(/\n/g, ''),
    joinsEditsWithinMs,
    text: () => onDraft(editableText, paragraphs),
    select: (at, length = 0) => onDraft(selectInEditable, { start: at, end: at + length, selector: paragraphs }),
  };
}

/**
 * The edits, for `seed`, on a draft checked with `claims` claims: returns how many corrections were applied (and
 * taken back), so that a run can be seen to have applied some. With `holdCorrectionMs`, each correction stays in that
 * long before it is taken back (past the page checker's look at the draft, REANCHOR_DELAY_MS after it changed), and
 * its claim must then not be drawn: not on its words, nor on the same words in the correction (one that keeps them).
 */
export async function editAtRandom(
  driver: RandomEditDriver,
  draft: Draft,
  claims: number,
  seed: number,
  { holdCorrectionMs = 0 } = {},
): Promise<number> {
  const random = seeded(seed);
  const claimTexts = new Set((await driver.highlighted(VERDICTS)).map(reads));
  expect(claimTexts.size).toBe(claims);
  let expected = await draft.text();
  let applied = 0;
  // A claim corrected is not drawn; taken back, it is drawn again: with the stale ones, the verdicts are all the claims.
  const expectDrawnOverOwnWords = () =>
    expect
      .poll(async () => {
        const verdicts = await driver.highlighted(VERDICTS);
        const stale = (await driver.highlighted(['stale'])).length;
        return { notClaims: verdicts.filter((text) => !claimTexts.has(reads(text))), all: verdicts.length + stale };
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
      await driver.type(TYPED);
      expected = expected.slice(0, at) + TYPED + expected.slice(at);
    } else if (choice < 0.6) {
      // A few letters selected and deleted.
      const length = 1 + Math.floor(random() * 4);
      const at = Math.floor(random() * (text.length - length));
      await draft.select(at, length);
      await driver.backspace();
      expected = expected.slice(0, at) + expected.slice(at + length);
    } else {
      // A correction applied where one can be (a claim found false or partly true, its words unchanged), then taken
      // back: by Ctrl+Z in the draft, or by the card's Undo.
      const correctable = (await driver.highlighted(['refuted', 'mixed'])).filter((claim) =>
        claimTexts.has(reads(claim)),
      );
      const claim = correctable[Math.floor(random() * correctable.length)];
      if (claim === undefined) continue;
      // Editors join the edits of a moment into one undo step, the user's own too (Quill those of a second, CodeMirror
      // those side by side within half a second): the correction comes once that moment is over.
      await driver.wait(draft.joinsEditsWithinMs);
      await driver.apply(new RegExp(`^(False|Partly true): ${escaped(claim.slice(0, 24))}`));
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
      if (holdCorrectionMs) {
        await driver.wait(holdCorrectionMs);
        const verdicts = (await driver.highlighted(VERDICTS)).map(reads);
        expect(verdicts, 'the corrected claim is not drawn').not.toContain(reads(claim));
        expect(verdicts.length + (await driver.highlighted(['stale'])).length).toBe(claims - 1);
      }
      if (random() < 0.5) await driver.undoFromCard();
      else await driver.undoByKey();
      await expect.poll(async () => reads(await draft.text())).toBe(reads(text));
      // Its words back where they were, the claim is drawn with its verdict again, and can be corrected again.
      await expect.poll(() => driver.highlighted(['refuted', 'mixed'])).toContain(claim);
      applied++;
    }
    await expect.poll(async () => reads(await draft.text()), `after step ${step + 1}`).toBe(reads(expected));
    if (draft.model) await expect.poll(async () => reads(await draft.model!()), 'its model').toBe(reads(expected));
    await expectDrawnOverOwnWords();
  }
  return applied;
}
