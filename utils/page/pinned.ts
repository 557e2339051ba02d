/**
 * The page's own boxes pinned to the view: a sticky header, a fixed cookie bar or footer. Text scrolls under
 * them and they hide it, but the overlay draws above everything in the page, so a badge (or a field's mirror)
 * left where its claim is would float over them.
 *
 * Finding them takes hit tests, too costly for every scroll
 * frame. So they are looked for only once the page has been still for a moment (`discover`): at a few points
 * along the top and bottom edges of the view, where most such boxes stand, and where the badges in the view
 * stand and across a checked text field, for those that stand off the edges (a chat button in a corner, a
 * newsletter box in the middle of the view). What is found is kept, and only its boxes are read again each time the badges are placed (a sticky box
 * moves until it sticks, a header slides away).
 */
import { drawnParent, drawnWithin } from './anchor/shadow-roots';
import { intersection, viewSize, type Box } from './clip';

export interface Pinned {
  element: Element;
  box: Box;
}

/** Across the view, as a share of its width: three points, so a box on one side (a chat button) is seen too. */
const ACROSS = [0.25, 0.5, 0.75];
/** How far in from the view's top and bottom edges the hit tests look, in px. */
const EDGE_INSET = 2;
/**
 * At most this many points besides the edges' are looked at in one discovery, to keep it to a few milliseconds.
 */
const MAX_POINTS = 16;
/** How far in from a box's corners `pointsAcross` looks, in px. */
const CORNER_INSET = 8;

export interface Point {
  x: number;
  y: number;
}

export class PinnedBoxes {
  private elements: Element[] = [];

  /** `ownHost`: the overlay's host, which hit tests return for our own badges and card; never counted. */
  constructor(private readonly ownHost: Element) {}

  /**
   * Looks for the pinned boxes at the view's edges and at `more` points (across a checked text field, see
   * `pointsAcross`; the middles of the badges in the view, a badge already hidden under one included, so that it
   * stays found); true if they are not the ones found last time.
   */
  discover(more: readonly Point[] = []): boolean {
    const { width, height } = viewSize();
    const points: Point[] = [];
    for (const y of [EDGE_INSET, height - EDGE_INSET]) for (const share of ACROSS) points.push({ x: width * share, y });
    for (const point of more.slice(0, MAX_POINTS))
      if (point.x >= 0 && point.x < width && point.y >= 0 && point.y < height) points.push(point);
    const found = new Set<Element>();
    for (const { x, y } of points) {
      // The topmost hit that shows (a transparent layer over the page is looked through).
      for (const hit of document.elementsFromPoint(x, y)) {
        if (hit === this.ownHost) continue;
        const around = pinnedAround(hit);
        if (!around) continue;
        for (const pinned of around) found.add(pinned);
        break;
      }
    }
    const elements = [...found];
    const changed =
      elements.length !== this.elements.length || elements.some((element, index) => element !== this.elements[index]);
    this.elements = elements;
    return changed;
  }

  /** Where they are now: those still in the page and showing. */
  now(): Pinned[] {
    const pinned: Pinned[] = [];
    for (const element of this.elements) {
      if (!element.isConnected) continue;
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.height > 0) pinned.push({ element, box });
    }
    return pinned;
  }

  get count(): number {
    return this.elements.length;
  }
}

/** Where to look across a box: its middle, and its corners, a little in. */
export function pointsAcross({ top, right, bottom, left }: Box): Point[] {
  const [x0, x1, y0, y1] = [left + CORNER_INSET, right - CORNER_INSET, top + CORNER_INSET, bottom - CORNER_INSET];
  return [
    { x: (left + right) / 2, y: (top + bottom) / 2 },
    ...[y0, y1].flatMap((y) => [x0, x1].map((x) => ({ x, y }))),
  ];
}

/**
 * The fixed and sticky boxes around an element (the element itself included), innermost first: all of them, since
 * the one that hides a claim may be inside another that holds it (a sticky header in a web app's fixed shell,
 * which holds every claim). One painted below the page's content (a negative z-index: a fixed backdrop) hides
 * nothing. Null: the element is in a wholly transparent one (opacity 0: a layer that only catches clicks, or one
 * faded out), which hides nothing either, and is looked through.
 */
function pinnedAround(element: Element): Element[] | null {
  const pinned: Element[] = [];
  for (let current: Element | null = element; current; current = drawnParent(current)) {
    if (current === document.body || current === document.documentElement) break;
    const style = getComputedStyle(current);
    if (style.opacity === '0') return null;
    if ((style.position === 'fixed' || style.position === 'sticky') && !(parseInt(style.zIndex, 10) < 0))
      pinned.push(current);
  }
  return pinned;
}

/**
 * Whether a badge's box would stand over a pinned box that does not hold its claim (a claim in the sticky header
 * itself, or in a web app's fixed shell, keeps its badge).
 */
export function coveredByPinned(badge: Box, holder: Element | null, pinned: readonly Pinned[]): boolean {
  return pinned.some(
    ({ element, box }) =>
      badge.bottom > box.top &&
      badge.top < box.bottom &&
      badge.right > box.left &&
      badge.left < box.right &&
      !drawnWithin(element, holder),
  );
}

/**
 * What of `clip` the pinned boxes leave uncovered, for those that cover it from side to side from its top or
 * bottom edge (a header, a footer bar): a text field's mirror is cut to that. A box covering only a part of
 * an edge would leave a shape that is not a box; it is left as it is.
 */
export function uncoveredPart(clip: Box, owner: Element, pinned: readonly Pinned[]): Box {
  let { top, bottom } = clip;
  for (const { element, box } of pinned) {
    if (drawnWithin(element, owner) || box.left > clip.left || box.right < clip.right) continue;
    if (box.top <= top && box.bottom > top) top = box.bottom;
    if (box.bottom >= bottom && box.top < bottom) bottom = box.top;
  }
  // Written out: a DOMRect's sides are getters, which spreading it would not copy.
  return { top, right: clip.right, bottom: Math.max(top, bottom), left: clip.left };
}

/**
 * The parts of `clip` that pinned boxes not holding `owner` cover without spanning it (a chat button over a corner
 * of a text field, a box in its middle): what a field's mirror leaves out as holes, so that its highlights are not
 * drawn over them (see FieldMirror). Holes that overlap are merged into the box around both, a little more than
 * they cover, so that none overlaps another: cut with the even-odd rule, an overlap would show again.
 */
export function coveredParts(clip: Box, owner: Element, pinned: readonly Pinned[]): Box[] {
  let holes: Box[] = [];
  for (const { element, box } of pinned) {
    if (drawnWithin(element, owner)) continue;
    const part = intersection(clip, box);
    if (part.right > part.left && part.bottom > part.top) holes.push(part);
  }
  for (let merged = true; merged;) {
    merged = false;
    for (let a = 0; a < holes.length && !merged; a++)
      for (let b = a + 1; b < holes.length && !merged; b++) {
        const [one, other] = [holes[a]!, holes[b]!];
        if (one.right > other.left && one.left < other.right && one.bottom > other.top && one.top < other.bottom) {
          const around = {
            top: Math.min(one.top, other.top),
            right: Math.max(one.right, other.right),
            bottom: Math.max(one.bottom, other.bottom),
            left: Math.min(one.left, other.left),
          };
          holes = [...holes.filter((_, index) => index !== a && index !== b), around];
          merged = true;
        }
      }
  }
  return holes;
}
