/**
 * The toolbar popup: check the page, the selection or the draft; follow the job; read the results; use a
 * rephrase or extension. It holds view state only: the jobs live in the background, so closing the
 * popup loses nothing.
 */
import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { browser } from '#imports';
import { ServiceError } from '@/utils/shared/service-error';
import type { CheckScope, SourceKind, WritingKind, WritingTask } from '@/utils/contract/jobs';
import { isActive } from '@/utils/shared/progress';
import { sendMessage } from '@/utils/shared/messaging';
import { requestAllSites } from '@/utils/shared/site-access';
import { t } from '@/utils/shared/i18n';
import type { TabInfo, TabState } from '@/utils/contract/messages';
import { CheckActions } from './CheckActions';
import { HistoryView } from './HistoryView';
import { JobPanel, openSettings } from './JobPanel';
import { LibraryView } from './LibraryView';
import { UploadBox } from './UploadBox';
import { targetTabId, useTabState, type FirstView } from './useTabState';
import { WriteView, type PickedFile } from './WriteView';
import { WritingPanel } from './WritingPanel';
import { WriteSiteSwitch } from './WriteSiteSwitch';
import { useKeyStatus } from './useKeyStatus';
import { ViewNav, type PopupView } from './ViewNav';

/**
 * `follow`: the side panel, which stays open and shows whichever tab is active. `first`: the tab's view, asked for before
 * the first render (see firstTabView).
 */
export function PopupApp({ follow = false, first }: { follow?: boolean; first?: FirstView }) {
  const popup = usePopupTab(follow, first);
  const [view, setView] = useState<PopupView>('check');
  // A refusal belongs to the view it was asked from (see actionAlert).
  useEffect(() => popup.setActionError(null), [view]);
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
  const state = useTabState(popup.tabId, first?.state ?? null);
  const keyStatus = useKeyStatus();
  const off = new Set(keyStatus?.managed.disabledFeatures);
  const { tabId, act } = popup;
  const writing = state?.writing ?? null;
  // One writing task at a time: a second click would pay for a second one, and the panel shows only the last.
  const writingBusy = writing?.state === 'running';
  // A refusal of what was just asked (a generation with no key saved, say): in the view it was asked from.
  const actionAlert = popup.actionError && (
    <p class="status error" role="alert">
      {popup.actionError}
    </p>
  );
  const writingPanel = writing && <TaskPanel task={writing} openedAt={openedAt.current} act={act} />;

  return (
    <main>
      <ViewNav
        view={view}
        setView={setView}
        follow={follow}
        hidden={[
          ...(off.has('generation') ? ['write' as const] : []),
          ...(off.has('library') ? ['library' as const] : []),
        ]}
      />
      {keyStatus?.managed.managed && <p class="hint managed">{t('managedShort')}</p>}
      {keyStatus?.saved === false && (
        <div class="status warning row" role="status">
          <p>{t(keyStatus.authMode === 'gateway' ? 'popupAddGatewayToken' : 'popupAddKey')}</p>
          <button type="button" onClick={openSettings}>
            {t('openSettings')}
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
          {!off.has('uploads') && <UploadBox onUploaded={() => setUploads((count) => count + 1)} onUse={writeFrom} />}
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
        <CheckView
          popup={popup}
          state={state}
          writingPanel={writingPanel}
          actionAlert={actionAlert}
          generation={!off.has('generation')}
        />
      )}
    </main>
  );
}

/** The tab the popup is about, what it knows of it, and how it asks the worker to act on it. */
interface PopupTab {
  tabId: number | null;
  info: TabInfo | null;
  inspect: (id: number) => void;
  sourceKind: SourceKind | undefined;
  setSourceKind: (kind: SourceKind | undefined) => void;
  actionError: string | null;
  setActionError: (error: string | null) => void;
  showError: (error: unknown) => void;
  /** Runs an action; its refusal is shown, unless the worker records it on the tab (it then arrives by the port). */
  act: (action: () => Promise<unknown>, recordedByBackground?: boolean) => Promise<void>;
}

