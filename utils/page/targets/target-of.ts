/**
 * Where a check is drawn: whether it is about this document at all, and in which target (the draft focused as it
 * started, a text field or an editable element, or the page).
 */
import type { JobView } from '../../contract/jobs';
import type { ClaimRoots } from '../claim-roots';
import { stripHash } from '../../shared/urls';
import { isTextField } from '../fields';
import type { Overlay } from '../overlay';
import type { PinnedBoxes } from '../pinned';
import { EditableTarget } from './editable-target';
import { FieldTarget } from './field-target';
import { PageTarget, type PageReading } from './page-target';
import type { CheckTarget } from './target';

export interface TargetDeps {
  overlay: Overlay;
  pinned: PinnedBoxes;
  reading: PageReading;
  claimRoots: ClaimRoots;
  /** A text field's value changed, or it scrolled (see FieldTarget). */
  edited: () => void;
  scrolled: () => void;
}

/** `draft`: the editable element the user was in as the check started; a selection check takes the selection. */
export function targetOf(job: JobView, draft: Element | null, deps: TargetDeps): CheckTarget {
  if (job.scope !== 'page' && isTextField(draft))
    return new FieldTarget(draft, deps.overlay, deps.pinned, { edited: deps.edited, scrolled: deps.scrolled });
  if (job.scope !== 'page' && draft instanceof HTMLElement) return new EditableTarget(draft);
  const selection = job.scope === 'selection' ? getSelection() : null;
  const selected = selection?.rangeCount && !selection.isCollapsed ? selection.getRangeAt(0) : null;
  return new PageTarget(deps.reading, deps.claimRoots, selected);
}

/** Whether a job is about this document: its page, or the frame (an editor's iframe) its draft was in. */
export function isHere(job: JobView): boolean {
  return stripHash(job.frameUrl || job.pageUrl) === stripHash(location.href);
}
