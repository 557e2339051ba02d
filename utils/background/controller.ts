/**
 * The background's check and writing work: starting, resuming and cancelling jobs, following the tabs
 * they belong to, caching results, keeping the ledger, and telling watchers. The entry points (messages,
 * context menu, commands) all come through here.
 */
import { inPrivateWindow, tabInfoOf, unreadableTabInfo } from './tab-info';
import { ToolbarButton } from './toolbar';
import { browser } from '#imports';
import { stripHash } from '../shared/urls';
import { ServiceError, formatWait } from './api/errors';
import type { PageSnapshot } from '../contract/page-actions';
import { isActive } from '../shared/progress';
import { toJobView } from './check/job-view';
import { type CheckScope, type Job, type Ledger, type SourceKind } from '../contract/jobs';
import { reuseDraft } from './check/draft-cache';
import { answeredJob, costQuestion, type QuestionAnswer } from './check/cost-question';
import { keepFinished } from './check/save-finished';
import { failedJob, jobFromCache, newJob, verifyingJob, withDraftReuse } from './check/new-job';
import { JobRunner } from './check/runner';
import { createJobStore, createWritingStore, creditLedger, resultCache, type Spending } from './check/store';
import { estimateCall, type PlannedCall } from './check/write-budget';
import type { TabInfo, TabState } from '../contract/messages';
import { revealClaim, toggleHighlights } from './tab-messages';
import { clientFromSettings } from './service';
import { loadSettings } from './settings-store';
import { EventHub } from './events';
import { createWritingTasks } from './writing-tasks';
import { keepAlive } from './keepalive';
import { injectContentScript, readSnapshot } from './tab-access';
import { t } from '../shared/i18n';

/** Fires while jobs are active, so that a stopped worker is started again to resume them. */
export const RESUME_ALARM = 'factlens:resume-jobs';

export interface StartCheckRequest {
  tabId: number;
  scope: CheckScope;
  sourceKind?: SourceKind;
  detectOnly?: boolean;
  recheck?: boolean;
  /** Used when the page cannot be read (e.g. the context menu's selectionText on a PDF). */
  fallback?: PageSnapshot;
  /** What to check, told by the content script (a draft checked as the user writes), instead of reading the page. */
  given?: PageSnapshot;
  /** Checked as the user writes, on a site where they turned it on: its credits count against the day's limit. */
  asYouWrite?: boolean;
  /**
   * A refusal before the check starts is only thrown, not recorded on the tab: the card that asked says it, and the
   * check it explains stays drawn (a failed record would replace it, and clear the page).
   */
  quiet?: boolean;
}

