/**
 * The content script's work for one page: take the tab's check job (from the events port), locate each
 * claim in the page (or in the draft that was checked), draw it, explain it in a card, and write a
 * correction into a draft when the user asks. It follows the page: scrolling and resizing move the badges,
 * changed content is anchored again, and a navigation clears everything.
 */
import { t, tp } from '../shared/i18n';
import { ask } from '../shared/messaging';
import { deepActiveElement, parentElementAcross } from './anchor/shadow-roots';
import { openSections } from './anchor/collapsed';
import { locateExactly, type Locate } from './anchor/exact-anchor';
import { PageChanges } from './watch/page-changes';
import { SizeWatch } from './watch/sizes';
import { watchTheme } from './watch/theme';
import { watchTopLayer } from './watch/top-layer-events';
import { watchView } from './watch/view-moves';
import type { SlicedModel, TextModel } from './anchor/text-model';
import type { JobView } from '../contract/jobs';
import { isActive } from '../shared/progress';
import type { Card } from './card';
import type { ContentParts } from './content-parts';
import { loadParts, partsHere, prefetchParts } from './parts-loader';
import { ClaimEdits } from './claim-edits';
import { ShownClaims, type AnchoringSummary } from './shown-claims';
import { ClaimRoots } from './claim-roots';
import { editableTarget } from './draft-surface';
import { Highlighter } from './highlighter';
import { Overlay } from './overlay';
import { PinnedBoxes } from './pinned';
import { e2eDelay } from './e2e-delays';
import { SLICE_MS, yieldToPage } from './injected/sliced-pause';
import { FrameScheduler, QuietTimer, type FrameWork } from './schedule';
import type { ResultsList } from './results-list';
import type { DraftWriter } from './draft-writer';
import { OverlayScope } from './overlay-scope';
import { PageReading, PageTarget } from './targets/page-target';
import type { CheckTarget } from './targets/target';
import { isHere, needsParts, targetOf } from './targets/target-of';

export type { AnchoringSummary };

/** Changes to the page are anchored again once it has been quiet for REANCHOR_DELAY_MS (see QuietTimer). */
const REANCHOR_DELAY_MS = 250;
const REANCHOR_MAX_WAIT_MS = 1000;
/** How many times a claim on a part of the target not drawn is scrolled to before it is told as not found (see seek). */
const SEEK_TRIES = 3;
/** How long after a seek's scroll the target is read again, whatever the page did (see seek). */
const SEEK_SETTLES_MS = 1000;
/** How long the page must have been still, after a draw, a scroll or a resize, for scheduleStillChecks to run. */
const STILL_DELAY_MS = 150;

