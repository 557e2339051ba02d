/**
 * Draws located claims: a CSS Custom Highlight per verdict kind (no change to the page's DOM), or, where
 * that API is missing, boxes from the ranges' client rects in the overlay; and a badge at the end of each
 * claim, with an icon and an accessible label, in the overlay, so the page's layout never shifts.
 */
import { elementOf } from './anchor/shadow-roots';
import { viewSize } from './clip';
import { e2eDelay } from './e2e-delays';
import { el } from './dom';
import { onDarkGround } from './dark-ground';
import { scopedSelectors } from './highlight-scope';
import type { Overlay, OverlayOrigin } from './overlay';
import type { Pinned, PinnedBoxes, Point } from './pinned';
import { HIGHLIGHT_KINDS, highlightCss, highlightName, type HighlightKind } from './styles';
import {
  badgeBox,
  BADGE_RAISE,
  BADGE_SIZE,
  endElement,
  nearView,
  placeRange,
  setApart,
  type Flow,
  type Mark,
  type PlaceContext,
  type Placement,
} from './badge-placement';

export type { Mark };

type Activate = (id: number, badge: HTMLElement, how: 'click' | 'hover' | 'keyboard') => void;

const HOVER_DELAY_MS = 350;

/** Every highlight the page's registry gets from us: each kind's, and its twin for claims on a dark ground. */
const HIGHLIGHTS = HIGHLIGHT_KINDS.flatMap((kind) =>
  [false, true].map((onDark) => ({ kind, name: highlightName(kind, onDark) })),
);

/** The kinds whose rules name each mark's element on a large page, whatever its kind now (see Highlighter.scopeRules). */
const KINDS_NAMED_AHEAD = HIGHLIGHT_KINDS.filter((kind) => kind !== 'stale');

/** A kind's highlight, holding these ranges: later kinds (stale, active) paint over earlier ones. */
function newHighlight(kind: HighlightKind, ranges: Range[]): Highlight {
  const highlight = new Highlight(...ranges);
  highlight.priority = HIGHLIGHT_KINDS.indexOf(kind);
  return highlight;
}

/** Whether the highlight holds these ranges and no other. */
function holdsExactly(highlight: Highlight, ranges: readonly Range[]): boolean {
  return highlight.size === ranges.length && ranges.every((range) => highlight.has(range));
}

/** Which claim a badge is for, and what it shows and where, as last written. */
interface Shown {
  id: number;
  kind: HighlightKind | null;
  icon: string;
  earlier: boolean;
  label: string;
  left: number;
  top: number;
  rough: boolean;
  rtl: boolean;
  hidden: boolean;
}

interface Measured {
  /** Where the overlay's px stand in the view, to turn client boxes into the overlay's (page) coordinates. */
  origin: OverlayOrigin;
  placements: (Placement & { mark: Mark; flow: Flow })[];
}

/** How a mark's text is set, as its element's computed style had it at the last draw (see `readLooks`). */
interface Look {
  /** Its text stands on a dark ground (see dark-ground.ts). */
  onDark: boolean;
  /** It is set in vertical lines (see Flow). */
  vertical: boolean;
}

export class Highlighter {
  /** The user hid the highlights (see setHidden). */
  private hidden = false;
  private readonly useHighlightApi =
    typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight === 'function';
  /** Each kind's highlight, and its twin for claims on a dark ground, by their names in the registry. */
  private readonly highlights = new Map<string, Highlight>();
  /** How each mark's text is set (see Look), by its range: as the last draw found. */
  private readonly looks = new WeakMap<Range, Look>();
  private marks: Mark[] = [];
  private readonly badges = new Map<number, HTMLButtonElement>();
  private readonly shown = new WeakMap<Element, Shown>();
  private readonly badgePrototype = el('button', { type: 'button' }, '');
  private hovered: HTMLButtonElement | null = null;
  private hoverTimer: ReturnType<typeof setTimeout> | undefined;
  private activeRange: Range | null = null;
  /** The last measure's: where the badges were placed, for `badgePoints`. */
  private lastMeasured: Measured | null = null;