export function createController() {
  const jobs = createJobStore();
  const writing = createWritingStore();
  let ledger: Ledger | null = null;

  const latest = <T extends { tabId: number | null }>(records: T[], tabId: number) =>
    records.filter((record) => record.tabId === tabId).at(-1) ?? null;

  const stateOf = (tabId: number): TabState => {
    const job = latest(jobs.all(), tabId);
    return {
      type: 'state',
      tabId,
      job: job ? toJobView(job) : null,
      writing: latest(writing.all(), tabId),
      ledger,
    };
  };
  const hub = new EventHub(stateOf, (tabId, jobId, url) => resumeShown(tabId, jobId, url));

  /** The ledger as last stored, shown to every watcher. */
  const ledgerChanged = (next: Ledger | null | undefined) => {
    if (!next) return;
    ledger = next;
    hub.publishAll();
  };
  const spend = (spending: Spending) => void creditLedger.add(spending).then(ledgerChanged);

  /** Books a call checked as the user writes against the day's limit (see write-budget.ts), or refuses it. */
  async function book(call: PlannedCall): Promise<number> {
    const [current, settings] = await Promise.all([getLedger(), loadSettings()]);
    const estimate = estimateCall(current, call);
    const booked = await creditLedger.reserveWriting(estimate, settings.writeDailyLimit);
    if (!booked) throw new ServiceError({ kind: 'limit', message: t('writeLimitReached') });
    ledgerChanged(booked);
    return estimate;
  }

  const runner = new JobRunner({
    jobs,
    client: clientFromSettings,
    keepAlive,
    spend,
    book,
    unbook: (booking) => void creditLedger.release(booking.booked, booking.at).then(ledgerChanged),
    publish(job) {
      hub.publish(job.tabId);
      void toolbar.show(job);
      void syncResumeAlarm();
    },
    finished(job) {
      void keepFinished(job);
    },
    question: async (job) => costQuestion(job, await getLedger(), (await loadSettings()).askAboveCredits),
  });

  const ready = (async () => {
    await Promise.all([jobs.load(), writing.load()]);
    ledger = await creditLedger.get();
  })();

  // What was last asked of the alarm: a job changes several times per batch, and only a
  // change of these needs a call (null: not known yet in this worker).
  let resumeAlarmOn: boolean | null = null;
  const toolbar = new ToolbarButton();
  const tasks = createWritingTasks({
    writing,
    hub,
    ready,
    spend: (credits) => spend({ credits }),
    syncResumeAlarm: () => syncResumeAlarm(),
    snapshotOf: (request) => snapshotOf(request),
  });

  async function syncResumeAlarm(): Promise<void> {
    const active =
      jobs.all().some((job) => isActive(job.state)) || writing.all().some((task) => task.state === 'running');
    if (active === resumeAlarmOn) return;
    resumeAlarmOn = active;
    try {
      const existing = await browser.alarms.get(RESUME_ALARM);
      if (active && !existing) await browser.alarms.create(RESUME_ALARM, { periodInMinutes: 0.5 });
      if (!active && existing) await browser.alarms.clear(RESUME_ALARM);
    } catch {
      // Alarms are a safety net; the keepalive and the next event resume jobs too.
    }
  }

  /** When each tab last had its draft checked again from a card. */
  const draftRecheckedAt = new Map<number, number>();

  /**
   * Checks a draft again for its card: the one paid call a content script may ask for, so it is taken only when the
   * tab's latest check is a finished check of a draft in the asking frame, and at most once every
   * DRAFT_RECHECK_INTERVAL_MS per tab (a refusal that sent nothing does not count).
   */
  async function checkDraftAgain(tabId: number, frameId: number, now = Date.now()): Promise<Job> {
    await ready;
    const last = latest(jobs.all(), tabId);
    if (!last || last.scope !== 'draft' || last.frameId !== frameId || last.state !== 'done')
      throw new ServiceError({
        kind: 'invalid-input',
        message: t('recheckOnlyEnded'),
      });
    const since = now - (draftRecheckedAt.get(tabId) ?? -Infinity);
    if (since < DRAFT_RECHECK_INTERVAL_MS)
      throw new ServiceError({
        kind: 'rate-limit',
        message: t('recheckTooSoon', formatWait(DRAFT_RECHECK_INTERVAL_MS - since)),
      });
    // Taken before the check starts, so that asks made at once are refused; given back if it was refused.
    const before = draftRecheckedAt.get(tabId);
    draftRecheckedAt.set(tabId, now);
    try {
      return await startCheck({ tabId, scope: 'draft', quiet: true });
    } catch (error) {
      if (before === undefined) draftRecheckedAt.delete(tabId);
      else draftRecheckedAt.set(tabId, before);
      throw error;
    }
  }

  /** Records a check that could not start (nothing selected, no access), so the popup can say why. */
  async function recordFailure(
    request: StartCheckRequest,
    error: ServiceError,
    snapshot?: PageSnapshot,
  ): Promise<void> {
    const now = Date.now();
    // A check running on the tab stays the one shown, to be followed or cancelled: a failed record in its place
    // would leave it running out of sight. The refusal is its notice instead, while it runs.
    const running = jobs.all().find((other) => other.tabId === request.tabId && isActive(other.state));
    if (running) {
      const notice = t('notStarted', error.message);
      const shown = await jobs.update(running.id, (current) => ({ ...current, notice, updatedAt: now }));
      if (shown) {
        hub.publish(shown.tabId);
        // Told on the toolbar button too: a shortcut's or the menu's refusal has no popup open to show it.
        void toolbar.show(shown);
      }
      return;
    }
    const job = failedJob(request, error, snapshot, now);
    await jobs.put(job);
    hub.publish(job.tabId);
    void toolbar.show(job);
  }

  async function snapshotOf(request: StartCheckRequest): Promise<PageSnapshot> {
    if (request.given) return request.given;
    let snapshot: PageSnapshot;
    try {
      snapshot = await readSnapshot(request.tabId);
    } catch (error) {
      if (request.fallback) return request.fallback;
      throw error;
    }
    // In a PDF the menu's event has the selection, which the page read cannot see.
    return snapshot.pdf && request.fallback ? { ...request.fallback, pdf: true } : snapshot;
  }

  /**
   * Checks being started, by tab and content (see startCheck): a second request for the same check, made before the
   * first is stored, joins it.
   */
  const startsUnderWay = new Map<string, Promise<Job>>();

  /**
   * Starts a check; returns the job at once (done already when it came from the cache). The same check of the tab
   * asked for again while it runs (the shortcut pressed twice, a double click, the popup and the menu at once) is
   * joined, not replaced: replacing it would pay again for the calls it had made. "Re-check" always starts afresh.
   */
  async function startCheck(request: StartCheckRequest): Promise<Job> {
    await ready;
    let snapshot: PageSnapshot | undefined;
    // Once the check is launched, its own failure is recorded where it is launched: a request that joined it fails
    // with it, and does not record it a second time.
    let launching = false;
    try {
      const taken = await snapshotOf(request);
      snapshot = taken;
      const privateWindow = await inPrivateWindow(request.tabId);
      const job = await newJob({ ...request, privateWindow }, taken, await loadSettings(), Date.now());
      const start = () =>
        launchCheck(request, taken, job).catch(async (error: unknown) => {
          if (error instanceof ServiceError && !request.quiet) await recordFailure(request, error, taken);
          throw error;
        });
      launching = true;
      return await (request.recheck ? start() : joinOrStart(job, start));
    } catch (error) {
      if (error instanceof ServiceError && !launching && !request.quiet) await recordFailure(request, error, snapshot);
      throw error;
    }
  }

  /** The tab's check of the same content if one runs or is being started, else the one `start` starts. */
  async function joinOrStart(job: Job, start: () => Promise<Job>): Promise<Job> {
    const key = `${job.tabId}|${job.cacheKey}`;
    const running = jobs.all().find((other) => `${other.tabId}|${other.cacheKey}` === key && isActive(other.state));
    if (running) return running;
    const joined = startsUnderWay.get(key);
    if (joined) return joined;
    const started = start();
    startsUnderWay.set(key, started);
    try {
      return await started;
    } finally {
      startsUnderWay.delete(key);
    }
  }

  /** Makes `job` the tab's check (see startCheck): from the cache, or sent; drawn in the page unless it is a PDF. */
  async function launchCheck(request: StartCheckRequest, snapshot: PageSnapshot, job: Job): Promise<Job> {
    const cached = request.recheck ? undefined : await resultCache.get(job.cacheKey);
    if (cached) job = jobFromCache(job, cached, Date.now());
    else if (job.scope === 'draft' && !request.recheck && job.mode !== 'detect') {
      // An edited draft: the sentences it still has keep their verdicts; only the others are sent.
      const reuse = await reuseDraft(job.draftText, job.language, job.headline);
      if (reuse.reusedSentences) job = withDraftReuse(job, reuse, Date.now());
    }
    // No key: say so now, before a job is queued, and before the tab's running check is given up for this one.
    if (isActive(job.state)) await clientFromSettings();
    // A check the user did not ask for gives up no other: the calls that one has in flight are paid for.
    if (request.asYouWrite && jobs.all().some((other) => other.tabId === request.tabId && isActive(other.state)))
      throw new ServiceError({ kind: 'rate-limit', message: t('writeWaiting') });
    await cancelChecksOf(request.tabId);
    // In a PDF's viewer there is nothing the content script could draw on.
    await launch(job, !snapshot.pdf);
    return job;
  }

  /**
   * Verifies the claims a finished "Detect claims" found, without detecting them again (see verifyingJob); from the
   * cache if the same text was checked already.
   */
  async function verifyDetected(id: string): Promise<Job> {
    await ready;
    const detected = jobs.get(id);
    if (!detected || detected.mode !== 'detect' || detected.state !== 'done' || !detected.claims.length)
      throw new ServiceError({
        kind: 'invalid-input',
        message: t('noDetectedClaims'),
      });
    const verifying = await verifyingJob(detected, Date.now());
    // Clicked twice: the second click joins the first's check (see startCheck).
    return joinOrStart(verifying, async () => {
      let job = verifying;
      const cached = await resultCache.get(job.cacheKey);
      if (cached) job = jobFromCache(job, cached, Date.now());
      else await clientFromSettings(); // No key: say so now, before a job is queued.
      await cancelChecksOf(job.tabId);
      await launch(job, true);
      return job;
    });
  }

  async function cancelChecksOf(tabId: number | null): Promise<void> {
    for (const old of jobs.all())
      if (old.tabId === tabId && isActive(old.state)) await runner.cancel(old.id, t('replacedByNewer'));
  }

  /**
   * Makes `job` its tab's check: stored, shown, and run if it has work left. With `inPage`, the content script draws its
   * claims in the page (from the cache as well as from a new check).
   */
  async function launch(job: Job, inPage: boolean): Promise<void> {
    await jobs.put(job);
    hub.publish(job.tabId);
    void toolbar.show(job);
    if (inPage && job.tabId !== null) void injectContentScript(job.tabId, job.frameId);
    if (isActive(job.state)) void runner.run(job.id);
  }

  async function inspectTab(tabId: number): Promise<TabInfo> {
    await ready;
    const tab = await browser.tabs.get(tabId).catch(() => null);
    const settings = await loadSettings();
    try {
      const snapshot = await readSnapshot(tabId);
      redrawAfterReload(tabId, snapshot);
      return tabInfoOf(tabId, snapshot, settings.apiBaseUrl);
    } catch (error) {
      return unreadableTabInfo(tabId, tab, error);
    }
  }

  /**
   * The tab's check is of the page it shows, but a reload took its drawing away (the browser clears the toolbar badge
   * as well, see tabNavigated): as the popup opens on it (a click that lets the extension reach the tab again), the
   * content script is woken, or injected to draw the claims again, and the badge is shown. A check of a frame is left:
   * the reloaded frame has a new id.
   */
  function redrawAfterReload(tabId: number, snapshot: PageSnapshot): void {
    const job = latest(jobs.all(), tabId);
    if (!job || job.state === 'failed' || job.frameId !== 0 || snapshot.pdf) return;
    if (stripHash(job.pageUrl) !== stripHash(snapshot.url)) return;
    void injectContentScript(tabId, 0);
    void toolbar.show(job);
  }

  async function cancel(id: string): Promise<void> {
    await ready;
    if (jobs.get(id)) return runner.cancel(id);
    await tasks.cancel(id);
  }

  async function retry(id: string): Promise<void> {
    await ready;
    const task = writing.get(id);
    if (task) return tasks.retry(task);
    const job = jobs.get(id);
    if (!job || job.state !== 'failed' || !job.chunks.length) return;
    void runner.retry(id);
  }

  /** Sends one claim of a finished check again, alone (see JobRunner.retryClaim); the key is checked first. */
  async function retryClaim(id: string, claimId: number): Promise<void> {
    await ready;
    await clientFromSettings();
    void runner.retryClaim(id, claimId);
  }

  /** After a worker restart: resume jobs and writing tasks whose calls died with the old worker. */
  async function resume(): Promise<void> {
    await ready;
    for (const task of writing.all()) if (task.state === 'running') void tasks.run(task.id);
    await runner.resumeAll();
  }

  /** A tab closed: its running jobs are cancelled, and nothing of it is shown again. */
  async function tabClosed(tabId: number): Promise<void> {
    await ready;
    for (const job of jobs.all()) {
      if (job.tabId !== tabId) continue;
      if (isActive(job.state)) await runner.cancel(job.id, t('tabClosed'));
      await jobs.update(job.id, (current) => ({ ...current, tabId: null }));
    }
    for (const task of writing.all()) {
      if (task.tabId !== tabId) continue;
      if (task.state === 'running') await tasks.cancel(task.id);
      await writing.update(task.id, (current) => ({ ...current, tabId: null }));
    }
  }

  /**
   * A tab started loading a page. When it is another page, the tab's jobs let go of it: a running job
   * finishes into the cache (its credits are being spent), but its results are no longer the tab's.
   */
  async function tabNavigated(tabId: number, url: string | undefined): Promise<void> {
    await ready;
    // The browser clears a tab's badge as it navigates, so it is shown again whatever it was: a check of the page come
    // back, served from the cache, would otherwise ask for the badge it had before and be taken as showing it.
    toolbar.forget(tabId);
    const samePage = (pageUrl: string) => url !== undefined && stripHash(url) === stripHash(pageUrl);
    let changed = false;
    for (const job of jobs.all()) {
      if (job.tabId !== tabId || samePage(job.pageUrl)) continue;
      await jobs.update(job.id, (current) => ({ ...current, tabId: null }));
      changed = true;
    }
    for (const task of writing.all()) {
      if (task.tabId !== tabId) continue;
      await writing.update(task.id, (current) => ({ ...current, tabId: null }));
      changed = true;
    }
    if (changed) hub.publish(tabId);
  }

  /**
   * A content script whose page came back from the browser's back-forward cache (Back, after a link) still shows the
   * check the tab gave up when it navigated away (see tabNavigated): that check is the tab's again, so that the popup
   * and the page agree. Only a check of the page (or frame) the content script is in, that no tab holds, while the
   * tab holds none; and a content script knows a check's id only if it was sent that check.
   */
  async function resumeShown(tabId: number, jobId: string, url: string | undefined): Promise<void> {
    await ready;
    const job = jobs.get(jobId);
    if (!job || job.tabId !== null || url === undefined || latest(jobs.all(), tabId)) return;
    if (stripHash(url) !== stripHash(job.frameUrl || job.pageUrl)) return;
    await jobs.update(job.id, (current) => ({ ...current, tabId }));
    const resumed = jobs.get(job.id);
    if (resumed) void toolbar.show(resumed);
    hub.publish(tabId);
  }

  /** A content script says how many of its tab's claims it located; only its own tab's job is touched. */
  async function reportAnchoring(
    tabId: number,
    report: { jobId: string; located: number; total: number; notFound: number[]; collapsed: number[] },
  ): Promise<void> {
    await ready;
    const job = jobs.get(report.jobId);
    if (!job || job.tabId !== tabId) return;
    const { located, total, notFound, collapsed } = report;
    const anchoring = { located, total, notFound, collapsed };
    if (JSON.stringify(job.anchoring) === JSON.stringify(anchoring)) return;
    await jobs.update(job.id, (current) => ({ ...current, anchoring }));
    hub.publish(tabId);
  }

  async function getLedger(): Promise<Ledger> {
    await ready;
    return ledger ?? creditLedger.get();
  }

  /** The user's answer to a check that asks before verifying its claims (see cost-question.ts). */
  async function answerQuestion(id: string, answer: QuestionAnswer): Promise<Job> {
    await ready;
    const next = await jobs.update(id, (current) =>
      current.state === 'asking' ? answeredJob(current, answer, Date.now()) : current,
    );
    if (!next || next.state === 'asking' || (answer !== 'stop' && !isActive(next.state)))
      throw new ServiceError({ kind: 'invalid-input', message: t('noLongerAsking') });
    hub.publish(next.tabId);
    void toolbar.show(next);
    if (isActive(next.state)) void runner.run(id);
    return next;
  }

  /**
   * "Clear history": the finished checks and writing results held for the popup go too (they quote what was checked
   * and written); running ones go on, and are the tabs' still.
   */
  async function forgetFinished(): Promise<void> {
    await ready;
    await jobs.removeWhere((job) => !isActive(job.state));
    await writing.removeWhere((task) => task.state !== 'running');
    hub.publishAll();
  }

  /** A window closed: if it was the last private one, nothing of what was checked or written there is kept. */
  async function windowClosed(): Promise<void> {
    const windows = await browser.windows.getAll().catch(() => null);
    if (windows && !windows.some((window) => window.incognito)) await privateWindowsClosed();
  }

  /** Drops every check and writing task of a private window, running or not. */
  async function privateWindowsClosed(): Promise<void> {
    await ready;
    if (!jobs.all().some((job) => job.privateWindow) && !writing.all().some((task) => task.privateWindow)) return;
    for (const job of jobs.all()) if (job.privateWindow && isActive(job.state)) await runner.cancel(job.id);
    for (const task of writing.all()) if (task.privateWindow && task.state === 'running') await tasks.cancel(task.id);
    await jobs.removeWhere((job) => job.privateWindow);
    await writing.removeWhere((task) => task.privateWindow);
    hub.publishAll();
  }

  /** The tab's latest check, if any. */
  async function latestJob(tabId: number): Promise<Job | null> {
    await ready;
    return latest(jobs.all(), tabId);
  }

  return {
    hub,
    ready,
    startCheck,
    verifyDetected,
    inspectTab,
    cancel,
    retry,
    retryClaim,
    checkDraftAgain,
    startWriting: tasks.startWriting,
    replaceWithResult: tasks.replaceWithResult,
    undoReplace: tasks.undoReplace,
    resume,
    tabClosed,
    tabNavigated,
    getLedger,
    latestJob,
    answerQuestion,
    forgetFinished,
    windowClosed,
    recordFailure,
    reportAnchoring,
    revealClaim: (tabId: number, claimId: number | 'next') =>
      revealClaim(tabId, latest(jobs.all(), tabId)?.frameId ?? 0, claimId),
    toggleHighlights,
    startGeneration: tasks.startGeneration,
  };
}

export type Controller = ReturnType<typeof createController>;

/** How often a page's card may have its draft checked again (see checkDraftAgain). */
const DRAFT_RECHECK_INTERVAL_MS = 5_000;
