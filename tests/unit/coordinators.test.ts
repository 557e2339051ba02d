/**
 * The background's coordinators on their own, with WXT's in-memory browser: checks started at once join, a tab that
 * goes to another page lets go of its check, a restarted worker resumes what was running, and the ledger keeps its
 * books.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { Job, WritingTask } from '@/utils/contract/jobs';
import type { PageSnapshot } from '@/utils/contract/page-actions';
import { CheckStarter } from '@/utils/background/check-starter';
import { newJob } from '@/utils/background/check/new-job';
import { createJobStore, createWritingStore } from '@/utils/background/check/store';
import { createLedgerKeeper } from '@/utils/background/ledger-keeper';
import { createResumer } from '@/utils/background/resumer';
import { apiKeyItem } from '@/utils/background/settings-store';
import { TabFollower } from '@/utils/background/tab-follower';

const PAGE: PageSnapshot = {
  url: 'https://news.example/moon',
  title: 'Moon',
  headline: 'The Moon',
  mainText: 'The Moon is about 384,400 kilometres from Earth. Twelve astronauts walked on the Moon.',
  selection: '',
  selectionEditable: false,
  draft: '',
  signedIn: false,
};

/** Fakes for what a coordinator tells: the events hub, the toolbar, the runner, the writing tasks. */
function told() {
  return {
    hub: { publish: vi.fn(), publishAll: vi.fn() },
    toolbar: { show: vi.fn(async () => undefined), forget: vi.fn() },
    runner: {
      run: vi.fn(async () => undefined),
      cancel: vi.fn(async () => undefined),
      retry: vi.fn(async () => undefined),
      retryClaim: vi.fn(async () => undefined),
      resumeAll: vi.fn(async () => undefined),
    },
    tasks: {
      cancel: vi.fn(async () => undefined),
      retry: vi.fn(async () => undefined),
      run: vi.fn(async () => undefined),
    },
  };
}

const pageJob = (tabId: number, url: string): Promise<Job> =>
  newJob(
    { tabId, scope: 'page' },
    { ...PAGE, url },
    { apiBaseUrl: 'https://api.example', language: 'English-US', checkMode: 'progressive' },
    Date.now(),
  );

beforeEach(() => fakeBrowser.reset());

describe('CheckStarter', () => {
  it('joins a second request for the same check made before the first is stored, and runs it once', async () => {
    await apiKeyItem.setValue('a-key');
    const jobs = createJobStore();
    const fakes = told();
    // The page is read slowly, so that both requests are under way at once.
    let readsUnderWay = 0;
    const readSnapshot = vi.fn(async () => {
      readsUnderWay++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return PAGE;
    });
    const checks = new CheckStarter({
      ready: Promise.resolve(),
      jobs,
      writing: createWritingStore(),
      ...fakes,
      readSnapshot,
      injectContentScript: vi.fn(async () => undefined),
    });
    const [first, second] = await Promise.all([
      checks.startCheck({ tabId: 7, scope: 'page' }),
      checks.startCheck({ tabId: 7, scope: 'page' }),
    ]);
    expect(readsUnderWay).toBe(2);
    expect(second.id).toBe(first.id);
    expect(jobs.all()).toHaveLength(1);
    expect(fakes.runner.run).toHaveBeenCalledTimes(1);
    // "Re-check" starts afresh, and gives the running one up.
    const again = await checks.startCheck({ tabId: 7, scope: 'page', recheck: true });
    expect(again.id).not.toBe(first.id);
    expect(fakes.runner.cancel).toHaveBeenCalledWith(first.id, expect.any(String));
  });

  it('records a check that could not start on its tab, so that the popup can say why', async () => {
    const jobs = createJobStore();
    const fakes = told();
    const checks = new CheckStarter({
      ready: Promise.resolve(),
      jobs,
      writing: createWritingStore(),
      ...fakes,
      readSnapshot: async () => PAGE,
    });
    // No key saved.
    await expect(checks.startCheck({ tabId: 3, scope: 'page' })).rejects.toMatchObject({ kind: 'auth' });
    expect(jobs.all().map((job) => [job.tabId, job.state])).toEqual([[3, 'failed']]);
    expect(fakes.hub.publish).toHaveBeenCalledWith(3);
    expect(fakes.runner.run).not.toHaveBeenCalled();
  });
});

