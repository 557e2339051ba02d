/**
 * What the user did to a check's claims in the page: corrections applied (and what undoes them), claims whose text
 * changed since the check (stale), and claims dismissed from the view.
 */
import { t } from '../shared/i18n';
import type { AppliedEdit } from './draft-corrections';
import type { CheckTarget, EditLedger, Located } from './targets/target';

export class ClaimEdits implements EditLedger {
  private readonly stale = new Set<number>();
  private readonly dismissed = new Set<number>();
  private readonly applied = new Set<number>();
  /** What each applied correction replaced, and where it now stands, so that it can be undone (see `undo`). */
  private readonly appliedEdits = new Map<number, AppliedEdit>();
  /** The claim whose correction is being written (see `apply`), if one is. */
  private writing: number | null = null;

  /**
   * `target`: where the check's claims are, asked each time (a new check has a new one); `takenBack`: whether an
   * editor's own Ctrl+Z took a correction back (the second part's, which wrote it: see DraftWriter).
   */
  constructor(
    private readonly target: () => CheckTarget,
    private readonly takenBack: (edit: AppliedEdit) => boolean,
  ) {}

  isStale(id: number): boolean {
    return this.stale.has(id);
  }

  markStale(id: number): void {
    this.stale.add(id);
  }

  isApplied(id: number): boolean {
    return this.applied.has(id);
  }

  dismiss(id: number): void {
    this.dismissed.add(id);
  }

  /** Whether a claim is still shown: neither dismissed nor corrected. */
  isShown(id: number): boolean {
    return !this.dismissed.has(id) && !this.applied.has(id);
  }

  /** Whether a correction applied was taken back (Ctrl+Z); looked at only while one is applied. */
  anyTakenBack(): boolean {
    return [...this.appliedEdits.values()].some(this.takenBack);
  }

  /**
   * Writes a claim's correction into the draft as typing does, so that one Ctrl+Z undoes it (the browser's, or the
   * editor's own), followed by `source` if given (see DraftWriting.writeCorrection); throws, saying why, if nothing was written (its text changed: it goes stale).
   */
  async apply(id: number, found: Located, correction: string, source: string | null = null): Promise<void> {
    const target = this.target();
    if (this.stale.has(id) || !target.textStillThere(found)) {
      this.stale.add(id);
      throw new Error(t('textChangedNothingWritten'));
    }
    const { writing } = target;
    if (!writing) throw new Error(t('onlyInDrafts'));
    if (found.partial) throw new Error(t('partialQuote'));
    // Taken as applied before it is written: a text field's input event, as it is written, must find it so (see
    // FieldTarget.followEdits), not move it to the same words elsewhere.
    this.applied.add(id);
    this.writing = id;
    try {
      this.appliedEdits.set(id, await writing.writeCorrection(found, correction, source));
    } catch (error) {
      this.applied.delete(id);
      throw error;
    } finally {
      this.writing = null;
    }
  }

  /**
   * Writes these claims' corrections as one edit (see DraftWriting.writeAtOnce): one Ctrl+Z takes them all back. Those
   * whose text changed go stale and are left out; returns how many were left out so, and throws, saying why, if
   * nothing was written.
   */
  applyAtOnce(claims: readonly { id: number; found: Located; correction: string }[]): number {
    const target = this.target();
    const writeAtOnce = target.writing?.writeAtOnce;
    if (!writeAtOnce) throw new Error(t('onlyInDrafts'));
    const still = claims.filter(({ id, found }) => {
      const there = !this.stale.has(id) && !found.partial && target.textStillThere(found);
      if (!there) this.stale.add(id);
      return there;
    });
    if (!still.length) throw new Error(t('textChangedNothingWritten'));
    // Taken as applied before they are written, as in `apply`.
    for (const { id } of still) this.applied.add(id);
    try {
      const edits = writeAtOnce(still);
      still.forEach(({ id }, index) => this.appliedEdits.set(id, edits[index]!));
    } catch (error) {
      for (const { id } of still) this.applied.delete(id);
      throw error;
    }
    return claims.length - still.length;
  }

  /**
   * Writes the claim's own text back over the correction applied to it, as typing does: for an editor whose own Ctrl+Z
   * does not undo what it was not seen typing. Throws, saying why, if nothing was written.
   */
  async undo(id: number): Promise<void> {
    const edit = this.appliedEdits.get(id);
    const writing = this.target().writing;
    if (!edit || !writing) throw new Error(t('cannotUndoHere'));
    await writing.writeOriginal(edit);
    this.appliedEdits.delete(id);
    this.applied.delete(id);
  }

  /**
   * A claim's own words are back under it (or never left): neither stale nor corrected, it can be applied again. Not
   * while its correction is being written or still stands, though its words be found: a correction may keep them.
   */
  wordsBack(id: number): void {
    if (this.correctionStands(id)) return;
    this.stale.delete(id);
    this.applied.delete(id);
    this.appliedEdits.delete(id);
  }

  correctionStands(id: number): boolean {
    if (id === this.writing) return true;
    const edit = this.appliedEdits.get(id);
    return edit !== undefined && (this.target().writing?.correctionStands(edit) ?? false);
  }

  clear(): void {
    this.stale.clear();
    this.dismissed.clear();
    this.applied.clear();
    this.appliedEdits.clear();
  }
}
