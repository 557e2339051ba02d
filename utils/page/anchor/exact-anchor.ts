/**
 * The first strategy of locating a claim (see anchor.ts), the one the content script's first part carries: the claim,
 * normalised, found exactly with indexOf, at its first visible occurrence. The others (anchor.ts) come with the second
 * part: most claims are the page's own words, and are drawn before it arrives.
 */
import { isDroppedMark, normalizeText, rawSpan } from './normalized-text';
import { pointAt, type TextModel } from './text-model';
import { nextOccurrence } from './exact';
import { wordBounded } from './words';

export type AnchorMethod = 'exact' | 'fuzzy' | 'head-tail' | 'prefix' | 'elided';

export interface Anchor {
  /** Raw offsets in the model. */
  start: number;
  end: number;
  method: AnchorMethod;
  /** 1 for an exact match; 1 − errors / length otherwise. */
  similarity: number;
  /**
   * Whether the text found holds the claim in part only: quoted with words left out, or cut short ('elided',
   * 'prefix'), or found on a part of what it says (see holdsInPart). Its correction, written over that text, would
   * delete what the claim left out, or repeat what the text leaves out.
   */
  partial: boolean;
}

export interface LocateOptions {
  /** Checks that a raw span is visible; the default accepts everything (tests without layout). */
  isVisible?: (start: number, end: number) => boolean;
  /**
   * Where the claim before this one ends (a raw offset), when claims come in the order of the text, as
   * the service usually gives them. A sentence the page holds twice is then taken where this claim
   * stands, after the one before it, and the search reads only the text between the two. Occurrences
   * before it are tried last.
   */
  after?: number;
}

/** A locator: an anchor, null if the claim is not found, undefined if it was left to another (see locateExactly). */
export type Locate = (model: TextModel, claim: string, options?: LocateOptions) => Anchor | null | undefined;

/** The claim as it is looked for: normalised, on one line, an ellipsis at its end cut off (`truncated`); null if too short. */
export function claimShape(claim: string): { pattern: string; truncated: boolean } | null {
  // Normalised text has no whitespace at its ends; a block break inside a claim is only a space.
  let pattern = normalizeText(claim);
  if (pattern.includes('\n')) pattern = pattern.replace(/\n/g, ' ');
  const ellipsis = pattern.endsWith('...') ? 3 : pattern.endsWith('..') ? 2 : 0;
  if (ellipsis) pattern = pattern.slice(0, -ellipsis).trimEnd();
  return pattern.length < 3 ? null : { pattern, truncated: ellipsis > 0 };
}

/**
 * The claim, found exactly, at its first visible occurrence (from `after`); null if it can be found nowhere (too
 * short); undefined if only the other strategies may find it (see locateApproximately).
 */
export function locateExactly(model: TextModel, claim: string, options: LocateOptions = {}): Anchor | null | undefined {
  const shape = claimShape(claim);
  if (!shape) return null;
  if (shape.truncated) return undefined;
  const { pattern } = shape;
  const isVisible = options.isVisible ?? (() => true);
  const page = model.normalized.text;
  const after = options.after ? model.normalized.indexAt(options.after) : 0;
  for (let at = -1; (at = nextOccurrence(page, pattern, after, at)) >= 0;) {
    const [start, end] = wordBounded(page, at, at + pattern.length);
    const [rawStart, lastLetterEnd] = rawSpan(model.normalized, start, end);
    const rawEnd = pastMarks(model, lastLetterEnd);
    if (isVisible(rawStart, rawEnd))
      return { start: rawStart, end: rawEnd, method: 'exact', similarity: 1, partial: false };
  }
  return undefined;
}

/**
 * A raw end moved past the marks that follow it (see isDroppedMark): normalising drops them, so a match ends at the
 * letter they belong to. Cut there, a highlight would leave the last letter's accent out, and a correction applied to
 * the claim would leave it in the draft, on the correction's last letter.
 */
export function pastMarks(model: TextModel, end: number): number {
  const point = pointAt(model, end, 'end');
  if (!point) return end;
  const { data } = point.node;
  for (let at = point.offset; at < data.length && isDroppedMark(data.charCodeAt(at)); at++) end++;
  return end;
}
