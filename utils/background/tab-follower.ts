/**
 * Follows the tabs that checks and writing tasks belong to: a tab closed or gone to another page lets go of them, a page
 * back from the back-forward cache takes its check back, a reload has its claims drawn again.
 */
import { docsAllowed } from './docs-access';
import { browser } from '#imports';
import type { Job } from '../contract/jobs';
import type { TabInfo } from '../contract/messages';
import type { PageSnapshot } from '../contract/page-actions';
import { t } from '../shared/i18n';
import { isActive } from '../shared/progress';
import { stripHash } from '../shared/urls';
import type { JobRunner } from './check/runner';
import type { JobStore, WritingStore } from './check/store';
import type { EventHub } from './events';
import { loadSettings } from './settings-store';
import { injectContentScript, readSnapshot } from './tab-access';
import { tabInfoOf, unreadableTabInfo } from './tab-info';
import { revealClaim } from './tab-messages';
import type { ToolbarButton } from './toolbar';
import type { WritingTasks } from './writing-tasks';

/** The newest of the records that belong to the tab, or null. */
export const latestOf = <T extends { tabId: number | null }>(records: T[], tabId: number): T | null =>
  records.filter((record) => record.tabId === tabId).at(-1) ?? null;

export interface TabFollowerDeps {
  ready: Promise<void>;
  jobs: JobStore;
  writing: WritingStore;
  hub: Pick<EventHub, 'publish' | 'publishAll'>;
  toolbar: Pick<ToolbarButton, 'show' | 'forget'>;
  runner: Pick<JobRunner, 'cancel'>;
  tasks: Pick<WritingTasks, 'cancel'>;
  /** Reads a tab's page (tab-access.ts's, unless a test gives another). */
  readSnapshot?: (tabId: number) => Promise<PageSnapshot>;
  injectContentScript?: (tabId: number, frameId: number) => Promise<unknown>;
}

export class TabFollower {
  private readonly ready: Promise<void>;
  private readonly jobs: JobStore;
  private readonly writing: WritingStore;
  private readonly hub: TabFollowerDeps['hub'];
  private readonly toolbar: TabFollowerDeps['toolbar'];
  private readonly runner: TabFollowerDeps['runner'];
  private readonly tasks: TabFollowerDeps['tasks'];
  private readonly read: (tabId: number) => Promise<PageSnapshot>;
  private readonly inject: (tabId: number, frameId: number) => Promise<unknown>;

  constructor(deps: TabFollowerDeps) {
    this.ready = deps.ready;
    this.jobs = deps.jobs;
    this.writing = deps.writing;
    this.hub = deps.hub;
    this.toolbar = deps.toolbar;
    this.runner = deps.runner;
    this.tasks = deps.tasks;
    this.read = deps.readSnapshot ?? readSnapshot;
    this.inject = deps.injectContentScript ?? injectContentScript;
  }

  private latestJobNow(tabId: number): Job | null {
    return latestOf(this.jobs.all(), tabId);
  }

  /** A tab closed: its running jobs are cancelled, and nothing of it is shown again. */
  async tabClosed(tabId: number): Promise<void> {
    await this.ready;
    for (const job of this.jobs.all()) {
      if (job.tabId !== tabId) continue;
      if (isActive(job.state)) await this.runner.cancel(job.id, t('tabClosed'));
      await this.jobs.update(job.id, (current) => ({ ...current, tabId: null }));
    }
    for (const task of this.writing.all()) {
      if (task.tabId !== tabId) continue;
      if (task.state === 'running') await this.tasks.cancel(task.id);
      await this.writing.update(task.id, (current) => ({ ...current, tabId: null }));
    }
  }

  /**
   * A tab started loading a page. When it is another page, the tab's jobs let go of it: a running job finishes into the
   * cache (its credits are being spent), but its results are no longer the tab's.
   */
  async tabNavigated(tabId: number, url: string | undefined): Promise<void> {
    await this.ready;
    // The browser clears a tab's badge as it navigates, so it is shown again whatever it was: a check of the page come
    // back, served from the cache, would otherwise ask for the badge it had before and be taken as showing it.
    this.toolbar.forget(tabId);
    const samePage = (pageUrl: string) => url !== undefined && stripHash(url) === stripHash(pageUrl);
    let changed = false;
    for (const job of this.jobs.all()) {
      if (job.tabId !== tabId || samePage(job.pageUrl)) continue;
      await this.jobs.update(job.id, (current) => ({ ...current, tabId: null }));
      changed = true;
    }
    for (const task of this.writing.all()) {
      if (task.tabId !== tabId) continue;
      await this.writing.update(task.id, (current) => ({ ...current, tabId: null }));
      changed = true;
    }
    if (changed) this.hub.publish(tabId);
  }

