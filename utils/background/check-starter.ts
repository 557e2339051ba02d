/**
 * Starts, joins, answers, retries and cancels checks: the tab's check made from what its page shows (or what the
 * request gives), from the cache or sent, and the one paid call a content script may ask for (checking its draft
 * again).
 */
import type { CheckScope, Job, SourceKind } from '../contract/jobs';
import type { PageSnapshot } from '../contract/page-actions';
import { t } from '../shared/i18n';
import { isActive } from '../shared/progress';
import { ServiceError, formatWait } from './api/errors';
import { answeredJob, type QuestionAnswer } from './check/cost-question';
import { reuseDraft } from './check/draft-cache';
import { failedJob, jobFromCache, newJob, verifyingJob, withDraftReuse } from './check/new-job';
import type { JobRunner } from './check/runner';
import { resultCache, type JobStore, type WritingStore } from './check/store';
import type { EventHub } from './events';
import { clientFromSettings } from './service';
import { loadSettings } from './settings-store';
import { latestOf } from './tab-follower';
import { injectContentScript, readSnapshot } from './tab-access';
import { inPrivateWindow } from './tab-info';
import type { ToolbarButton } from './toolbar';
import type { WritingTasks } from './writing-tasks';

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

/** How often a page's card may have its draft checked again (see checkDraftAgain). */
const DRAFT_RECHECK_INTERVAL_MS = 5_000;

export interface CheckStarterDeps {
  ready: Promise<void>;
  jobs: JobStore;
  writing: WritingStore;
  hub: Pick<EventHub, 'publish' | 'publishAll'>;
  toolbar: Pick<ToolbarButton, 'show'>;
  runner: Pick<JobRunner, 'run' | 'cancel' | 'retry' | 'retryClaim'>;
  tasks: Pick<WritingTasks, 'cancel' | 'retry'>;
  /** Reads a tab's page, and draws in it (tab-access.ts's, unless a test gives others). */
  readSnapshot?: (tabId: number) => Promise<PageSnapshot>;
  injectContentScript?: (tabId: number, frameId: number) => Promise<unknown>;
  /** Told of each check made its tab's (a cached one too): its claims' earlier fact-checks are looked for. */
  launched?: (job: Job) => void;
}

export async function snapshotOf(
  request: StartCheckRequest,
  read: (tabId: number) => Promise<PageSnapshot> = readSnapshot,
): Promise<PageSnapshot> {
  if (request.given) return request.given;
  let snapshot: PageSnapshot;
  try {
    snapshot = await read(request.tabId);
  } catch (error) {
    if (request.fallback) return request.fallback;
    throw error;
  }
  // In a PDF the menu's event has the selection, which the page read cannot see.
  return snapshot.pdf && request.fallback ? { ...request.fallback, pdf: true } : snapshot;
}

export class CheckStarter {
  private readonly ready: Promise<void>;
  private readonly jobs: JobStore;
  private readonly writing: WritingStore;
  private readonly hub: CheckStarterDeps['hub'];
  private readonly toolbar: CheckStarterDeps['toolbar'];
  private readonly runner: CheckStarterDeps['runner'];
  private readonly tasks: CheckStarterDeps['tasks'];
  private readonly read: (tabId: number) => Promise<PageSnapshot>;
  private readonly inject: (tabId: number, frameId: number) => Promise<unknown>;
  private readonly launched: (job: Job) => void;
  /** When each tab last had its draft checked again from a card. */
  private readonly draftRecheckedAt = new Map<number, number>();
  /**
   * Checks being started, by tab and content (see startCheck): a second request for the same check, made before the
   * first is stored, joins it.
   */
  private readonly startsUnderWay = new Map<string, Promise<Job>>();

  constructor(deps: CheckStarterDeps) {
    this.ready = deps.ready;
    this.jobs = deps.jobs;
    this.writing = deps.writing;
    this.hub = deps.hub;
    this.toolbar = deps.toolbar;
    this.runner = deps.runner;
    this.tasks = deps.tasks;
    this.read = deps.readSnapshot ?? readSnapshot;
    this.inject = deps.injectContentScript ?? injectContentScript;
    this.launched = deps.launched ?? (() => undefined);
  }

  /** Reads what a check is made from (see snapshotOf). */
  snapshotOf(request: StartCheckRequest): Promise<PageSnapshot> {
    return snapshotOf(request, this.read);
  }

