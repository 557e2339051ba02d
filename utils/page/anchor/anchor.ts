/**
 * Finds where a claim stands in a text model, trying each strategy in turn (each in its own module).
 *
 * 1. Exact (exact-anchor.ts, which the content script's first part carries alone): the normalised claim, with indexOf;
 *    then (here, and exact.ts) by two of its thirds.
 *    A claim quoted with words left out (an ellipsis) is then located piece by piece instead (see elidedFind).
 * 2. Seed and verify (fuzzy.ts): the claim's longest words (in a script without spaces, its 4-character pieces) are found with
 *    indexOf, one at a time, and approximate matching (approx-string-match, Myers' bit-parallel algorithm, as
 *    Hypothesis uses) runs only in a window around each hit, clipped to the hit's block.
 * 3. Head and tail (head-tail.ts): a long or truncated claim is matched by its first and last words.
 * 4. Its words in another order (reordered.ts): a sentence made of nearly the same words.
 * Results are widened to word edges, must not cross a block, and must be visible; an approximate match of a
 * one-sentence claim keeps to the sentences made of its words (see ownSentences). A claim found nowhere with enough
 * similarity is reported as not found: never highlighted somewhere wrong.
 */
import { rawSpan } from './normalized-text';
import type { TextModel } from './text-model';
import {
  claimShape,
  locateExactly,
  pastMarks,
  type Anchor,
  type AnchorMethod,
  type LocateOptions,
} from './exact-anchor';
import { nextOccurrence, thirdsFind } from './exact';
import { fuzzyFind } from './fuzzy';
import { headTailFind } from './head-tail';
import { sentenceHoldsClaim, sentenceOfWords } from './reordered';
import { holdsInPart, leavesOut, ownSentences, sentenceAround, sentenceStarts } from './sentences';
import { hasWord, isUpper, wordBounded } from './words';

export type { Anchor, AnchorMethod, LocateOptions };

export function locate(model: TextModel, claim: string, options: LocateOptions = {}): Anchor | null {
  const exactly = locateExactly(model, claim, options);
  return exactly === undefined ? locateApproximately(model, claim, options) : exactly;
}

/**
 * The strategies after the exact one (see locate): a claim cut short (its start, exactly), quoted with words left
 * out, with a word changed, said in part, or with its words in another order. Null if none finds it.
 */
export function locateApproximately(model: TextModel, claim: string, options: LocateOptions = {}): Anchor | null {
  const isVisible = options.isVisible ?? (() => true);
  const page = model.normalized.text;
  const shape = claimShape(claim);
  if (!shape) return null;
  const { pattern, truncated } = shape;
  const toAnchor = anchorMaker(model, claim, pattern, isVisible);
  const after = options.after ? model.normalized.indexAt(options.after) : 0;

  // 1. A claim cut short: its start, the first visible occurrence (from `after`).
  if (truncated)
    for (let at = -1; (at = nextOccurrence(page, pattern, after, at)) >= 0;) {
      const [start, end] = wordBounded(page, at, at + pattern.length);
      const found = toAnchor(start, end, 'prefix', 1);
      if (found) return found;
    }

  // A claim quoted with words left out ("The Pacific Ocean … covers"): its pieces, in order, in one block. Searched as
  // a whole, it was found from a wrong start: the approximate search took other words for the ones left out.
  if (ELISION.test(pattern)) return elidedFind(model, pattern, options, truncated);

  // 2a. A word changed or dropped in the middle: the first and last thirds still match exactly, at about
  //     the claim's length apart, in one block. Three indexOf calls instead of an approximate search.
  for (const match of thirdsFind(page, pattern, after)) {
    const found = toAnchor(match.start, match.end, truncated ? 'prefix' : 'fuzzy', match.similarity);
    if (found) return found;
  }

  // 2b. Seed and verify.
  const fuzzy = fuzzyFind(page, pattern, after);
  for (const match of fuzzy) {
    const found = toAnchor(match.start, match.end, truncated ? 'prefix' : 'fuzzy', match.similarity);
    if (found) return found;
  }

  // 3. Head and tail, for long claims.
  for (const match of headTailFind(page, pattern, after)) {
    const found = toAnchor(match.start, match.end, 'head-tail', match.similarity);
    if (found) return found;
  }

  // 4. Its words in another order ("In 2019, the firm earned…" as "The firm earned … in 2019"): a sentence around one
  //    of its rarest words made of nearly the same words.
  if (!truncated)
    for (const match of sentenceOfWords(page, pattern)) {
      const found = toAnchor(match.start, match.end, 'fuzzy', match.similarity);
      if (found) return found;
    }
  return null;
}

/**
 * What turns a match of `pattern` (the claim, normalised) in the page's normalised text into an anchor: moved onto the
 * claim's own sentences or its whole sentence where it is approximate, told partial where it holds the claim in part,
 * and kept only where `isVisible` says it is shown.
 */