describe('TabFollower', () => {
  it('keeps a check when its tab moves within the page, and lets go of it when the tab goes to another page', async () => {
    const jobs = createJobStore();
    const fakes = told();
    const tabs = new TabFollower({ ready: Promise.resolve(), jobs, writing: createWritingStore(), ...fakes });
    const job = await pageJob(5, 'https://news.example/moon');
    await jobs.put(job);
    await tabs.tabNavigated(5, 'https://news.example/moon#comments');
    expect(jobs.get(job.id)?.tabId).toBe(5);
    expect(fakes.hub.publish).not.toHaveBeenCalled();
    await tabs.tabNavigated(5, 'https://news.example/sun');
    expect(jobs.get(job.id)?.tabId).toBeNull();
    expect(fakes.hub.publish).toHaveBeenCalledWith(5);
    expect(fakes.toolbar.forget).toHaveBeenCalledWith(5);
    // Back from the back-forward cache on the page it checked: the check is the tab's again.
    await tabs.resumeShown(5, job.id, 'https://news.example/moon');
    expect(jobs.get(job.id)?.tabId).toBe(5);
    // Not a page it did not check, nor a tab that holds another check.
    await tabs.tabNavigated(5, 'https://news.example/sun');
    await tabs.resumeShown(5, job.id, 'https://news.example/sun');
    expect(jobs.get(job.id)?.tabId).toBeNull();
  });

  it('cancels the running checks of a closed tab', async () => {
    const jobs = createJobStore();
    const fakes = told();
    const tabs = new TabFollower({ ready: Promise.resolve(), jobs, writing: createWritingStore(), ...fakes });
    const job = await pageJob(9, PAGE.url);
    await jobs.put(job);
    await tabs.tabClosed(9);
    expect(fakes.runner.cancel).toHaveBeenCalledWith(job.id, expect.any(String));
    expect(jobs.get(job.id)?.tabId).toBeNull();
  });
});

describe('the resumer', () => {
  it('after a restart, resumes the running writing tasks and the jobs, from what was stored', async () => {
    const stored = createWritingStore();
    const task: WritingTask = {
      id: 'task-1',
      tabId: 2,
      kind: 'rephrase',
      input: 'The Moon is far.',
      generation: null,
      citations: [],
      editable: true,
      frameId: 0,
      privateWindow: false,
      state: 'running',
      notice: '',
      texts: [],
      credits: { used: 0, unreported: 0 },
      createdAt: Date.now(),
      error: null,
      replacedWith: null,
      replacedOver: null,
    };
    await stored.put(task);
    await stored.put({ ...task, id: 'task-2', state: 'done' });
    // A new worker: its stores read what the old one left.
    const writing = createWritingStore();
    const fakes = told();
    const resume = createResumer({ ready: writing.load(), writing, runner: fakes.runner, tasks: fakes.tasks });
    await resume();
    expect(fakes.tasks.run.mock.calls).toEqual([['task-1']]);
    expect(fakes.runner.resumeAll).toHaveBeenCalledTimes(1);
  });
});

describe('LedgerKeeper', () => {
  it('adds what answers cost, books checks made as the user writes within the day’s limit, and gives a booking back', async () => {
    const changed = vi.fn();
    const ledger = createLedgerKeeper({ changed, dailyLimit: async () => 5 });
    await ledger.load();
    ledger.spend({ credits: { used: 4, unreported: 0 } });
    await vi.waitFor(() => expect(ledger.current()?.total).toBe(4));
    expect(changed).toHaveBeenCalled();
    // Two sentences to detect: 1 a sentence and 1 the call, booked before it is sent.
    expect(await ledger.book({ kind: 'detect', sentences: 2 })).toBe(3);
    expect(ledger.current()?.writing.credits).toBe(3);
    await expect(ledger.book({ kind: 'detect', sentences: 2 })).rejects.toMatchObject({ kind: 'limit' });
    ledger.unbook({ booked: 3, at: Date.now() });
    await vi.waitFor(() => expect(ledger.current()?.writing.credits).toBe(0));
  });
});