function usePopupTab(follow: boolean, first: FirstView | undefined): PopupTab {
  const [tabId, setTabId] = useState<number | null>(first?.tabId ?? null);
  const [info, setInfo] = useState<TabInfo | null>(first?.info ?? null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [sourceKind, setSourceKind] = useState<SourceKind | undefined>(undefined);
  const showError = (error: unknown) =>
    setActionError(error instanceof ServiceError || error instanceof Error ? error.message : String(error));
  const inspect = (id: number) => {
    sendMessage('inspectTab', { tabId: id }).then(setInfo, showError);
  };
  useEffect(() => {
    if (first) return;
    void (async () => {
      const id = await targetTabId();
      setTabId(id);
      if (id === null) return setActionError(t('popupNoTab'));
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

  async function act(action: () => Promise<unknown>, recordedByBackground = false) {
    setActionError(null);
    try {
      await action();
    } catch (error) {
      // Check and writing refusals are recorded on the tab and arrive through the events port.
      if (!recordedByBackground) showError(error);
    }
  }
  return { tabId, info, inspect, sourceKind, setSourceKind, actionError, setActionError, showError, act };
}

/** The writing task's panel, its actions sent to the worker. */
function TaskPanel({ task, openedAt, act }: { task: WritingTask; openedAt: number; act: PopupTab['act'] }) {
  return (
    <WritingPanel
      task={task}
      reveal={task.createdAt >= openedAt}
      onCancel={() => void act(() => sendMessage('cancelJob', { jobId: task.id }))}
      onRetry={() => void act(() => sendMessage('retryJob', { jobId: task.id }))}
      onReplace={async (index, how) => (await sendMessage('replaceSelection', { taskId: task.id, index, how })).message}
      onUndoReplace={async () => (await sendMessage('undoReplace', { taskId: task.id })).message}
    />
  );
}

/** The Check view: what can be checked here, the job and its results, and the writing task beside them. */
function CheckView({
  popup,
  state,
  writingPanel,
  actionAlert,
  generation,
}: {
  popup: PopupTab;
  state: TabState | null;
  writingPanel: JSX.Element | null;
  actionAlert: JSX.Element | null | '';
  /** The writing tools are on (the organization may turn them off). */
  generation: boolean;
}) {
  const { tabId, info, sourceKind, act } = popup;
  const job = state?.job ?? null;
  const writing = state?.writing ?? null;
  const showWritingFirst = writing !== null && (!job || writing.createdAt > job.createdAt);
  const check = (scope: CheckScope, options: CheckOptions = {}) =>
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
    popup.setActionError(null);
    const granted = await requestAllSites();
    if (!granted) return popup.setActionError(t('popupAllSitesRefused'));
    if (tabId !== null) popup.inspect(tabId);
  }
  const write = (kind: WritingKind) => tabId !== null && act(() => sendMessage('startWriting', { tabId, kind }), true);
  return (
    <>
      <CheckActions
        info={info}
        job={job}
        busy={job !== null && isActive(job.state)}
        writingBusy={writing?.state === 'running'}
        sourceKind={sourceKind}
        setSourceKind={popup.setSourceKind}
        check={(scope, options) => void check(scope, options)}
        write={generation ? (kind) => void write(kind) : undefined}
        allowAllSites={() => void allowAllSites()}
        inspect={popup.inspect}
        onError={popup.showError}
      />
      {tabId !== null && <WriteSiteSwitch tabId={tabId} onError={popup.showError} />}

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
          onAnswer={(answer) => void act(() => sendMessage('answerQuestion', { jobId: job.id, answer }))}
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
        <p class="hint empty">{t('popupNothingChecked', t('commandCheckPage'))}</p>
      )}
      {!job && state?.ledger && !state.ledger.verified.claims && <p class="hint estimate">{t('noEstimateYet')}</p>}
    </>
  );
}

/** What a check is asked for besides its scope. */
type CheckOptions = { detectOnly?: boolean; recheck?: boolean; sourceKind?: SourceKind };
