/**
 * Whether the card is seen as it is drawn when the user acts on it: nothing of the page's faded, shrunk, clipped or
 * covered it (a page that paints a decoy over our Apply would have the user's real click land on it).
 */

/**
 * Why the card may not be what the user sees, or null. Our host is the last element of the document (or of
 * the page's open modal), on the highest z-index, with !important inline styles; what can still come between
 * the user and the card is the page fading, clipping or shrinking what the host stands in, or an element
 * painted above ours (the top layer: modal dialogs, popovers, fullscreen; or an element the page appended
 * after our host).
 */
export function coveredReason(card: HTMLElement, host: HTMLElement): string | null {
  // What the overlay stands in (the document's root, or a page's modal around it: see Overlay.scope) passes its
  // opacity, filters, clipping and masks on to the card, whatever our own styles say.
  for (let element = host.parentElement; element; element = element.parentElement) {
    const style = getComputedStyle(element);
    if (
      Number(style.opacity) < 1 ||
      !showsAsIs(style.filter) ||
      (style.maskImage || 'none') !== 'none' ||
      (element === document.documentElement && style.visibility !== 'visible')
    )
      return 'The page has faded or hidden itself and this card';
  }
  const box = card.getBoundingClientRect();
  // Shrunk (a transform scaling a modal around the overlay) until it cannot be read.
  if (box.width < card.offsetWidth / 2 || box.height < card.offsetHeight / 2) return 'The page has shrunk this card';
  const overlaps = (element: Element) => {
    const rect = element.getBoundingClientRect();
    return (
      rect.width > 0 &&
      rect.height > 0 &&
      rect.left < box.right &&
      rect.right > box.left &&
      rect.top < box.bottom &&
      rect.bottom > box.top
    );
  };
  let topLayer: Element[] = [];
  try {
    topLayer = [...document.querySelectorAll(':modal, :popover-open, :fullscreen')];
  } catch {
    topLayer = [...document.querySelectorAll('dialog[open]')];
  }
  // The modal the overlay stands in (see Overlay.scope) is under the card, not above it.
  if (topLayer.some((element) => !element.contains(host) && overlaps(element)))
    return 'Something of the page’s is shown above this card';
  for (let next = host.nextElementSibling; next; next = next.nextElementSibling)
    if (overlaps(next)) return 'Something of the page’s is placed over this card';
  // Clipping (a clip-path, or a modal's overflow, around the overlay) is seen by hit testing, which it clips too:
  // at the card's corners (inside its rounded border) and middle, within the view, what is hit must be the card.
  // Its shadow root is our host's, so the host is what the host's tree sees hit there. A clip-path that cuts
  // nothing of the card (a modal's rounded corners, a shape around all of it) is then no reason to refuse.
  const scope = host.getRootNode() as Document | ShadowRoot;
  const inset = 8;
  const points = [
    [box.left + inset, box.top + inset],
    [box.right - inset, box.top + inset],
    [box.left + inset, box.bottom - inset],
    [box.right - inset, box.bottom - inset],
    [(box.left + box.right) / 2, (box.top + box.bottom) / 2],
  ] as const;
  for (const [x, y] of points)
    if (x >= 0 && y >= 0 && x < window.innerWidth && y < window.innerHeight && scope.elementFromPoint(x, y) !== host)
      return 'The page has clipped or covered part of this card';
  return null;
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