  /**
   * `pinned`: the page's pinned boxes (sticky headers, fixed bars), which hide the badges of claims under them;
   * none are looked for without it.
   */
  constructor(
    private readonly overlay: Overlay,
    private readonly activate: Activate,
    private readonly pinned?: PinnedBoxes,
  ) {
    if (this.useHighlightApi)
      for (const { kind, name } of HIGHLIGHTS) this.highlights.set(name, newHighlight(kind, []));
    this.register();
    this.listen(overlay.badges);
  }

  /**
   * Puts the highlights (back) in the page's registry, which the page shares and may empty (CSS.highlights.clear(),
   * as a page's own search highlighter may do): checked on each draw and each scroll, so that the claims are
   * highlighted again at once.
   */
  private register(): void {
    if (this.hidden) return;
    for (const [name, highlight] of this.highlights)
      if (CSS.highlights.get(name) !== highlight) CSS.highlights.set(name, highlight);
  }

  get usesHighlightApi(): boolean {
    return this.useHighlightApi;
  }

  /** Replaces what is drawn with these marks. */
  draw(marks: Mark[]): void {
    this.marks = marks;
    // Every claim's style and position is read before any highlight is changed or any badge made or moved: a read
    // after those writes would make the browser style and lay out the page and the new badges there and then, in
    // the middle of the draw.
    this.readLooks(marks);
    const measured = this.measure();
    if (this.useHighlightApi) this.fill(marks);
    const keep = new Set(marks.map((mark) => mark.id));
    for (const [id, badge] of this.badges)
      if (!keep.has(id)) {
        badge.remove();
        this.badges.delete(id);
      }
    // New badges are made, filled and placed before they join the page, and join it at once.
    const added = document.createDocumentFragment();
    this.place(measured, added);
    this.overlay.badges.appendChild(added);
  }

  /**
   * Gives each kind's highlight its marks' ranges: a kind with ranges gets a new highlight that holds them, put in
   * the registry in place of the old one: each change to a registered highlight costs the page work of its own, so a
   * new highlight takes its ranges before it is registered, and is registered once.
   *
   * A kind whose highlight holds those ranges already is left as it is: any change to the page's highlights, even to
   * one with no style, costs the next frame work for every range drawn (Chromium marks them all again), and the page
   * checker draws the same claims again after each update of a check. (A range moved in place, see
   * PageChecker.stillThere, is painted where it now stands without this: the browser follows a highlight's ranges.)
   */
  private fill(marks: Mark[]): void {
    const rangesOf = new Map<string, Range[]>();
    const add = (kind: HighlightKind, range: Range) => {
      const name = highlightName(kind, this.looks.get(range)?.onDark);
      const ranges = rangesOf.get(name);
      if (ranges) ranges.push(range);
      else rangesOf.set(name, [range]);
    };
    for (const mark of marks) add(mark.kind, mark.range);
    if (this.activeRange) add('active', this.activeRange);
    for (const { kind, name } of HIGHLIGHTS) {
      const ranges = rangesOf.get(name);
      const highlight = this.highlights.get(name)!;
      if (ranges) {
        if (!holdsExactly(highlight, ranges)) this.highlights.set(name, newHighlight(kind, ranges));
      } else if (highlight.size) highlight.clear();
    }
    this.register();
    this.scopeRules();
  }

  /**
   * On a large page, names in the page's highlight rules the elements that hold the marks now (see highlight-scope.ts).
   * Each mark's element is named in the rule of every kind it may take while its text stays as it is (checking, each
   * verdict, and the card's `active`), not of its kind alone: each change to the rules costs such a page a restyle, and
   * a check changes its marks' kinds with each batch of verdicts (about ten in a check of 30 claims), and the card's
   * claim as it opens and closes: naming every kind at once costs one larger restyle at the first draw and almost
   * none after. `stale` (its text changed under it, in a draft) is named once a mark is.
   * A text field's marks are in its mirror, in the overlay, whose own rules are for every element.
   */
  private scopeRules(): void {
    if (!this.overlay.highlightsScoped || !this.useHighlightApi) return;
    const elementsByName = new Map<string, Element[]>();
    const add = (kind: HighlightKind, { range, field }: { range: Range; field?: Element }) => {
      const element = field ? null : elementOf(range.commonAncestorContainer);
      if (!element) return;
      const name = highlightName(kind, this.looks.get(range)?.onDark);
      const elements = elementsByName.get(name);
      if (elements) elements.push(element);
      else elementsByName.set(name, [element]);
    };
    for (const mark of this.marks) {
      for (const kind of KINDS_NAMED_AHEAD) add(kind, mark);
      if (mark.kind === 'stale') add('stale', mark);
    }
    if (this.activeRange && !this.isMarked(this.activeRange)) add('active', { range: this.activeRange });
    const selectors = scopedSelectors(elementsByName);
    this.overlay.setHighlightRules(highlightCss((name) => selectors.get(name)));
  }

