/**
 * The content script's work for one page: take the tab's check job (from the events port), locate each
 * claim in the page (or in the draft that was checked), draw it, explain it in a card, and write a
 * correction into a draft when the user asks. It follows the page: scrolling and resizing move the badges,
 * changed content is anchored again, and a navigation clears everything.
 */
import { locate } from './anchor/anchor';
import { isRendered, visibilityChecker } from './anchor/visibility';
import { plural } from '../shared/format';
import { ask } from '../shared/messaging';
import { stripHash } from '../shared/urls';
import {
  deepActiveElement,
  drawnParent,
  drawnWithin,
  elementOf,
  parentElementAcross,
  shadowRootsIn,
} from './anchor/shadow-roots';
import { anyCollapsedSection, collapsedSectionsAt, openSections } from './anchor/collapsed';
import {
  blockOf,
  rangeFor,
  buildTextModel,
  moveRange,
  offsetOf,
  releaseRange,
  type TextModel,
} from './anchor/text-model';
import type { JobClaim, JobView } from '../background/check/model';
import { isActive } from '../shared/progress';
import { claimStatus, UNREADABLE_LABEL, type ClaimStatus } from '../shared/claim-status';
import { Card, PARTIAL_QUOTE, type CardClaim } from './card';
import { declaredLang } from './dom';
import {
  correctionStands,
  correctionTakenBack,
  editingHostOf,
  writeCorrection,
  writeOriginal,
  type AppliedEdit,
} from './draft-corrections';
import { FieldMirror, isTextField, type TextField } from './fields';
import { badgeLabel, endsRightToLeft, Highlighter, type Mark } from './highlighter';
import { Overlay } from './overlay';
import { PinnedBoxes, pointsAcross } from './pinned';
import { ResultsList, type ListedClaim } from './results-list';
import type { HighlightKind } from './styles';

/** Where the claims are looked for. */
type Target =
  | { kind: 'document' }
  | { kind: 'field'; field: TextField; mirror: FieldMirror }
  | { kind: 'editable'; element: HTMLElement };

interface Located {
  /** Raw offsets in the model (for a text field: offsets in its value). */
  start: number;
  end: number;
  /** The text found there, to tell later whether the user changed it. */
  text: string;
  range: Range;
  /** Whether the claim quotes that text in part only (see Anchor.partial): its correction is not applied there. */
  partial: boolean;
}

export interface AnchoringSummary {
  located: number;
  total: number;
  notFound: number[];
  /** Claims not located where they show, but in a section the page keeps collapsed (see collapsed.ts). */
  collapsed: number[];
}

/**
 * Changes to the page are anchored again once it has been quiet for REANCHOR_DELAY_MS, and at the latest
 * REANCHOR_MAX_WAIT_MS after the first of them: a page that changes more often than that (a ticking clock,
 * a live ticker) would otherwise never be quiet, and its late content never anchored.
 */
const REANCHOR_DELAY_MS = 250;
const REANCHOR_MAX_WAIT_MS = 1000;
/** How long the page must have been still, after a draw, a scroll or a resize, for scheduleStillChecks to run. */
const STILL_DELAY_MS = 150;

export class PageChecker {
  private readonly overlay = new Overlay();
  private readonly pinned = new PinnedBoxes(this.overlay.host);
  private stillTimer: ReturnType<typeof setTimeout> | undefined;
  /**
   * Layout that changes with no scroll, no window resize and no change to the page's text moves claims too: an
   * image or a web font that loads late, a style sheet or a class that changes the text's size, a text field
   * resized by its handle. It shows as a change of size of the document, its body, the draft checked, or a
   * claim's block; each moves the badges (and a field's mirror) at the next frame, and has the claims not found
   * looked for again (text that was hidden may show now). What is watched is in `resized`.
   */
  private readonly resizes: ResizeObserver;
  private readonly resized = new Set<Element>();
  private readonly highlighter: Highlighter;
  private readonly card: Card;
  private job: JobView | null = null;
  private target: Target = { kind: 'document' };
  private model: TextModel | null = null;
  /**
   * Where the selection a selection check read starts, as it stood when its job came (collapsed there, and kept up to
   * date by the document): its claims are looked for from there first, so that a sentence the page has twice (a summary
   * above, the paragraph checked below) is drawn where the reader selected it.
   */
  private selectionStart: Range | null = null;
  /**
   * For a selection check, the block around the selection: its claims are looked for in its text alone first, and in
   * the whole page only once one is not found there (see anchorAll): reading a huge page's text is most of a first
   * draw's time.
   */
  private selectionBlock: Element | null = null;
  /**
   * The page's shadow roots, looked for once a claim was not found in its light tree (see shadow-roots.ts);
   * the model holds their text from then on.
   */
  private shadowRoots: ShadowRoot[] = [];
  /**
   * Whether the page's models leave its hidden text out: set once a claim was not found with it in (see
   * buildTextModel), and kept for the page's later checks.
   */
  private hiddenTextLeftOut = false;
  /**
   * Whether the page shows a popover, as last looked for (undefined: to be looked for again): a page check asks on
   * each of its updates (see popoverWithClaims), and the look is cheap but not free on a large page. A popover
   * opens and closes with a `toggle` event, which is heard (and so is one removed open, which needs no more than a
   * look through the claims for it).
   */
  private popoverShown: boolean | undefined;
  /**
   * The shadow roots that located claims are drawn in (their own, or that of the slot they are given to, and those
   * around it): where a popover or a modal around them may stand, unseen from the document (`:popover-open` and
   * `:modal` do not look into shadow trees, and a `toggle` event does not leave one). Each is listened to and
   * looked in as the document is. Kept for the page's later checks.
   */
  private readonly claimRoots = new Set<ShadowRoot>();
  /** A shadow root was added to claimRoots since the top layer was last followed: a modal may be open in it. */
  private claimRootsUnseen = false;
  private readonly located = new Map<number, Located | null>();
  /**
   * For a page check's claims not located: the collapsed sections that hide each one (see collapsed.ts), or null if
   * none does; looked for once per claim until the page changes.
   */
  private readonly collapsed = new Map<number, Element[] | null>();
  private readonly stale = new Set<number>();
  private readonly dismissed = new Set<number>();
  private readonly applied = new Set<number>();
  /** What each applied correction replaced, and where it now stands, so that it can be undone (see `undo`). */
  private readonly appliedEdits = new Map<number, AppliedEdit>();
  /** The claim whose correction is being written (see `apply`), if one is. */
  private writing: number | null = null;
  private readonly list: ResultsList;
  /** A job the user cleared from the page: its later updates are not drawn again. */
  private clearedJobId: string | null = null;
  private frame = 0;
  /** What the scheduled frame will do: draw everything, or only move the badges (see scheduleFrame). */
  private frameWork: 'draw' | 'position' | null = null;
  private reanchorTimer: ReturnType<typeof setTimeout> | undefined;
  /** When the pending re-anchoring runs at the latest (performance.now()), however busy the page stays. */
  private reanchorDeadline = 0;
  private readonly observer: MutationObserver;
  private readonly cleanups: (() => void)[] = [];
  /**
   * The editable element the user was in as the current check started: where a draft check applies. Read as each check
   * reaches the page (the background read the draft from the same focus a moment before), as the script stays in the
   * page from one check to the next (see injectContentScript).
   */
  private focusedDraft: Element | null = null;
  /**
   * The check asked for from a card (see recheck), whose end the page is told of: the popup, which would say it, is
   * closed, and the card goes as the check starts.
   */
  private announced: string | null = null;

