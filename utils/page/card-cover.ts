/**
 * Whether the card is seen as it is drawn when the user acts on it: nothing of the page's faded, shrunk, clipped or
 * covered it (a page that paints a decoy over our Apply would have the user's real click land on it).
 */
import { shadowRootOf } from './anchor/shadow-roots';

/** Why the card may not be what the user sees: a message, which a refusal's words follow (see writeRefusal). */
export type CoverReason =
  | 'coverFaded'
  | 'coverShrunk'
  | 'coverShownAbove'
  | 'coverPlacedOver'
  | 'coverClipped'
  | 'frameFaded'
  | 'frameCovers'
  | 'frameShowsAbove'
  | 'frameDrawsOver';

/**
 * Why the card may not be what the user sees, or null. Our host is the last element of the document (or of
 * the page's open modal), on the highest z-index, with !important inline styles; what can still come between
 * the user and the card is the page fading, clipping or shrinking what the host stands in, or an element
 * painted above ours (the top layer: modal dialogs, popovers, fullscreen; or an element the page appended
 * after our host).
 */
export function coveredReason(card: HTMLElement, host: HTMLElement): CoverReason | null {
  // What the overlay stands in (the document's root, or a page's modal around it: see Overlay.scope) passes its
  // opacity, filters, clipping and masks on to the card, whatever our own styles say.
  if (fadedFrom(host.parentElement)) return 'coverFaded';
  const box = card.getBoundingClientRect();
  // Shrunk (a transform scaling a modal around the overlay) until it cannot be read.
  if (box.width < card.offsetWidth / 2 || box.height < card.offsetHeight / 2) return 'coverShrunk';
  const budget = { left: MOST_ELEMENTS_LOOKED_AT };
  const topLayer = topLayerOf(document);
  // The modal the overlay stands in (see Overlay.scope) is under the card, not above it. A top-layer element is
  // looked at with all it holds: a popover of 0 × 0 px may hold a fixed child as large as the view.
  if (topLayer.some((element) => !element.contains(host) && drawsOver(element, box, budget))) return 'coverShownAbove';
  // Painted after our host: what follows it, and what follows each element around it, up to the top-layer element
  // it stands in (our host as a popover, or a page's modal holding it), above which what follows is not drawn.
  for (let around: Element | null = host; around && !inTopLayer(around); around = around.parentElement)
    for (let next = around.nextElementSibling; next; next = next.nextElementSibling)
      if (drawsOver(next, box, budget)) return 'coverPlacedOver';
  // Clipping (a clip-path, or a modal's overflow, around the overlay) is seen by hit testing, which it clips too:
  // at the card's corners (inside its rounded border) and middle, within the view, what is hit must be the card.
  // Its shadow root is our host's, so the host is what the host's tree sees hit there. A clip-path that cuts
  // nothing of the card (a modal's rounded corners, a shape around all of it) is then no reason to refuse.
  const scope = host.getRootNode() as Document | ShadowRoot;
  for (const [x, y] of testPoints(box))
    if (x >= 0 && y >= 0 && x < window.innerWidth && y < window.innerHeight && scope.elementFromPoint(x, y) !== host)
      return 'coverClipped';
  return frameCoveredReason(box);
}

const TOP_LAYER = ':modal, :popover-open, :fullscreen';

/** What a document shows in its top layer (modal dialogs, popovers, fullscreen), above any z-index. */
function topLayerOf(doc: Document): Element[] {
  try {
    return [...doc.querySelectorAll(TOP_LAYER)];
  } catch {
    return [...doc.querySelectorAll('dialog[open]')];
  }
}

function inTopLayer(element: Element): boolean {
  try {
    return element.matches(TOP_LAYER);
  } catch {
    return element.matches('dialog[open]');
  }
}

/** How many of the page's elements placed over the card are looked at, at most; past that, it counts as covered. */
const MOST_ELEMENTS_LOOKED_AT = 2_000;

/** The card's corners (inside its rounded border) and middle: where hit testing looks for what covers it. */
function testPoints(box: DOMRect): (readonly [number, number])[] {
  const inset = 8;
  return [
    [box.left + inset, box.top + inset],
    [box.right - inset, box.top + inset],
    [box.left + inset, box.bottom - inset],
    [box.right - inset, box.bottom - inset],
    [(box.left + box.right) / 2, (box.top + box.bottom) / 2],
  ];
}

/** Whether an element or one around it fades, filters or masks what it holds (the root: hides it too). */
function fadedFrom(start: Element | null): boolean {
  for (let element = start; element; element = element.parentElement) {
    const style = getComputedStyle(element);
    if (
      Number(style.opacity) < 1 ||
      !showsAsIs(style.filter) ||
      (style.maskImage || 'none') !== 'none' ||
      (element === element.ownerDocument.documentElement && style.visibility !== 'visible')
    )
      return true;
  }
  return false;
}

const overlaps = (rect: DOMRect, box: DOMRect, margin = 0) =>
  rect.right + margin > box.left &&
  rect.left - margin < box.right &&
  rect.bottom + margin > box.top &&
  rect.top - margin < box.bottom;

/**
 * Whether an element draws anything over `box`: its own boxes and what spills out of them (shadows and outlines,
 * which a box of 0 × 0 px draws too), its text, its `::before` and `::after` (whose boxes cannot be measured: any
 * counts), and all the same for what it holds, in shadow trees too. `display: contents` and `pointer-events: none`
 * change nothing: what is painted is what counts, not what is hit.
 */
