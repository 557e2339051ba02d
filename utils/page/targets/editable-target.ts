/** A draft in an editable element (a contenteditable, a rich editor): claims follow their text as the user edits. */
import { locate } from '../anchor/anchor';
import { blockOf, buildTextModel, rangeFor, releaseRange, type TextModel } from '../anchor/text-model';
import { DraftTarget } from './draft-target';
import type { EditLedger, FollowedEdits, Located } from './target';

export class EditableTarget extends DraftTarget {
  buildModel(): TextModel {
    return buildTextModel(this.draft);
  }

  /** A claim whose text is gone goes stale; a stale one whose exact text is back (an undo) is located there again. */
  followEdits(located: Map<number, Located | null>, ledger: EditLedger): FollowedEdits {
    for (const [id, found] of located) {
      if (!found) continue;
      if (found.range.toString() !== found.text) ledger.markStale(id);
      // Its words under its Range: unchanged, or back (a correction taken back by Ctrl+Z even before its change was
      // seen here, within the checker's re-anchoring delay).
      else ledger.wordsBack(id);
    }
    const model = this.buildModel();
    for (const [id, found] of located) {
      if (!found || !ledger.isStale(id) || ledger.correctionStands(id)) continue;
      // Restored by an undo: the text is back, exactly (an applied correction undone by the editor's Ctrl+Z too).
      const anchor = locate(model, found.text);
      const range = anchor ? rangeFor(model, anchor.start, anchor.end) : null;
      if (anchor && range && range.toString() === found.text) {
        releaseRange(found.range);
        Object.assign(found, { start: anchor.start, end: anchor.end, range });
        ledger.wordsBack(id);
      } else if (anchor && range && found.range.collapsed) {
        // An editor that renders a paragraph anew for each keystroke (Trix) leaves the claim's Range collapsed where
        // its text was: the claim, still stale, is drawn where the text most like it now stands (edited by the user).
        releaseRange(found.range);
        Object.assign(found, { start: anchor.start, end: anchor.end, range });
      } else if (range) releaseRange(range);
    }
    return { model, moved: true };
  }

  layoutWatched(located: Iterable<Located | null>): Element[] {
    const watched: Element[] = [this.draft];
    for (const found of located) {
      const block = found && blockOf(found.range.endContainer);
      if (block) watched.push(block);
    }
    return watched;
  }
}
