/**
 * The background's coordinators, wired: the checks (CheckStarter), the tabs they belong to (TabFollower), the credit
 * ledger (LedgerKeeper), the resuming after a worker restart (resumer.ts), the writing tasks, and the events hub that
 * shows each tab's state to its watchers. The entry points (messages, context menu, commands) all come through here.
 */
import type { TabState } from '../contract/messages';
import { CheckStarter, snapshotOf, type StartCheckRequest } from './check-starter';
import { toJobView } from './check/job-view';
import { JobRunner } from './check/runner';
import { keepFinished } from './check/save-finished';
import { costQuestion } from './check/cost-question';
import { createJobStore, createWritingStore } from './check/store';
import { EventHub } from './events';
import { keepAlive } from './keepalive';
import { createLedgerKeeper, type LedgerKeeper } from './ledger-keeper';
import { createResumeAlarm, createResumer } from './resumer';
import { clientFromSettings } from './service';
import { loadSettings } from './settings-store';
import { latestOf, TabFollower } from './tab-follower';
import { toggleHighlights } from './tab-messages';
import { ToolbarButton } from './toolbar';
import { createWritingTasks, type WritingTasks } from './writing-tasks';
import { createEarlierLookup } from './earlier/earlier-lookup';
import { earlierAccess } from './earlier/earlier-access';

export { RESUME_ALARM } from './resumer';
export type { StartCheckRequest } from './check-starter';

export function createController() {
  const jobs = createJobStore();
  const writing = createWritingStore();
  const toolbar = new ToolbarButton();
  // The hub and the tabs need each other (a page back from the back-forward cache takes its check back through the
  // hub's port); the tabs are made before the hub hears anything.
  const late: { tabs?: TabFollower } = {};
  const stateOf = (tabId: number): TabState => {
    const job = latestOf(jobs.all(), tabId);
    return {
      type: 'state',
      tabId,
      job: job ? toJobView(job) : null,
      writing: latestOf(writing.all(), tabId),
      ledger: ledger.current(),
    };
  };
  const hub = new EventHub(
    stateOf,
    (tabId, jobId, url) => late.tabs?.resumeShown(tabId, jobId, url) ?? Promise.resolve(),
  );
  const ledger = createLedgerKeeper({
    changed: () => hub.publishAll(),
    dailyLimit: async () => (await loadSettings()).writeDailyLimit,
  });
  const ready = (async () => {
    await Promise.all([jobs.load(), writing.load()]);
    await ledger.load();
  })();
  const syncResumeAlarm = createResumeAlarm({ jobs, writing });
  const getLedger = async () => {
    await ready;
    return ledger.get();
  };
  const earlier = createEarlierLookup({
    jobs,
    publish: (job) => hub.publish(job.tabId),
    finished: (job) => void keepFinished(job),
    access: earlierAccess,
    keepAlive,
  });
  const runner = new JobRunner({
    jobs,
    client: clientFromSettings,
    keepAlive,
    spend: ledger.spend,
    book: ledger.book,
    unbook: ledger.unbook,
    publish(job) {
      hub.publish(job.tabId);
      void toolbar.show(job);
      void syncResumeAlarm();
      earlier.follow(job);
    },
    finished: (job) => void keepFinished(job),
    question: async (job) => costQuestion(job, await getLedger(), (await loadSettings()).askAboveCredits),
  });
  const tasks = createWritingTasks({
    writing,
    hub,
    ready,
    spend: (credits) => ledger.spend({ credits }),
    syncResumeAlarm,
    snapshotOf: (request) => snapshotOf(request),
  });
  const tabs = new TabFollower({ ready, jobs, writing, hub, toolbar, runner, tasks });
  late.tabs = tabs;
  const checks = new CheckStarter({ ready, jobs, writing, hub, toolbar, runner, tasks, launched: earlier.follow });
  const resume = createResumer({ ready, writing, runner, tasks });
  return controllerApi({ hub, ready, checks, tabs, tasks, resume, getLedger });
}

/** What the worker's message handlers and events ask of the coordinators. */
function controllerApi({
  hub,
  ready,
  checks,
  tabs,
  tasks,
  resume,
  getLedger,
}: {
  hub: EventHub;
  ready: Promise<void>;
  checks: CheckStarter;
  tabs: TabFollower;
  tasks: WritingTasks;
  resume: ReturnType<typeof createResumer>;
  getLedger: () => ReturnType<LedgerKeeper['get']>;
}) {
  return {
    hub,
    ready,
    startCheck: (request: StartCheckRequest) => checks.startCheck(request),
    verifyDetected: (id: string) => checks.verifyDetected(id),
    inspectTab: (tabId: number) => tabs.inspectTab(tabId),
    cancel: (id: string) => checks.cancel(id),
    retry: (id: string) => checks.retry(id),
    retryClaim: (id: string, claimId: number) => checks.retryClaim(id, claimId),
    checkDraftAgain: (tabId: number, frameId: number) => checks.checkDraftAgain(tabId, frameId),
    startWriting: tasks.startWriting,
    replaceWithResult: tasks.replaceWithResult,
    undoReplace: tasks.undoReplace,
    resume,
    tabClosed: (tabId: number) => tabs.tabClosed(tabId),
    tabNavigated: (tabId: number, url: string | undefined) => tabs.tabNavigated(tabId, url),
    getLedger,
    latestJob: (tabId: number) => tabs.latestJob(tabId),
    answerQuestion: checks.answerQuestion.bind(checks),
    forgetFinished: () => checks.forgetFinished(),
    windowClosed: () => tabs.windowClosed(),
    recordFailure: checks.recordFailure.bind(checks),
    reportAnchoring: tabs.reportAnchoring.bind(tabs),
    revealClaim: (tabId: number, claimId: number | 'next') => tabs.revealClaim(tabId, claimId),
    toggleHighlights,
    startGeneration: tasks.startGeneration,
  };
}

export type Controller = ReturnType<typeof createController>;
