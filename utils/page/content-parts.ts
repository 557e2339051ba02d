/**
 * The content script's second part: what a page needs once a claim is opened or a draft is checked, not for its first
 * highlights (the claim card, the results list, a draft's targets and the writing of corrections, checking as one
 * writes), with their CSS. The background injects
 * it into the frame on the first part's asking (see parts-loader.ts), or with the first part where checking as one
 * writes is on; it only hands its makers to the first part, on the isolated world's global.
 */
import type { AsYouWriteState } from '../contract/messages';
import { locate } from './anchor/anchor';
import { AsYouWrite, type AsYouWriteDeps } from './as-you-write-watcher';
import { Card, type CardActions } from './card';
import { PARTS_CSS } from './card-styles';
import type { Overlay } from './overlay';
import { ResultsList, type ListActions } from './results-list';
import { DraftWriter, type DraftWriterContext } from './draft-writer';
import { correctionTakenBack } from './draft-corrections';
import { isTextField } from './fields';
import { EditableTarget } from './targets/editable-target';
import { FieldTarget } from './targets/field-target';
import { DocsTarget } from './docs/docs-target';
import type { CheckTarget } from './targets/target';
import type { PageReading } from './targets/page-target';
import type { PinnedBoxes } from './pinned';
import type { ClaimRoots } from './claim-roots';

/** What a target is made with (see targetOf). */
export interface TargetDeps {
  overlay: Overlay;
  pinned: PinnedBoxes;
  reading: PageReading;
  claimRoots: ClaimRoots;
  /** A text field's value changed, or it scrolled (see FieldTarget). */
  edited: () => void;
  scrolled: () => void;
}

/** Adds the second part's rules to an overlay, once. */
const styled = new WeakSet<Overlay>();
function style(overlay: Overlay): void {
  if (styled.has(overlay)) return;
  styled.add(overlay);
  overlay.addStyle(PARTS_CSS);
}

export const contentParts = {
  /** Every strategy of locating a claim, the first part's exact one included (see anchor.ts). */
  locate,
  card(overlay: Overlay, actions: CardActions): Card {
    style(overlay);
    return new Card(overlay, actions);
  },
  list(overlay: Overlay, actions: ListActions): ResultsList {
    style(overlay);
    return new ResultsList(overlay, actions);
  },
  /** Writes corrections into the draft checked (the card's Apply and Undo, the list's Apply all). */
  writer(context: DraftWriterContext): DraftWriter {
    return new DraftWriter(context);
  },
  /** Whether a correction applied to an editor was taken back by its own Ctrl+Z (see ClaimEdits.anyTakenBack). */
  correctionTakenBack,
  /** Where a draft's check is drawn: its text field, or its editable element (see targetOf). */
  draftTarget(draft: HTMLElement, deps: TargetDeps): CheckTarget {
    if (isTextField(draft))
      return new FieldTarget(draft, deps.overlay, deps.pinned, { edited: deps.edited, scrolled: deps.scrolled });
    return new EditableTarget(draft);
  },
  /** Where a Google Doc's check is drawn: over a mirror of its annotation layer (see docs-target.ts). */
  docsTarget(editor: HTMLElement, deps: Pick<TargetDeps, 'overlay'>): CheckTarget {
    return new DocsTarget(editor, deps.overlay);
  },
  asYouWrite(deps: AsYouWriteDeps, state: Exclude<AsYouWriteState, 'off'>): AsYouWrite {
    style(deps.overlay);
    return new AsYouWrite(deps, state);
  },
};

export type ContentParts = typeof contentParts;

declare global {
  var __factlensParts: ContentParts | undefined;
}
