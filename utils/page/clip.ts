/**
 * Where a page's boxes clip what they hold: the overlay draws over the whole page, so what it draws for text
 * inside a pane that scrolls by itself (a web app's, a chat's) must be cut to that pane's view by hand.
 */
import { drawnParent } from './anchor/shadow-roots';

export interface Box {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/**
 * The view's size without its scroll bars, in client px: the root element's client box in standards mode. In quirks
 * mode (an old page with no doctype) that is the whole document's height, and the body's client box is the view.
 */
export function viewSize(): { width: number; height: number } {
  const root = (document.compatMode === 'BackCompat' && document.body) || document.documentElement;
  return { width: root.clientWidth, height: root.clientHeight };
}

export function intersection(a: Box, b: Box): Box {
  return {
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
    left: Math.max(a.left, b.left),
  };
}

/**
 * The part of the view where an element's content can show, as far as the boxes around it that clip their
 * overflow let it (a web app's scrolling pane, mostly): the intersection of those boxes, or null if none
 * clips. The badges stand in an overlay over the whole page, so a claim scrolled out of its pane would
 * otherwise have its badge float over whatever is next to the pane. Claims share their ancestors: each is
 * looked at once a measure (`seen`), and the style of one that does not clip is all that is read of it.
 */
export function clipOf(element: Element, seen: Map<Element, Box | null>): Box | null {
  const known = seen.get(element);
  if (known !== undefined) return known;
  // The root's and the body's overflow is the view's own: it clips nothing inside the page.
  if (element === document.body || element === document.documentElement) return null;
  const style = getComputedStyle(element);
  // A fixed box is clipped by none of its ancestors' boxes (it is positioned against the view).
  // Up as the page is drawn (see drawnParent): a pane in the page clips the web component inside it, and a pane in a
  // web component's shadow tree the content given to it.
  const parent = style.position === 'fixed' ? null : drawnParent(element);
  const outer = parent ? clipOf(parent, seen) : null;
  let clip = outer;
  if ((style.overflowX !== 'visible' || style.overflowY !== 'visible') && style.display !== 'contents') {
    const box = element.getBoundingClientRect();
    clip = outer ? intersection(outer, box) : box;
  }
  seen.set(element, clip);
  return clip;
}

export function overlaps(rect: Box, clip: Box): boolean {
  return rect.bottom > clip.top && rect.top < clip.bottom && rect.right > clip.left && rect.left < clip.right;
}

/** An element's box, cut to the panes around it (see clipOf). */
export function visibleBoxOf(
  element: Element,
  seen: Map<Element, Box | null>,
  box: Box = element.getBoundingClientRect(),
): Box {
  const parent = drawnParent(element);
  const pane = parent ? clipOf(parent, seen) : null;
  return pane ? intersection(pane, box) : box;
}
