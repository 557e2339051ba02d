/**
 * Text fields (textarea, input) cannot hold highlights: their text is not in the DOM. A mirror element in
 * the overlay copies the field's box, font and scroll, with the field's value as its one text node; the
 * claims are anchored and highlighted in the mirror, exactly over the field's own text.
 */
import { buildTextModel, type TextModel } from './anchor/text-model';
import { visibleBoxOf, type Box } from './clip';
import { declaredLang } from './dom';
import type { Overlay } from './overlay';
import { coveredParts, uncoveredPart, type PinnedBoxes } from './pinned';

export type TextField = HTMLTextAreaElement | HTMLInputElement;

const COPIED = [
  'font-family', 'font-size', 'font-weight', 'font-style', 'font-variant', 'font-stretch', 'line-height',
  'letter-spacing', 'word-spacing', 'text-transform', 'text-indent', 'text-align', 'direction', 'tab-size',
  'unicode-bidi', 'white-space', 'word-break', 'overflow-wrap', 'hyphens', 'line-break',
  'writing-mode', 'text-orientation', 'text-combine-upright',
  'font-feature-settings', 'font-variation-settings', 'font-kerning', 'font-variant-ligatures', 'text-rendering',
  'padding-top', 'padding-right', 'padding-bottom', 'padding-left',
  'border-top-width', 'border-right-width', 'border-bottom-width', 'border-left-width',
  'border-top-style', 'border-right-style', 'border-bottom-style', 'border-left-style', 'box-sizing',
]; // prettier-ignore

export function isTextField(element: Element | null): element is TextField {
  if (element instanceof HTMLTextAreaElement) return true;
  return element instanceof HTMLInputElement && ['text', 'search', ''].includes(element.type);
}

export class FieldMirror {
  readonly element: HTMLDivElement;
  private readonly text: Text;
  /** The field's look (font, box, place) as `sync` last copied it. */
  private lastLook = '';

  constructor(
    readonly field: TextField,
    private readonly overlay: Overlay,
    /** The page's pinned boxes: the mirror is cut clear of those over the field (a sticky header). */
    private readonly pinned?: PinnedBoxes,
  ) {
    this.element = document.createElement('div');
    // A one-line field sets its line in the middle of its box, however high the box (see `.mirror.line`).
    this.element.className = field instanceof HTMLTextAreaElement ? 'mirror' : 'mirror line';
    // In the field's language, as its text is set: hyphens, line breaks and case (Greek upper-cased drops its accents)
    // follow it.
    this.element.lang = declaredLang(field);
    this.text = document.createTextNode('');
    this.element.appendChild(this.text);
    overlay.mirrors.appendChild(this.element);
    this.sync();
  }

