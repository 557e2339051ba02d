/**
 * When a click on a button that writes into the draft (the card's Apply, Undo and "Check the draft again", the list's
 * "Apply all corrections") or changes what FactLens does on the page (the menu of checking as you write) counts: the card has stood still a moment, the pointer has rested on the button, and,
 * where the browser can tell (IntersectionObserver v2, Chromium), nothing was painted over the button. A page that
 * moves the card under the pointer, or a decoy that lets the user's click through, gets nothing written.
 */
import { t } from '../shared/i18n';
import { coveredReason, parentCover } from './card-cover';
import { e2eDelay } from './e2e-delays';
import { hostTamperedAt } from './overlay';

/** How long the card must have stood still (since it opened, moved or changed size) before a writing button counts. */
export const APPLY_ARMING_MS = 500;

/** How long the pointer must have rested on a writing button before its click counts; a key press counts at once. */
export const POINTER_REST_MS = 250;

/** Set on a writing button once a click on it would count: tests wait on it, not on a time. */
export const ARMED_ATTRIBUTE = 'data-armed';

type VisibilityOptions = IntersectionObserverInit & { trackVisibility?: boolean; delay?: number };
type VisibilityEntry = IntersectionObserverEntry & { isVisible?: boolean };

/** Whether IntersectionObserver v2 (`trackVisibility`, `isVisible`) is there: Chromium 74 and later. */
const tracksVisibility =
  typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype;

export class ClickGuard {
  /** When the card opened: a key press counts from then on (it needs no pointer, so a move does not fool it). */
  private readonly openedAt = performance.now();
  private stillSince = performance.now();
  private placement = '';
  private readonly buttons = new Set<HTMLElement>();
  private readonly restingSince = new Map<HTMLElement, number>();
  private readonly seenWhole = new Map<HTMLElement, boolean>();
  private readonly resizes: ResizeObserver;
  private readonly visibility: IntersectionObserver | null = null;
  private armTimer: ReturnType<typeof setTimeout> | undefined;
  /** The first click of two on a button, where a cover cannot be seen (see coverUnseen). */
  private readonly confirmed = new Map<HTMLElement, number>();
  private watchFrame = 0;

  constructor(private readonly card: HTMLElement) {
    this.resizes = new ResizeObserver(() => this.notePlacement());
    this.resizes.observe(card);
    card.addEventListener('scroll', () => this.notePlacement(), { passive: true });
    if (tracksVisibility) {
      const options: VisibilityOptions = { threshold: [1], trackVisibility: true, delay: 100 };
      this.visibility = new IntersectionObserver((entries) => {
        for (const entry of entries as VisibilityEntry[]) {
          this.seenWhole.set(entry.target as HTMLElement, entry.isVisible === true);
          if (!this.mayBeSeen(entry.target as HTMLElement)) entry.target.removeAttribute(ARMED_ATTRIBUTE);
        }
        this.scheduleArmed();
      }, options);
    }
  }

  /** Notes the card's place again whenever `element` (what holds the buttons) changes size, as a status line grows. */
  observe(element: Element): void {
    this.resizes.observe(element);
  }

  /** Guards a writing button: its clicks are then checked with `refusal`. */
  watch(button: HTMLElement): void {
    this.buttons.add(button);
    const arrived = () => {
      if (this.restingSince.has(button)) return;
      this.restingSince.set(button, performance.now());
      this.scheduleArmed();
    };
    button.addEventListener('pointerenter', arrived);
    // A button put in under a pointer that has not moved since (Undo in Apply's place) gets no pointerenter.
    button.addEventListener('pointermove', arrived);
    if (button.matches(':hover')) arrived();
    button.addEventListener('pointerleave', () => {
      this.restingSince.delete(button);
      button.removeAttribute(ARMED_ATTRIBUTE);
    });
    this.visibility?.observe(button);
    this.notePlacement();
  }

  /**
   * The card was placed, scrolled or resized: if it or a guarded button now stands elsewhere, or is of another size,
   * the arming delay starts again (a page must not scroll a button under a pointer and have the click count).
   */
  notePlacement(): void {
    const boxes = [this.card, ...this.buttons].map((element) => {
      const box = element.getBoundingClientRect();
      // The card's height is left out: a status line growing under the buttons moves none of them.
      const parts = element === this.card ? [box.left, box.top, box.width] : [box.left, box.top, box.width, box.height];
      return parts.map((value) => Math.round(value)).join(',');
    });
    const placement = boxes.join(';');
    if (placement === this.placement) return;
    this.placement = placement;
    this.stillSince = performance.now();
    for (const button of this.buttons) button.removeAttribute(ARMED_ATTRIBUTE);
    this.scheduleArmed();
  }

