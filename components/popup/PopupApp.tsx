/**
 * The toolbar popup: check the page, the selection or the draft; follow the job; read the results; use a
 * rephrase or extension. It holds view state only: the jobs live in the background, so closing the
 * popup loses nothing.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { browser } from '#imports';
import { ServiceError } from '@/utils/api/service-error';
import type { CheckScope, SourceKind, WritingKind } from '@/utils/check/model';
import { isActive } from '@/utils/check/progress';
import { PDF_TEXT_UNREADABLE } from '@/utils/check/source';
import { sendMessage } from '@/utils/messaging';
import { requestAllSites } from '@/utils/site-access';
import type { TabInfo } from '@/utils/protocol';
import { plural } from '@/utils/format';
import { HistoryView } from './HistoryView';
import { JobPanel, openSettings } from './JobPanel';
import { LibraryView } from './LibraryView';
import { UploadBox } from './UploadBox';
import { targetTabId, useTabState } from './useTabState';
import { WriteView, type PickedFile } from './WriteView';
import { WritingPanel } from './WritingPanel';

/** Opens the side panel (Chrome) or the sidebar (Firefox) from the popup's click, and closes the popup. */
async function openSidePanel(): Promise<void> {
  const api = browser as unknown as {
    sidePanel?: { open: (options: { windowId: number }) => Promise<void> };
    sidebarAction?: { open: () => Promise<void> };
  };
  try {
    if (api.sidePanel) {
      const window = await browser.windows.getCurrent();
      if (window.id !== undefined) await api.sidePanel.open({ windowId: window.id });
    } else await api.sidebarAction?.open();
    globalThis.close();
  } catch {
    // The browser refused (no user gesture, or no panel support): the popup stays.
  }
}

