/**
 * The extension's one element in the page: a host with a closed shadow root, placed over the document.
 * Page CSS cannot reach inside it, and its CSS cannot leak out. Its inline styles are `!important`, so
 * that a page cannot hide it, fade it or move it with a stylesheet.
 */
import { t, uiLanguage } from '../shared/i18n';
import { scopesHighlights } from './highlight-scope';
import { HIGHLIGHT_CSS, OVERLAY_CSS, PAGE_CSS } from './styles';

/** The host's inline style, placed `position` (absolute in the document, fixed in a page's popover). */
const hostStyle = (position: 'absolute' | 'fixed') =>
  [
    'all: initial',
    `position: ${position}`,
    'top: 0',
    'left: 0',
    'width: 0',
    'height: 0',
    'margin: 0',
    'padding: 0',
    'border: 0',
    'z-index: 2147483647',
    'display: block',
    'opacity: 1',
    'visibility: visible',
    'pointer-events: none',
    'transform: none',
    'filter: none',
    'clip-path: none',
    'mix-blend-mode: normal',
  ]
    .map((rule) => `${rule} !important`)
    .join('; ');

/** How many times in one frame the host is put back as it was before the next put back waits for the next frame. */
const MAX_PUT_BACK_A_FRAME = 4;

/** The host's attributes that are ours; any other a page sets is taken off again (see guardHost). */
const OWN_ATTRIBUTES = new Set(['style', 'data-factlens-ui', 'popover']);

/** When a page last changed our host's style or attributes, or hid it from the top layer, by host (see guardHost). */
const tamperedAt = new WeakMap<Element, number>();

/**
 * When the page last changed the host's style or attributes, or took it out of the top layer (performance.now()),
 * or -Infinity: a click on the card before that, or too soon after it (see ClickGuard), does not count.
 */
export const hostTamperedAt = (host: Element): number => tamperedAt.get(host) ?? -Infinity;

/**
 * How many times, between two moves, the host is shown again above the page's popover once the page hid it (see
 * keepAbovePopover): enough for a script that hides other popovers as one of its own opens, and not a fight with a
 * page that hides it each time.
 */
const MAX_SHOWN_AGAIN = 3;

/** The side of the overlay's probe (see `origin`), in the overlay's own px. */
const PROBE_SIZE = 100;

/**
 * Where the overlay's own coordinates start in the view (client px), and how many client px one of its px
 * takes. The overlay stands at the document's top left corner, one client px to its px, unless the page
 * moves or scales its root element: a positioned `<html>` with a margin (WordPress's admin bar gives it 32 px),
 * a transform on it, or CSS `zoom` on it, which the overlay, inside it, takes on; or it stands in the page's
 * open modal (see `scope`), which has a place of its own.
 */
export interface OverlayOrigin {
  left: number;
  top: number;
  scaleX: number;
  scaleY: number;
}

export class Overlay {
  readonly host: HTMLElement;
  readonly root: ShadowRoot;
  /** Highlight-mirrors of text fields, fallback boxes, badges, and the card, bottom to top. */
  readonly mirrors: HTMLElement;
  readonly boxes: HTMLElement;
  readonly badges: HTMLElement;
  /** The indicator of checking as the user writes (see write-indicator.ts): not hidden with the highlights. */
  readonly indicators: HTMLElement;
  readonly cards: HTMLElement;
  /** A live region, unseen: what the page is told of a check asked for in it (see PageChecker.recheck). */
  readonly announcer: HTMLElement;
  private readonly pageSheet: CSSStyleSheet | null = null;
  /** Whether the page's sheet was adopted (see adoptSheet): from then on, it is adopted again if the page drops it. */
  private sheetAdopted = false;
  /** The highlights' rules in the page's sheet now (see setHighlightRules). */
  private highlightRules: string;
  /** Whether the highlights' rules name the elements that hold claims (see highlight-scope.ts), or every element. */
  readonly highlightsScoped: boolean;
  /** An unseen box at the overlay's origin, PROBE_SIZE px square: its client box is the overlay's origin and scale. */
  private readonly probe: HTMLElement;
  /** The host's inline style as FactLens set it last (see guardHost). */
  private hostStyle: string;
  private readonly hostWatch: MutationObserver;
  /** Puts back since `putBackSince` (see guardHost), and the frame a put back waits for, if one does. */
  private putBack = 0;
  private putBackSince = 0;
  private putBackLater = 0;
  private scopeElement: Element | null = null;
  private inPopover = false;
  /** How many times the host was shown again since it was last moved (see keepAbovePopover). */
  private shownAgain = 0;

