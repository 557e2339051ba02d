/** A draft in a text field (a textarea or an input): claims are drawn over its mirror and follow its value as it changes. */
import { moveRange, type TextModel } from '../anchor/text-model';
import { declaredLang } from '../dom';
import { FieldMirror, type TextField } from '../fields';
import type { Overlay } from '../overlay';
import { pointsAcross, type PinnedBoxes, type Point } from '../pinned';
import { DraftTarget } from './draft-target';
import type { EditLedger, FollowedEdits, Located } from './target';

export interface FieldEvents {
  /** The user typed in the field (its `input` event). */
  edited(): void;
  /** The field's text scrolled. */
  scrolled(): void;
}

export class FieldTarget extends DraftTarget {
  private readonly mirror: FieldMirror;
  private readonly listening = new AbortController();

  constructor(
    override readonly field: TextField,
    overlay: Overlay,
    pinned: PinnedBoxes,
    events: FieldEvents,
  ) {
    super(field, field);
    this.mirror = new FieldMirror(field, overlay, pinned);
    const { signal } = this.listening;
    field.addEventListener('input', () => events.edited(), { signal });
    field.addEventListener('scroll', () => events.scrolled(), { passive: true, signal });
  }

  buildModel(): TextModel {
    this.mirror.sync();
    return this.mirror.model();
  }

  /**
   * Claims whose text changed go stale; the rest follow their text; a stale or corrected claim whose text is back
   * where it was (Ctrl+Z) has its words back, as in a contenteditable (see EditableTarget).
   */
  followEdits(located: Map<number, Located | null>, ledger: EditLedger): FollowedEdits {
    const value = this.field.value;
    const editFrom = this.mirror.syncText();
    const model = this.mirror.model();
    let touched = false;
    for (const [id, found] of located) {
      if (!found) continue;
      // Before the edit (typing goes on after the claims, mostly): its text and its Range's offsets in the mirror's one
      // text node are as they were, and so is its place. Not so for a corrected or stale claim, whose state depends on
      // the text past it too (a correction that adds words after the claim's, taken back).
      if (found.end <= editFrom && !ledger.isStale(id) && !ledger.isApplied(id)) continue;
      touched = true;
      if (value.slice(found.start, found.end) === found.text) {
        // Unchanged; or back where it was: an applied correction, or the user's own edit in it, undone (Ctrl+Z). A
        // correction applied went stale at once (its text was gone), and was left where it stood, to be found so.
        ledger.wordsBack(id);
        // Its Range is set again (not made anew: a keystroke would leave a Range per claim for the document to keep
        // up to date), as an edit across or inside it moved its ends where the claim's text no longer is.
        moveRange(found.range, model, found.start, found.end);
        continue;
      }
      // A stale claim stays where its text was; so does a corrected one, whose words the correction replaced (the same
      // words elsewhere in the draft are not its).
      if (ledger.isStale(id) || ledger.isApplied(id)) {
        ledger.markStale(id);
        continue;
      }
      // Moved by an edit elsewhere: the same text, nearest to where it was.
      const before = value.lastIndexOf(found.text, found.start);
      const after = value.indexOf(found.text, found.start);
      const moved = [before, after]
        .filter((at) => at >= 0)
        .sort((a, b) => Math.abs(a - found.start) - Math.abs(b - found.start))[0];
      if (moved !== undefined && moveRange(found.range, model, moved, moved + found.text.length))
        Object.assign(found, { start: moved, end: moved + found.text.length });
      else ledger.markStale(id);
    }
    return { model, moved: touched };
  }

  override textStillThere(found: Located): boolean {
    return this.field.value.slice(found.start, found.end) === found.text;
  }

  /** The field's (its mirror is ours). */
  override langAt(): string {
    return declaredLang(this.field);
  }

  layoutWatched(): Element[] {
    return [this.field];
  }

  override pinnedProbePoints(): Point[] {
    return pointsAcross(this.field.getBoundingClientRect());
  }

  override beforeFrame(): void {
    this.mirror.sync();
  }

  override release(): void {
    this.listening.abort();
    this.mirror.remove();
  }
}
