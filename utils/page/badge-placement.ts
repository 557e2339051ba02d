/**
 * Where a claim's badge goes: at the end of its last line shown (its left end for right-to-left text, its foot for
 * vertical text), kept within the view and its panes, and set apart from other badges and the page's pinned boxes.
 */
import { drawnWithin, elementOf } from './anchor/shadow-roots';
import { releaseRange } from './anchor/text-model';
import { clipOf, intersection, overlaps, visibleBoxOf, type Box } from './clip';
import type { OverlayOrigin } from './overlay';
import { coveredByPinned, uncoveredPart, type Pinned } from './pinned';
import type { HighlightKind } from './styles';

export interface Mark {
  id: number;
  range: Range;
  kind: HighlightKind;
  icon: string;
  /** Fact-checkers published reviews of the same claim: the badge bears a mark. */
  earlier?: boolean;
  /** The badge's accessible name, e.g. "False: The far side of the Moon… Show details". */
  label: string;
  /** The claim ends in right-to-left text (see endsRightToLeft in badge-label.ts): its badge goes at its last line's left end. */
  rtl?: boolean;
  /**
   * The text field the mark is drawn over (through its mirror): the mark shows only within the field's box, and
   * as far as the panes around the field let it; a badge out of that is hidden.
   */
  field?: Element;
}

/** Claims within this many viewports of the view (in client coordinates) have their badges placed exactly. */
const NEAR_VIEWPORTS = 1;

/** The part of the page, in client coordinates, where claims are placed exactly: the view and a viewport around it. */
export function nearView(): Box {
  const { innerWidth, innerHeight } = window;
  const width = innerWidth * NEAR_VIEWPORTS;
  const height = innerHeight * NEAR_VIEWPORTS;
  return { top: -height, right: innerWidth + width, bottom: innerHeight + height, left: -width };
}

/**
 * Which way a claim's last line runs, and so where it ends and its badge stands: left to right (at its right end),
 * right to left (its left end: see endsRightToLeft in badge-label.ts), or top to bottom, in vertical writing (Japanese and Chinese
 * set so, Mongolian): at its foot, raised to its right, the side of a vertical line's ruby and marks.
 */
export type Flow = 'ltr' | 'rtl' | 'vertical';

export interface Placement {
  /** Where the badge goes (its claim's last line, or roughly there); null: nothing of the claim shows. */
  at: Box | null;
  /** The claim's visible line boxes: read only for a claim near the view. */
  rects: DOMRect[];
  exact: boolean;
}

/** The element that holds a range's end. */
export function endElement(range: Range): Element | null {
  return elementOf(range.endContainer);
}

/** A badge's size before it is laid out (its CSS: 17 px high, at least 17 px wide), raised 9 px above its line. */
export const BADGE_SIZE = 17;
export const BADGE_RAISE = 9;

/**
 * The box a badge will take in the view, standing at the end of `at` (its left end in right-to-left text, its foot
 * in vertical text: see Flow), its size and raise scaled as the overlay is (a page's CSS zoom on its root, see
 * OverlayOrigin).
 */
export function badgeBox(at: Box, { scaleX, scaleY }: OverlayOrigin, flow: Flow): Box {
  const [width, height] = [BADGE_SIZE * scaleX, BADGE_SIZE * scaleY];
  if (flow === 'vertical') {
    const left = at.right - (BADGE_SIZE - BADGE_RAISE) * scaleX;
    return { top: at.bottom, right: left + width, bottom: at.bottom + height, left };
  }
  const left = flow === 'rtl' ? at.left - width : at.right;
  const top = at.top - BADGE_RAISE * scaleY;
  return { top, right: left + width, bottom: top + height, left };
}