function drawsOver(root: Element, box: DOMRect, budget: { left: number }): boolean {
  const pending: Node[] = [root];
  while (pending.length) {
    const node = pending.pop()!;
    if (--budget.left < 0) return true;
    if (node.nodeType === Node.TEXT_NODE) {
      if (!node.nodeValue?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if ([...range.getClientRects()].some((rect) => overlaps(rect, box))) return true;
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue;
    const element = node as Element;
    const style = getComputedStyle(element);
    if (style.display === 'none') continue;
    if (style.visibility === 'visible') {
      const spill = spillOf(style);
      if (
        [...element.getClientRects()].some((rect) => rect.width + rect.height + spill > 0 && overlaps(rect, box, spill))
      )
        return true;
      for (const pseudo of ['::before', '::after'])
        if (!['none', 'normal'].includes(getComputedStyle(element, pseudo).content)) return true;
    }
    const shadow = shadowRootOf(element);
    if (shadow) pending.push(...shadow.childNodes);
    pending.push(...element.childNodes);
  }
  return false;
}

/** How far, in px, an element's shadows and outline may draw outside its box (generously: every length summed). */
function spillOf(style: CSSStyleDeclaration): number {
  let spill = 0;
  if (style.boxShadow && style.boxShadow !== 'none')
    for (const length of style.boxShadow.match(/-?[\d.]+px/g) ?? []) spill += Math.abs(parseFloat(length));
  if (style.outlineStyle !== 'none')
    spill += Math.max(0, parseFloat(style.outlineWidth) || 0) + Math.abs(parseFloat(style.outlineOffset) || 0);
  return spill;
}

/**
 * In a frame whose parent the content script may read (same origin), the parent must show the frame as it is where
 * the card stands: the frame and what holds it not faded, nothing of the parent's hit there, in its top layer, or
 * drawn after the frame over the card (see parentCover). A parent of another origin cannot be read; there only
 * IntersectionObserver v2 (Chromium, see ClickGuard) sees what it paints over us.
 */
function frameCoveredReason(box: DOMRect): CoverReason | null {
  const frame = readableFrame();
  if (!frame) return null;
  if (fadedFrom(frame)) return 'frameFaded';
  const inParent = boxInParent(frame, box);
  const parent = frame.ownerDocument;
  const view = parent.defaultView;
  for (const [x, y] of testPoints(inParent)) {
    if (!view || x < 0 || y < 0 || x >= view.innerWidth || y >= view.innerHeight) continue;
    if (parent.elementFromPoint(x, y) !== frame) return 'frameCovers';
  }
  const budget = { left: MOST_ELEMENTS_LOOKED_AT };
  if (topLayerOf(parent).some((element) => !element.contains(frame) && drawsOver(element, inParent, budget)))
    return 'frameShowsAbove';
  if (parentCover(box) === 'covered') return 'frameDrawsOver';
  return null;
}

/** The frame element this document stands in, when its parent is of the same origin; else null. */
function readableFrame(): Element | null {
  try {
    return window.frameElement;
  } catch {
    return null;
  }
}

/** A box of this frame's view, in its parent's view. */
function boxInParent(frame: Element, box: DOMRect): DOMRect {
  const outer = frame.getBoundingClientRect();
  return new DOMRect(
    outer.left + frame.clientLeft + box.left,
    outer.top + frame.clientTop + box.top,
    box.width,
    box.height,
  );
}

/**
 * For a card in a frame: whether the parent page draws something after the frame over the card's `box` ('covered'),
 * nothing ('clear'), or cannot be told ('unknown': a parent of another origin, or too much after the frame to look
 * at). In the top document, 'clear'.
 */
export function parentCover(box: DOMRect): 'covered' | 'clear' | 'unknown' {
  if (window === window.top) return 'clear';
  const frame = readableFrame();
  if (!frame) return 'unknown';
  const inParent = boxInParent(frame, box);
  const budget = { left: MOST_ELEMENTS_LOOKED_AT };
  for (let around: Element | null = frame; around; around = around.parentElement)
    for (let next = around.nextElementSibling; next; next = next.nextElementSibling)
      if (drawsOver(next, inParent, budget)) return budget.left < 0 ? 'unknown' : 'covered';
  return 'clear';
}

/**
 * Whether a filter leaves what it holds legible: shadows (a modal's `drop-shadow()`), colour shifts (a grey page on a
 * day of mourning, `grayscale()`; a dark mode by filter, as Dark Reader's filter mode and others set `invert(1)
 * hue-rotate(180deg)` on the root) and a near-whole inversion keep the text's contrast. Opacity, brightness, contrast,
 * blur and a half inversion (everything mid-grey) may not.
 */
const FILTER_FUNCTIONS = /([a-z-]+)\(((?:[^()]|\([^()]*\))*)\)/g;
const KEEPS_CONTRAST = new Set(['drop-shadow', 'grayscale', 'sepia', 'hue-rotate', 'saturate']);
export function showsAsIs(filter: string): boolean {
  if (filter === 'none') return true;
  const rest = filter.replace(FILTER_FUNCTIONS, (whole, name: string, argument: string) => {
    if (KEEPS_CONTRAST.has(name)) return '';
    const amount = argument.trim() ? parseFloat(argument) / (argument.trim().endsWith('%') ? 100 : 1) : 1;
    return name === 'invert' && (amount <= 0.15 || amount >= 0.85) ? '' : whole;
  });
  return rest.trim() === '';
}