  /** Why this trusted click does not count yet (a sentence to show), or null if it does. */
  refusal(event: MouseEvent, button: HTMLElement, refused: Refused): string | null {
    this.notePlacement();
    const now = performance.now();
    const arming = e2eDelay('arming', APPLY_ARMING_MS);
    // A key press (Enter, Space) makes a click of detail 0: it acts on the focused button wherever it stands, so only
    // the card's opening counts for it. A touch has no pointer to rest before it lands. A page that changed our host
    // (see Overlay.guardHost) makes any click wait as long again, from then.
    const byKey = event.detail === 0;
    const since = Math.max(byKey ? this.openedAt : this.stillSince, this.tamperedAt());
    if (now - since < arming) return t('guardOpenedOrMoved');
    const pointerType = (event as PointerEvent).pointerType;
    if (!byKey && pointerType !== 'touch' && pointerType !== 'pen') {
      const since = this.restingSince.get(button);
      if (since === undefined || now - since < e2eDelay('rest', POINTER_REST_MS))
        return t('guardPointerJustArrived', t(refused));
    }
    if (!this.mayBeSeen(button)) return t('guardMayBeCovered', t(refused));
    if (!byKey && this.coverUnseen()) {
      // Nothing can tell whether the page around the frame paints over us: a second click on a card that has stood
      // still since the first is the person's own say-so (a decoy that takes one click rarely takes two).
      const first = this.confirmed.get(button);
      if (first === undefined || first < since) {
        this.confirmed.set(button, now);
        return t('guardConfirmInFrame', t(refused));
      }
      this.confirmed.delete(button);
    }
    return null;
  }

  /** When the page last changed our host (see Overlay.guardHost), or -Infinity. */
  private tamperedAt(): number {
    const host = hostOf(this.card);
    return host ? hostTamperedAt(host) : -Infinity;
  }

  /**
   * Whether no cover can be seen where the card stands: in a frame whose parent cannot be read (another origin), in a
   * browser without IntersectionObserver v2 (Firefox), which would otherwise be the witness.
   */
  private coverUnseen(): boolean {
    return !tracksVisibility && window !== window.top && parentCover(this.card.getBoundingClientRect()) === 'unknown';
  }

  disconnect(): void {
    clearTimeout(this.armTimer);
    cancelAnimationFrame(this.watchFrame);
    this.resizes.disconnect();
    this.visibility?.disconnect();
  }

  /**
   * Marks the hovered buttons armed once their click would count, unless the card moves first. While the pointer rests
   * on one, the card's place is looked at every frame: a page's style (a filter or transform on the root) can move it
   * with no event of ours.
   */
  private scheduleArmed(): void {
    clearTimeout(this.armTimer);
    if (this.restingSince.size && !this.watchFrame) {
      const watch = () => {
        this.watchFrame = this.restingSince.size && this.card.isConnected ? requestAnimationFrame(watch) : 0;
        if (this.watchFrame) this.notePlacement();
      };
      this.watchFrame = requestAnimationFrame(watch);
    }
    const now = performance.now();
    let next = Infinity;
    for (const [button, since] of this.restingSince) {
      const at = Math.max(
        Math.max(this.stillSince, this.tamperedAt()) + e2eDelay('arming', APPLY_ARMING_MS),
        since + e2eDelay('rest', POINTER_REST_MS),
      );
      if (at > now) next = Math.min(next, at);
      else if (this.mayBeSeen(button)) button.setAttribute(ARMED_ATTRIBUTE, '');
    }
    if (next !== Infinity) this.armTimer = setTimeout(() => this.scheduleArmed(), next - now + 1);
  }

  /** Whether the button may be seen whole: IntersectionObserver v2 did not see it covered (see trustsVisibility). */
  private mayBeSeen(button: HTMLElement): boolean {
    return this.seenWhole.get(button) !== false || !this.trustsVisibility();
  }

  /**
   * Whether "not visible" from IntersectionObserver v2 means covered. It also says so of anything under a filter or a
   * transform (a page's dark mode by filter, a scaled modal), which coveredReason judges instead. In a frame whose
   * parent cannot be read (another origin), it is the only witness.
   */
  private trustsVisibility(): boolean {
    // In a frame, a parent's own layout may set it off (TinyMCE lays a transparent focus ring over its editor's frame):
    // it is believed when the parent cannot be read, or has something drawn after the frame over the card.
    if (window !== window.top) return parentCover(this.card.getBoundingClientRect()) !== 'clear';
    for (let element: Element | null = this.card; element; element = element.parentElement ?? hostOf(element)) {
      const style = getComputedStyle(element);
      if (style.filter !== 'none' || style.transform !== 'none') return false;
    }
    return true;
  }
}

/** What a refused click did not do, as a message: nothing written, the draft not checked, or nothing changed. */
export type Refused = 'refusedNothingWritten' | 'refusedNotChecked' | 'refusedNothingChanged';

/**
 * Why a click on a writing button of `panel` (the card, or the results list) does not count, or null if it does:
 * nothing of the page's over the panel (see coveredReason), then the guard's rules. `refused`: what was not done.
 */
export function writeRefusal(
  event: MouseEvent,
  panel: HTMLElement,
  host: HTMLElement,
  guard: ClickGuard | null,
  refused: Refused,
): string | null {
  const covered = coveredReason(panel, host);
  if (covered) return t('coverRefusal', t(covered), t(refused));
  return guard?.refusal(event, event.currentTarget as HTMLElement, refused) ?? null;
}

/** The host of the shadow tree an element stands in, or null in the document. */
function hostOf(element: Element): Element | null {
  const root = element.getRootNode();
  return 'host' in root ? (root as ShadowRoot).host : null;
}