/**
 * Where a badge stands for a claim whose last line reaches past the edge of what shows it, in the line's direction (the
 * side edge; the foot, in vertical text): moved in by as much as it would stand past the edge, over the claim's last
 * characters, so that it shows.
 * - The view's edge (`within` the view): text set flush with it, as narrow and right-aligned layouts have it, or a
 *   vertical line running on under the view's foot. Past the edge the badge would be out of sight, and it would widen
 *   the page, which would then scroll sideways (Firefox counts it; Chromium does not, as the overlay's layers are laid
 *   out apart from the page). So is a badge placed roughly at a full-width element's corner.
 * - A text field's edge, or a pane's (`within` the field's or the pane's view): a one-line input, or a field or an
 *   editor that does not wrap (a code or Markdown editor), whose text runs on past its box; the badge would float over
 *   the page beside it. It stands at the end of what shows of the claim, as for a claim whose last lines are scrolled
 *   out of a field's view.
 * A claim whose last line is wholly beyond the edge keeps its badge there (a page wider than the view; a field's is
 * hidden, see placeRange).
 */
function keptWithin(at: Box, within: Box, { scaleX, scaleY }: OverlayOrigin, flow: Flow): Box {
  const [width, height] = [BADGE_SIZE * scaleX, BADGE_SIZE * scaleY];
  if (flow === 'vertical')
    return at.top < within.bottom && at.bottom + height > within.bottom
      ? { ...boxOf(at), bottom: within.bottom - height }
      : at;
  if (flow === 'ltr' && at.left < within.right && at.right + width > within.right)
    return { ...boxOf(at), right: within.right - width };
  if (flow === 'rtl' && at.right > within.left && at.left - width < within.left)
    return { ...boxOf(at), left: within.left + width };
  return at;
}

/**
 * Moves apart the badges that would stand over one another: those of claims that end at the same place (a claim
 * the service gave twice, or one inside another that ends where it ends) or closer than a badge's width. The one
 * on top would hide the other from the eye and the pointer. Each, in the claims' order, goes on past those placed
 * before it, in its line's direction, as footnote marks stand side by side (down a vertical line); or back past
 * them, if going on would take it past the view's side (claims that end at the view's edge: see keptWithin), or its
 * foot. One moved over a pinned box (see placeRange) is placed roughly, unseen.
 */
export function setApart(
  placements: (Placement & { mark: Mark; flow: Flow })[],
  { origin, viewWidth, viewHeight, pinnedNow }: Pick<PlaceContext, 'origin' | 'viewWidth' | 'viewHeight' | 'pinnedNow'>,
): void {
  const placed: Box[] = [];
  for (const placement of placements) {
    const { at, exact, mark, flow } = placement;
    if (!at || !exact) continue;
    const box = badgeBox(at, origin, flow);
    // The badge moves along its line: its start and end sides, in the line's direction (down a vertical one).
    const [startSide, endSide, viewEnd] =
      flow === 'vertical' ? (['top', 'bottom', viewHeight] as const) : (['left', 'right', viewWidth] as const);
    const [start, length] = [box[startSide], box[endSide] - box[startSide]];
    const forward = flow !== 'rtl';
    let onward = forward;
    // Each step passes one badge; turning back once at most, so the steps are bounded by twice the badges placed.
    for (let step = 0, other = placed.find((done) => overlaps(box, done)); other && step <= 2 * placed.length; step++) {
      box[startSide] = onward ? other[endSide] : other[startSide] - length;
      box[endSide] = box[startSide] + length;
      if (onward === forward && (forward ? box[endSide] > viewEnd : box[startSide] < 0)) {
        onward = !onward;
        box[startSide] = start;
        box[endSide] = start + length;
      }
      other = placed.find((done) => overlaps(box, done));
    }
    placed.push(box);
    if (box[startSide] === start) continue;
    placement.at =
      flow === 'vertical'
        ? { ...boxOf(at), bottom: box.top }
        : flow === 'rtl'
          ? { ...boxOf(at), left: box.right }
          : { ...boxOf(at), right: box.left };
    if (coveredByPinned(box, mark.field ?? endElement(mark.range), pinnedNow())) placement.exact = false;
  }
}

/** A box's four sides as plain numbers (a DOMRect's are getters, which spreading does not copy). */
const boxOf = ({ top, right, bottom, left }: Box): Box => ({ top, right, bottom, left });

