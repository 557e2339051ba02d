/**
 * Where a check is drawn: whether it is about this document at all, and in which target (the draft focused as it
 * started, a text field or an editable element, or the page). A draft's targets come with the content script's second
 * part (see content-parts.ts): a page's first highlights do not wait for them.
 */
import type { JobView } from '../../contract/jobs';
import { stripHash } from '../../shared/urls';
import type { ContentParts, TargetDeps } from '../content-parts';
import { PageTarget } from './page-target';
import { DOCS_EDITOR, isGoogleDoc } from '../docs/docs-layer';
import type { CheckTarget } from './target';

/** Whether a check is drawn in the draft the user was in as it started (see targetOf), rather than in the page. */
export function inDraft(job: JobView, draft: Element | null): draft is HTMLElement {
  return job.scope !== 'page' && draft instanceof HTMLElement;
}

/**
 * A Google Doc's editor, where its document's check and those made as the person writes in it are drawn (see
 * DocsTarget), or null on any other page.
 */
export function docsEditor(job: JobView): HTMLElement | null {
  if ((job.scope !== 'page' && !job.asYouWrite) || !isGoogleDoc(location.href)) return null;
  return document.querySelector<HTMLElement>(DOCS_EDITOR);
}

/** Whether a check is drawn with the content script's second part: a draft's, and a Google Doc's. */
export const needsParts = (job: JobView, draft: Element | null): boolean =>
  inDraft(job, draft) || docsEditor(job) !== null;

/**
 * `draft`: the editable element the user was in as the check started; a selection check takes the selection. A draft
 * needs the second part (`parts`; see inDraft).
 */
export function targetOf(
  job: JobView,
  draft: Element | null,
  deps: TargetDeps,
  parts: ContentParts | undefined,
): CheckTarget {
  const editor = docsEditor(job);
  if (editor) {
    if (!parts) throw new Error('A Google Doc is drawn with the content script’s second part');
    return parts.docsTarget(editor, deps);
  }
  if (inDraft(job, draft)) {
    if (!parts) throw new Error('A draft is drawn with the content script’s second part');
    return parts.draftTarget(draft, deps);
  }
  const selection = job.scope === 'selection' ? getSelection() : null;
  const selected = selection?.rangeCount && !selection.isCollapsed ? selection.getRangeAt(0) : null;
  return new PageTarget(deps.reading, deps.claimRoots, selected);
}

/** Whether a job is about this document: its page, or the frame (an editor's iframe) its draft was in. */
export function isHere(job: JobView): boolean {
  return stripHash(job.frameUrl || job.pageUrl) === stripHash(location.href);
}
