/** Writes corrections into the draft checked, and takes them back: the card's Apply and Undo, the list's Apply all. */
import { plural } from '../shared/format';
import { supportingSource } from '../shared/urls';
import type { ClaimEdits } from './claim-edits';
import type { ShownClaims } from './shown-claims';
import type { CheckTarget, Located } from './targets/target';

export interface DraftWriterContext {
  readonly located: ReadonlyMap<number, Located | null>;
  readonly shown: ShownClaims;
  readonly edits: ClaimEdits;
  target(): CheckTarget;
  /** The draft was written: its claims are located again. */
  written(): void;
  /** A claim went stale as its correction was to be written: drawn so. */
  wentStale(): void;
}

export class DraftWriter {
  constructor(private readonly context: DraftWriterContext) {}

  /**
   * Writes a claim's correction into the draft (see ClaimEdits.apply), `withSource`: followed by its first supporting
   * source; throws, saying why, if nothing was written.
   */
  async apply(id: number, withSource = false): Promise<string> {
    const { located, shown, edits } = this.context;
    const found = located.get(id);
    const result = shown.claim(id)?.result;
    const correction = result?.correction;
    if (!found || !result || !correction) throw new Error('This claim has no correction to apply.');
    const source = withSource ? supportingSource(result) : null;
    if (withSource && !source) throw new Error('This claim has no source with a web address to cite.');
    try {
      await edits.apply(id, found, correction, source);
    } catch (error) {
      // Its text changed: drawn stale.
      if (edits.isStale(id)) this.context.wentStale();
      throw error;
    }
    this.context.written();
    return `Correction applied${source ? ' with its source' : ''}. Ctrl+Z in your draft, or Undo here, takes it back.`;
  }

  /**
   * The results list's "Apply all corrections": each correction that can be written, the last in the draft first (see
   * ShownClaims.correctable), each as its own edit (one Ctrl+Z each); one that fails (its text changed) leaves the
   * others be. Returns what to tell the user.
   */
  async applyAll(): Promise<string> {
    const target = this.context.target();
    const ids = this.context.shown.correctable(target.writable);
    if (target.writesAtOnce && ids.length > 1) return this.applyAtOnce(ids);
    const failed: string[] = [];
    for (const id of ids) await this.apply(id).catch((error: unknown) => failed.push((error as Error).message));
    const written = ids.length - failed.length;
    const undo = written > 1 ? ' Ctrl+Z takes them back one at a time.' : written ? ' Ctrl+Z takes it back.' : '';
    const notWritten = failed.length
      ? ` ${plural(failed.length, 'correction')} could not be written: ${failed[0]}`
      : '';
    return `Applied ${plural(written, 'correction')}.${undo}${notWritten}`;
  }

  /** Apply all in a text field: one edit, so that one Ctrl+Z takes every correction back (see ClaimEdits.applyAtOnce). */
  private applyAtOnce(ids: number[]): string {
    const { located, shown, edits } = this.context;
    const claims = ids.map((id) => ({
      id,
      found: located.get(id)!,
      correction: shown.claim(id)!.result!.correction!,
    }));
    let left: number;
    try {
      left = edits.applyAtOnce(claims);
    } catch (error) {
      this.context.wentStale();
      return (error as Error).message;
    }
    if (left) this.context.wentStale();
    this.context.written();
    const written = claims.length - left;
    const notWritten = left
      ? ` ${plural(left, 'claim')} had changed and ${left === 1 ? 'was' : 'were'} left as is.`
      : '';
    return `Applied ${plural(written, 'correction')}. One Ctrl+Z takes ${written === 1 ? 'it' : 'them all'} back.${notWritten}`;
  }

  /** Writes the claim's own text back over its correction (see ClaimEdits.undo). */
  async undo(id: number): Promise<string> {
    await this.context.edits.undo(id);
    this.context.written();
    return 'Correction undone: your text is back.';
  }
}
