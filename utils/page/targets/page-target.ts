/**
 * The page as a check target: its text, with the shadow trees and hidden text it needs, and from the selection a
 * selection check read; claims are located in it again from scratch as it changes. Nothing is written into it.
 */
import { anyCollapsedSection, collapsedSectionsAt } from '../anchor/collapsed';
import type { Locate } from '../anchor/exact-anchor';
import { shadowRootsIn, elementOf } from '../anchor/shadow-roots';
import {
  blockOf,
  buildTextModel,
  offsetOf,
  releaseRange,
  textModelInSlices,
  type ModelSource,
  type SlicedModel,
  type TextModel,
} from '../anchor/text-model';
import { isRendered, visibilityChecker } from '../anchor/visibility';
import type { Span } from '../anchor/view-first';
import { viewSpan } from '../anchor/view-span';
import type { ClaimRoots } from '../claim-roots';
import { declaredLang } from '../dom';
import type { Point } from '../pinned';
import { openAround } from '../top-layer';
import type { CheckTarget, ClaimText, Located, LookAgain } from './target';

/** What the checker learnt of how to read the page, kept for its later checks. */
export class PageReading {
  /**
   * The page's shadow roots, looked for once a claim was not found in its light tree (see shadow-roots.ts); the model
   * holds their text from then on.
   */
  shadowRoots: ShadowRoot[] = [];
  /**
   * Whether the page's models leave its hidden text out: set once a claim was not found with it in (see
   * buildTextModel).
   */
  hiddenTextLeftOut = false;

  /** `ownHost`: the overlay's, never looked in; `watch`: listens to a new root's changes (the document's observer does not see into shadow trees). */
  constructor(
    private readonly ownHost: Element,
    private readonly watch: (root: ShadowRoot) => void,
  ) {}

  /** Looks for shadow roots in the page; true if there are ones the model does not hold yet. */
  foundNewShadowRoots(): boolean {
    const known = new Set(this.shadowRoots);
    const roots = shadowRootsIn(document.body, this.ownHost);
    const added = roots.filter((root) => !known.has(root));
    for (const root of added) this.watch(root);
    this.shadowRoots = roots;
    return added.length > 0;
  }
}

export class PageTarget implements CheckTarget {
  readonly draft = null;
  readonly writing = null;
  readonly hasSections = true;
  /**
   * Where the selection a selection check read starts, as it stood when its job came (collapsed there, and kept up to
   * date by the document): its claims are looked for from there first, so that a sentence the page has twice (a summary
   * above, the paragraph checked below) is drawn where the reader selected it.
   */
  private selectionStart: Range | null = null;
  /**
   * For a selection check, the block around the selection: its claims are looked for in its text alone first, and in
   * the whole page only once one is not found there (see afterMiss): reading a huge page's text is most of a first
   * draw's time.
   */
  private selectionBlock: Element | null = null;

  constructor(
    private readonly reading: PageReading,
    private readonly claimRoots: ClaimRoots,
    selected: Range | null,
  ) {
    if (!selected) return;
    this.selectionStart = selected.cloneRange();
    this.selectionStart.collapse(true);
    this.selectionBlock = blockAround(selected);
  }

  buildModel(): TextModel {
    const { root, shadowRoots, isShown } = this.modelSource();
    return buildTextModel(root, shadowRoots, isShown);
  }

  modelInSlices(): SlicedModel {
    return textModelInSlices(() => this.modelSource());
  }

  /** The selection's block, or the whole page, its shadow roots within it, and whether hidden text is left out. */
  private modelSource(): ModelSource {
    const within = this.selectionBlock?.isConnected ? this.selectionBlock : document.body;
    return {
      root: within,
      shadowRoots: this.reading.shadowRoots.filter((root) => root.host.isConnected && within.contains(root.host)),
      isShown: this.reading.hiddenTextLeftOut ? isRendered : undefined,
    };
  }

  visibility(model: TextModel): (start: number, end: number) => boolean {
    return visibilityChecker(model);
  }

  viewSpan(model: TextModel): Span | null {
    return viewSpan(model);
  }

  searchFrom(model: TextModel): number | undefined {
    return (this.selectionStart && offsetOf(model, this.selectionStart)) ?? undefined;
  }

