/** What a text field and an editable element share as check targets: a draft, which a correction can be written into. */
import { declaredLang } from '../dom';
import { correctionStands, writeCorrection, writeCorrectionsInField, writeOriginal } from '../draft-corrections';
import type { TextField } from '../fields';
import type { Point } from '../pinned';
import { openAround } from '../top-layer';
import type { CheckTarget, ClaimText, DraftWriting, EditLedger, FollowedEdits, Located, LookAgain } from './target';
import type { TextModel } from '../anchor/text-model';

export abstract class DraftTarget implements CheckTarget {
  readonly hasSections = false;
  readonly writing: DraftWriting;

  constructor(
    readonly draft: HTMLElement,
    readonly field?: TextField,
  ) {
    const inField = field ?? null;
    this.writing = {
      writeCorrection: (found, correction, source) => writeCorrection(inField, found, correction, source),
      // A text field takes several corrections as one edit (see writeCorrectionsInField); an editor, one at a time.
      writeAtOnce: field ? (claims) => writeCorrectionsInField(field, claims) : null,
      writeOriginal: (edit) => writeOriginal(inField, edit),
      correctionStands: (edit) => correctionStands(inField, edit),
    };
  }

  abstract buildModel(): TextModel;
  abstract followEdits(located: Map<number, Located | null>, ledger: EditLedger): FollowedEdits | null;
  abstract layoutWatched(located: Iterable<Located | null>): Element[];

  /** A draft's text is all shown: what the user typed is there, scrolled out of view or not. */
  visibility(): (start: number, end: number) => boolean {
    return () => true;
  }

  searchFrom(): number | undefined {
    return undefined;
  }

  noteLocated(): void {}

  afterMiss(): LookAgain | null {
    return null;
  }

  /** A draft has no collapsed sections of its own. */
  collapsedSections(_model: TextModel, claims: readonly ClaimText[]): Map<number, Element[] | null> {
    return new Map(claims.map((claim) => [claim.id, null]));
  }

  textStillThere(found: Located): boolean {
    return found.range.toString() === found.text;
  }

  langAt(range: Range | undefined): string | null {
    return range ? declaredLang(range.startContainer) : null;
  }

  /** A web component's own modal (Material Web's md-dialog) around the draft given to it. */
  modal(): Element | null {
    return openAround(this.draft, ':modal');
  }

  /** A compose box shown as a popover. */
  popover(): Element | null {
    return openAround(this.draft, ':popover-open');
  }

  topLayerMayHaveMoved(): boolean {
    return false;
  }

  pinnedProbePoints(): Point[] {
    return [];
  }

  beforeFrame(): void {}

  release(): void {}
}