/** What placing every range of a measure shares (see `placeRange`). */
export interface PlaceContext {
  /** The part of the view where claims are placed exactly (see nearView). */
  near: Box;
  /** The panes' clips, as found so far (see clipOf). */
  seen: Map<Element, Box | null>;
  /** The page's pinned boxes where they are now, read at the first call. */
  pinnedNow: () => readonly Pinned[];
  /** The modal the overlay stands in (see Overlay.modal), or null. */
  modal: Element | null;
  origin: OverlayOrigin;
  /** The view's width and height without its scroll bars, in client px. */
  viewWidth: number;
  viewHeight: number;
}

/**
 * Where a range's badge goes. A range's client rects cost several times the box of the element holding its end, so
 * a range is measured only when that box is near the view (`near`); a range far from it is placed at that box's top right corner, unseen, until scrolling
 * brings it near, and so is a range scrolled out of the pane that holds it (see `clipOf`) or under one of the
 * page's pinned boxes (a sticky header: see pinned.ts); a range in a text field's mirror is cut to the field's
 * view.
 */
export function placeRange(
  { range, field }: Mark,
  flow: Flow,
  { near, seen, pinnedNow, modal, origin, viewWidth, viewHeight }: PlaceContext,
): Placement {
  const view: Box = { top: 0, right: viewWidth, bottom: viewHeight, left: 0 };
  const roughly = (at: Box): Placement => ({ at: keptWithin(at, view, origin, flow), rects: [], exact: false });
  const holder = endElement(range);
  const box = holder?.getBoundingClientRect();
  // Behind an open modal (the overlay is in it, see Overlay.modal), a claim is covered and inert: placed roughly.
  if (modal && box && !drawnWithin(modal, field ?? holder)) return roughly(box);
  // Far from the view, by the box's edges (each a DOM call, so the vertical ones first: most far claims are
  // above or below). An element with no box (display: contents, or not rendered) stands at the top left
  // corner, in the view: its range is measured.
  if (box && (box.top > near.bottom || box.bottom < near.top || box.left > near.right || box.right < near.left))
    return roughly(box);
  const rects = [...range.getClientRects()].filter((rect) => rect.width > 0 || rect.height > 0);
  let shown = rects;
  let within = view;
  if (field) {
    // A text field's mirror is the overlay's own: cut to the field's box, to the pane that holds the field, and
    // clear of the page's pinned boxes.
    const fieldClip = uncoveredPart(visibleBoxOf(field, seen), field, pinnedNow());
    shown = rects.filter((rect) => overlaps(rect, fieldClip));
    within = intersection(fieldClip, view);
  } else {
    // Out of its pane's view, a claim is as one far from the view: placed roughly, unseen, still in the tab order.
    const paneClip = holder ? clipOf(holder, seen) : null;
    if (paneClip) {
      shown = rects.filter((rect) => overlaps(rect, paneClip));
      within = intersection(paneClip, view);
    }
    if (rects.length && !shown.length) return roughly(rects.at(-1)!);
  }
  const end = endOf(range, shown, flow === 'rtl');
  const at = end && keptWithin(end, within, origin, flow);
  // So is a claim whose badge would stand over a pinned box.
  if (at && coveredByPinned(badgeBox(at, origin, flow), field ?? holder, pinnedNow()))
    return { at, rects: shown, exact: false };
  return { at, rects: shown, exact: true };
}

/**
 * The box where a claim ends: its last line box; in right-to-left text, its last character's. A range's line
 * boxes come in the order of its text, not of its line: with a number or a Latin word in a Hebrew or Arabic
 * sentence, the last of them is not where the sentence ends.
 */
function endOf(range: Range, shown: DOMRect[], rtl?: boolean): DOMRect | null {
  const last = shown.at(-1) ?? null;
  const end = range.endContainer;
  if (!rtl || !last || end.nodeType !== Node.TEXT_NODE || range.endOffset === 0) return last;
  const tail = end.ownerDocument!.createRange();
  tail.setStart(end, range.endOffset - 1);
  tail.setEnd(end, range.endOffset);
  const box = [...tail.getClientRects()].at(-1);
  releaseRange(tail);
  return box && shown.some((rect) => overlaps(box, rect)) ? box : last;
}
