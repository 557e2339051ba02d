/** The Check view's actions: check the page, the selection or the draft, and what is sent; or why the tab is out of reach. */
import type { CheckScope, JobView, SourceKind, WritingKind } from '@/utils/background/check/model';
import { PDF_TEXT_UNREADABLE } from '@/utils/shared/check-input';
import type { TabInfo } from '@/utils/shared/protocol-map';
import { plural } from '@/utils/shared/format';

interface CheckActionsProps {
  info: TabInfo | null;
  job: JobView | null;
  /** A check runs on the tab. */
  busy: boolean;
  /** A rephrasing or extension runs (one at a time: a second would be paid for too). */
  writingBusy: boolean;
  /** The source the user switched to, if they did. */
  sourceKind: SourceKind | undefined;
  setSourceKind: (kind: SourceKind) => void;
  check: (scope: CheckScope, options?: { detectOnly?: boolean }) => void;
  write: (kind: WritingKind) => void;
  allowAllSites: () => void;
}

export function CheckActions({
  info,
  job,
  busy,
  writingBusy,
  sourceKind,
  setSourceKind,
  check,
  write,
  allowAllSites,
}: CheckActionsProps) {
  const pageSource = info?.pageSource;
  // A check refused for the same reason (from the shortcut or the menu) says it in its own panel, below.
  const unreadableToldByJob = job?.state === 'failed' && job.error?.message === info?.unreadable;
  return (
    <>
      {info?.unreadable ? (
        <>
          {!unreadableToldByJob && (
            <p class="status error" role="alert">
              {info.unreadable}
            </p>
          )}
          {info.canAllowSites && (
            <section aria-label="Site access" class="actions-panel">
              <p class="hint">
                Or allow FactLens on all sites, so that it can check any tab you ask it to, from here too. It reads a
                page only when you ask; you can take this back in the browser’s extension settings.
              </p>
              <button type="button" onClick={allowAllSites}>
                Allow on all sites
              </button>
            </section>
          )}
        </>
      ) : (
        <section aria-label="Check" class="actions-panel">
          <div class="row wrap">
            <button type="button" class="primary" disabled={!info || busy} onClick={() => check('page')}>
              Check this page
            </button>
            {info && info.selectionLength > 0 && (
              <button type="button" disabled={busy} onClick={() => check('selection')}>
                Check selection
              </button>
            )}
            {info && info.selectionLength === 0 && info.draftLength > 0 && (
              <button type="button" disabled={busy} onClick={() => check('draft')}>
                Check draft
              </button>
            )}
          </div>
          {info?.drawnOnCanvas && (
            <p class="hint">
              Your draft cannot be checked here: this editor draws its text on a canvas (Google Docs does), instead of
              keeping it in the page as text.
            </p>
          )}
          {info?.pdf && <p class="hint pdf">{PDF_TEXT_UNREADABLE}</p>}
          {pageSource && !job && (
            <p class="hint source">
              {/* The reason says what is sent, and why; once switched, what the user chose. */}
              {sourceKind === undefined
                ? pageSource.reason
                : sourceKind === 'url'
                  ? 'The page’s address will be sent.'
                  : 'The page’s text will be sent.'}{' '}
              {pageSource.canSwitch && (
                <button
                  type="button"
                  class="link"
                  onClick={() => setSourceKind((sourceKind ?? pageSource.kind) === 'url' ? 'text' : 'url')}
                >
                  {(sourceKind ?? pageSource.kind) === 'url' ? 'Send the text instead' : 'Send the address instead'}
                </button>
              )}
            </p>
          )}
          {info && info.selectionLength > 0 && (
            <div class="selection">
              <p class="hint">
                Selected: {plural(info.selectionLength, 'character')}
                {info.selectionEditable ? ' in an editable field' : ''}
              </p>
              <div class="row wrap">
                <button type="button" disabled={busy} onClick={() => check('selection', { detectOnly: true })}>
                  Detect claims
                </button>
                <button type="button" disabled={writingBusy} onClick={() => write('rephrase')}>
                  Rephrase
                </button>
                <button type="button" disabled={writingBusy} onClick={() => write('extend')}>
                  Extend
                </button>
              </div>
            </div>
          )}
        </section>
      )}
    </>
  );
}
