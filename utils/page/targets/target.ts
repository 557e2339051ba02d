/**
 * Where a check's claims are looked for, drawn and corrected: the page, a text field, or an editable element. The
 * page checker talks to a target only through this interface.
 */
import type { SlicedModel, TextModel } from '../anchor/text-model';
import type { Locate } from '../anchor/exact-anchor';
import type { Span } from '../anchor/view-first';
import type { AppliedEdit } from '../draft-corrections';
import type { TextField } from '../fields';
import type { Point } from '../pinned';

/** A claim located in the target's text model. */
export interface Located {
  /** Raw offsets in the model (for a text field: offsets in its value). */
  start: number;
  end: number;
  /** The text found there, to tell later whether the user changed it. */
  text: string;
  range: Range;
  /** Whether the claim quotes that text in part only (see Anchor.partial): its correction is not applied there. */
  partial: boolean;
}

/** The model the claims are in after an edit; `moved`: false if the edit left every claim's text and place as they were. */
export interface FollowedEdits {
  model: TextModel;
  moved: boolean;
}

/** A claim's id and text. */
export interface ClaimText {
  id: number;
  text: string;
}

/** What the checker knows of each claim's edits, for a target that follows the user's typing (see followEdits). */
export interface EditLedger {
  isStale(id: number): boolean;
  markStale(id: number): void;
  isApplied(id: number): boolean;
  /** Whether the claim's correction is being written or still stands (its words may be found all the same). */
  correctionStands(id: number): boolean;
  /** The claim's own words are back under it: neither stale nor corrected. */
  wordsBack(id: number): void;
}

/** How to look again after a claim was not found (see CheckTarget.afterMiss). */
export interface LookAgain {
  /** Forget every claim located (their offsets were in a model the next one does not extend). */
  forgetLocated: boolean;
  /** The page's shadow roots were just looked for: not again in this pass. */
  rootsJustFound: boolean;
}

/** What a target whose claims' corrections can be written (a draft) offers. */
export interface DraftWriting {
  /**
   * Writes a claim's correction as typing does, so that one Ctrl+Z undoes it, followed by `source` when given (a link
   * where the editor keeps one, else the address in brackets); throws, saying why, if it cannot.
   */
  writeCorrection(found: Located, correction: string, source: string | null): Promise<AppliedEdit>;
  /**
   * Writes several corrections as one edit, one Ctrl+Z for all (a text field can; an editor takes them one at a time,
   * null); throws, saying why, if it cannot.
   */
  readonly writeAtOnce: ((claims: readonly { found: Located; correction: string }[]) => AppliedEdit[]) | null;
  /** Writes a claim's own text back over its correction; throws, saying why, if it cannot. */
  writeOriginal(edit: AppliedEdit): Promise<void>;
  /** Whether an applied correction still stands in the text. */
  correctionStands(edit: AppliedEdit): boolean;
}

export interface CheckTarget {
  /** The draft checked (a text field or an editable element), or null for the page. */
  readonly draft: HTMLElement | null;
  /** The text field whose mirror the claims are drawn over, if the target is one. */
  readonly field?: TextField;
  /** Another element whose view cuts the claims and their badges (a Google Doc's editor), if any. */
  readonly drawnWithin?: HTMLElement;
  /**
   * Claims are located by their exact (normalised) words only: a Google Doc's layer holds the words the check was
   * sent, and most of its claims are on pages not drawn, which the other strategies would look for at each change.
   */
  readonly exactOnly?: boolean;
  /**
   * Scrolls to a claim not drawn because its part of the target is not drawn yet (a Google Doc's pages away from the
   * view), where it is once drawn; false when it is nowhere to be found. A target without it has all of its text drawn.
   */
  seek?(claim: string): Promise<boolean>;
  /** Scrolls a located claim into the middle of the view, where its element's own scrollIntoView would not. */
  scrollTo?(found: Located): void;
  /** How its claims' corrections are written: a draft's can be, a page's cannot (null). */
  readonly writing: DraftWriting | null;
  /** Whether sections of it that open and close (a <details>, a popover, a panel's `hidden`) show or hide claims. */
  readonly hasSections: boolean;

  /** The text model the claims are located in, built anew. */
  buildModel(): TextModel;
  /** The same, built a slice at a time: a page's (a draft's is small enough to build in one go). */
  modelInSlices?(): SlicedModel;
  /** Whether text at a raw span of the model is visible, for the anchoring (a draft's always is). */
  visibility(model: TextModel): (start: number, end: number) => boolean;
  /** Where the first claim is looked for from, as a raw offset in the model (the selection checked), or undefined. */
  searchFrom(model: TextModel): number | undefined;
  /**
   * The model's text in the window's view, whose claims are located first when they take more than a slice (a page's;
   * a draft's claims are few, in a small model, and a Doc's layer holds only the pages near the view).
   */
  viewSpan?(model: TextModel): Span | null;
  /** A claim was just located: the target notes where it is drawn (the page's shadow roots, see PageTarget). */
  noteLocated(found: Located): void;
  /** After a pass with claims not found, whether to look again, and how; null when there is nowhere more to look. */
  afterMiss(rootsJustFound: boolean): LookAgain | null;
  /** For claims not located: the collapsed sections that hide each one (see collapsed.ts), or null if none does. */
  collapsedSections(model: TextModel, claims: readonly ClaimText[], locate: Locate): Map<number, Element[] | null>;
  /**
   * The target's text changed: each located claim follows its text, or goes stale, or has its words back (see
   * EditLedger); returns the model they are now in, or null when the claims are to be located again from scratch.
   */
  followEdits(located: Map<number, Located | null>, ledger: EditLedger): FollowedEdits | null;
  /** Whether a located claim's text is still what was found there. */
  textStillThere(found: Located): boolean;
  /** The language declared where a claim stands (`range`), or null to use the language the check read. */
  langAt(range: Range | undefined): string | null;
  /** The open modal around the draft (one in a web component's shadow tree is not seen from the document), or null. */
  modal(): Element | null;
  /** The open popover that holds the draft, or a located claim of the page; or null. */
  popover(located: Iterable<Located | null>): Element | null;
  /** Whether claims just located may stand in a popover or modal not followed yet (see followTopLayer). */
  topLayerMayHaveMoved(): boolean;
  /** The elements whose size moves the claims (see PageChecker.watchLayout), besides the document and its body. */
  layoutWatched(located: Iterable<Located | null>): Element[];
  /** Points around the target where a pinned box would cover its badges (see PinnedBoxes.discover). */
  pinnedProbePoints(): Point[];
  /** Brings its drawing surface (a text field's mirror) up to date before a frame is drawn. */
  beforeFrame(): void;
  /** Lets go of what the target holds for the check (a field's mirror and listeners, the selection's Range). */
  release(): void;
}