  constructor(private readonly reported: (jobId: string, summary: AnchoringSummary) => void = () => undefined) {
    this.highlighter = new Highlighter(
      this.overlay,
      (id, badge, how) => this.openCard(id, badge, how !== 'hover'),
      this.pinned,
    );
    this.card = new Card(this.overlay, {
      apply: (id) => this.apply(id),
      undo: (id) => this.undo(id),
      recheck: () => this.recheck(),
      dismiss: (id) => this.dismiss(id),
      step: (id, direction) => this.step(id, direction),
      list: () => this.showList(),
      closed: () => this.highlighter.setActive(null),
    });
    this.list = new ResultsList(this.overlay, { reveal: (id) => this.reveal(id), clear: () => this.clearAll() });
    this.observer = new MutationObserver((records) => {
      // A dialog opened or closed (its `open` attribute): the overlay follows it (see Overlay.scope).
      if (records.some((record) => record.attributeName === 'open')) this.followTopLayer();
      const host = this.overlay.host;
      const movedHost = (record: MutationRecord) => {
        const nodes = [...record.addedNodes, ...record.removedNodes];
        return nodes.length > 0 && nodes.every((node) => node === host);
      };
      // Ours: in the overlay, or the overlay itself moved into a modal or out of it. A section of a page checked that
      // opened or closed (a <details>, a dialog, a panel's `hidden`) shows or hides its claims: anchored again, so that
      // they are told as a new check would tell them (see anchorAll).
      const ours = (record: MutationRecord) =>
        record.type === 'attributes'
          ? this.target.kind !== 'document'
          : host.contains(record.target) || movedHost(record);
      if (records.every(ours)) return;
      // Elements added or removed may have moved those the highlights' rules name by their places: named again now,
      // before the page is painted, not once the claims are anchored again.
      if (records.some((record) => record.type === 'childList' && !ours(record))) this.highlighter.rescope();
      // A correction taken back (Ctrl+Z) is seen at once, not REANCHOR_DELAY_MS later: by then, words typed in the
      // claim since would hide that its words came back, and it would stay hidden as corrected. It is rare (an undo),
      // and the draft's model is built once for it.
      // Looked at only while a correction is applied: on a busy page this runs at every change.
      if (this.appliedEdits.size && [...this.appliedEdits.values()].some(correctionTakenBack)) this.reanchorNow();
      else this.scheduleReanchor();
    });
    this.observer.observe(document.documentElement, {
      subtree: true,
      childList: true,
      characterData: true,
      attributeFilter: WATCHED_ATTRIBUTES,
    });
    // Full screen, and popovers, which change no attribute as they open and close: their `toggle` event does not
    // bubble, so it is caught on its way down.
    document.addEventListener('fullscreenchange', this.onTopLayer);
    document.addEventListener('toggle', this.onTopLayer, true);
    this.cleanups.push(() => {
      document.removeEventListener('fullscreenchange', this.onTopLayer);
      document.removeEventListener('toggle', this.onTopLayer, true);
    });
    // A switch between the page's light and dark themes changes none of its text, only its colours: a class or a
    // data attribute on its root or its body, or the system's scheme, which the page may follow. The claims are then
    // painted in the colours of their grounds again (see Highlighter.recolor), once a frame at most.
    let recolorFrame = 0;
    const recolor = () => {
      if (recolorFrame || !this.job) return;
      recolorFrame = requestAnimationFrame(() => {
        recolorFrame = 0;
        this.highlighter.recolor();
      });
    };
    const themes = new MutationObserver(recolor);
    themes.observe(document.documentElement, { attributes: true });
    if (document.body) themes.observe(document.body, { attributes: true });
    const systemScheme = matchMedia('(prefers-color-scheme: dark)');
    systemScheme.addEventListener('change', recolor);
    this.cleanups.push(() => {
      themes.disconnect();
      cancelAnimationFrame(recolorFrame);
      systemScheme.removeEventListener('change', recolor);
    });
    this.resizes = new ResizeObserver(() => {
      if (!this.job) return;
      this.scheduleFrame('position');
      // A claim not found may have just been shown (a closed <details> opened, an accordion or a "read more"
      // expanded: hidden text is not located, see anchor.ts): looked for again once the page is quiet.
      if (this.target.kind === 'document' && [...this.located.values()].includes(null)) this.scheduleReanchor();
    });
    const onLayout = () => {
      if (!this.job) return;
      this.scheduleFrame('position');
      this.scheduleStillChecks();
    };
    window.addEventListener('scroll', onLayout, { capture: true, passive: true });
    window.addEventListener('resize', onLayout, { passive: true });
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !this.list.isOpen) return;
      // Used up here: a page's modal dialog around the overlay would close on it too.
      event.preventDefault();
      this.list.hide();
    };
    document.addEventListener('keydown', onKey, true);
    this.cleanups.push(() => {
      window.removeEventListener('scroll', onLayout, { capture: true });
      window.removeEventListener('resize', onLayout);
      document.removeEventListener('keydown', onKey, true);
    });
  }

  /** The summary the results list shows: "Located N of M claims". */
  get summary(): AnchoringSummary {
    const claims = this.visibleClaims();
    const missed = claims.filter((claim) => this.located.get(claim.id) === null).map((claim) => claim.id);
    return {
      located: claims.filter((claim) => this.located.get(claim.id)).length,
      total: claims.length,
      notFound: missed.filter((id) => !this.collapsed.get(id)),
      collapsed: missed.filter((id) => this.collapsed.get(id)),
    };
  }

  /** Takes the tab's latest job; claims of another page (or no job) clear the page. */
  update(job: JobView | null): void {
    if (!job || !isHere(job) || job.id === this.clearedJobId) {
      this.reset();
      return;
    }
    const started = this.job?.id !== job.id;
    if (started) {
      this.reset();
      this.focusedDraft = editableTarget(deepActiveElement());
      this.target = this.targetFor(job);
      const selection = job.scope === 'selection' && this.target.kind === 'document' ? getSelection() : null;
      if (selection?.rangeCount && !selection.isCollapsed) {
        const selected = selection.getRangeAt(0);
        this.selectionStart = selected.cloneRange();
        this.selectionStart.collapse(true);
        this.selectionBlock = blockAround(selected);
      }
    }
    this.job = job;
    this.announceEnd();
    // A modal open when the check starts; later ones are followed as they open and close (see the observer).
    if (started) this.followTopLayer();
    this.anchorAll(false);
  }

  /** The page removed the overlay (or the modal it stood in): back in the document (or a modal), with what it showed. */
  private keepAttached(): void {
    if (this.overlay.attached) return;
    this.overlay.reattach();
    this.followTopLayer();
  }

  /** A popover opened or closed, or an element went full screen or back: the overlay follows (see followTopLayer). */
  private readonly onTopLayer = (event: Event) => {
    // Ours: the overlay shown as a popover above the page's (see Overlay.moveInto), or hidden.
    if (event.target === this.overlay.host) return;
    if (event.type === 'toggle') {
      this.popoverShown = undefined;
      // A popover (or a <details>) that opened or closed showed or hid its claims, with no change to any attribute.
      if (this.job && this.target.kind === 'document') this.scheduleReanchor();
    }
    this.followTopLayer();
  };

  /**
   * Puts the overlay in the page's open modal (a dialog opened with showModal(), or the element shown full screen),
   * or in the open popover that holds the draft checked or a claim of the page, or back in the document once it
   * closed: see Overlay.scope. Claims behind the modal keep their badges, unseen.
   */
  private followTopLayer(): void {
    if (!this.job) return;
    const target = this.target;
    const draft = target.kind === 'field' ? target.field : target.kind === 'editable' ? target.element : null;
    // A web component's own modal (a <dialog> in its shadow tree, around the draft given to it: Material Web's
    // md-dialog) is not seen from the document: it is looked for around the draft.
    const modal = topModal(this.claimRoots) ?? (draft && openAround(draft, ':modal'));
    // A popover is drawn in the top layer too, above any z-index, but leaves the page around it as it is: the
    // overlay goes into one that holds the draft checked (a compose box shown as a popover), or a claim of the page
    // (a box of key facts, an annotation), and stands fixed to the view there, so that the popover does not clip
    // the badges of the claims around it (those under it are hidden, as under any pinned box).
    const popover = draft ? openAround(draft, ':popover-open') : this.popoverWithClaims();
    const scope = popover && (!modal || drawnWithin(modal, popover)) ? popover : modal;
    if (scope === this.overlay.scope) return;
    this.overlay.moveInto(scope, scope === popover);
    if (scope && scope.getRootNode() !== document) {
      // In a shadow tree, its closing is heard by neither the document's observer nor its listener (a `toggle`
      // event does not leave the shadow tree): they are listened for on the element itself.
      this.observer.observe(scope, { attributes: true, attributeFilter: ['open'] });
      scope.addEventListener('toggle', this.onTopLayer);
      this.cleanups.push(() => scope.removeEventListener('toggle', this.onTopLayer));
    }
    this.scheduleFrame('position');
  }

  /** For a page check: the open popover that holds a located claim (the last in the page's order), or null. */
  private popoverWithClaims(): Element | null {
    if (this.target.kind !== 'document' || !(this.popoverShown ??= anyPopoverOpen(this.claimRoots))) return null;
    let found: Element | null = null;
    for (const located of this.located.values()) {
      const element = located && elementOf(located.range.commonAncestorContainer);
      const popover = element && openAround(element, ':popover-open');
      if (popover && (!found || found.compareDocumentPosition(popover) & Node.DOCUMENT_POSITION_FOLLOWING))
        found = popover;
    }
    return found;
  }

  /** The user's "Clear highlights": the page goes back to how it was, until the next check. */
  clearAll(): void {
    this.clearedJobId = this.job?.id ?? null;
    this.reset();
  }

  /** Removes everything, for good (the extension was reloaded or the page navigated). */
  dispose(): void {
    this.observer.disconnect();
    this.resizes.disconnect();
    clearTimeout(this.reanchorTimer);
    clearTimeout(this.stillTimer);
    cancelAnimationFrame(this.frame);
    for (const cleanup of this.cleanups) cleanup();
    this.card.close(false);
    this.highlighter.dispose();
    if (this.target.kind === 'field') this.target.mirror.remove();
    this.overlay.remove();
    this.releaseAll();
  }

  /** Forgets every located claim, and lets go of their Ranges (see releaseRange). */
  private releaseAll(): void {
    for (const found of this.located.values()) if (found) releaseRange(found.range);
    this.located.clear();
    this.collapsed.clear();
  }

  private reset(): void {
    clearTimeout(this.stillTimer);
    this.resizes.disconnect();
    this.resized.clear();
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.frameWork = null;
    this.card.close(false);
    this.list.hide();
    this.highlighter.clear();
    if (this.target.kind === 'field') this.target.mirror.remove();
    this.target = { kind: 'document' };
    this.job = null;
    this.model = null;
    if (this.selectionStart) releaseRange(this.selectionStart);
    this.selectionStart = null;
    this.selectionBlock = null;
    this.releaseAll();
    this.stale.clear();
    this.dismissed.clear();
    this.applied.clear();
    this.appliedEdits.clear();
  }

  private targetFor(job: JobView): Target {
    if (job.scope === 'page' || !this.focusedDraft) return { kind: 'document' };
    if (isTextField(this.focusedDraft)) {
      const field = this.focusedDraft;
      const mirror = new FieldMirror(field, this.overlay, this.pinned);
      const onInput = () => this.fieldChanged();
      const onScroll = () => this.scheduleFrame('position');
      field.addEventListener('input', onInput);
      field.addEventListener('scroll', onScroll, { passive: true });
      this.cleanups.push(() => {
        field.removeEventListener('input', onInput);
        field.removeEventListener('scroll', onScroll);
      });
      return { kind: 'field', field, mirror };
    }
    return { kind: 'editable', element: this.focusedDraft as HTMLElement };
  }

  private visibleClaims(): JobClaim[] {
    return (this.job?.claims ?? []).filter((claim) => !this.dismissed.has(claim.id) && !this.applied.has(claim.id));
  }

  private buildModel(): TextModel {
    if (this.target.kind === 'field') {
      this.target.mirror.sync();
      return this.target.mirror.model();
    }
    if (this.target.kind === 'editable') return buildTextModel(this.target.element);
    const within = this.selectionBlock?.isConnected ? this.selectionBlock : document.body;
    return buildTextModel(
      within,
      this.shadowRoots.filter((root) => root.host.isConnected && within.contains(root.host)),
      this.hiddenTextLeftOut ? isRendered : undefined,
    );
  }

  /**
   * Looks for shadow roots in the page; true if there are ones the model does not hold yet. Changes inside
   * them are watched too (the document's observer does not see into shadow trees).
   */
  private foundNewShadowRoots(): boolean {
    const known = new Set(this.shadowRoots);
    const roots = shadowRootsIn(document.body, this.overlay.host);
    const added = roots.filter((root) => !known.has(root));
    for (const root of added) this.observer.observe(root, WATCHED_ROOT);
    this.shadowRoots = roots;
    return added.length > 0;
  }

  /**
   * Locates the claims not located yet (all of them when `rebuild`), then draws. `rootsJustFound`: the page's
   * shadow roots were looked for just now (not again).
   */
  private anchorAll(rebuild: boolean, rootsJustFound = false): void {
    if (!this.job) return;
    this.keepAttached();
    if (rebuild || !this.model) {
      this.model = this.buildModel();
      this.collapsed.clear();
      if (rebuild) {
        // Claims whose text is still where it was, and still shown, keep their place; the others are looked for again:
        // one in a section the reader closed is then told as in a collapsed section, as a new check would tell it.
        const shown = this.target.kind === 'document' ? visibilityChecker(this.model) : () => true;
        for (const [id, found] of this.located)
          if (!found || !this.stillThere(found) || !shown(found.start, found.end)) {
            if (found) releaseRange(found.range);
            this.located.delete(id);
          }
      }
    }
    const model = this.model;
    const isVisible = this.target.kind === 'document' ? visibilityChecker(model) : () => true;
    // Claims usually come in the order of the text: each is looked for after the one before it first (the first, after
    // the start of the selection checked).
    let after = (this.selectionStart && offsetOf(model, this.selectionStart)) ?? undefined;
    let missed = false;
    for (const claim of this.job.claims) {
      const known = this.located.get(claim.id);
      if (known !== undefined) {
        if (known) after = known.end;
        continue;
      }
      const anchor = locate(model, claim.text, { isVisible, after });
      const range = anchor ? rangeFor(model, anchor.start, anchor.end) : null;
      const found =
        anchor && range
          ? {
              start: anchor.start,
              end: anchor.end,
              text: range.toString(),
              range,
              partial: anchor.partial,
            }
          : null;
      this.located.set(claim.id, found);
      if (found) after = found.end;
      else missed = true;
      if (found && this.target.kind === 'document') this.noteClaimRoots(found.range);
    }
    if (missed && this.target.kind === 'document' && this.selectionBlock) {
      // Not in the selection's block (a claim the service gave beyond the selection): the whole page, from now on, all
      // over again (claims found keep their text, not their offsets, which were the block's).
      this.selectionBlock = null;
      this.releaseAll();
      return this.anchorAll(true, rootsJustFound);
    }
    if (missed && this.target.kind === 'document') {
      // A claim not in the text the model holds may be in a shadow tree it does not hold yet: with those, all
      // over again (found claims keep their place, see stillThere). The page is looked at only when a claim was
      // just missed, not on each of a check's updates.
      if (!rootsJustFound && this.foundNewShadowRoots()) return this.anchorAll(true, true);
      // Or it reads across text the page hides in the middle of its sentence: from now on, the page's models
      // leave hidden text out (see buildTextModel), and everything is anchored again.
      if (!this.hiddenTextLeftOut) {
        this.hiddenTextLeftOut = true;
        return this.anchorAll(true, true);
      }
    }
    if (missed && this.target.kind === 'document') this.findCollapsed();
    // A claim just found in an open popover takes the overlay there (see followTopLayer), and one found in a shadow
    // tree not looked in before may be in a modal there; with neither, there is nothing to follow (a popover's opening
    // or closing is heard), and the page's modals are not looked for again.
    if (
      this.target.kind === 'document' &&
      (this.claimRootsUnseen || (this.popoverShown ??= anyPopoverOpen(this.claimRoots)))
    ) {
      this.claimRootsUnseen = false;
      this.followTopLayer();
    }
    this.draw();
  }

  /**
   * Looks for the claims not located, not looked for yet, in the page's collapsed sections (see collapsed.ts): in a
   * model that holds their text, which one that leaves hidden text out (see hiddenTextLeftOut) does not.
   */
  private findCollapsed(): void {
    const claims = this.job?.claims.filter(
      (claim) => this.located.get(claim.id) === null && !this.collapsed.has(claim.id),
    );
    if (!claims?.length || !this.model) return;
    const roots = this.shadowRoots.filter((root) => root.host.isConnected);
    if (!anyCollapsedSection([document, ...roots])) {
      for (const claim of claims) this.collapsed.set(claim.id, null);
      return;
    }
    const model = this.hiddenTextLeftOut ? buildTextModel(document.body, roots) : this.model;
    const isCollapsed = (start: number) => !!collapsedSectionsAt(model, start);
    for (const claim of claims) {
      const anchor = locate(model, claim.text, { isVisible: isCollapsed });
      this.collapsed.set(claim.id, anchor && collapsedSectionsAt(model, anchor.start));
    }
  }

  /** Adds the shadow roots a claim is drawn in to claimRoots, listened to as the document is. */
  private noteClaimRoots(range: Range): void {
    for (let current = elementOf(range.commonAncestorContainer); current; current = drawnParent(current)) {
      const root = current.getRootNode();
      if (root.nodeType !== Node.DOCUMENT_FRAGMENT_NODE || this.claimRoots.has(root as ShadowRoot)) continue;
      const shadowRoot = root as ShadowRoot;
      this.claimRoots.add(shadowRoot);
      this.observer.observe(shadowRoot, WATCHED_ROOT);
      shadowRoot.addEventListener('toggle', this.onTopLayer, true);
      this.cleanups.push(() => shadowRoot.removeEventListener('toggle', this.onTopLayer, true));
      this.popoverShown = undefined;
      this.claimRootsUnseen = true;
    }
  }

  /**
   * Whether the claim's text is still at its offsets in the new model. Its Range is moved there either way: a
   * page that renders a paragraph again replaces its nodes with identical ones, and the Range collapsed when the
   * old nodes left (moved, not made anew, so that the highlights and the card that hold it keep it).
   */
  private stillThere(found: Located): boolean {
    return (
      !!this.model &&
      moveRange(found.range, this.model, found.start, found.end) &&
      found.range.toString() === found.text
    );
  }

  private kindOf(claim: JobClaim): HighlightKind {
    if (this.stale.has(claim.id)) return 'stale';
    if (claim.result) return claim.result.verdict;
    return this.statusOf(claim).kind === 'checking' ? 'checking' : 'unverifiable';
  }

  private labelOf(claim: JobClaim): string {
    return badgeLabel(this.statusOf(claim).label + this.staleNote(claim), claim.text);
  }

  /** A claim's verdict or why it has none, in the words of the popup (see claim-status.ts). */
  private statusOf(claim: JobClaim): ClaimStatus {
    return claimStatus(claim, { running: this.job ? isActive(this.job.state) : false });
  }

  /** What a claim's verdict is followed by where its text was edited since the check (badge and results list). */
  private staleNote(claim: JobClaim): string {
    return this.stale.has(claim.id) ? ' (changed since the check)' : '';
  }

  private draw(): void {
    const marks: Mark[] = [];
    const field = this.target.kind === 'field' ? this.target.field : undefined;
    for (const claim of this.visibleClaims()) {
      const found = this.located.get(claim.id);
      if (!found) continue;
      const kind = this.kindOf(claim);
      marks.push({
        id: claim.id,
        range: found.range,
        kind,
        icon: this.statusOf(claim).icon,
        label: this.labelOf(claim),
        rtl: endsRightToLeft(found.text),
        field,
      });
    }
    this.highlighter.draw(marks);
    if (marks.length) this.scheduleStillChecks();
    if (this.job) this.reported(this.job.id, this.summary);
    if (this.card.current !== null) {
      const badge = this.highlighter.badge(this.card.current);
      const claim = this.claim(this.card.current);
      if (badge && claim && !this.card.isOpen) this.openCard(claim.id, badge, false);
    }
    this.followCard();
    if (this.list.isOpen) this.showList();
  }

  /**
   * Keeps the open card next to its badge, which moved without the window scrolling (its pane scrolled, the page
   * changed or reflowed); once its claim is out of view, the card stays where it was.
   */
  private followCard(): void {
    const badge = this.card.current === null ? undefined : this.highlighter.placedBadge(this.card.current);
    if (badge) this.card.follow(badge);
  }

  private claim(id: number): JobClaim | undefined {
    return this.job?.claims.find((claim) => claim.id === id);
  }

  private cardClaim(claim: JobClaim): CardClaim {
    const claims = this.visibleClaims().filter((entry) => this.located.get(entry.id));
    return {
      id: claim.id,
      text: claim.text,
      result: claim.result,
      status: claim.result
        ? ''
        : claim.unreadable
          ? `${UNREADABLE_LABEL}. FactLens’s popup shows what arrived, and can send this claim again.`
          : this.statusOf(claim).label,
      statusIcon: this.statusOf(claim).icon,
      stale: this.stale.has(claim.id),
      editable: this.target.kind !== 'document',
      partialQuote: this.target.kind !== 'document' && !!this.located.get(claim.id)?.partial,
      recheckable: this.target.kind !== 'document' && this.job?.scope === 'draft',
      position: { index: Math.max(0, claims.indexOf(claim)), total: claims.length },
      lang: this.langOf(claim.id),
      verdictLang: this.job?.languageTag ?? '',
    };
  }

  /**
   * The language the page declares where a claim stands (for a text field's, the field's: its mirror is ours); for a
   * claim not found, where the checked text was.
   */
  private langOf(id: number): string {
    if (this.target.kind === 'field') return declaredLang(this.target.field);
    const range = this.located.get(id)?.range;
    return range ? declaredLang(range.startContainer) : (this.job?.textLang ?? '');
  }

  private openCard(id: number, badge: HTMLElement, focus: boolean, returnTo?: HTMLElement): void {
    const claim = this.claim(id);
    if (!claim) return;
    // Already open for this claim (a hover after the click, or a click after the hover): keep it, and its arming time;
    // a click still takes the keyboard into it.
    if (this.card.isOpen && this.card.current === id) {
      if (focus) this.card.takeFocus(returnTo ?? badge);
      return;
    }
    this.list.hide();
    const range = this.located.get(id)?.range;
    this.card.open(this.cardClaim(claim), {
      anchor: badge,
      // Looked up as the card moves: a claim anchored again (its draft edited) has a new Range.
      lines: () => this.located.get(id)?.range.getClientRects() ?? [],
      focus,
      returnTo,
    });
    this.highlighter.setActive(range ?? null);
  }

  private step(id: number, direction: 1 | -1): void {
    const claims = this.visibleClaims().filter((claim) => this.located.get(claim.id));
    if (!claims.length) return;
    const index = claims.findIndex((claim) => claim.id === id);
    let next = claims[(index + direction + claims.length) % claims.length]!;
    if (index < 0) {
      // From a claim no longer listed (its correction just applied): its neighbour in the check's order.
      const order = this.job?.claims.map((claim) => claim.id) ?? [];
      const at = order.indexOf(id);
      const after = claims.filter((claim) => order.indexOf(claim.id) > at);
      const before = claims.filter((claim) => order.indexOf(claim.id) < at);
      next = (direction > 0 ? (after[0] ?? claims[0]) : (before.at(-1) ?? claims.at(-1)))!;
    }
    this.reveal(next.id);
  }

  /**
   * The next-claim command: the claim after the open card's, or else the first located one whose text starts at or
   * below the view's top (the first of all past the last), opened as `reveal` does, with the keyboard in its card:
   * a keyboard user reaches the claims without tabbing through the whole page to the badges.
   */
  revealNext(): void {
    if (this.card.isOpen && this.card.current !== null) return this.step(this.card.current, 1);
    // Esc gives the keyboard back where the reader was (the draft being written, its caret kept), not to the badge.
    let before = document.activeElement;
    for (let inner = before?.shadowRoot?.activeElement; inner; inner = inner.shadowRoot?.activeElement) before = inner;
    const returnTo = before instanceof HTMLElement && before !== document.body ? before : undefined;
    // Where each stands now, in the page's order (a check lists its claims in the service's): one box read a claim, on
    // a key press, not on a frame.
    const placed = this.visibleClaims()
      .flatMap((claim) => {
        const found = this.located.get(claim.id);
        return found ? [{ id: claim.id, box: found.range.getBoundingClientRect() }] : [];
      })
      .sort((a, b) => a.box.top - b.box.top || a.box.left - b.box.left);
    const next = placed.find(({ box }) => box.bottom > 0) ?? placed[0];
    if (next) this.reveal(next.id, returnTo);
  }

  /** Scrolls a claim into view and opens its card, with the keyboard in it (given back to `returnTo` on closing). */
  reveal(id: number, returnTo?: HTMLElement): void {
    let found = this.located.get(id);
    const sections = this.collapsed.get(id);
    if (!found && sections) {
      // In a collapsed section: opened, as the reader would, and the page anchored again.
      openSections(sections);
      this.anchorAll(true);
      found = this.located.get(id);
    }
    if (!found) return;
    const element =
      parentElementAcross(found.range.startContainer) ?? (this.target.kind === 'field' ? this.target.field : null);
    element?.scrollIntoView({ block: 'center' });
    this.highlighter.position();
    const badge = this.highlighter.badge(id);
    if (badge) this.openCard(id, badge, true, returnTo);
  }

  private dismiss(id: number): void {
    this.dismissed.add(id);
    this.card.close();
    this.draw();
  }

  /** The results list, in the page (see results-list.ts), over the card. */
  private showList(): void {
    // In the card's place: its claim is no longer the one shown (the keyboard goes to the list, not back to the badge).
    this.card.close(false);
    this.highlighter.setActive(null);
    const summary = this.summary;
    const claims = this.visibleClaims().map((claim): ListedClaim => {
      const found = this.located.get(claim.id);
      return {
        id: claim.id,
        verdict: `${this.statusOf(claim).icon} ${this.statusOf(claim).label}${this.staleNote(claim)}`,
        text: claim.text,
        lang: this.langOf(claim.id),
        where: found ? 'located' : this.collapsed.get(claim.id) ? 'collapsed' : 'not found',
      };
    });
    this.list.show({ ...summary, collapsed: summary.collapsed.length }, claims);
  }

  /**
   * Has the background check the draft again (the card's button, on an edited claim). The background reads the draft
   * where the focus is, as for the popup's "Check draft": the focus goes back to the draft first (a field keeps its
   * caret; the card stays open, to say if the check was refused).
   */
  private async recheck(): Promise<void> {
    const draft = this.target.kind === 'field' ? this.target.field : this.focusedDraft;
    if (draft instanceof HTMLElement) draft.focus({ preventScroll: true });
    this.overlay.announcer.textContent = '';
    // Its end may have arrived before this answer (a check served from the cache at once).
    this.announced = (await ask('checkDraftAgain', undefined)).jobId;
    this.announceEnd();
  }

  /** Tells the page that the check asked for from a card ended, once it has (see `announced`). */
  private announceEnd(): void {
    const job = this.job;
    if (!job || job.id !== this.announced || isActive(job.state)) return;
    this.announced = null;
    this.overlay.announcer.textContent =
      job.state === 'done'
        ? `The draft was checked again: ${plural(job.claims.length, 'claim')}.`
        : `Checking the draft again stopped.${job.error ? ` ${job.error.message}` : ''}`;
  }

  /**
   * Writes a claim's correction into the draft as typing does (see writeCorrection), so that one Ctrl+Z undoes it (the
   * browser's, or the editor's own); throws, saying why, if nothing was written.
   */
  private async apply(id: number): Promise<string> {
    const claim = this.claim(id);
    const found = this.located.get(id);
    const correction = claim?.result?.correction;
    if (!claim || !found || !correction) throw new Error('This claim has no correction to apply.');
    if (this.stale.has(id) || !this.textStillThere(found)) {
      this.stale.add(id);
      this.draw();
      throw new Error(
        'The text under this claim changed since the check, so nothing was written. Check the draft again.',
      );
    }
    if (this.target.kind === 'document') throw new Error('Corrections are applied only in drafts.');
    if (found.partial) throw new Error(PARTIAL_QUOTE);
    const field = this.target.kind === 'field' ? this.target.field : null;
    // Taken as applied before it is written: a text field's input event, as it is written, must find it so (see
    // fieldChanged), not move it to the same words elsewhere.
    this.applied.add(id);
    this.writing = id;
    try {
      this.appliedEdits.set(id, await writeCorrection(field, found, correction));
    } catch (error) {
      this.applied.delete(id);
      throw error;
    } finally {
      this.writing = null;
    }
    this.scheduleReanchor();
    return 'Correction applied. Ctrl+Z in your draft, or Undo here, takes it back.';
  }

  /**
   * Writes the claim's own text back over the correction applied to it (see `apply`), as typing does: for an editor
   * whose own Ctrl+Z does not undo what it was not seen typing. Throws, saying why, if nothing was written.
   */
  private async undo(id: number): Promise<string> {
    const edit = this.appliedEdits.get(id);
    if (!edit) throw new Error('This correction can no longer be undone here. Press Ctrl+Z in your draft instead.');
    await writeOriginal(this.target.kind === 'field' ? this.target.field : null, edit);
    this.appliedEdits.delete(id);
    this.applied.delete(id);
    this.scheduleReanchor();
    return 'Correction undone: your text is back.';
  }

  /**
   * A claim's own words are back under it (or never left): neither stale nor corrected, it can be applied again. Not
   * while its correction is being written or still stands, though its words be found: a correction may keep them.
   */
  private wordsBack(id: number): void {
    if (this.correctionStands(id)) return;
    this.stale.delete(id);
    this.applied.delete(id);
    this.appliedEdits.delete(id);
  }

  private correctionStands(id: number): boolean {
    if (id === this.writing) return true;
    const edit = this.appliedEdits.get(id);
    return edit !== undefined && correctionStands(this.target.kind === 'field' ? this.target.field : null, edit);
  }

  private textStillThere(found: Located): boolean {
    if (this.target.kind === 'field') return this.target.field.value.slice(found.start, found.end) === found.text;
    return found.range.toString() === found.text;
  }

  /**
   * The user typed in the checked field: claims whose text changed go stale; the rest follow their text; a stale or
   * corrected claim whose text is back where it was (Ctrl+Z) is drawn with its verdict again, as in a contenteditable
   * (see editableChanged).
   */
  private fieldChanged(): void {
    if (this.target.kind !== 'field') return;
    const value = this.target.field.value;
    this.target.mirror.syncText();
    this.model = this.target.mirror.model();
    for (const [id, found] of this.located) {
      if (!found) continue;
      if (value.slice(found.start, found.end) === found.text) {
        // Unchanged; or back where it was: an applied correction, or the user's own edit in it, undone (Ctrl+Z). A
        // correction applied went stale at once (its text was gone), and was left where it stood, to be found so.
        this.wordsBack(id);
        // Its Range is set again (not made anew: a keystroke would leave a Range per claim for the document to keep
        // up to date), as an edit across or inside it moved its ends where the claim's text no longer is.
        moveRange(found.range, this.model, found.start, found.end);
        continue;
      }
      // A stale claim stays where its text was; so does a corrected one, whose words the correction replaced (the same
      // words elsewhere in the draft are not its).
      if (this.stale.has(id) || this.applied.has(id)) {
        this.stale.add(id);
        continue;
      }
      // Moved by an edit elsewhere: the same text, nearest to where it was.
      const before = value.lastIndexOf(found.text, found.start);
      const after = value.indexOf(found.text, found.start);
      const moved = [before, after]
        .filter((at) => at >= 0)
        .sort((a, b) => Math.abs(a - found.start) - Math.abs(b - found.start))[0];
      if (moved !== undefined && moveRange(found.range, this.model, moved, moved + found.text.length))
        Object.assign(found, { start: moved, end: moved + found.text.length });
      else this.stale.add(id);
    }
    this.scheduleFrame('draw');
  }

  private scheduleReanchor(): void {
    const now = performance.now();
    if (this.reanchorTimer === undefined) this.reanchorDeadline = now + REANCHOR_MAX_WAIT_MS;
    clearTimeout(this.reanchorTimer);
    this.reanchorTimer = setTimeout(() => this.reanchorNow(), Math.min(REANCHOR_DELAY_MS, this.reanchorDeadline - now));
  }

  /** The page changed: its claims follow their text, or go stale (a scheduled re-anchoring is done now instead). */
  private reanchorNow(): void {
    clearTimeout(this.reanchorTimer);
    this.reanchorTimer = undefined;
    if (this.job && !isHere(this.job)) return this.reset();
    this.keepAttached();
    if (this.target.kind === 'editable') this.editableChanged();
    else if (this.target.kind === 'document') this.anchorAll(true);
    else this.fieldChanged();
  }

  /** In a contenteditable, a claim whose text is gone goes stale; the others are anchored again. */
  private editableChanged(): void {
    for (const [id, found] of this.located) {
      if (!found) continue;
      if (found.range.toString() !== found.text) this.stale.add(id);
      // Its words under its Range: unchanged, or back (a correction taken back by Ctrl+Z even before its change was
      // seen here, within REANCHOR_DELAY_MS).
      else this.wordsBack(id);
    }
    this.model = this.buildModel();
    for (const [id, found] of this.located) {
      if (!found || !this.stale.has(id) || this.correctionStands(id)) continue;
      // Restored by an undo: the text is back, exactly (an applied correction undone by the editor's Ctrl+Z too).
      const anchor = locate(this.model, found.text);
      const range = anchor ? rangeFor(this.model, anchor.start, anchor.end) : null;
      if (anchor && range && range.toString() === found.text) {
        releaseRange(found.range);
        Object.assign(found, { start: anchor.start, end: anchor.end, range });
        this.wordsBack(id);
      } else if (anchor && range && found.range.collapsed) {
        // An editor that renders a paragraph anew for each keystroke (Trix) leaves the claim's Range collapsed where
        // its text was: the claim, still stale, is drawn where the text most like it now stands (edited by the user).
        releaseRange(found.range);
        Object.assign(found, { start: anchor.start, end: anchor.end, range });
      } else if (range) releaseRange(range);
    }
    this.draw();
  }

  /**
   * Once the page has been still for STILL_DELAY_MS: looks for its pinned boxes (see pinned.ts), and moves the
   * badges if they changed (a sticky header that came or went hides or shows the badges under it); puts the
   * highlights' style sheet back if the page replaced the document's adopted sheets with its own; and watches the
   * sizes of what the claims drawn since stand in (see `resizes`). None of it is done in a draw: reading the
   * adopted sheets costs as much as placing a badge, and hit tests more.
   */
  private scheduleStillChecks(): void {
    clearTimeout(this.stillTimer);
    this.stillTimer = setTimeout(() => {
      if (!this.job) return;
      this.overlay.readoptSheet();
      this.watchLayout();
      const across = this.target.kind === 'field' ? pointsAcross(this.target.field.getBoundingClientRect()) : [];
      if (this.pinned.discover([...across, ...this.highlighter.badgePoints()])) this.scheduleFrame('position');
    }, STILL_DELAY_MS);
  }

  /** Watches the sizes of the document, its body, the draft checked and the located claims' blocks (see `resizes`). */
  private watchLayout(): void {
    const target = this.target;
    const watched: (Element | null)[] = [document.documentElement, document.body];
    if (target.kind === 'field') watched.push(target.field);
    else {
      if (target.kind === 'editable') watched.push(target.element);
      for (const found of this.located.values()) if (found) watched.push(blockOf(found.range.endContainer));
    }
    // What the page removed (a block rendered again in new nodes) is let go.
    for (const element of this.resized)
      if (!element.isConnected) {
        this.resized.delete(element);
        this.resizes.unobserve(element);
      }
    for (const element of watched)
      if (element && !this.resized.has(element)) {
        this.resized.add(element);
        this.resizes.observe(element);
      }
  }

  /**
   * Draws (or only moves the badges) at the next frame, once however many keystrokes or scroll events came
   * before it. Drawing places every badge, which reads the layout a keystroke has just changed: done in the
   * input handler, that was most of a keystroke's time in a checked field.
   */
  private scheduleFrame(work: 'draw' | 'position'): void {
    if (this.frameWork !== 'draw') this.frameWork = work;
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      const draw = this.frameWork === 'draw';
      this.frame = 0;
      this.frameWork = null;
      if (this.target.kind === 'field') this.target.mirror.sync();
      if (draw) this.draw();
      else {
        this.highlighter.position();
        this.followCard();
      }
    });
  }
}