  /**
   * Copies the field's value, box, font and scroll; runs once a frame while the user types or scrolls.
   * Everything is read first, then only what changed is written: a read after a write makes the browser
   * lay the page out there and then, and a frame of typing moved the caret, not the field's font or box.
   */
  sync(): void {
    const field = this.field;
    const style = getComputedStyle(field);
    const look = COPIED.map((property) => style.getPropertyValue(property));
    // The field's scroll bars narrow its text (the one across its foot, in vertical writing, shortens its lines, and in
    // any writing it lets the field scroll that much further); the mirror has none, so it pads the same lengths.
    const sideBorders = parseFloat(style.borderLeftWidth) + parseFloat(style.borderRightWidth);
    const endBorders = parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth);
    const sideScrollbar = Math.max(0, field.offsetWidth - field.clientWidth - sideBorders);
    const footScrollbar = Math.max(0, field.offsetHeight - field.clientHeight - endBorders);
    const box = field.getBoundingClientRect();
    // Cut to the panes around the field (scrolled out of one, the field's text is hidden, and so are its
    // highlights), and clear of the page's pinned boxes over it: those across its top or bottom cut it, the
    // others (a chat button over its corner) make holes in it.
    const pinned = this.pinned?.now() ?? [];
    const shows = uncoveredPart(visibleBoxOf(field, new Map(), box), field, pinned);
    const holes = coveredParts(shows, field, pinned);
    const cut = [shows.top - box.top, box.right - shows.right, box.bottom - shows.bottom, shows.left - box.left];
    // The field's computed lengths (font, padding, borders) are its own px, before any CSS zoom on it or around
    // it (a page's `body { zoom: 0.8 }`); the mirror is zoomed to match, relative to the overlay's own zoom, and
    // its box, given in client px, is turned into its own px.
    const zoom = ((field as { currentCSSZoom?: number }).currentCSSZoom ?? 1) / this.overlay.zoom || 1;
    const origin = this.overlay.origin();
    const ownX = (client: number) => client / origin.scaleX / zoom;
    const ownY = (client: number) => client / origin.scaleY / zoom;
    const toX = (client: number) => `${ownX(client)}px`;
    const toY = (client: number) => `${ownY(client)}px`;
    look.push(
      `${parseFloat(style.paddingRight) + sideScrollbar}px`,
      `${parseFloat(style.paddingBottom) + footScrollbar}px`,
      String(zoom),
      toX(box.left - origin.left),
      toY(box.top - origin.top),
      toX(box.width),
      toY(box.height),
      holes.length
        ? clipWithHoles(shows, holes, box, ownX, ownY)
        : cut.some((edge) => edge > 0)
          ? `inset(${cut.map((edge, side) => (side % 2 ? toX : toY)(Math.max(0, edge))).join(' ')})`
          : 'none',
    );
    const scrollTop = field.scrollTop;
    const scrollLeft = field.scrollLeft;
    const key = look.join('|');
    if (key !== this.lastLook) {
      this.lastLook = key;
      const target = this.element.style;
      COPIED.forEach((property, index) => target.setProperty(property, look[index]!));
      const [paddingRight, paddingBottom, zoomed, left, top, width, height, clipPath] = look.slice(COPIED.length);
      Object.assign(target, { paddingRight, paddingBottom, zoom: zoomed, left, top, width, height, clipPath });
      // A one-line field never wraps, whatever its style says; a textarea wraps as its own style says (copied).
      if (!(field instanceof HTMLTextAreaElement)) target.whiteSpace = 'pre';
    }
    this.syncText();
    // Scrolled as the field is (the last writes: setting a scroll lays the mirror out if its text changed).
    this.element.scrollTop = scrollTop;
    this.element.scrollLeft = scrollLeft;
  }

  /**
   * Copies the field's value alone: what locating needs at once (the rest can wait for the next frame). Only the
   * part that changed is written (a keystroke's), so that the browser reuses what it shaped of the rest, and the
   * claims' ranges after it shift with their text (bench/typing.ts measures a keystroke's cost). Returns where the
   * change starts (the text's length if nothing changed).
   */
  syncText(): number {
    const before = this.text.data;
    const after = this.field.value;
    if (before === after) return after.length;
    const shortest = Math.min(before.length, after.length);
    let start = 0;
    while (start < shortest && before.charCodeAt(start) === after.charCodeAt(start)) start++;
    let end = 0;
    while (
      end < shortest - start &&
      before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)
    )
      end++;
    this.text.replaceData(start, before.length - start - end, after.slice(start, after.length - end));
    return start;
  }

  /** A text model of the mirror: its raw offsets are offsets in the field's value. */
  model(): TextModel {
    return buildTextModel(this.element);
  }

  remove(): void {
    this.element.remove();
  }
}

/**
 * A clip path of `shows` less `holes` (boxes within it that overlap none of the others, see coveredParts), in the
 * mirror's own px from its box's corner (`box`, in client px, as are the others; `x` and `y` turn client lengths
 * into the mirror's own). The even-odd rule makes each hole's outline a hole.
 */
function clipWithHoles(
  shows: Box,
  holes: readonly Box[],
  box: Box,
  x: (client: number) => number,
  y: (client: number) => number,
): string {
  const outline = ({ top, right, bottom, left }: Box) => {
    const [l, t, r, b] = [x(left - box.left), y(top - box.top), x(right - box.left), y(bottom - box.top)];
    return `M${l} ${t}H${r}V${b}H${l}Z`;
  };
  return `path(evenodd, "${[shows, ...holes].map(outline).join('')}")`;
}
