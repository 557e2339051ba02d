/** The Check view's actions: check the page, the selection or the draft, and what is sent; or why the tab is out of reach. */
import type { CheckScope, JobView, SourceKind, WritingKind } from '@/utils/contract/jobs';
import { pdfTextUnreadable } from '@/utils/shared/check-input';
import type { TabInfo } from '@/utils/contract/messages';
import { t, tp } from '@/utils/shared/i18n';
import { DocsNotice, docReady } from './DocsNotice';

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
  /** Rephrase or extend the selection; absent when the organization turned the writing tools off. */
  write?: (kind: WritingKind) => void;
  allowAllSites: () => void;
  /** Reads the tab again, and says an error (a Google Doc's notice, see DocsNotice). */
  inspect: (tabId: number) => void;
  onError: (message: string) => void;
}

export function CheckActions(props: CheckActionsProps) {
  const { info, job } = props;
  if (!info?.unreadable) return <Actions {...props} />;
  // A check refused for the same reason (from the shortcut or the menu) says it in its own panel, below.
  const unreadableToldByJob = job?.state === 'failed' && job.error?.message === info.unreadable;
  return (
    <>
      {!unreadableToldByJob && (
        <p class="status error" role="alert">
          {info.unreadable}
        </p>
      )}
      {info.canAllowSites && (
        <section aria-label={t('siteAccess')} class="actions-panel">
          <p class="hint">{t('allSitesOffer')}</p>
          <button type="button" onClick={props.allowAllSites}>
            {t('allowAllSites')}
          </button>
        </section>
      )}
    </>
  );
}

/** What can be checked in a tab the extension may read, and what of it is sent. */
function Actions(props: CheckActionsProps) {
  const { info, job, busy, writingBusy, sourceKind, setSourceKind, check, write } = props;
  const pageSource = info?.pageSource;
  const googleDoc = info?.googleDoc ?? null;
  return (
    <section aria-label={t('navCheck')} class="actions-panel">
      {info && googleDoc && (
        <DocsNotice tabId={info.tabId} googleDoc={googleDoc} inspect={props.inspect} onError={props.onError} />
      )}
      <div class="row wrap">
        <button
          type="button"
          class="primary"
          disabled={!info || busy || !docReady(googleDoc)}
          onClick={() => check('page')}
        >
          {t(googleDoc ? 'checkDocument' : 'commandCheckPage')}
        </button>
        {info && info.selectionLength > 0 && (
          <button type="button" disabled={busy} onClick={() => check('selection')}>
            {t('checkSelection')}
          </button>
        )}
        {info && info.selectionLength === 0 && info.draftLength > 0 && (
          <button type="button" disabled={busy} onClick={() => check('draft')}>
            {t('checkDraft')}
          </button>
        )}
      </div>
      {info?.drawnOnCanvas && !googleDoc && <p class="hint">{t('canvasDraft')}</p>}
      {info?.pdf && <p class="hint pdf">{pdfTextUnreadable()}</p>}
      {pageSource && !job && (
        <SourceChoice pageSource={pageSource} sourceKind={sourceKind} setSourceKind={setSourceKind} />
      )}
      {info && info.selectionLength > 0 && (
        <div class="selection">
          <p class="hint">{tp(info.selectionEditable ? 'selectedInField' : 'selected', info.selectionLength)}</p>
          <div class="row wrap">
            <button type="button" disabled={busy} onClick={() => check('selection', { detectOnly: true })}>
              {t('detectClaims')}
            </button>
            {write && (
              <>
                <button type="button" disabled={writingBusy} onClick={() => write('rephrase')}>
                  {t('rephrase')}
                </button>
                <button type="button" disabled={writingBusy} onClick={() => write('extend')}>
                  {t('extend')}
                </button>
              </>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

/** What a page check will send (its address or its text) and why, and the offer to send the other. */
function SourceChoice({
  pageSource,
  sourceKind,
  setSourceKind,
}: {
  pageSource: NonNullable<TabInfo['pageSource']>;
  sourceKind: SourceKind | undefined;
  setSourceKind: (kind: SourceKind) => void;
}) {
  const chosen = sourceKind ?? pageSource.kind;
  return (
    <p class="hint source">
      {/* The reason says what is sent, and why; once switched, what the user chose. */}
      {sourceKind === undefined
        ? pageSource.reason
        : sourceKind === 'url'
          ? t('willSendAddress')
          : t('willSendText')}{' '}
      {pageSource.canSwitch && (
        <button type="button" class="link" onClick={() => setSourceKind(chosen === 'url' ? 'text' : 'url')}>
          {t(chosen === 'url' ? 'sendTextInstead' : 'sendAddressInstead')}
        </button>
      )}
    </p>
  );
}
