/**
 * Draws located claims: a CSS Custom Highlight per verdict kind (no change to the page's DOM), or, where
 * that API is missing, boxes from the ranges' client rects in the overlay; and a badge at the end of each
 * claim, with an icon and an accessible label, in the overlay, so the page's layout never shifts.
 */
import { el } from './dom';
import type { Overlay } from './overlay';
import { HIGHLIGHT_KINDS, highlightName, type HighlightKind } from './styles';

export interface Mark {
  id: number;
  range: Range;
  kind: HighlightKind;
  icon: string;
  /** The badge's accessible name, e.g. "False: The far side of the Moon… Show details". */
  label: string;
  /** Only the part of the page where the mark may show (a text field's box); badges outside it are hidden. */
  clip?: () => DOMRect;
}

type Activate = (id: number, badge: HTMLElement, how: 'click' | 'hover' | 'keyboard') => void;

const HOVER_DELAY_MS = 350;

/** Claims within this many viewports of the view (in client coordinates) have their badges placed exactly. */
const NEAR_VIEWPORTS = 1;

interface Box {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** The part of the page, in client coordinates, where claims are placed exactly: the view and a viewport around it. */
export function nearView(): Box {
  const { innerWidth, innerHeight } = window;
  const width = innerWidth * NEAR_VIEWPORTS;
  const height = innerHeight * NEAR_VIEWPORTS;
  return { top: -height, right: innerWidth + width, bottom: innerHeight + height, left: -width };
}

export interface Placement {
  /** Where the badge goes (its claim's last line, or roughly there); null: nothing of the claim shows. */
  at: Box | null;
  /** The claim's visible line boxes: read only for a claim near the view. */
  rects: DOMRect[];
  exact: boolean;
}

/**
 * Where a range's badge goes. A range's client rects cost about 13 µs each on the corpus pages, whatever the
 * range; the box of the element holding its end 2–5 µs. So a range is measured only when that box is near
 * the view (`near`); a range far from it is placed at that box's top right corner, unseen, until scrolling
 * brings it near. `clip`: only the part of the page where the range may show (a text field's box).
 */
export function placeRange(range: Range, near: Box, clip?: Box): Placement {
  const container = range.endContainer;
  const holder = container.nodeType === Node.ELEMENT_NODE ? (container as Element) : container.parentElement;
  const box = holder?.getBoundingClientRect();
  // Far from the view, by the box's edges (each a DOM call, so the vertical ones first: most far claims are
  // above or below). An element with no box (display: contents, or not rendered) stands at the top left
  // corner, in the view: its range is measured.
  if (box && (box.top > near.bottom || box.bottom < near.top || box.left > near.right || box.right < near.left))
    return { at: box, rects: [], exact: false };
  const rects = [...range.getClientRects()].filter(
    (rect) =>
      (rect.width > 0 || rect.height > 0) &&
      (!clip || (rect.bottom > clip.top && rect.top < clip.bottom && rect.right > clip.left && rect.left < clip.right)),
  );
  return { at: rects.at(-1) ?? null, rects, exact: true };
}

export class Highlighter {
  private readonly useHighlightApi =
    typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight === 'function';
  private readonly highlights = new Map<HighlightKind, Highlight>();
  private marks: Mark[] = [];
  private readonly badges = new Map<number, HTMLButtonElement>();
  private activeRange: Range | null = null;

  constructor(
    private readonly overlay: Overlay,
    private readonly activate: Activate,
  ) {
    if (this.useHighlightApi)
      HIGHLIGHT_KINDS.forEach((kind, index) => {
        const highlight = new Highlight();
        // Later kinds (stale, active) paint over earlier ones.
        highlight.priority = index;
        this.highlights.set(kind, highlight);
        CSS.highlights.set(highlightName(kind), highlight);
      });
  }

  get usesHighlightApi(): boolean {
    return this.useHighlightApi;
  }