  noteLocated(found: Located): void {
    this.claimRoots.note(found.range);
  }

  afterMiss(rootsJustFound: boolean): LookAgain | null {
    // Not in the selection's block (a claim the service gave beyond the selection): the whole page, from now on, all
    // over again (claims found keep their text, not their offsets, which were the block's).
    if (this.selectionBlock) {
      this.selectionBlock = null;
      return { forgetLocated: true, rootsJustFound };
    }
    // A claim not in the text the model holds may be in a shadow tree it does not hold yet: with those, all over again
    // (found claims keep their place). The page is looked at only when a claim was just missed, not on each update.
    if (!rootsJustFound && this.reading.foundNewShadowRoots()) return { forgetLocated: false, rootsJustFound: true };
    // Or it reads across text the page hides in the middle of its sentence: from now on, the page's models leave hidden
    // text out (see buildTextModel), and everything is anchored again.
    if (!this.reading.hiddenTextLeftOut) {
      this.reading.hiddenTextLeftOut = true;
      return { forgetLocated: false, rootsJustFound: true };
    }
    return null;
  }

  /**
   * In a model that holds the text of the page's collapsed sections, which one that leaves hidden text out (see
   * hiddenTextLeftOut) does not.
   */
  collapsedSections(model: TextModel, claims: readonly ClaimText[], locate: Locate): Map<number, Element[] | null> {
    const sections = new Map<number, Element[] | null>();
    const roots = this.reading.shadowRoots.filter((root) => root.host.isConnected);
    if (!anyCollapsedSection([document, ...roots])) {
      for (const claim of claims) sections.set(claim.id, null);
      return sections;
    }
    const withHidden = this.reading.hiddenTextLeftOut ? buildTextModel(document.body, roots) : model;
    const isCollapsed = (start: number) => !!collapsedSectionsAt(withHidden, start);
    for (const claim of claims) {
      const anchor = locate(withHidden, claim.text, { isVisible: isCollapsed });
      sections.set(claim.id, anchor ? collapsedSectionsAt(withHidden, anchor.start) : null);
    }
    return sections;
  }

  /** The page is read again, and its claims located again from scratch. */
  followEdits(): null {
    return null;
  }

  textStillThere(found: Located): boolean {
    return found.range.toString() === found.text;
  }

  langAt(range: Range | undefined): string | null {
    return range ? declaredLang(range.startContainer) : null;
  }

  modal(): null {
    return null;
  }

  /**
   * The open popover that holds a located claim (the last in the page's order): a box of key facts, an annotation.
   */
  popover(located: Iterable<Located | null>): Element | null {
    if (!this.claimRoots.anyPopoverOpen()) return null;
    let found: Element | null = null;
    for (const claim of located) {
      const element = claim && elementOf(claim.range.commonAncestorContainer);
      const popover = element && openAround(element, ':popover-open');
      if (popover && (!found || found.compareDocumentPosition(popover) & Node.DOCUMENT_POSITION_FOLLOWING))
        found = popover;
    }
    return found;
  }

  /**
   * A claim just found in an open popover takes the overlay there, and one found in a shadow tree not looked in before
   * may be in a modal there; with neither, there is nothing to follow (a popover's opening or closing is heard).
   */
  topLayerMayHaveMoved(): boolean {
    return this.claimRoots.takeUnseen() || this.claimRoots.anyPopoverOpen();
  }

  layoutWatched(located: Iterable<Located | null>): Element[] {
    const watched: Element[] = [];
    for (const found of located) {
      const block = found && blockOf(found.range.endContainer);
      if (block) watched.push(block);
    }
    return watched;
  }

  pinnedProbePoints(): Point[] {
    return [];
  }

  beforeFrame(): void {}

  release(): void {
    if (this.selectionStart) releaseRange(this.selectionStart);
    this.selectionStart = null;
    this.selectionBlock = null;
  }
}

/**
 * The block (see blockOf) that holds all of a range (the page's selection), or null: one in a shadow tree, whose claims
 * the page's whole model finds.
 */
function blockAround(range: Range): Element | null {
  const block = blockOf(range.commonAncestorContainer);
  return block && block.getRootNode() === document && document.body?.contains(block) ? block : null;
}