  /**
   * A content script whose page came back from the browser's back-forward cache (Back, after a link) still shows the
   * check the tab gave up when it navigated away (see tabNavigated): that check is the tab's again, so that the popup
   * and the page agree. Only a check of the page (or frame) the content script is in, that no tab holds, while the
   * tab holds none; and a content script knows a check's id only if it was sent that check.
   */
  async resumeShown(tabId: number, jobId: string, url: string | undefined): Promise<void> {
    await this.ready;
    const job = this.jobs.get(jobId);
    if (!job || job.tabId !== null || url === undefined || this.latestJobNow(tabId)) return;
    if (stripHash(url) !== stripHash(job.frameUrl || job.pageUrl)) return;
    await this.jobs.update(job.id, (current) => ({ ...current, tabId }));
    const resumed = this.jobs.get(job.id);
    if (resumed) void this.toolbar.show(resumed);
    this.hub.publish(tabId);
  }

  /** A content script says how many of its tab's claims it located; only its own tab's job is touched. */
  async reportAnchoring(
    tabId: number,
    report: {
      jobId: string;
      located: number;
      total: number;
      notFound: number[];
      collapsed: number[];
      offView: number[];
    },
  ): Promise<void> {
    await this.ready;
    const job = this.jobs.get(report.jobId);
    if (!job || job.tabId !== tabId) return;
    const { located, total, notFound, collapsed, offView } = report;
    const anchoring = { located, total, notFound, collapsed, offView };
    if (JSON.stringify(job.anchoring) === JSON.stringify(anchoring)) return;
    await this.jobs.update(job.id, (current) => ({ ...current, anchoring }));
    this.hub.publish(tabId);
  }

  /** What the popup shows about a tab before a check; a reloaded page's check is drawn again (see redrawAfterReload). */
  async inspectTab(tabId: number): Promise<TabInfo> {
    await this.ready;
    const tab = await browser.tabs.get(tabId).catch(() => null);
    const settings = await loadSettings();
    try {
      const snapshot = await this.read(tabId);
      this.redrawAfterReload(tabId, snapshot);
      return tabInfoOf(tabId, snapshot, settings, snapshot.googleDoc ? await docsAllowed() : false);
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
  private redrawAfterReload(tabId: number, snapshot: PageSnapshot): void {
    const job = this.latestJobNow(tabId);
    if (!job || job.state === 'failed' || job.frameId !== 0 || snapshot.pdf) return;
    if (stripHash(job.pageUrl) !== stripHash(snapshot.url)) return;
    void this.inject(tabId, 0);
    void this.toolbar.show(job);
  }

  /** A window closed: if it was the last private one, nothing of what was checked or written there is kept. */
  async windowClosed(): Promise<void> {
    const windows = await browser.windows.getAll().catch(() => null);
    if (windows && !windows.some((window) => window.incognito)) await this.privateWindowsClosed();
  }

  /** Drops every check and writing task of a private window, running or not. */
  async privateWindowsClosed(): Promise<void> {
    await this.ready;
    if (!this.jobs.all().some((job) => job.privateWindow) && !this.writing.all().some((task) => task.privateWindow))
      return;
    for (const job of this.jobs.all()) if (job.privateWindow && isActive(job.state)) await this.runner.cancel(job.id);
    for (const task of this.writing.all())
      if (task.privateWindow && task.state === 'running') await this.tasks.cancel(task.id);
    await this.jobs.removeWhere((job) => job.privateWindow);
    await this.writing.removeWhere((task) => task.privateWindow);
    this.hub.publishAll();
  }

  /** The tab's latest check, if any. */
  async latestJob(tabId: number): Promise<Job | null> {
    await this.ready;
    return this.latestJobNow(tabId);
  }

  revealClaim(tabId: number, claimId: number | 'next'): Promise<void> {
    return revealClaim(tabId, this.latestJobNow(tabId)?.frameId ?? 0, claimId);
  }
}
