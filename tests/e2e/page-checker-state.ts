/**
 * The content script's own account of its work (e2e build only: see PageChecker.activity), read from its isolated
 * world through the worker: a test waits for the page checker to have looked at a change and to have nothing left to
 * do, instead of sleeping and hoping it has.
 */
import type { Page, Worker } from '@playwright/test';
import { expect } from './quick-expect';

interface Activity {
  runs: number;
  idle: boolean;
}

function activity(worker: Worker, page: Page): Promise<Activity> {
  return worker.evaluate(async (url) => {
    const tabs = await chrome.tabs.query({});
    const tabId = Math.max(...tabs.filter((tab) => tab.url === url).map((tab) => tab.id ?? -1));
    const [frame] = await chrome.scripting.executeScript({
      target: { tabId },
      func: () =>
        (
          globalThis as unknown as { __factlensContent?: { activity?: () => { runs: number; idle: boolean } } }
        ).__factlensContent?.activity?.() ?? { runs: -1, idle: false },
    });
    return frame!.result as { runs: number; idle: boolean };
  }, page.url());
}

/** How many times the page checker has looked at the page so far. */
export async function pageCheckerRuns(worker: Worker, page: Page): Promise<number> {
  const { runs } = await activity(worker, page);
  if (runs < 0) throw new Error('No content script in the page');
  return runs;
}

/** Resolves once the page checker has looked at the page since `runs` and has nothing more scheduled. */
export async function pageCheckerSettled(worker: Worker, page: Page, runs: number): Promise<void> {
  await expect
    .poll(async () => {
      const now = await activity(worker, page);
      return now.runs > runs && now.idle;
    })
    .toBe(true);
}

/**
 * Resolves once the page checker has nothing scheduled: after an act that may change nothing at all (then nothing is
 * looked at again, and pageCheckerSettled would wait for a look that never comes).
 */
export async function pageCheckerIdle(worker: Worker, page: Page): Promise<void> {
  await expect.poll(async () => (await activity(worker, page)).idle).toBe(true);
}
