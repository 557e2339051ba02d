/**
 * Jobs outlive the service worker: it is stopped (CDP, as Chrome stops an idle worker) in the middle of
 * each pipeline, and the job completes without paying twice for anything that already had an answer.
 */
import type { RequestLogEntry } from '../../service-double/server';
import { VERIFY_CONCURRENCY } from '../../utils/background/check/runner';
import type { Page } from '@playwright/test';
import { checkArticleAgain, clearFromList, overlayBadges } from './chromium-steps';
import { expect } from './quick-expect';
import { sendAtOnce } from './worker-probes';
import { test } from './fixtures';

const claimsOf = (calls: RequestLogEntry[]) => calls.flatMap((call) => (call.body as { claims: string[] }).claims);

test('progressive: stopped while verification batches are pending, it resumes and sends only the unanswered ones', async ({
  configure,
  openDemoPage,
  openPopup,
  restartWorker,
  double,
}) => {
  await configure();
  double.faults.add({ kind: 'latency', endpoint: 'factCheckClaims', delayMs: 1000, perItemMs: 500 });
  const { tabId } = await openDemoPage('article.html');
  const popup = await openPopup(tabId);
  await popup.getByRole('button', { name: 'Check this page' }).click();
  // Stop once the first batch's verdict is kept and others are out. The popup draws a verdict only after
  // the job's store took it: the double's 200 alone is not enough, as the worker may be stopped between
  // the answer's arrival and its storing, and then that batch is rightly sent again.
  const verdictsShown = popup.locator('.claim .verdict strong').filter({ hasNotText: 'Checking' });
  await expect.poll(() => verdictsShown.count()).toBeGreaterThan(0);
  const answeredBeforeStop = claimsOf(double.endpointCalls('factCheckClaims').filter((call) => call.outcome === 200));
  await restartWorker();

  await expect(popup.getByText('Checked 12 claims.')).toBeVisible({ timeout: 20_000 });
  const calls = double.endpointCalls('factCheckClaims');
  // Some calls died with the worker (the double saw the connection close and billed nothing)…
  expect(calls.some((call) => call.outcome === 'aborted')).toBe(true);
  // …and every claim was answered, and billed, exactly once.
  const answered = claimsOf(calls.filter((call) => call.outcome === 200));
  expect(answered).toHaveLength(12);
  expect(new Set(answered).size).toBe(12);
  for (const claim of answeredBeforeStop) expect(answered.filter((text) => text === claim)).toHaveLength(1);
  expect(double.credits.byEndpoint.factCheckClaims).toBe(12 * 2);
  await expect(popup.locator('.claim .verdict strong', { hasText: 'Checking' })).toHaveCount(0);
});

test('progressive: stopped while detection is pending (before any batch is sent), it detects again and completes', async ({
  configure,
  openDemoPage,
  openPopup,
  restartWorker,
  double,
}) => {
  await configure();
  double.faults.add({ kind: 'latency', endpoint: 'detectClaims', delayMs: 1500, count: 1 });
  const { tabId } = await openDemoPage('article.html');
  const popup = await openPopup(tabId);
  await popup.getByRole('button', { name: 'Check this page' }).click();
  await expect.poll(() => double.endpointCalls('detectClaims').length).toBe(1);
  await restartWorker();
  await expect(popup.getByText('Checked 12 claims.')).toBeVisible({ timeout: 20_000 });
  expect(double.endpointCalls('detectClaims').map((call) => call.outcome)).toEqual(['aborted', 200]);
  expect(claimsOf(double.endpointCalls('factCheckClaims'))).toHaveLength(12);
  expect(double.credits.byEndpoint.detectClaims).toBe(double.endpointCalls('detectClaims')[1]?.credits);
});

test('one call: stopped while 4.8 is pending, it sends it again once and completes', async ({
  configure,
  openDemoPage,
  openPopup,
  restartWorker,
  double,
}) => {
  await configure({ checkMode: 'one-call' });
  double.faults.add({ kind: 'latency', endpoint: 'detectAndVerifyClaims', delayMs: 1500, count: 1 });
  const { tabId } = await openDemoPage('article.html');
  const popup = await openPopup(tabId);
  await popup.getByRole('button', { name: 'Check this page' }).click();
  await expect.poll(() => double.endpointCalls('detectAndVerifyClaims').length).toBe(1);
  await restartWorker();
  await expect(popup.getByText('Checked 12 claims.')).toBeVisible({ timeout: 20_000 });
  expect(double.endpointCalls().map((call) => [call.endpoint, call.outcome])).toEqual([
    ['detectAndVerifyClaims', 'aborted'],
    ['detectAndVerifyClaims', 200],
  ]);
});