  private isMarked(range: Range): boolean {
    return this.marks.some((mark) => mark.range === range);
  }

  /**
   * Writes the highlight rules' paths again if the page moved the elements they name (see highlight-scope.ts): called
   * as the page changes, before it is painted.
   */
  rescope(): void {
    if (this.marks.length) this.scopeRules();
  }

  /**
   * Reads how each mark's text is set (see Look): whether it stands on a dark ground (a dark theme, a dark banner: see
   * dark-ground.ts), to paint it in the colours made for one, and whether it runs in vertical lines, for its badge's place;
   * true if one changed. Read on each draw (and see `recolor`), once for the marks of one element: the innermost one
   * that holds the whole claim, whose style is the claim's own (a claim that starts in a link, coloured apart, is
   * still told by its paragraph's colour). A text field's marks are drawn in its mirror, whose own text is
   * transparent: the field's colour tells, and so does its writing mode, which the mirror copies.
   */
  private readLooks(marks: Mark[]): boolean {
    const lookOf = new Map<Element, Look>();
    let changed = false;
    for (const { range, field } of marks) {
      const element = field ?? elementOf(range.commonAncestorContainer);
      if (!element) continue;
      let look = lookOf.get(element);
      if (!look) {
        const style = getComputedStyle(element);
        look = { onDark: onDarkGround(style, element), vertical: style.writingMode.startsWith('vertical') };
        lookOf.set(element, look);
      }
      const last = this.looks.get(range);
      if (!last || last.onDark !== look.onDark || last.vertical !== look.vertical) changed = true;
      this.looks.set(range, look);
    }
    return changed;
  }

  /**
   * Paints the claims again in the colours of their grounds, and places their badges again, if how one is set
   * changed: the page switched between its light and dark themes (by a class on its root, or as the system's did),
   * which changes none of its text.
   */
  recolor(): void {
    if (!this.readLooks(this.marks)) return;
    if (this.useHighlightApi) this.fill(this.marks);
    this.position();
  }

  /** The card's claim was located again (a new Range, or none): it is marked there from the next draw on. */
  followActive(range: Range | null): void {
    if (this.activeRange) this.activeRange = range;
  }

  /** Marks one claim as the one the card is about. */
  setActive(range: Range | null): void {
    if (this.activeRange) this.activeHighlight(this.activeRange)?.delete(this.activeRange);
    this.activeRange = range;
    if (range) this.activeHighlight(range)?.add(range);
    if (!this.useHighlightApi) this.position();
    // A mark's element is named for `active` already (see scopeRules).
    else if (range && !this.isMarked(range)) this.scopeRules();
  }

  private activeHighlight(range: Range): Highlight | undefined {
    return this.highlights.get(highlightName('active', this.looks.get(range)?.onDark));
  }

  badge(id: number): HTMLButtonElement | undefined {
    return this.badges.get(id);
  }

  /** The claim's badge if it shows where its claim is (not hidden, not placed roughly). */
  placedBadge(id: number): HTMLButtonElement | undefined {
    const badge = this.badges.get(id);
    const shown = badge && this.shown.get(badge);
    return shown && !shown.hidden && !shown.rough ? badge : undefined;
  }

  /**
   * Puts each badge (and fallback box) where its claim is now: exactly for the claims near the view, roughly
   * for the others (see `placeRange`); scrolling brings those near, and this runs again on every scroll.
   */
  position(): void {
    this.register();
    this.place(this.measure());
  }