  constructor() {
    this.host = document.createElement('factlens-overlay');
    this.hostStyle = hostStyle('absolute');
    this.host.setAttribute('style', this.hostStyle);
    this.host.setAttribute('data-factlens-ui', '');
    // Closed, so page scripts cannot read or change the card. The e2e build opens it, so that Playwright
    // and axe can see inside (they cannot enter a closed root); a unit test pins the release build's mode.
    this.root = this.host.attachShadow({ mode: import.meta.env.MODE === 'e2e' ? 'open' : 'closed' });
    this.addStyle(OVERLAY_CSS);
    // The overlay's words are in the interface's language: a screen reader must not read them in the voice of the page's
    // `lang`. Declared on each layer: Firefox does not give a shadow tree its host's `lang`. Page and service text in
    // the layers declares its own (see declaredLang), and so does a text field's mirror.
    const layer = (name: string) => {
      const element = document.createElement('div');
      element.lang = uiLanguage();
      element.className = `layer ${name}`;
      this.root.appendChild(element);
      return element;
    };
    this.probe = layer('probe');
    this.mirrors = layer('mirrors');
    this.boxes = layer('boxes');
    this.badges = layer('badges');
    this.indicators = layer('indicators');
    this.cards = layer('cards');
    this.announcer = document.createElement('p');
    this.announcer.lang = uiLanguage();
    this.announcer.setAttribute('role', 'status');
    this.announcer.className = 'announcer';
    this.root.appendChild(this.announcer);
    document.documentElement.appendChild(this.host);
    this.host.addEventListener('toggle', this.keepAbovePopover);
    this.hostWatch = new MutationObserver(() => this.guardHost());
    this.hostWatch.observe(this.host, { attributes: true });
    // The page's sheet (see PAGE_CSS): a constructed one, so the page's DOM is not touched. Its highlight rules are
    // for every element; or, on a large page, name none until claims are drawn (see highlight-scope.ts), and the sheet
    // is adopted only then (or once the overlay is a popover): adopting any sheet, even an empty one, costs such a page
    // a restyle of its own, and the first draw's rules another.
    this.highlightsScoped = scopesHighlights(document);
    this.highlightRules = this.highlightsScoped ? '' : HIGHLIGHT_CSS;
    if (typeof CSSStyleSheet === 'function' && 'adoptedStyleSheets' in document) {
      try {
        this.pageSheet = new CSSStyleSheet();
        this.pageSheet.replaceSync(PAGE_CSS + this.highlightRules);
        if (!this.highlightsScoped) this.adoptSheet();
      } catch {
        this.pageSheet = null;
      }
    }
  }

  /** Adds the page's sheet to the document's adopted ones, if it is not there (the page may have dropped it). */
  private adoptSheet(): void {
    const sheet = this.pageSheet;
    this.sheetAdopted = true;
    if (sheet && !document.adoptedStyleSheets.includes(sheet))
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }

  /** Where the overlay's px stand in the view now (see OverlayOrigin): one read of layout. */
  origin(): OverlayOrigin {
    const box = this.probe.getBoundingClientRect();
    // A box scaled to nothing (zoom or scale 0) shows nothing anyway: positions are then kept finite.
    return {
      left: box.left,
      top: box.top,
      scaleX: box.width / PROBE_SIZE || 1,
      scaleY: box.height / PROBE_SIZE || 1,
    };
  }

  /** The overlay's own zoom (the page's CSS zoom on its root), where the browser tells it; else 1. */
  get zoom(): number {
    return (this.host as { currentCSSZoom?: number }).currentCSSZoom ?? 1;
  }

