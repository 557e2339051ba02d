/** Writes corrections into the draft checked, and takes them back: the card's Apply and Undo, the list's Apply all. */
import { t, tp } from '../shared/i18n';
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

/** What to tell the user, in sentences: those given, the empty ones left out. */
const sentences = (...told: string[]) => told.filter(Boolean).join(' ');

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
    if (!found || !result || !correction) throw new Error(t('applyNoCorrection'));
    const source = withSource ? supportingSource(result) : null;
    if (withSource && !source) throw new Error(t('applyNoSource'));
    try {
      await edits.apply(id, found, correction, source);
    } catch (error) {
      // Its text changed: drawn stale.
      if (edits.isStale(id)) this.context.wentStale();
      throw error;
    }
    this.context.written();
    return t(source ? 'appliedWithSource' : 'applied');
  }

  /**
   * The results list's "Apply all corrections": each correction that can be written, the last in the draft first (see
   * ShownClaims.correctable), each as its own edit (one Ctrl+Z each); one that fails (its text changed) leaves the
   * others be. Returns what to tell the user.
   */
  async applyAll(): Promise<string> {
    const target = this.context.target();
    const ids = this.context.shown.correctable(target.writing !== null);
    if (target.writing?.writeAtOnce && ids.length > 1) return this.applyAtOnce(ids);
    const failed: string[] = [];
    for (const id of ids) await this.apply(id).catch((error: unknown) => failed.push((error as Error).message));
    const written = ids.length - failed.length;
    return sentences(
      tp('appliedAll', written),
      written > 1 ? t('undoOneByOne') : written ? t('undoIt') : '',
      failed.length ? tp('notWritten', failed.length, failed[0]!) : '',
    );
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
    return sentences(
      tp('appliedAll', written),
      t(written === 1 ? 'undoItAtOnce' : 'undoAllAtOnce'),
      left ? tp('leftAsIs', left) : '',
    );
  }

  /** Writes the claim's own text back over its correction (see ClaimEdits.undo). */
  async undo(id: number): Promise<string> {
    await this.context.edits.undo(id);
    this.context.written();
    return t('undone');
  }
}