  /** Where each mark's badge goes, and the overlay's origin that turns it into the overlay's coordinates: reads only (see `draw`). */
  private measure(): Measured {
    // Read once a measure, and only if a claim is near the view.
    let pinned: readonly Pinned[] | undefined;
    const view = viewSize();
    const context: PlaceContext = {
      near: nearView(),
      seen: new Map(),
      pinnedNow: () => (pinned ??= this.pinned?.now() ?? []),
      modal: this.overlay.modal,
      origin: this.overlay.origin(),
      viewWidth: view.width,
      viewHeight: view.height,
    };
    const placements = this.marks.map((mark) => {
      const flow: Flow = this.looks.get(mark.range)?.vertical ? 'vertical' : mark.rtl ? 'rtl' : 'ltr';
      return { mark, flow, ...placeRange(mark, flow, context) };
    });
    setApart(placements, context);
    return (this.lastMeasured = { origin: context.origin, placements });
  }

  /**
   * The middles, in client px, of the badges last placed at their claims near the view, and of those hidden there
   * under one of the page's pinned boxes: where to look for pinned boxes that stand off the view's edges (see
   * PinnedBoxes.discover).
   */
  badgePoints(): Point[] {
    if (!this.lastMeasured) return [];
    const { origin, placements } = this.lastMeasured;
    const points: Point[] = [];
    for (const { at, rects, flow } of placements) {
      if (!at || !rects.length) continue;
      const box = badgeBox(at, origin, flow);
      points.push({ x: (box.left + box.right) / 2, y: (box.top + box.bottom) / 2 });
    }
    return points;
  }

  /**
   * Moves the badges (and fallback boxes) to where they were measured: writes only. With `added`, a mark
   * with no badge yet gets one there (detached, see `draw`). What a badge shows is written only when it
   * changed: a check redraws every badge each time a verdict arrives, and scrolling alone moves none.
   */
  private place({ origin, placements }: Measured, added?: DocumentFragment): void {
    const { left: originLeft, top: originTop, scaleX, scaleY } = origin;
    for (const { mark, at, exact, flow } of placements) {
      // Placed roughly: kept in the tab order (focusing it scrolls it near, and then it is placed), unseen.
      const rough = !exact;
      let badge = this.badges.get(mark.id);
      if (!badge) {
        if (!added) continue;
        badge = this.makeBadge(mark.id);
        added.appendChild(badge);
      }
      const shown = this.shown.get(badge)!;
      if (shown.hidden !== !at) badge.hidden = shown.hidden = !at;
      const rtl = flow === 'rtl';
      const earlier = !!mark.earlier;
      if (shown.kind !== mark.kind || shown.rough !== rough || shown.rtl !== rtl || shown.earlier !== earlier) {
        badge.className = `badge ${mark.kind}${rough ? ' rough' : ''}${rtl ? ' rtl' : ''}${earlier ? ' earlier' : ''}`;
        shown.kind = mark.kind;
        shown.earlier = earlier;
        shown.rough = rough;
        shown.rtl = rtl;
      }
      if (shown.icon !== mark.icon) (badge.firstChild as Text).data = shown.icon = mark.icon;
      // The label names the verdict and the claim; no title as well: resting the pointer opens the card.
      if (shown.label !== mark.label) badge.setAttribute('aria-label', (shown.label = mark.label));
      if (!at) continue;
      // Raised like a footnote mark, at the end of the claim's last line, in the overlay's coordinates (its left
      // end in right-to-left text, which the badge's own CSS stands to the left of; in vertical text, at its foot,
      // raised to its right: see badgeBox).
      const vertical = flow === 'vertical';
      const left = vertical
        ? Math.round((at.right - originLeft) / scaleX - (BADGE_SIZE - BADGE_RAISE))
        : Math.round(((rtl ? at.left : at.right) - originLeft) / scaleX);
      const top = vertical
        ? Math.round((at.bottom - originTop) / scaleY)
        : Math.round((at.top - originTop) / scaleY - BADGE_RAISE);
      // Two inline style properties: cheaper than one cssText write, and than attributes read by `attr()`, whose
      // layout costs more than it saves.
      if (shown.left !== left) badge.style.left = `${(shown.left = left)}px`;
      if (shown.top !== top) badge.style.top = `${(shown.top = top)}px`;
    }
    if (!this.useHighlightApi) {
      this.overlay.boxes.replaceChildren(
        ...placements.flatMap(({ mark, rects }) =>
          rects.map((rect) => {
            const box = el('div', { class: `box ${mark.kind}${this.looks.get(mark.range)?.onDark ? ' dark' : ''}` });
            box.style.cssText = `left: ${(rect.left - originLeft) / scaleX}px; top: ${(rect.top - originTop) / scaleY}px; width: ${rect.width / scaleX}px; height: ${rect.height / scaleY}px`;
            return box;
          }),
        ),
      );
    }
  }