/** `follow`: the side panel, which stays open and shows whichever tab is active. */
export function PopupApp({ follow = false }: { follow?: boolean }) {
  const [tabId, setTabId] = useState<number | null>(null);
  const [info, setInfo] = useState<TabInfo | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [sourceKind, setSourceKind] = useState<SourceKind | undefined>(undefined);
  const [view, setView] = useState<'check' | 'write' | 'library' | 'history'>('check');
  // A refusal belongs to the view it was asked from (see actionAlert).
  useEffect(() => setActionError(null), [view]);
  // Writing tasks started from now on are this popup's own (see WritingPanel's `reveal`).
  const openedAt = useRef(Date.now());
  const [uploads, setUploads] = useState(0);
  const [voiceId, setVoiceId] = useState('');
  const [pickedFile, setPickedFile] = useState<PickedFile | undefined>(undefined);
  /** Opens fact-grounded content grounded in an uploaded file (picked in the list, or just uploaded). */
  const writeFrom = (file: PickedFile) => {
    setPickedFile(file);
    setView('write');
  };
  const state = useTabState(tabId);
  // Whether an API key is saved (null until known): with none, every action would fail, so the popup says so first.
  const [keySaved, setKeySaved] = useState<boolean | null>(null);
  useEffect(() => {
    const ask = () => {
      sendMessage('keyStatus', undefined).then(
        ({ saved }) => setKeySaved(saved),
        () => setKeySaved(null),
      );
    };
    ask();
    // The side panel stays open while the key is added in the options page, and gets the focus back after.
    addEventListener('focus', ask);
    return () => removeEventListener('focus', ask);
  }, []);

  const inspect = (id: number) => {
    sendMessage('inspectTab', { tabId: id }).then(setInfo, showError);
  };
  useEffect(() => {
    void (async () => {
      const id = await targetTabId();
      setTabId(id);
      if (id === null) return setActionError('There is no tab to check.');
      inspect(id);
    })().catch(showError);
  }, []);

  // The side panel follows the active tab, and notices when its page changes.
  useEffect(() => {
    if (!follow || new URLSearchParams(location.search).has('tabId')) return;
    const activated = ({ tabId: id }: { tabId: number }) => {
      setTabId(id);
      setInfo(null);
      setSourceKind(undefined);
      inspect(id);
    };
    const updated = (id: number, change: { status?: string }) => {
      if (change.status === 'complete' && id === tabId) inspect(id);
    };
    browser.tabs.onActivated.addListener(activated);
    browser.tabs.onUpdated.addListener(updated);
    return () => {
      browser.tabs.onActivated.removeListener(activated);
      browser.tabs.onUpdated.removeListener(updated);
    };
  }, [follow, tabId]);

  function showError(error: unknown) {
    setActionError(error instanceof ServiceError || error instanceof Error ? error.message : String(error));
  }

  async function act(action: () => Promise<unknown>, recordedByBackground = false) {
    setActionError(null);
    try {
      await action();
    } catch (error) {
      // Check and writing refusals are recorded on the tab and arrive through the events port.
      if (!recordedByBackground) showError(error);
    }
  }

  const check = (
    scope: CheckScope,
    options: { detectOnly?: boolean; recheck?: boolean; sourceKind?: SourceKind } = {},
  ) =>
    tabId !== null &&
    act(
      () =>
        sendMessage('startCheck', {
          tabId,
          scope,
          sourceKind: scope === 'page' ? (options.sourceKind ?? sourceKind) : undefined,
          detectOnly: options.detectOnly,
          recheck: options.recheck,
        }),
      true,
    );
  async function allowAllSites() {
    setActionError(null);
    const granted = await requestAllSites();
    if (!granted)
      return setActionError('FactLens was not allowed on all sites. Click its button on a page to check it.');
    if (tabId !== null) inspect(tabId);
  }
  const write = (kind: WritingKind) => tabId !== null && act(() => sendMessage('startWriting', { tabId, kind }), true);

  const job = state?.job ?? null;
  const writing = state?.writing ?? null;
  const busy = job !== null && isActive(job.state);
  // One writing task at a time: a second click would pay for a second one, and the panel shows only the last.
  const writingBusy = writing?.state === 'running';
  const pageSource = info?.pageSource;
  const showWritingFirst = writing !== null && (!job || writing.createdAt > job.createdAt);

  // A refusal of what was just asked (a generation with no key saved, say): in the view it was asked from.
  const actionAlert = actionError && (
    <p class="status error" role="alert">
      {actionError}
    </p>
  );

  const writingPanel = writing && (
    <WritingPanel
      task={writing}
      reveal={writing.createdAt >= openedAt.current}
      onCancel={() => void act(() => sendMessage('cancelJob', { jobId: writing.id }))}
      onRetry={() => void act(() => sendMessage('retryJob', { jobId: writing.id }))}
      onReplace={async (index, how) =>
        (await sendMessage('replaceSelection', { taskId: writing.id, index, how })).message
      }
      onUndoReplace={async () => (await sendMessage('undoReplace', { taskId: writing.id })).message}
    />
  );

  // A check refused for the same reason (from the shortcut or the menu) says it in its own panel, below.
  const unreadableToldByJob = job?.state === 'failed' && job.error?.message === info?.unreadable;
  const checkView = (
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
              <button type="button" onClick={() => void allowAllSites()}>
                Allow on all sites
              </button>
            </section>
          )}
        </>
      ) : (
        <section aria-label="Check" class="actions-panel">
          <div class="row wrap">
            <button type="button" class="primary" disabled={!info || busy} onClick={() => void check('page')}>
              Check this page
            </button>
            {info && info.selectionLength > 0 && (
              <button type="button" disabled={busy} onClick={() => void check('selection')}>
                Check selection
              </button>
            )}
            {info && info.selectionLength === 0 && info.draftLength > 0 && (
              <button type="button" disabled={busy} onClick={() => void check('draft')}>
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
                <button type="button" disabled={busy} onClick={() => void check('selection', { detectOnly: true })}>
                  Detect claims
                </button>
                <button type="button" disabled={writingBusy} onClick={() => void write('rephrase')}>
                  Rephrase
                </button>
                <button type="button" disabled={writingBusy} onClick={() => void write('extend')}>
                  Extend
                </button>
              </div>
            </div>
          )}
        </section>
      )}

      {actionAlert}

      {showWritingFirst && writingPanel}
      {job && (
        <JobPanel
          job={job}
          ledger={state?.ledger ?? null}
          onCancel={() => void act(() => sendMessage('cancelJob', { jobId: job.id }))}
          onRetry={() => void act(() => sendMessage('retryJob', { jobId: job.id }))}
          onRetryClaim={(claimId) => void act(() => sendMessage('retryClaim', { jobId: job.id, claimId }))}
          onVerify={() => void act(() => sendMessage('verifyDetected', { jobId: job.id }))}
          onRecheck={(kind) =>
            void check(job.scope, { recheck: true, sourceKind: kind, detectOnly: job.mode === 'detect' })
          }
          onReveal={
            tabId === null ? undefined : (claimId) => void act(() => sendMessage('revealClaim', { tabId, claimId }))
          }
        />
      )}
      {!showWritingFirst && writingPanel}
      {!job && !writing && info && !info.unreadable && (
        <p class="hint empty">
          Nothing checked on this page yet. “Check this page” finds its claims and verifies each one.
        </p>
      )}
    </>
  );

  return (
    <main>
      <header class="row spread">
        <h1>FactLens</h1>
        <nav class="row" aria-label="Views">
          <button type="button" class="link" aria-pressed={view === 'check'} onClick={() => setView('check')}>
            Check
          </button>
          <button type="button" class="link" aria-pressed={view === 'write'} onClick={() => setView('write')}>
            Write
          </button>
          <button type="button" class="link" aria-pressed={view === 'library'} onClick={() => setView('library')}>
            Library
          </button>
          <button type="button" class="link" aria-pressed={view === 'history'} onClick={() => setView('history')}>
            History
          </button>
          {!follow && (
            <button type="button" class="link" onClick={() => void openSidePanel()}>
              Side panel
            </button>
          )}
          <button type="button" class="link" onClick={openSettings}>
            Settings
          </button>
        </nav>
      </header>
      {keySaved === false && (
        <div class="status warning row" role="status">
          <p>Add your API key to start: checking, writing and the library all use it.</p>
          <button type="button" onClick={openSettings}>
            Open Settings
          </button>
        </div>
      )}
      {view === 'history' ? (
        <HistoryView />
      ) : view === 'library' ? (
        <LibraryView
          reloadKey={uploads}
          onPickVoice={(voice) => {
            setVoiceId(voice.id);
            setView('write');
          }}
          onPickAsset={(asset) => writeFrom({ id: asset.id, name: asset.filename })}
        >
          <UploadBox onUploaded={() => setUploads((count) => count + 1)} onUse={writeFrom} />
        </LibraryView>
      ) : view === 'write' ? (
        <>
          <WriteView
            voiceId={voiceId}
            file={pickedFile}
            running={writingBusy}
            onStart={(generation) =>
              tabId === null ? Promise.resolve() : act(() => sendMessage('startGeneration', { tabId, generation }))
            }
          />
          {actionAlert}
          {writing && !['rephrase', 'extend'].includes(writing.kind) && writingPanel}
        </>
      ) : (
        checkView
      )}
    </main>
  );
}