test('a writing task: stopped while its call is pending, it is sent again once and its result shows', async ({
  popupOn,
  restartWorker,
  double,
}) => {
  double.faults.add({ kind: 'latency', endpoint: 'paragraphFromBulletPoints', delayMs: 1500, count: 1 });
  const { popup } = await popupOn();
  await popup.getByRole('button', { name: 'Write', exact: true }).click();
  await popup.getByLabel('Bullet point 1', { exact: true }).fill('The Moon is 384,400 km away');
  await popup.getByRole('button', { name: 'Write the paragraph' }).click();
  await expect.poll(() => double.endpointCalls('paragraphFromBulletPoints').length).toBe(1);
  await restartWorker();
  await expect(popup.locator('.writing .result-text').first()).not.toBeEmpty({ timeout: 20_000 });
  expect(double.endpointCalls().map((call) => [call.endpoint, call.outcome])).toEqual([
    ['paragraphFromBulletPoints', 'aborted'],
    ['paragraphFromBulletPoints', 200],
  ]);
  // Billed once: the call that died with the old worker was never answered.
  expect(double.credits.byEndpoint.paragraphFromBulletPoints).toBe(
    double.endpointCalls('paragraphFromBulletPoints')[1]?.credits,
  );
});

test('cancel aborts the pending calls at once; closing the tab cancels its job', async ({
  configure,
  openDemoPage,
  openPopup,
  double,
}) => {
  await configure();
  double.faults.add({ kind: 'latency', endpoint: 'factCheckClaims', delayMs: 5000 });
  const { tabId, page } = await openDemoPage('article.html');
  const popup = await openPopup(tabId);
  await popup.getByRole('button', { name: 'Check this page' }).click();
  await expect.poll(() => double.endpointCalls('factCheckClaims').length).toBeGreaterThan(0);
  await popup.getByRole('button', { name: 'Cancel' }).click();
  await expect(popup.getByRole('status').filter({ hasText: 'Cancelled.' })).toBeVisible();
  await expect
    .poll(() => double.endpointCalls('factCheckClaims').every((call) => call.outcome === 'aborted'))
    .toBe(true);
  expect(double.credits.byEndpoint.factCheckClaims ?? 0).toBe(0);

  await popup
    .getByRole('button', { name: 'Re-check' })
    .or(popup.getByRole('button', { name: 'Check this page' }))
    .first()
    .click();
  // Every lane of the check has its call in flight (they start one after another; each takes 5 s), so that a call
  // made after the tab is closed cannot be taken for one still starting before it.
  await expect
    .poll(() => double.endpointCalls('factCheckClaims').filter((call) => call.outcome !== 'aborted').length)
    .toBe(VERIFY_CONCURRENCY);
  const before = double.endpointCalls('factCheckClaims').length;
  await page.close();
  await expect
    .poll(() => double.endpointCalls('factCheckClaims').every((call) => call.outcome === 'aborted'))
    .toBe(true);
  expect(double.endpointCalls('factCheckClaims').length).toBe(before);
});

test('navigating away lets go of the page: the job finishes into the cache, and the tab shows nothing of it', async ({
  configure,
  openDemoPage,
  openPopup,
  double,
}) => {
  await configure();
  double.faults.add({ kind: 'latency', endpoint: 'factCheckClaims', delayMs: 800 });
  const { tabId, page } = await openDemoPage('article.html');
  const articleUrl = page.url();
  const popup = await openPopup(tabId);
  await popup.getByRole('button', { name: 'Check this page' }).click();
  await expect.poll(() => double.endpointCalls('factCheckClaims').length).toBeGreaterThan(0);
  await page.goto(articleUrl.replace('article.html', 'draft-textarea.html'));
  await popup.reload();
  await expect(popup.getByText('Nothing checked on this page yet.', { exact: false })).toBeVisible();
  // The job still completes (its calls are paid for), into the cache.
  await expect
    .poll(() => double.endpointCalls('factCheckClaims').filter((call) => call.outcome === 200).length, {
      timeout: 15_000,
    })
    .toBe(5);
  const calls = double.endpointCalls().length;
  await page.goto(articleUrl);
  await popup.reload();
  await popup.getByRole('button', { name: 'Check this page' }).click();
  await expect(popup.getByText('From your check just now; no credits used now.')).toBeVisible();
  expect(double.endpointCalls()).toHaveLength(calls);
});