  /**
   * Puts these `::highlight()` rules (see highlightCss) in the page's sheet in place of the last ones, if they differ:
   * the page's elements they may match are styled again, in the next frame (or at the next read of layout).
   */
  setHighlightRules(rules: string): void {
    if (!this.highlightsScoped || rules === this.highlightRules || !this.pageSheet) return;
    this.highlightRules = rules;
    this.pageSheet.replaceSync(PAGE_CSS + rules);
    if (rules && !this.sheetAdopted) this.adoptSheet();
  }

  /** Adds rules to the overlay's shadow root (the content script's second part brings its own: see card-styles.ts). */
  addStyle(css: string): void {
    const style = document.createElement('style');
    style.setAttribute('data-factlens-style', '');
    style.textContent = css;
    this.root.insertBefore(style, this.root.firstChild?.nextSibling ?? null);
  }

  /**
   * Adopts the highlights' style sheet again if the page dropped it: a page that sets
   * `document.adoptedStyleSheets = [its own]` (instead of adding to them) would leave our highlights unpainted.
   */
  readoptSheet(): void {
    if (this.sheetAdopted) this.adoptSheet();
  }

  /** Whether the user hid the highlights, badges and card (the hide-highlights command); they are kept, unseen. */
  get hidden(): boolean {
    return this.mirrors.hidden;
  }

  /** Hides or shows every drawn layer (the announcer stays, to say so to screen readers). */
  setHidden(hidden: boolean): void {
    for (const layer of [this.mirrors, this.boxes, this.badges, this.cards]) layer.hidden = hidden;
    this.announcer.textContent = t(hidden ? 'highlightsHidden' : 'highlightsShown');
  }

  /** True while the host is still in the page (a page script may remove it). */
  get attached(): boolean {
    return this.host.isConnected;
  }

  /**
   * The modal the overlay stands in (a dialog opened with showModal(), or the element shown full screen), or
   * null: the document. A modal is drawn in the top layer, above any z-index, and makes the rest of the page
   * inert; so while one is open, the overlay goes inside it, or its badges would be hidden under it and
   * never take a click. So does an open popover (the top layer too) that holds the draft checked, or a claim of a
   * page checked.
   */
  get scope(): Element | null {
    return this.scopeElement;
  }

  /**
   * The scope if it is a modal, which makes the page around it inert and clips what the overlay draws past its box;
   * null in the document, or in a popover, which does neither (the overlay stands fixed to the view there).
   */
  get modal(): Element | null {
    return this.inPopover ? null : this.scopeElement;
  }

  /**
   * Puts the overlay in `scope` (a modal, or a popover: see `scope`), or back at the document's end (null). In a
   * popover it stands fixed to the view, not in the popover's own box, which would clip what it draws past that box
   * (the badges of the claims around the popover); the overlay's origin (see `origin`) follows it either way.
   *
   * There, it is a popover of its own too, shown above the page's (see showAbovePopover): a popover with a
   * transform (centred by `translate(-50%, -50%)`, or sliding in) is the box a fixed element inside it stands in,
   * and clips it to its box (the browser's own style gives popovers `overflow: auto`). Inside the page's popover
   * still, so that a click on a badge or the card is not a click outside it, which would close it.
   */
  moveInto(scope: Element | null, popover = false): void {
    this.scopeElement = scope;
    this.inPopover = !!scope && popover;
    this.hostStyle = hostStyle(this.inPopover ? 'fixed' : 'absolute');
    if (this.host.getAttribute('style') !== this.hostStyle) this.host.setAttribute('style', this.hostStyle);
    const parent = scope ?? document.documentElement;
    // Moved while shown as a popover, the host would be hidden by the move: hidden first, shown again after.
    if (this.host.parentElement !== parent) {
      this.hideAsPopover();
      parent.appendChild(this.host);
      this.shownAgain = 0;
    }
    if (this.inPopover) {
      // Its `::backdrop` rule (see PAGE_CSS) is needed from now on.
      if (!this.sheetAdopted) this.adoptSheet();
      this.showAbovePopover();
    } else this.hideAsPopover();
  }