/**
 * The attributes that show or hide a part of the page, watched with its text: `open`, which a dialog (followed by the
 * overlay, see followTopLayer) and a <details> change, and `hidden` (an accordion's panel, a tab's).
 */
const WATCHED_ATTRIBUTES = ['open', 'hidden'];

/**
 * How the observer watches a shadow root: changes to its text, as the document's (see foundNewShadowRoots), and its
 * sections and dialogs opening and closing (see WATCHED_ATTRIBUTES), for those that hold claims (see claimRoots).
 */
const WATCHED_ROOT: MutationObserverInit = {
  subtree: true,
  childList: true,
  characterData: true,
  attributeFilter: WATCHED_ATTRIBUTES,
};

/**
 * The page's open modal that the overlay can stand in (see Overlay.scope), or null. Of several, the last in the
 * document's order (the top layer's own order is not exposed; pages seldom stack modals). An element that shows
 * no children (a video shown full screen, a frame) is left alone: badges in it would not show at all.
 */
function topModal(roots: Iterable<ShadowRoot>): Element | null {
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
function anyPopoverOpen(roots: Iterable<ShadowRoot>): boolean {
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
function openAround(element: Element, open: ':popover-open' | ':modal'): Element | null {
  try {
    for (let current: Element | null = element; current; current = drawnParent(current))
      if (current.matches(open)) return current;
  } catch {
    // A browser without popovers or :modal.
  }
  return null;
}

/** Whether a job is about this document: its page, or the frame (an editor's iframe) its draft was in. */
function isHere(job: JobView): boolean {
  return stripHash(job.frameUrl || job.pageUrl) === stripHash(location.href);
}

/**
 * The element a draft check refers to: a text field, or the draft a contenteditable belongs to: its editing host,
 * or the blocks of a block editor around it (see draftSurface).
 */
function editableTarget(element: Element | null): Element | null {
  if (isTextField(element)) return element;
  return element instanceof HTMLElement && element.isContentEditable ? draftSurface(element) : null;
}

const DRAFT_BOUNDS =
  'main, aside, form, section, dialog, [role="main"], [role="complementary"], [role="form"], [role="region"], [role="dialog"]';

/**
 * The whole draft that a focused editable element belongs to, as the background reads it (written out in
 * extract.ts too, which is serialised alone). Block editors (WordPress's, Notion's) make each paragraph an editing
 * host of its own, side by side: the draft is then the widest element around the focused one that holds more than
 * one editing host and whose text is nearly all (90 %) in them, up to a landmark (main, aside, a form, a section or
 * region, a dialog) and never the body.
 */
function draftSurface(focused: HTMLElement): HTMLElement {
  const host = editingHostOf(focused) ?? focused;
  const letters = (element: Element) => (element.textContent ?? '').replace(/\s+/g, '').length;
  let surface = host;
  for (let parent = host.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
    const hosts = [...parent.querySelectorAll<HTMLElement>('[contenteditable]')].filter(
      (element) => element.isContentEditable && !element.parentElement?.isContentEditable,
    );
    if (hosts.length > 1) {
      if (hosts.reduce((sum, element) => sum + letters(element), 0) < 0.9 * letters(parent)) break;
      surface = parent;
    }
    if (parent.matches(DRAFT_BOUNDS)) break;
  }
  return surface;
}

/**
 * The block (see blockOf) that holds all of a range (the page's selection), or null: one in a shadow tree, whose claims
 * the page's whole model finds.
 */
function blockAround(range: Range): Element | null {
  const block = blockOf(range.commonAncestorContainer);
  return block && block.getRootNode() === document && document.body?.contains(block) ? block : null;
}