  clear(): void {
    this.marks = [];
    this.lastMeasured = null;
    this.activeRange = null;
    for (const highlight of this.highlights.values()) if (highlight.size) highlight.clear();
    // The highlights' rules (on a large page) are left as they are, naming the elements that held claims: with no
    // range drawn they paint nothing, and the next draw writes its own. Emptying them would cost the page a restyle of
    // its own (see scopeRules).
    for (const badge of this.badges.values()) badge.remove();
    this.badges.clear();
    this.cancelHover();
    this.hovered = null;
    this.overlay.boxes.replaceChildren();
  }

  /** Takes the highlights out of the page's registry while the user hides them, or puts them back; kept meanwhile. */
  setHidden(hidden: boolean): void {
    this.hidden = hidden;
    if (!this.useHighlightApi) return;
    if (hidden) for (const name of this.highlights.keys()) CSS.highlights.delete(name);
    else this.register();
  }

  /** Removes the highlights from the page's registry too (the extension is going away). */
  dispose(): void {
    this.clear();
    if (this.useHighlightApi) for (const name of this.highlights.keys()) CSS.highlights.delete(name);
  }

  /** A new badge for the mark, empty: `place` gives it its look. */
  private makeBadge(id: number): HTMLButtonElement {
    const badge = this.badgePrototype.cloneNode(true) as HTMLButtonElement;
    this.badges.set(id, badge);
    this.shown.set(badge, {
      id,
      kind: null,
      icon: '',
      earlier: false,
      rough: false,
      rtl: false,
      hidden: false,
      label: '',
      left: NaN,
      top: NaN,
    });
    return badge;
  }

  /**
   * One set of listeners, on the badges' layer, for every badge: a click (or Enter or Space: a click with no
   * mouse) opens its card, and so does resting the pointer on it for HOVER_DELAY_MS.
   */
  private listen(layer: HTMLElement): void {
    const badgeOf = (target: EventTarget | null) => {
      const shown = target instanceof Element ? this.shown.get(target) : undefined;
      return shown ? { id: shown.id, badge: target as HTMLButtonElement } : null;
    };
    layer.addEventListener('click', (event) => {
      const target = badgeOf(event.target);
      if (!target) return;
      // The card is opened now: a hover delay still running (a click as the pointer reached the badge) would open it
      // again after Esc closed it.
      this.cancelHover();
      this.activate(target.id, target.badge, event.detail === 0 ? 'keyboard' : 'click');
    });
    // Tab reached a badge placed roughly: its claim is brought into view (in the window, and in the pane that
    // holds it, which the browser's own scrolling to the badge would not move), and the badge is placed exactly
    // before the browser scrolls to it.
    layer.addEventListener('focusin', (event) => {
      const target = badgeOf(event.target);
      if (!target || this.placedBadge(target.id)) return;
      const mark = this.marks.find((candidate) => candidate.id === target.id);
      if (mark) endElement(mark.range)?.scrollIntoView({ block: 'center' });
      this.position();
    });
    layer.addEventListener('mouseover', (event) => {
      const target = badgeOf(event.target);
      if (!target || target.badge === this.hovered) return;
      this.hovered = target.badge;
      this.cancelHover();
      this.hoverTimer = setTimeout(
        () => {
          this.hoverTimer = undefined;
          if (target.badge.isConnected) this.activate(target.id, target.badge, 'hover');
        },
        e2eDelay('hover', HOVER_DELAY_MS),
      );
    });
    layer.addEventListener('mouseout', (event) => {
      const target = badgeOf(event.target);
      if (!target || target.badge !== this.hovered) return;
      this.hovered = null;
      this.cancelHover();
    });
  }

  /** Whether a card is to open once the pointer has rested on a badge long enough. */
  get hoverPending(): boolean {
    return this.hoverTimer !== undefined;
  }

  private cancelHover(): void {
    clearTimeout(this.hoverTimer);
    this.hoverTimer = undefined;
  }
}
