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

  /** Puts each badge (and fallback box) where its claim is now. Reads all rects first, then writes. */
  position(): void {
    const scrollX = window.scrollX;
    const scrollY = window.scrollY;
    const placements = this.marks.map((mark) => {
      const rects = [...mark.range.getClientRects()].filter((rect) => rect.width > 0 || rect.height > 0);
      const clip = mark.clip?.();
      const visible = clip
        ? rects.filter(
            (rect) =>
              rect.bottom > clip.top && rect.top < clip.bottom && rect.right > clip.left && rect.left < clip.right,
          )
        : rects;
      return { mark, rects: visible, last: visible.at(-1) };
    });
    for (const { mark, last } of placements) {
      const badge = this.badges.get(mark.id);
      if (!badge) continue;
      if (!last) {
        badge.hidden = true;
        continue;
      }
      badge.hidden = false;
      // Raised like a footnote mark, at the end of the claim's last line.
      badge.style.left = `${Math.round(last.right + scrollX)}px`;
      badge.style.top = `${Math.round(last.top + scrollY - 9)}px`;
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