  /**
   * Checks a draft again for its card: the one paid call a content script may ask for, so it is taken only when the
   * tab's latest check is a finished check of a draft in the asking frame, and at most once every
   * DRAFT_RECHECK_INTERVAL_MS per tab (a refusal that sent nothing does not count).
   */
  async checkDraftAgain(tabId: number, frameId: number, now = Date.now()): Promise<Job> {
    await this.ready;
    const last = latestOf(this.jobs.all(), tabId);
    if (!last || last.scope !== 'draft' || last.frameId !== frameId || last.state !== 'done')
      throw new ServiceError({
        kind: 'invalid-input',
        message: t('recheckOnlyEnded'),
      });
    const since = now - (this.draftRecheckedAt.get(tabId) ?? -Infinity);
    if (since < DRAFT_RECHECK_INTERVAL_MS)
      throw new ServiceError({
        kind: 'rate-limit',
        message: t('recheckTooSoon', formatWait(DRAFT_RECHECK_INTERVAL_MS - since)),
      });
    // Taken before the check starts, so that asks made at once are refused; given back if it was refused.
    const before = this.draftRecheckedAt.get(tabId);
    this.draftRecheckedAt.set(tabId, now);
    try {
      return await this.startCheck({ tabId, scope: 'draft', quiet: true });
    } catch (error) {
      if (before === undefined) this.draftRecheckedAt.delete(tabId);
      else this.draftRecheckedAt.set(tabId, before);
      throw error;
    }
  }

  /** Records a check that could not start (nothing selected, no access), so the popup can say why. */
  async recordFailure(request: StartCheckRequest, error: ServiceError, snapshot?: PageSnapshot): Promise<void> {
    const now = Date.now();
    // A check running on the tab stays the one shown, to be followed or cancelled: a failed record in its place
    // would leave it running out of sight. The refusal is its notice instead, while it runs.
    const running = this.jobs.all().find((other) => other.tabId === request.tabId && isActive(other.state));
    if (running) {
      const notice = t('notStarted', error.message);
      const shown = await this.jobs.update(running.id, (current) => ({ ...current, notice, updatedAt: now }));
      if (shown) {
        this.hub.publish(shown.tabId);
        // Told on the toolbar button too: a shortcut's or the menu's refusal has no popup open to show it.
        void this.toolbar.show(shown);
      }
      return;
    }
    const job = failedJob(request, error, snapshot, now);
    await this.jobs.put(job);
    this.hub.publish(job.tabId);
    void this.toolbar.show(job);
  }

  /**
   * Starts a check; returns the job at once (done already when it came from the cache). The same check of the tab
   * asked for again while it runs (the shortcut pressed twice, a double click, the popup and the menu at once) is
   * joined, not replaced: replacing it would pay again for the calls it had made. "Re-check" always starts afresh.
   */
  async startCheck(request: StartCheckRequest): Promise<Job> {
    await this.ready;
    let snapshot: PageSnapshot | undefined;
    // Once the check is launched, its own failure is recorded where it is launched: a request that joined it fails
    // with it, and does not record it a second time.
    let launching = false;
    try {
      const taken = await this.snapshotOf(request);
      snapshot = taken;
      const privateWindow = await inPrivateWindow(request.tabId);
      const job = await newJob({ ...request, privateWindow }, taken, await loadSettings(), Date.now());
      const start = () =>
        this.launchCheck(request, taken, job).catch(async (error: unknown) => {
          if (error instanceof ServiceError && !request.quiet) await this.recordFailure(request, error, taken);
          throw error;
        });
      launching = true;
      return await (request.recheck ? start() : this.joinOrStart(job, start));
    } catch (error) {
      if (error instanceof ServiceError && !launching && !request.quiet)
        await this.recordFailure(request, error, snapshot);
      throw error;
    }
  }

  /** The tab's check of the same content if one runs or is being started, else the one `start` starts. */
  private async joinOrStart(job: Job, start: () => Promise<Job>): Promise<Job> {
    const key = `${job.tabId}|${job.cacheKey}`;
    const running = this.jobs
      .all()
      .find((other) => `${other.tabId}|${other.cacheKey}` === key && isActive(other.state));
    if (running) return running;
    const joined = this.startsUnderWay.get(key);
    if (joined) return joined;
    const started = start();
    this.startsUnderWay.set(key, started);
    try {
      return await started;
    } finally {
      this.startsUnderWay.delete(key);
    }
  }