export class PageChecker {
  /** Where everything of ours is drawn in the page; checking as the user writes draws its indicator there too. */
  readonly overlay = new Overlay();
  private readonly pinned = new PinnedBoxes(this.overlay.host);
  /**
   * The sizes of the document, its body, the draft checked and the located claims' blocks: each change moves the badges
   * (and a field's mirror) at the next frame, and has the claims not found looked for again (text that was hidden may
   * show now).
   */
  private readonly sizes: SizeWatch;
  private readonly highlighter: Highlighter;
  /** The card and the results list, made once the content script's second part is here (see parts-loader.ts). */
  private cardAndList: { card: Card; list: ResultsList; writer: DraftWriter } | null = null;
  private job: JobView | null = null;
  private target: CheckTarget;
  private model: TextModel | null = null;
  /** A model being built in slices (see nextModel), and what it was asked with; its next slice is due (buildPending). */
  private building: { sliced: SlicedModel; rebuild: boolean; rootsJustFound: boolean } | null = null;
  private buildPending = false;
  /** A draw is due in a task of its own (see drawLater). */
  private drawPending = false;
  /** How to read the page, learnt by its checks (see PageReading). */
  private readonly reading: PageReading;
  /** Where the page's claims are drawn in shadow trees (see ClaimRoots). */
  private readonly claimRoots: ClaimRoots;
  /** Corrections applied, claims gone stale or dismissed (see ClaimEdits). */
  private readonly edits = new ClaimEdits(
    () => this.target,
    // Only the second part writes corrections, so it is here whenever one was applied.
    (edit) => partsHere()?.correctionTakenBack(edit) ?? false,
  );
  /** The check's claims as the page shows them: where each was located, and how each is drawn and listed. */
  private readonly shown = new ShownClaims(() => ({ job: this.job, target: this.target }), this.edits);
  private readonly located = this.shown.located;
  private readonly collapsed = this.shown.collapsed;
  /** Claims wait to be located in a later slice, or for the second part's strategies (see locateRestLater). */
  private approximating = false;
  /**
   * A claim of this model was not found in a slice that left others for a later one: the target is asked where else to
   * look (see afterMiss) once the last slice is done, not forgotten with the slice that missed it.
   */
  private missedInModel = false;
  /** The claim a reader asked to be shown, which its target is scrolling to (see seek). */
  private seeking: {
    id: number;
    returnTo: HTMLElement | undefined;
    tries: number;
    scrolled: boolean;
  } | null = null;
  /** A draft's check that waits for the second part to be drawn (see drawWhenPartsArrive), in its latest state. */
  private waitingForParts: JobView | null = null;
  /** A job the user cleared from the page: its later updates are not drawn again. */
  private clearedJobId: string | null = null;
  /** Looks at the page so far (see activity). */
  private runs = 0;
  private readonly frames = new FrameScheduler((work) => this.runFrame(work));
  private readonly reanchoring = new QuietTimer(
    () => this.reanchorNow(),
    () => e2eDelay('reanchor', REANCHOR_DELAY_MS),
    () => Math.max(REANCHOR_MAX_WAIT_MS, e2eDelay('reanchor', REANCHOR_DELAY_MS)),
  );
  /** See stillChecks. */
  private readonly stillness = new QuietTimer(
    () => this.stillChecks(),
    () => STILL_DELAY_MS,
  );
  private readonly changes: PageChanges;
  /** Stops every watcher and listener, as the checker is disposed of. */
  private readonly watching = new AbortController();
  private readonly scope: OverlayScope = new OverlayScope({
    overlay: this.overlay,
    claimRoots: () => this.claimRoots,
    changes: () => this.changes,
    signal: this.watching.signal,
    checking: () => this.job !== null,
    target: () => this.target,
    located: () => this.located.values(),
    sectionsToggled: () => this.scheduleReanchor(),
    moved: () => this.scheduleFrame('position'),
  });
  /**
   * The editable element the user was in as the current check started: where a draft check applies. Read as each check
   * reaches the page (the background read the draft from the same focus a moment before), as the script stays in the
   * page from one check to the next (see injectContentScript).
   */
  private focusedDraft: Element | null = null;
  /** The draft the next check as the user writes is about (see expectDraft): the focus may have left it by then. */
  private draftWrittenIn: HTMLElement | null = null;
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
    this.reading = new PageReading(this.overlay.host, (root) => this.changes.watchRoot(root));
    this.claimRoots = new ClaimRoots((root) => {
      this.changes.watchRoot(root);
      root.addEventListener('toggle', this.scope.onTopLayer, { capture: true, signal: this.watching.signal });
    });
    this.target = new PageTarget(this.reading, this.claimRoots, null);
    this.changes = new PageChanges((records) => {
      // A dialog opened or closed (its `open` attribute): the overlay follows it (see Overlay.scope).
      if (records.some((record) => record.attributeName === 'open')) this.scope.follow();
      const host = this.overlay.host;
      const movedHost = (record: MutationRecord) => {
        const nodes = [...record.addedNodes, ...record.removedNodes];
        return nodes.length > 0 && nodes.every((node) => node === host);
      };
      // Ours: in the overlay, or the overlay itself moved into a modal or out of it. A section of a page checked that
      // opened or closed (a <details>, a dialog, a panel's `hidden`) shows or hides its claims: anchored again, so that
      // they are told as a new check would tell them (see anchorAll).
      const ours = (record: MutationRecord) =>
        record.type === 'attributes' ? !this.target.hasSections : host.contains(record.target) || movedHost(record);
      if (records.every(ours)) return;
      // Elements added or removed may have moved those the highlights' rules name by their places: named again now,
      // before the page is painted, not once the claims are anchored again.
      if (records.some((record) => record.type === 'childList' && !ours(record))) this.highlighter.rescope();
      // A correction taken back (Ctrl+Z) is seen at once, not REANCHOR_DELAY_MS later: by then, words typed in the
      // claim since would hide that its words came back, and it would stay hidden as corrected. It is rare (an undo),
      // and the draft's model is built once for it.
      // Looked at only while a correction is applied: on a busy page this runs at every change.
      if (this.edits.anyTakenBack()) this.reanchorNow();
      else this.scheduleReanchor();
    });
    const { signal } = this.watching;
    watchTopLayer(this.scope.onTopLayer, signal);
    // The claims are painted in the colours of their grounds again (see Highlighter.recolor).
    watchTheme(() => this.job && this.highlighter.recolor(), signal);
    this.sizes = new SizeWatch(() => {
      if (!this.job) return;
      this.scheduleFrame('position');
      // A claim not found may have just been shown (a closed <details> opened, an accordion or a "read more"
      // expanded: hidden text is not located, see anchor.ts): looked for again once the page is quiet.
      if (this.target.hasSections && [...this.located.values()].includes(null)) this.scheduleReanchor();
    });
    watchView(() => {
      if (!this.job) return;
      this.scheduleFrame('position');
      this.scheduleStillChecks();
    }, signal);
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !this.list?.isOpen) return;
      // Used up here: a page's modal dialog around the overlay would close on it too.
      event.preventDefault();
      this.list.hide();
    };
    document.addEventListener('keydown', onKey, { capture: true, signal });
  }

  private get card(): Card | undefined {
    return this.cardAndList?.card;
  }

  private get list(): ResultsList | undefined {
    return this.cardAndList?.list;
  }

  /** The card and the list, made now if the second part is here; null until it is. */
  private partsUi(): { card: Card; list: ResultsList; writer: DraftWriter } | null {
    if (this.cardAndList) return this.cardAndList;
    const parts = partsHere();
    return parts ? this.makeCardAndList(parts) : null;
  }

  private makeCardAndList(parts: ContentParts): { card: Card; list: ResultsList; writer: DraftWriter } {
    const writer = parts.writer({
      located: this.located,
      shown: this.shown,
      edits: this.edits,
      target: () => this.target,
      written: () => this.scheduleReanchor(),
      wentStale: () => this.draw(),
    });
    const card = parts.card(this.overlay, {
      apply: (id, withSource) => writer.apply(id, withSource),
      undo: (id) => writer.undo(id),
      recheck: () => this.recheck(),
      dismiss: (id) => this.dismiss(id),
      step: (id, direction) => this.step(id, direction),
      list: () => this.showList(),
      closed: () => this.highlighter.setActive(null),
    });
    const list = parts.list(this.overlay, {
      reveal: (id) => this.reveal(id),
      clear: () => this.clearAll(),
      applyAll: () => writer.applyAll(),
    });
    this.cardAndList = { card, list, writer };
    return this.cardAndList;
  }

  /**
   * Does `then` once the second part arrives (at once if it was asked for as the first highlights were drawn, see
   * prefetchParts), unless the checker is gone by then; says in the page if it cannot arrive.
   */
  private whenPartsArrive(then: () => void, settled?: () => void): void {
    loadParts().then(
      () => {
        settled?.();
        if (!this.watching.signal.aborted) then();
      },
      () => {
        settled?.();
        this.overlay.announcer.textContent = t('pagePartMissing');
      },
    );
  }

  /** The summary the results list shows: "Located N of M claims". */
  get summary(): AnchoringSummary {
    return this.shown.summary();
  }

  /** How often it has looked at the page, and whether a look is still to come: e2e tests wait on it, not on time. */
  get activity(): { runs: number; idle: boolean } {
    const pending =
      this.reanchoring.pending ||
      this.stillness.pending ||
      this.frames.scheduled ||
      this.highlighter.hoverPending ||
      this.approximating ||
      this.building !== null ||
      this.drawPending ||
      this.seeking !== null ||
      this.waitingForParts !== null;
    return { runs: this.runs, idle: !pending };
  }

  /** The next check made as the user writes is about `draft`, wherever the focus is when it arrives. */
  expectDraft(draft: HTMLElement): void {
    this.draftWrittenIn = draft;
  }

  /** Takes the tab's latest job; claims of another page (or no job) clear the page. */
  update(job: JobView | null): void {
    if (!job || !isHere(job) || job.id === this.clearedJobId) {
      this.reset();
      return;
    }
    // A draft's check whose target waits for the second part: drawn in its latest state once that is here.
    if (this.waitingForParts?.id === job.id) return void (this.waitingForParts = job);
    const started = this.job?.id !== job.id;
    if (started) {
      this.reset();
      this.focusedDraft =
        job.asYouWrite && this.draftWrittenIn ? this.draftWrittenIn : editableTarget(deepActiveElement());
      if (needsParts(job, this.focusedDraft) && !partsHere()) return this.drawWhenPartsArrive(job);
      this.target = this.targetFor(job);
    }
    this.show(job, started);
  }

  /** Draws the job's claims in the target; `started`: the job is new to this page. */
  private show(job: JobView, started: boolean): void {
    this.job = job;
    this.announceEnd();
    // A modal open when the check starts; later ones are followed as they open and close (see the observer).
    if (started) this.scope.follow();
    this.anchorAll(false);
  }

  /** A draft's check: drawn once the second part, which draws drafts, is here (see targetOf). */
  private drawWhenPartsArrive(job: JobView): void {
    this.waitingForParts = job;
    let latest: JobView | null = null;
    this.whenPartsArrive(
      () => {
        if (latest?.id !== job.id) return;
        this.target = this.targetFor(latest);
        this.show(latest, true);
      },
      () => {
        latest = this.waitingForParts;
        this.waitingForParts = null;
      },
    );
  }

  /** The user's "Clear highlights": the page goes back to how it was, until the next check. */
  clearAll(): void {
    this.clearedJobId = this.job?.id ?? null;
    this.reset();
  }

  /** Removes everything, for good (the extension was reloaded or the page navigated). */
  dispose(): void {
    this.changes.stop();
    this.sizes.stop();
    this.reanchoring.cancel();
    this.stillness.cancel();
    this.frames.cancel();
    this.watching.abort();
    this.card?.close(false);
    this.highlighter.dispose();
    this.target.release();
    this.overlay.remove();
    this.shown.forget();
  }

  private reset(): void {
    this.stillness.cancel();
    this.sizes.stop();
    this.frames.cancel();
    this.card?.close(false);
    this.list?.hide();
    this.highlighter.clear();
    this.target.release();
    this.target = new PageTarget(this.reading, this.claimRoots, null);
    this.job = null;
    this.seeking = null;
    this.waitingForParts = null;
    this.model = null;
    this.building = null;
    this.shown.forget();
    this.edits.clear();
  }

  /** The page, or the draft that was focused as the check started (see focusedDraft); a selection check's selection. */
  private targetFor(job: JobView): CheckTarget {
    return targetOf(
      job,
      this.focusedDraft,
      {
        overlay: this.overlay,
        pinned: this.pinned,
        reading: this.reading,
        claimRoots: this.claimRoots,
        edited: () => this.followEdits('at the next frame'),
        scrolled: () => this.scheduleFrame('position'),
      },
      partsHere(),
    );
  }

  /**
   * Locates the claims not located yet (all of them when `rebuild`), then draws. `rootsJustFound`: the page's
   * shadow roots were looked for just now (not again). `sliceEnd`: when the claims left are left for a later task
   * (see locateRestLater); a reader's own request to show a claim (see reveal) takes no later.
   */
  private anchorAll(
    rebuild: boolean,
    rootsJustFound = false,
    sliceEnd = performance.now() + e2eDelay('slice', SLICE_MS),
  ): void {
    if (!this.job) return;
    this.scope.keepAttached();
    let model = this.model;
    const build = rebuild || !model || this.building !== null;
    if (!model || build) {
      const next = this.nextModel(rebuild, rootsJustFound, sliceEnd);
      if (!next) return this.buildRestLater();
      ({ rebuild, rootsJustFound } = next);
      model = this.model = next.model;
      this.collapsed.clear();
      this.missedInModel = false;
      if (rebuild) this.shown.keepStillThere(model, this.target);
    }
    // A slice that built the model may have used its time; one that did not locates a claim at least.
    const { missed, deferred } = this.shown.locateRest(model, this.target, this.locator(), {
      deadline: sliceEnd,
      atLeastOne: !build,
    });
    this.missedInModel ||= missed;
    if (deferred) this.locateRestLater();
    else if (this.missedInModel) {
      this.missedInModel = false;
      // Not found in the text the model holds: the target may know where else to look (see PageTarget.afterMiss).
      const again = this.target.afterMiss(rootsJustFound);
      if (again) {
        if (again.forgetLocated) this.shown.forget();
        return this.anchorAll(true, again.rootsJustFound, sliceEnd);
      }
      this.findCollapsed();
    }
    if (this.target.topLayerMayHaveMoved()) this.scope.follow();
    // A slice that used its time leaves the draw to a task of its own: cold, a locate slice and a draw in one task
    // together made a long one. A seek looks for what was just drawn: drawn now.
    if (performance.now() < sliceEnd || this.seeking) this.draw();
    else this.drawLater();
    if (this.seeking) this.followSeek(build && !deferred);
  }

  /** Draws in a task of its own, the page's tasks let run first (see anchorAll). */
  private drawLater(): void {
    if (this.drawPending) return;
    this.drawPending = true;
    void yieldToPage().then(() => {
      this.drawPending = false;
      if (!this.watching.signal.aborted && this.job) this.draw();
    });
  }

  /**
   * The target's model, built now, or in slices until `sliceEnd` (see textModelInSlices): null while the build has a
   * slice left, for a later task. A rebuild asked for meanwhile starts the build again (the page changed since it
   * began); what the build was asked with (`rebuild`, `rootsJustFound`) is given back with its model.
   */
  private nextModel(
    rebuild: boolean,
    rootsJustFound: boolean,
    sliceEnd: number,
  ): { model: TextModel; rebuild: boolean; rootsJustFound: boolean } | null {
    if (rebuild || !this.building) {
      if (!this.target.modelInSlices) return { model: this.target.buildModel(), rebuild, rootsJustFound };
      this.building = { sliced: this.target.modelInSlices(), rebuild, rootsJustFound };
    }
    const { sliced, ...asked } = this.building;
    const model = sliced.next(sliceEnd);
    if (!model) return null;
    this.building = null;
    return { model, ...asked };
  }

  /** Builds the rest of the model in a task of its own, the page's tasks let run first (then locates and draws). */
  private buildRestLater(): void {
    if (this.buildPending) return;
    this.buildPending = true;
    void yieldToPage().then(() => {
      this.buildPending = false;
      if (!this.watching.signal.aborted && this.building) this.anchorAll(false);
    });
  }

  /**
   * Every strategy of locating a claim once the second part is here; until then, the first part's exact one, which
   * leaves the other claims to it (see locateRestLater).
   */
  private locator(): Locate {
    if (this.target.exactOnly) return exactOrNone;
    return partsHere()?.locate ?? locateExactly;
  }

  /**
   * Locates the claims left for later in a task of its own, the page's tasks let run first: those past a slice's time
   * (each slice's claims are drawn as it ends, in the order of the check), and those the exact strategy left (see
   * locator), as soon as the second part is here.
   */
  private locateRestLater(): void {
    if (this.approximating) return;
    this.approximating = true;
    const settled = () => (this.approximating = false);
    if (!partsHere()) return this.whenPartsArrive(() => this.anchorAll(false), settled);
    void yieldToPage().then(() => {
      settled();
      if (!this.watching.signal.aborted) this.anchorAll(false);
    });
  }

  /** Looks for the claims not located, not looked for yet, in the collapsed sections the target has (see collapsed.ts). */
  private findCollapsed(): void {
    const claims = this.job?.claims.filter(
      (claim) => this.located.get(claim.id) === null && !this.collapsed.has(claim.id),
    );
    if (!claims?.length || !this.model) return;
    const locate: Locate = (model, claim, options) => this.locator()(model, claim, options) ?? null;
    for (const [id, sections] of this.target.collapsedSections(this.model, claims, locate))
      this.collapsed.set(id, sections);
  }

  private draw(): void {
    const marks = this.shown.marks();
    // A claim located again has a new Range (a Doc's layer made again): the card's claim is marked on it.
    const open = this.card?.isOpen ? this.card.current : null;
    if (open !== null && open !== undefined) this.highlighter.followActive(this.located.get(open)?.range ?? null);
    this.highlighter.draw(marks);
    if (marks.length) {
      this.scheduleStillChecks();
      // The card and the list made, and their style sheet added, before the first click on a badge needs them. (The
      // card's numbers need no Intl formatter, whose making alone is a long task: see formatNumber.)
      if (!this.cardAndList)
        prefetchParts((parts) => {
          if (this.watching.signal.aborted || this.cardAndList) return;
          this.makeCardAndList(parts);
        });
    }
    if (this.job) this.reported(this.job.id, this.summary);
    const current = this.card?.current ?? null;
    if (current !== null) {
      const badge = this.highlighter.badge(current);
      const claim = this.shown.claim(current);
      if (badge && claim && !this.card?.isOpen) this.openCard(claim.id, badge, false);
    }
    this.followCard();
    if (this.list?.isOpen) this.showList();
  }

  /**
   * Keeps the open card next to its badge, which moved without the window scrolling (its pane scrolled, the page
   * changed or reflowed); once its claim is out of view, the card stays where it was.
   */
  private followCard(): void {
    const current = this.card?.current ?? null;
    const badge = current === null ? undefined : this.highlighter.placedBadge(current);
    if (badge) this.card?.follow(badge);
  }

  private openCard(id: number, badge: HTMLElement, focus: boolean, returnTo?: HTMLElement): void {
    const claim = this.shown.claim(id);
    if (!claim) return;
    const ui = this.partsUi();
    if (!ui) return this.whenPartsArrive(() => badge.isConnected && this.openCard(id, badge, focus, returnTo));
    const { card, list } = ui;
    // Already open for this claim (a hover after the click, or a click after the hover): keep it, and its arming time;
    // a click still takes the keyboard into it.
    if (card.isOpen && card.current === id) {
      if (focus) card.takeFocus(returnTo ?? badge);
      return;
    }
    list.hide();
    const range = this.located.get(id)?.range;
    card.open(this.shown.cardClaim(claim), {
      anchor: badge,
      // Looked up as the card moves: a claim anchored again (its draft edited) has a new Range.
      lines: () => this.located.get(id)?.range.getClientRects() ?? [],
      focus,
      returnTo,
    });
    this.highlighter.setActive(range ?? null);
  }

  private step(id: number, direction: 1 | -1): void {
    const next = this.shown.neighbour(id, direction);
    if (next !== undefined) this.reveal(next);
  }

  /**
   * The next-claim command: the claim after the open card's, or else the first located one whose text starts at or
   * below the view's top (the first of all past the last), opened as `reveal` does, with the keyboard in its card:
   * a keyboard user reaches the claims without tabbing through the whole page to the badges.
   */
  revealNext(): void {
    const current = this.card?.isOpen ? this.card.current : null;
    if (current !== null) return this.step(current, 1);
    // Esc gives the keyboard back where the reader was (the draft being written, its caret kept), not to the badge.
    let before = document.activeElement;
    for (let inner = before?.shadowRoot?.activeElement; inner; inner = inner.shadowRoot?.activeElement) before = inner;
    const returnTo = before instanceof HTMLElement && before !== document.body ? before : undefined;
    const next = this.shown.firstInView();
    if (next !== undefined) this.reveal(next, returnTo);
  }

  /** The hide-highlights command: hides every highlight, badge and card of the check, or shows them again. */
  toggleHighlights(): void {
    const hidden = !this.overlay.hidden;
    if (hidden) this.card?.close(false);
    this.overlay.setHidden(hidden);
    this.highlighter.setHidden(hidden);
    if (!hidden) this.scheduleFrame('position');
  }

  /** Scrolls a claim into view and opens its card, with the keyboard in it (given back to `returnTo` on closing). */
  reveal(id: number, returnTo?: HTMLElement): void {
    if (this.overlay.hidden) this.toggleHighlights();
    let found = this.located.get(id);
    const sections = this.collapsed.get(id);
    if (!found && sections) {
      // In a collapsed section: opened, as the reader would, and the page anchored again, whole (the claim asked for
      // is not left to a later slice).
      openSections(sections);
      this.anchorAll(true, false, Infinity);
      found = this.located.get(id);
      // Left to the second part's strategies: shown once it is here.
      if (found === undefined) return this.whenPartsArrive(() => this.located.get(id) && this.reveal(id, returnTo));
    }
    if (!found && this.target.seek) return this.seek(id, returnTo);
    if (!found) return;
    if (this.target.scrollTo) this.target.scrollTo(found);
    else (parentElementAcross(found.range.startContainer) ?? this.target.draft)?.scrollIntoView({ block: 'center' });
    this.highlighter.position();
    const badge = this.highlighter.badge(id);
    if (badge) this.openCard(id, badge, true, returnTo);
  }

  /**
   * Has the target scroll to a claim on a part it has not drawn (see CheckTarget.seek); once drawn there and located,
   * it is shown as any other (see followSeek; a new check, which changes the target, ends the seek in reset). Tried again, up to SEEK_TRIES, while the part drawn after a try does not hold
   * it; said in the page when the target cannot find it.
   */
  private seek(id: number, returnTo?: HTMLElement, tries = 1): void {
    const claim = this.shown.claim(id);
    if (!claim || !this.target.seek) return;
    const seeking = { id, returnTo, tries, scrolled: false };
    this.seeking = seeking;
    this.target.seek(claim.text).then(
      (there) => {
        if (this.seeking !== seeking) return;
        if (there) {
          seeking.scrolled = true;
          // Looked at again even if the scroll changed nothing the observer hears (the part was drawn already).
          setTimeout(() => this.seeking === seeking && this.anchorAll(true), SEEK_SETTLES_MS);
          return;
        }
        this.seeking = null;
        this.tell(t('seekNotFound'));
      },
      () => {
        if (this.seeking === seeking) this.seeking = null;
      },
    );
  }

  /**
   * After the claims were located: the claim sought is shown if its part is drawn now; sought again if the target was
   * read whole again (`lookedAtAll`) once the last try scrolled, and it was not there (see seek).
   */
  private followSeek(lookedAtAll: boolean): void {
    const seeking = this.seeking;
    if (!seeking) return;
    const found = this.located.get(seeking.id);
    if (found) {
      this.seeking = null;
      return this.reveal(seeking.id, seeking.returnTo);
    }
    if (!lookedAtAll || !seeking.scrolled) return;
    if (seeking.tries < SEEK_TRIES) return this.seek(seeking.id, seeking.returnTo, seeking.tries + 1);
    this.seeking = null;
    this.tell(t('seekNotFound'));
  }

  /** Says something in the results list's status line if it is open, and to a screen reader. */
  private tell(text: string): void {
    if (this.list?.isOpen) this.list.tell(text);
    this.overlay.announcer.textContent = text;
  }

  private dismiss(id: number): void {
    this.edits.dismiss(id);
    this.card?.close();
    this.draw();
  }

  /** The results list, in the page (see results-list.ts), over the card. */
  private showList(): void {
    const ui = this.partsUi();
    if (!ui) return this.whenPartsArrive(() => this.showList());
    // In the card's place: its claim is no longer the one shown (the keyboard goes to the list, not back to the badge).
    ui.card.close(false);
    this.highlighter.setActive(null);
    const summary = this.shown.summary();
    const correctable = this.shown.correctable(this.target.writing !== null).length;
    ui.list.show({ ...summary, collapsed: summary.collapsed.length, correctable }, this.shown.listed());
  }

  /**
   * Has the background check the draft again (the card's button, on an edited claim). The background reads the draft
   * where the focus is, as for the popup's "Check draft": the focus goes back to the draft first (a field keeps its
   * caret; the card stays open, to say if the check was refused).
   */
  private async recheck(): Promise<void> {
    const draft = this.target.draft ?? this.focusedDraft;
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
        ? tp('draftCheckedAgain', job.claims.length)
        : `${t('draftCheckAgainStopped')}${job.error ? ` ${job.error.message}` : ''}`;
  }

  /**
   * The draft was edited: its claims follow their text, or go stale, or have their words back (see the target's
   * followEdits); drawn at once, or at the next frame (a keystroke in a text field); a page is anchored again.
   */
  private followEdits(when: 'now' | 'at the next frame'): void {
    const followed = this.target.followEdits(this.located, this.edits);
    if (!followed) return this.anchorAll(true);
    this.model = followed.model;
    this.missedInModel = false;
    // Typed after every claim: nothing of ours moved (the browser paints the highlights from their Ranges).
    if (!followed.moved && when === 'at the next frame') return;
    if (when === 'now') this.draw();
    else this.scheduleFrame('draw');
  }

  private scheduleReanchor(): void {
    this.reanchoring.schedule();
  }

  /** The page changed: its claims follow their text, or go stale (a scheduled re-anchoring is done now instead). */
  private reanchorNow(): void {
    this.runs++;
    this.reanchoring.cancel();
    if (this.job && !isHere(this.job)) return this.reset();
    this.scope.keepAttached();
    this.followEdits('now');
  }

  /**
   * Once the page has been still for STILL_DELAY_MS: looks for its pinned boxes (see pinned.ts), and moves the
   * badges if they changed (a sticky header that came or went hides or shows the badges under it); puts the
   * highlights' style sheet back if the page replaced the document's adopted sheets with its own; and watches the
   * sizes of what the claims drawn since stand in (see `sizes`). None of it is done in a draw: reading the
   * adopted sheets costs as much as placing a badge, and hit tests more.
   */
  private scheduleStillChecks(): void {
    this.stillness.schedule();
  }

  private stillChecks(): void {
    this.runs++;
    if (!this.job) return;
    this.overlay.readoptSheet();
    this.sizes.watch([document.documentElement, document.body, ...this.target.layoutWatched(this.located.values())]);
    const around = this.target.pinnedProbePoints();
    if (this.pinned.discover([...around, ...this.highlighter.badgePoints()])) this.scheduleFrame('position');
  }

  /**
   * Draws (or only moves the badges) at the next frame. Drawing places every badge, which reads the layout a keystroke
   * has just changed: done in the input handler, that was most of a keystroke's time in a checked field.
   */
  private scheduleFrame(work: FrameWork): void {
    this.frames.schedule(work);
  }

  private runFrame(work: FrameWork): void {
    this.runs++;
    this.target.beforeFrame();
    if (work === 'draw') this.draw();
    else {
      this.highlighter.position();
      this.followCard();
    }
  }
}

/** The exact strategy alone, for a target that wants no other (see CheckTarget.exactOnly): a claim it misses is not here. */
const exactOrNone: Locate = (model, claim, options) => locateExactly(model, claim, options) ?? null;
