/** What a text field and an editable element share as check targets: a draft, which a correction can be written into. */
import { declaredLang } from '../dom';
import {
  correctionStands,
  writeCorrection,
  writeCorrectionsInField,
  writeOriginal,
  type AppliedEdit,
} from '../draft-corrections';
import type { TextField } from '../fields';
import type { Point } from '../pinned';
import { openAround } from '../top-layer';
import type { CheckTarget, ClaimText, EditLedger, Located, LookAgain } from './target';
import type { TextModel } from '../anchor/text-model';

export abstract class DraftTarget implements CheckTarget {
  readonly writable = true;
  readonly hasSections = false;

  constructor(
    readonly draft: HTMLElement,
    readonly field?: TextField,
  ) {}

  abstract buildModel(): TextModel;
  abstract followEdits(located: Map<number, Located | null>, ledger: EditLedger): TextModel | null;
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

  writeCorrection(found: Located, correction: string, source: string | null): Promise<AppliedEdit> {
    return writeCorrection(this.field ?? null, found, correction, source);
  }

  /** A text field takes several corrections as one edit (see writeCorrectionsInField); an editor, one at a time. */
  get writesAtOnce(): boolean {
    return this.field !== undefined;
  }

  writeCorrections(claims: readonly { found: Located; correction: string }[]): AppliedEdit[] {
    if (!this.field) throw new Error('writeCorrections: not a text field (see writesAtOnce)');
    return writeCorrectionsInField(this.field, claims);
  }

  writeOriginal(edit: AppliedEdit): Promise<void> {
    return writeOriginal(this.field ?? null, edit);
  }

  correctionStands(edit: AppliedEdit): boolean {
    return correctionStands(this.field ?? null, edit);
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
