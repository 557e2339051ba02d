/** The page's top layer: its open modals and popovers, where the overlay must stand to be seen above them. */
import { drawnParent } from './anchor/shadow-roots';

/**
 * The page's open modal that the overlay can stand in (see Overlay.scope), or null. Of several, the last in the
 * document's order (the top layer's own order is not exposed; pages seldom stack modals). An element that shows
 * no children (a video shown full screen, a frame) is left alone: badges in it would not show at all.
 */
export function topModal(roots: Iterable<ShadowRoot>): Element | null {
  let modals: Element[];
  try {
    modals = [...document.querySelectorAll(':modal')];
    // Those in shadow trees that hold claims come after (their place in the document's order is not worth finding).
    for (const root of roots) modals.push(...root.querySelectorAll(':modal'));
  } catch {
    return null; // A browser without :modal.
  }
  const modal = modals.at(-1);
  return modal && !/^(VIDEO|AUDIO|IFRAME|CANVAS|IMG|EMBED|OBJECT)$/.test(modal.tagName) ? modal : null;
}

/**
 * Whether the document, or one of these shadow roots, shows a popover, in a browser that has them; our overlay, shown
 * as one above the page's (see Overlay.moveInto), is not counted.
 */
export function anyPopoverOpen(roots: Iterable<ShadowRoot>): boolean {
  const PAGE_POPOVER = ':popover-open:not(factlens-overlay)';
  try {
    if (document.querySelector(PAGE_POPOVER)) return true;
    for (const root of roots) if (root.querySelector(PAGE_POPOVER)) return true;
    return false;
  } catch {
    return false;
  }
}

/**
 * The innermost open popover (`:popover-open`) or modal (`:modal`) around `element`, as the page is drawn: across
 * shadow roots, and from content given to a web component into the slot it stands in (see drawnParent); or null.
 */
export function openAround(element: Element, open: ':popover-open' | ':modal'): Element | null {
  try {
    for (let current: Element | null = element; current; current = drawnParent(current))
      if (current.matches(open)) return current;
  } catch {
    // A browser without popovers or :modal.
  }
  return null;
}