  /** Makes `job` the tab's check (see startCheck): from the cache, or sent; drawn in the page unless it is a PDF. */
  private async launchCheck(request: StartCheckRequest, snapshot: PageSnapshot, job: Job): Promise<Job> {
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
    if (request.asYouWrite && this.jobs.all().some((other) => other.tabId === request.tabId && isActive(other.state)))
      throw new ServiceError({ kind: 'rate-limit', message: t('writeWaiting') });
    await this.cancelChecksOf(request.tabId);
    // In a PDF's viewer there is nothing the content script could draw on.
    await this.launch(job, !snapshot.pdf);
    return job;
  }

  /**
   * Verifies the claims a finished "Detect claims" found, without detecting them again (see verifyingJob); from the
   * cache if the same text was checked already.
   */
  async verifyDetected(id: string): Promise<Job> {
    await this.ready;
    const detected = this.jobs.get(id);
    if (!detected || detected.mode !== 'detect' || detected.state !== 'done' || !detected.claims.length)
      throw new ServiceError({
        kind: 'invalid-input',
        message: t('noDetectedClaims'),
      });
    const verifying = await verifyingJob(detected, Date.now());
    // Clicked twice: the second click joins the first's check (see startCheck).
    return this.joinOrStart(verifying, async () => {
      let job = verifying;
      const cached = await resultCache.get(job.cacheKey);
      if (cached) job = jobFromCache(job, cached, Date.now());
      else await clientFromSettings(); // No key: say so now, before a job is queued.
      await this.cancelChecksOf(job.tabId);
      await this.launch(job, true);
      return job;
    });
  }

  private async cancelChecksOf(tabId: number | null): Promise<void> {
    for (const old of this.jobs.all())
      if (old.tabId === tabId && isActive(old.state)) await this.runner.cancel(old.id, t('replacedByNewer'));
  }

  /**
   * Makes `job` its tab's check: stored, shown, and run if it has work left. With `inPage`, the content script draws its
   * claims in the page (from the cache as well as from a new check).
   */
  private async launch(job: Job, inPage: boolean): Promise<void> {
    await this.jobs.put(job);
    this.hub.publish(job.tabId);
    void this.toolbar.show(job);
    if (inPage && job.tabId !== null) void this.inject(job.tabId, job.frameId);
    this.launched(job);
    if (isActive(job.state)) void this.runner.run(job.id);
  }

  async cancel(id: string): Promise<void> {
    await this.ready;
    if (this.jobs.get(id)) return this.runner.cancel(id);
    await this.tasks.cancel(id);
  }

  async retry(id: string): Promise<void> {
    await this.ready;
    const task = this.writing.get(id);
    if (task) return this.tasks.retry(task);
    const job = this.jobs.get(id);
    if (!job || job.state !== 'failed' || !job.chunks.length) return;
    void this.runner.retry(id);
  }

  /** Sends one claim of a finished check again, alone (see JobRunner.retryClaim); the key is checked first. */
  async retryClaim(id: string, claimId: number): Promise<void> {
    await this.ready;
    await clientFromSettings();
    void this.runner.retryClaim(id, claimId);
  }

  /** The user's answer to a check that asks before verifying its claims (see cost-question.ts). */
  async answerQuestion(id: string, answer: QuestionAnswer): Promise<Job> {
    await this.ready;
    const next = await this.jobs.update(id, (current) =>
      current.state === 'asking' ? answeredJob(current, answer, Date.now()) : current,
    );
    if (!next || next.state === 'asking' || (answer !== 'stop' && !isActive(next.state)))
      throw new ServiceError({ kind: 'invalid-input', message: t('noLongerAsking') });
    this.hub.publish(next.tabId);
    void this.toolbar.show(next);
    if (isActive(next.state)) void this.runner.run(id);
    return next;
  }

  /**
   * "Clear history": the finished checks and writing results held for the popup go too (they quote what was checked
   * and written); running ones go on, and are the tabs' still.
   */
  async forgetFinished(): Promise<void> {
    await this.ready;
    await this.jobs.removeWhere((job) => !isActive(job.state));
    await this.writing.removeWhere((task) => task.state !== 'running');
    this.hub.publishAll();
  }
}