  /**
   * Shows the host as a manual popover, in the top layer above the page's popover around it: drawn in the view's
   * box, not in any ancestor's. A manual popover closes no other, and a click in it counts as a click in the
   * page's popover around it (light dismiss looks for the nearest open auto popover up the tree).
   */
  private showAbovePopover(): void {
    const host = this.host;
    if (typeof host.showPopover !== 'function') return;
    try {
      if (host.popover !== 'manual') host.popover = 'manual';
      if (!host.matches(':popover-open')) host.showPopover();
    } catch {
      // Not shown (a page's popover that cannot hold one): the host stays fixed in the page's popover, as it was.
    }
  }

  /**
   * The host was hidden as a popover (its `toggle` event) while it stands in the page's popover, still open: a page
   * script that hides every open popover but its own (`document.querySelectorAll(':popover-open')`) finds ours in
   * it. It is shown again, MAX_SHOWN_AGAIN times at most until the next move; then it stays fixed in the page's
   * popover, as it stood before it was a popover of its own.
   */
  private readonly keepAbovePopover = (event: Event) => {
    if ((event as ToggleEvent).newState !== 'closed' || !this.inPopover || !this.host.isConnected) return;
    // Hidden from the top layer while it stands in an open popover: not by us (we remove the attribute after).
    if (this.host.hasAttribute('popover')) tamperedAt.set(this.host, performance.now());
    if (!this.scopeElement?.matches(':popover-open') || this.shownAgain >= MAX_SHOWN_AGAIN) return;
    this.shownAgain++;
    this.showAbovePopover();
  };

  private hideAsPopover(): void {
    const host = this.host;
    if (!host.hasAttribute('popover')) return;
    try {
      if (host.matches(':popover-open')) host.hidePopover();
    } catch {
      // Already hidden.
    }
    host.removeAttribute('popover');
  }

  /**
   * A page changed the host's style or attributes (a `filter: opacity(0)`, a z-index, a blend mode, a transform set on
   * it, which our `!important` rules cannot stop, since they are its own inline style): put back as FactLens set them,
   * and noted, so that a click on the card meanwhile, and too soon after, does not count (see ClickGuard).
   */
  private guardHost(): void {
    const host = this.host;
    // A page that sets them again in its own MutationObserver would make this a loop of microtasks: past a few puts
    // back in a frame, the next waits for the next frame (and the card counts as covered all the while).
    const now = performance.now();
    if (now - this.putBackSince > 16) [this.putBackSince, this.putBack] = [now, 0];
    if (++this.putBack > MAX_PUT_BACK_A_FRAME) {
      tamperedAt.set(host, now);
      if (!this.putBackLater)
        this.putBackLater = requestAnimationFrame(() => ((this.putBackLater = 0), this.guardHost()));
      return;
    }
    let changed = false;
    if (host.getAttribute('style') !== this.hostStyle) {
      host.setAttribute('style', this.hostStyle);
      changed = true;
    }
    for (const name of host.getAttributeNames())
      if (!OWN_ATTRIBUTES.has(name) || (name === 'popover' && (!this.inPopover || host.popover !== 'manual'))) {
        if (name === 'popover' && this.inPopover) host.popover = 'manual';
        else host.removeAttribute(name);
        changed = true;
      }
    if (!host.hasAttribute('data-factlens-ui')) {
      host.setAttribute('data-factlens-ui', '');
      changed = true;
    }
    if (changed) tamperedAt.set(host, performance.now());
    // Our own changes just made are not the page's.
    this.hostWatch.takeRecords();
  }

  /** Puts the overlay back in the document if the page removed it (or the modal it stood in). */
  reattach(): void {
    if (!this.host.isConnected) this.moveInto(null);
  }

  remove(): void {
    this.hostWatch.disconnect();
    cancelAnimationFrame(this.putBackLater);
    this.hideAsPopover();
    this.host.remove();
    if (this.pageSheet)
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== this.pageSheet);
  }
}
