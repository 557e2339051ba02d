/** The anchoring and drawing code as the bench and the golden tests load it into a page: one global. */
// First: the messages the drawing code reads (see english-i18n.ts).
import './english-i18n';
import { locate } from '../utils/page/anchor/anchor';
import { isRendered, visibilityChecker } from '../utils/page/anchor/visibility';
import { normalize } from '../utils/page/anchor/normalized-text';
import { shadowRootsIn } from '../utils/page/anchor/shadow-roots';
import { buildTextModel, rangeFor, releaseRange, type TextModel } from '../utils/page/anchor/text-model';
import { badgeLabel } from '../utils/page/badge-label';
import { Highlighter } from '../utils/page/highlighter';
import { Overlay } from '../utils/page/overlay';
import { PinnedBoxes } from '../utils/page/pinned';
import { VERDICT_ICONS, VERDICT_LABELS } from '../utils/shared/verdicts';

/** For the golden tests: the text a claim is located at in a model (its edges visible), whitespace collapsed; null: not found. */
function locatedText(model: TextModel, claim: string): string | null {
  const anchor = locate(model, claim, { isVisible: visibilityChecker(model) });
  if (!anchor) return null;
  return rangeFor(model, anchor.start, anchor.end)?.toString().replace(/\s+/g, ' ') ?? 'no range';
}

/**
 * For the badge tests: draws these spans as claims, with the content script's overlay and Highlighter (and, with
 * `pinned`, the page's pinned boxes looked for once drawn, as the content script does once the page is still);
 * returns each one's badge box, and whether it is placed roughly (unseen), in the spans' order (as plain objects,
 * to leave the page).
 */
function drawnBadges(
  spans: { range: Range; rtl?: boolean }[],
  { pinned = false } = {},
): (DOMRect & { unseen: boolean })[] {
  const overlay = new Overlay();
  const pinnedBoxes = pinned ? new PinnedBoxes(overlay.host) : undefined;
  const highlighter = new Highlighter(overlay, () => undefined, pinnedBoxes);
  highlighter.draw(
    spans.map(({ range, rtl }, id) => ({ id, range, rtl, kind: 'refuted', icon: '✗', label: `Claim ${id}` })),
  );
  if (pinnedBoxes?.discover(highlighter.badgePoints())) highlighter.position();
  const badges = [...overlay.root.querySelectorAll('.badge')];
  return spans.map((_, id) => {
    const badge = badges.find((candidate) => candidate.getAttribute('aria-label') === `Claim ${id}`)!;
    return { ...(badge.getBoundingClientRect().toJSON() as DOMRect), unseen: badge.classList.contains('rough') };
  });
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