/**
 * Watches the page for our overlay being added to or removed from it (a content script instance starting or stopping),
 * from the overlay that is there now; see overlayHistory.
 */
async function watchOverlay(page: Page): Promise<void> {
  await page.evaluate(() => {
    const watched = window as unknown as { firstOverlay: Element | null; overlayAdded: number; overlayRemoved: number };
    watched.firstOverlay = document.querySelector('factlens-overlay');
    watched.overlayAdded = 0;
    watched.overlayRemoved = 0;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) if (node.nodeName === 'FACTLENS-OVERLAY') watched.overlayAdded++;
        for (const node of record.removedNodes) if (node.nodeName === 'FACTLENS-OVERLAY') watched.overlayRemoved++;
      }
    }).observe(document.documentElement, { childList: true });
  });
}

/** What watchOverlay saw: whether the overlay is the one there as it started, and how often one was added and removed. */
function overlayHistory(page: Page) {
  return page.evaluate(() => {
    const watched = window as unknown as { firstOverlay: Element | null; overlayAdded: number; overlayRemoved: number };
    return {
      sameOverlay: watched.firstOverlay === document.querySelector('factlens-overlay'),
      added: watched.overlayAdded,
      removed: watched.overlayRemoved,
      overlays: document.querySelectorAll('factlens-overlay').length,
    };
  });
}

test('a page checked again keeps its content script (the same overlay, never removed), even once the worker stopped after the first check ended and the script’s port closed with it', async ({
  checkArticle,
  restartWorker,
}) => {
  const { page, popup } = await checkArticle();
  // The overlay as the first check left it, and whether the page ever loses it.
  await watchOverlay(page);
  // Cleared, so that only the second check can draw the claims again.
  await clearFromList(page);
  // The worker stops, as Chrome stops an idle one: the content script's port closes, and with no check under way it
  // stays closed. The next check wakes it.
  await restartWorker();
  await checkArticleAgain(page, popup);
  expect(await overlayHistory(page)).toEqual({ sameOverlay: true, added: 0, removed: 0, overlays: 1 });
});

test('two checks of a page started at once (a shortcut pressed twice) inject one content script: the second waits for the first’s injection instead of replacing it', async ({
  popupOn,
}) => {
  const { page, tabId, popup } = await popupOn('article.html');
  await watchOverlay(page);
  // As two presses of the shortcut, or the popup and the context menu at once: two checks of the tab, from the
  // extension's side, before either has reached the page.
  const replies = await popup.evaluate(
    (tab) =>
      Promise.all(
        [false, true].map((recheck) =>
          chrome.runtime.sendMessage({ type: 'startCheck', data: { tabId: tab, scope: 'page', recheck } }),
        ),
      ),
    tabId,
  );
  expect(replies).toMatchObject([{ ok: true }, { ok: true }]);
  await page.bringToFront();
  await expect(overlayBadges(page)).toHaveCount(12);
  // One instance started, and none was stopped: an instance stopped as the second starts takes its overlay with it.
  expect(await overlayHistory(page)).toEqual({ sameOverlay: false, added: 1, removed: 0, overlays: 1 });
});

test('the same check asked for twice at once (a double click, the shortcut pressed twice) is made once: the second joins the first, and nothing is paid twice', async ({
  popupOn,
  double,
}) => {
  const { page, tabId, popup } = await popupOn('article.html');
  double.faults.add({ kind: 'latency', endpoint: 'detectClaims', delayMs: 500, count: 1 });
  const check = { type: 'startCheck', data: { tabId, scope: 'page' } };
  const [first, second] = await sendAtOnce(popup, [check, check]);
  expect(second).toBe(first);
  // And once it runs, asked for again: the same check, not a new one.
  expect(await sendAtOnce(popup, [check])).toEqual([first]);
  await expect(popup.getByText('Checked 12 claims.')).toBeVisible();
  await page.bringToFront();
  await expect(overlayBadges(page)).toHaveCount(12);
  expect(double.endpointCalls('detectClaims')).toHaveLength(1);
  expect(
    double.endpointCalls('factCheckClaims').flatMap((call) => (call.body as { claims: string[] }).claims),
  ).toHaveLength(12);
  await expect(popup.getByText('Replaced by a newer check.')).toHaveCount(0);
});