function anchorMaker(
  model: TextModel,
  claim: string,
  pattern: string,
  isVisible: (start: number, end: number) => boolean,
): (start: number, end: number, method: AnchorMethod, similarity: number) => Anchor | null {
  const page = model.normalized.text;
  // Whether the claim is one sentence (see ownSentences), asked once, for its first approximate match.
  let oneSentence: boolean | undefined;
  return (start, end, method, similarity) => {
    if (method !== 'exact' && (oneSentence ??= !sentenceStarts(claim, (at) => isUpper(claim[at])).length))
      [start, end] = ownSentences(model, pattern, start, end);
    const approximate = method !== 'exact' && method !== 'prefix';
    const [sentenceStart, sentenceEnd] = approximate ? sentenceAround(page, start) : [start, end];
    // A claim cut short ("…") holds its text in part, unless the page cuts it short there too. A claim of one sentence
    // found on a whole one (with words changed, see reworded) holds it whole.
    const onWholeSentence = oneSentence && start === sentenceStart && end >= sentenceEnd - 1 && end <= sentenceEnd;
    let partial =
      method === 'prefix'
        ? !page.startsWith('...', end)
        : approximate && !onWholeSentence && holdsInPart(pattern, page.slice(start, end));
    // Found on one of its clauses, a claim with its clauses in another order (or said shorter) is its whole sentence
    // when that sentence is made of nearly its words (or holds them in order, see sentenceHoldsClaim): whether the
    // clause holds too few of them to be taken for the claim (`partial`), or only fewer than the sentence ("The user… ,
    // for instance." found on "For instance, the user…" but its first two words). Left on the clause, a correction of
    // the whole claim written there would repeat the words left out.
    if (approximate) {
      const withinSentence = sentenceStart <= start && end <= sentenceEnd && end - start < sentenceEnd - sentenceStart;
      if (
        (partial || withinSentence) &&
        sentenceHoldsClaim(pattern, page.slice(start, end), page.slice(sentenceStart, sentenceEnd), partial)
      ) {
        [start, end] = [sentenceStart, sentenceEnd];
        partial = false;
      }
    }
    // Found on text with words the claim leaves out (an aside in brackets, words dropped with no ellipsis to say so),
    // it holds that text in part too: its correction, written there, would delete them.
    if (!partial && method !== 'exact') partial = leavesOut(pattern, page.slice(start, end));
    const [rawStart, lastLetterEnd] = rawSpan(model.normalized, start, end);
    const rawEnd = pastMarks(model, lastLetterEnd);
    return isVisible(rawStart, rawEnd) ? { start: rawStart, end: rawEnd, method, similarity, partial } : null;
  };
}

/** Words left out of a quotation: an ellipsis (normalised to three dots), bare or in brackets. */
const ELISION = /\s*(?:\[\.\.\.\]|\(\.\.\.\)|\.\.\.)\s*/;
const ELISIONS = new RegExp(ELISION.source, 'g');
/** A piece of an elided claim shorter than this tells too little of where it stands: the claim is not located. */
const MIN_PIECE = 8;
/** How far apart (in normalised characters) two pieces of an elided claim may stand: what a quotation leaves out. */
const MAX_ELIDED = 600;

/**
 * An elided claim (see ELISION): each piece located as a claim of its own, each after the one before it, in one
 * block, at most MAX_ELIDED characters apart; from the first piece's start to the last one's end. Null if a piece is
 * too short to be telling or is not found there: a claim is never highlighted on a guess.
 */
function elidedFind(model: TextModel, pattern: string, options: LocateOptions, truncated: boolean): Anchor | null {
  // Pieces with no word are left out: the closing quote after a quotation cut short ('"we will …"').
  const pieces = pattern.split(ELISIONS).filter(hasWord);
  if (!pieces.length || pieces.some((piece) => piece.length < MIN_PIECE)) return null;
  const page = model.normalized.text;
  let first: Anchor | null = null;
  let second: Anchor | null = null;
  let last: Anchor | null = null;
  let similarity = 1;
  // Whether words were left out between the pieces: the page may have an ellipsis of its own there.
  let partial = truncated;
  for (const piece of pieces) {
    const found = locate(model, piece, last ? { ...options, after: last.end } : options);
    if (!found) return null;
    if (last) {
      const from = model.normalized.indexAt(last.end);
      const to = model.normalized.indexAt(found.start);
      if (to < from || to - from > MAX_ELIDED || page.slice(from, to).includes('\n')) return null;
      partial ||= hasWord(page.slice(from, to));
      second ??= found;
    }
    partial ||= found.partial;
    first ??= found;
    last = found;
    similarity = Math.min(similarity, found.similarity);
  }
  // The first piece said again closer before the second ("If you look at the number…" twice in a paragraph): the
  // claim starts at the nearer one, not a sentence earlier.
  if (second) {
    const nearer = page.lastIndexOf(pieces[0]!, model.normalized.indexAt(second.start) - pieces[0]!.length);
    if (nearer > model.normalized.indexAt(first!.start)) {
      const moved = locate(model, pieces[0]!, { ...options, after: model.normalized.rawAt(nearer) });
      if (moved && moved.start > first!.start && moved.end <= second.start) first = moved;
    }
  }
  const method = truncated ? 'prefix' : pieces.length > 1 ? 'elided' : first!.method;
  return { start: first!.start, end: last!.end, method, similarity, partial };
}