  /** Replaces what is drawn with these marks. */
  draw(marks: Mark[]): void {
    this.marks = marks;
    for (const highlight of this.highlights.values()) highlight.clear();
    for (const mark of marks) this.highlights.get(mark.kind)?.add(mark.range);
    if (this.activeRange) this.highlights.get('active')?.add(this.activeRange);
    const keep = new Set(marks.map((mark) => mark.id));
    for (const [id, badge] of this.badges)
      if (!keep.has(id)) {
        badge.remove();
        this.badges.delete(id);
      }
    for (const mark of marks) this.badgeFor(mark);
    this.position();
  }

  /** Marks one claim as the one the card is about. */
  setActive(range: Range | null): void {
    const active = this.highlights.get('active');
    if (this.activeRange) active?.delete(this.activeRange);
    this.activeRange = range;
    if (range) active?.add(range);
    if (!this.useHighlightApi) this.position();
  }

  badge(id: number): HTMLButtonElement | undefined {
    return this.badges.get(id);
  }

  /**
   * Puts each badge (and fallback box) where its claim is now: exactly for the claims near the view, roughly
   * for the others (see `placeRange`); scrolling brings those near, and this runs again on every scroll.
   * Reads all positions first, then writes.
   */
  position(): void {
    const scrollX = window.scrollX;
    const scrollY = window.scrollY;
    const near = nearView();
    const placements = this.marks.map((mark) => ({ mark, ...placeRange(mark.range, near, mark.clip?.()) }));
    for (const { mark, at, exact } of placements) {
      const badge = this.badges.get(mark.id);
      if (!badge) continue;
      if (!at) {
        badge.hidden = true;
        continue;
      }
      badge.hidden = false;
      // Placed roughly: kept in the tab order (focusing it scrolls it near, and then it is placed), unseen.
      badge.classList.toggle('rough', !exact);
      // Raised like a footnote mark, at the end of the claim's last line.
      badge.style.left = `${Math.round(at.right + scrollX)}px`;
      badge.style.top = `${Math.round(at.top + scrollY - 9)}px`;
    }
    if (!this.useHighlightApi) {
      this.overlay.boxes.replaceChildren(
        ...placements.flatMap(({ mark, rects }) =>
          rects.map((rect) => {
            const box = el('div', { class: `box ${mark.kind}` });
            box.style.left = `${rect.left + scrollX}px`;
            box.style.top = `${rect.top + scrollY}px`;
            box.style.width = `${rect.width}px`;
            box.style.height = `${rect.height}px`;
            return box;
          }),
        ),
      );
    }
  }

  clear(): void {
    this.marks = [];
    this.activeRange = null;
    for (const highlight of this.highlights.values()) highlight.clear();
    for (const badge of this.badges.values()) badge.remove();
    this.badges.clear();
    this.overlay.boxes.replaceChildren();
  }

  /** Removes the highlights from the page's registry too (the extension is going away). */
  dispose(): void {
    this.clear();
    if (this.useHighlightApi) for (const kind of HIGHLIGHT_KINDS) CSS.highlights.delete(highlightName(kind));
  }

  private badgeFor(mark: Mark): HTMLButtonElement {
    let badge = this.badges.get(mark.id);
    if (!badge) {
      badge = el('button', { type: 'button', class: 'badge' });
      const id = mark.id;
      const button = badge;
      let hoverTimer: ReturnType<typeof setTimeout> | undefined;
      badge.addEventListener('click', (event) => this.activate(id, button, event.detail === 0 ? 'keyboard' : 'click'));
      badge.addEventListener('mouseenter', () => {
        hoverTimer = setTimeout(() => this.activate(id, button, 'hover'), HOVER_DELAY_MS);
      });
      badge.addEventListener('mouseleave', () => clearTimeout(hoverTimer));
      this.overlay.badges.appendChild(badge);
      this.badges.set(mark.id, badge);
    }
    badge.className = `badge ${mark.kind}`;
    badge.textContent = mark.icon;
    badge.setAttribute('aria-label', mark.label);
    badge.title = mark.label;
    return badge;
  }
}
