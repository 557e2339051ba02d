/** The anchoring and drawing code as the bench and the golden tests load it into a page: one global. */
import { isRendered, locate, visibilityChecker } from '../utils/anchor/anchor';
import { normalize } from '../utils/anchor/normalize';
import { shadowRootsIn } from '../utils/anchor/shadow-roots';
import { buildTextModel, rangeFor, releaseRange, type TextModel } from '../utils/anchor/text-model';
import { badgeLabel, Highlighter } from '../utils/page/highlighter';
import { Overlay } from '../utils/page/overlay';
import { PinnedBoxes } from '../utils/page/pinned';
import { VERDICT_ICONS, VERDICT_LABELS } from '../utils/verdicts';

/** For the golden tests: the text a claim is located at in a model (its edges visible), whitespace collapsed; null: not found. */
function locatedText(model: TextModel, claim: string): string | null {
  const anchor = locate(model, claim, { isVisible: visibilityChecker(model) });
  if (!anchor) return null;
  return rangeFor(model, anchor.start, anchor.end)?.toString().replace(/\s+/g, ' ') ?? 'no range';
}

/**
 * For the badge tests: draws these spans as claims, with the content script's overlay and Highlighter; returns each
 * one's badge box, in the spans' order (as plain objects, to leave the page).
 */
function drawnBadges(spans: { range: Range; rtl?: boolean }[]): DOMRect[] {
  const overlay = new Overlay();
  new Highlighter(overlay, () => undefined).draw(
    spans.map(({ range, rtl }, id) => ({ id, range, rtl, kind: 'refuted', icon: '✗', label: `Claim ${id}` })),
  );
  const badges = [...overlay.root.querySelectorAll('.badge')];
  return spans.map(
    (_, id) =>
      badges
        .find((badge) => badge.getAttribute('aria-label') === `Claim ${id}`)!
        .getBoundingClientRect()
        .toJSON() as DOMRect,
  );
}

(globalThis as unknown as { __anchor: unknown }).__anchor = {
  locatedText,
  drawnBadges,
  buildTextModel,
  locate,
  isRendered,
  visibilityChecker,
  rangeFor,
  releaseRange,
  normalize,
  shadowRootsIn,
  Highlighter,
  Overlay,
  PinnedBoxes,
  badgeLabel,
  VERDICT_ICONS,
  VERDICT_LABELS,
};
