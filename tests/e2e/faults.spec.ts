/**
 * Every fault the double can inject gives a message a person can act on, in the popup, and nothing is
 * left as an unhandled rejection in the worker.
 */
import type { Worker } from '@playwright/test';
import type { FaultSpec } from '../../service-double/faults';
import { actionTitle } from './worker-probes';
import { expect } from './quick-expect';
import { overlayBadges } from './chromium-steps';
import { test } from './fixtures';

/** Records unhandled rejections and uncaught errors in the worker from now on. */
async function watchForUnhandled(worker: Worker): Promise<() => Promise<string[]>> {
  await worker.evaluate(() => {
    const scope = self as unknown as { __unhandled?: string[] };
    scope.__unhandled = [];
    self.addEventListener('unhandledrejection', (event) => scope.__unhandled!.push(String(event.reason)));
    self.addEventListener('error', (event) => scope.__unhandled!.push(String(event.message)));
  });
  return () => worker.evaluate(() => (self as unknown as { __unhandled: string[] }).__unhandled);
}

/**
 * Four faults through the popup: the plan's refusal (which asks the library), a wait that does not clear, no
 * answer (no details view) and a contract's field. Every other fault's words: tests/unit/client-faults.test.ts.
 * `noDetails`: no answer arrived (no status, no body), so the message has no details view.
 */
const FAULTS: { name: string; fault: FaultSpec; message: RegExp; noDetails?: true }[] = [
  {
    // Refused on detection while the key works for the library: the plan, not the key (unit tests: a key refused
    // everywhere is told as rejected).
    name: 'unauthorized',
    fault: { kind: 'unauthorized' },
    message:
      /Your key works for your library, but the service refused “Detect claims” \(HTTP 401\): your plan may not include fact checking\./,
  },
  {
    name: 'rate-limit that does not clear',
    fault: { kind: 'rate-limit', retryAfterSeconds: 1 },
    message: /The service is limiting how often it can be called\..*Try again in/,
  },
  {
    name: 'hang',
    fault: { kind: 'hang' },
    message: /“Detect claims” got no answer within 2 s, so it was stopped\./,
    noDetails: true,
  },
  {
    name: 'wrong-shape',
    fault: { kind: 'wrong-shape' },
    message: /The answer to “Detect claims” did not match the service's contract: field “/,
  },
];

for (const { name, fault, message, noDetails } of FAULTS) {
  test(`fault “${name}” on detection: a clear message in the popup, no unhandled rejection`, async ({
    configure,
    openDemoPage,
    openPopup,
    serviceWorker,
    double,
  }) => {
    await configure({}, { detectClaims: 2000 });
    const unhandled = await watchForUnhandled(serviceWorker);
    double.faults.add({ ...fault, endpoint: 'detectClaims' });
    const { tabId } = await openDemoPage('article.html');
    const popup = await openPopup(tabId);
    await popup.getByRole('button', { name: 'Check this page' }).click();
    const alert = popup.getByRole('alert');
    await expect(alert).toContainText(message, { timeout: 15_000 });
    await expect(alert).not.toContainText(/undefined|\[object|E2E|e2e-key/i);
    await expect(popup.getByText('The check stopped.')).toBeVisible();
    // The details view shows what arrived, never the key; with nothing arrived, there is none.
    if (noDetails) await expect(alert.locator('summary')).toHaveCount(0);
    else {
      await alert.locator('summary').click();
      await expect(alert.locator('details')).toContainText('Endpoint: Detect claims.');
      await expect(alert).not.toContainText('e2e-key');
    }
    // Retry sends the detection again once the fault is gone.
    double.faults.clear();
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(popup.getByText('Checked 12 claims.')).toBeVisible();
    expect(await unhandled()).toEqual([]);
  });
}

test('a fault on one verification batch keeps the verdicts already in, and Retry sends only the rest', async ({
  configure,
  openDemoPage,
  openPopup,
  serviceWorker,
  double,
}) => {
  await configure();
  const unhandled = await watchForUnhandled(serviceWorker);
  // The second 4.9 call fails; the first (one claim) succeeds.
  double.faults.add({ kind: 'latency', endpoint: 'factCheckClaims', delayMs: 300, count: 1 });
  double.faults.add({ kind: 'server-error', endpoint: 'factCheckClaims', httpStatus: 500, count: 1 });
  const { tabId } = await openDemoPage('article.html');
  const popup = await openPopup(tabId);
  await popup.getByRole('button', { name: 'Check this page' }).click();
  await expect(popup.getByRole('alert')).toContainText(
    'The service failed while handling “Fact check claims” (HTTP 500)',
  );
  const answered = double.endpointCalls('factCheckClaims').filter((call) => call.outcome === 200);
  const answeredClaims = answered.flatMap((call) => (call.body as { claims: string[] }).claims);
  expect(answeredClaims.length).toBeGreaterThan(0);
  await popup.getByRole('alert').getByRole('button', { name: 'Retry' }).click();
  await expect(popup.getByText('Checked 12 claims.')).toBeVisible();
  const all = double.endpointCalls('factCheckClaims').filter((call) => call.outcome === 200);
  const allClaims = all.flatMap((call) => (call.body as { claims: string[] }).claims);
  expect(allClaims).toHaveLength(12);
  expect(new Set(allClaims).size).toBe(12);
  expect(await unhandled()).toEqual([]);
});

test('after a 429 with Retry-After the job goes on by itself, and says why it waits', async ({
  configure,
  openDemoPage,
  openPopup,
  serviceWorker,
  double,
}) => {
  await configure();
  const unhandled = await watchForUnhandled(serviceWorker);
  double.faults.add({ kind: 'rate-limit', endpoint: 'factCheckClaims', retryAfterSeconds: 2, count: 1 });
  const { tabId } = await openDemoPage('article.html');
  const popup = await openPopup(tabId);
  await popup.getByRole('button', { name: 'Check this page' }).click();
  await expect(popup.getByText(/The service asked us to slow down: trying again in [23] s\./)).toBeVisible();
  // The clock beside the progress shows the check is still going while it waits.
  const clock = popup.locator('.job').getByRole('timer');
  await expect(clock).toHaveText(/^0:0[0-2]$/);
  await expect(clock).toHaveText(/^0:0[1-3]$/);
  await expect(popup.getByText('Checked 12 claims.')).toBeVisible();
  await expect(clock).toHaveCount(0);
  const outcomes = double.endpointCalls('factCheckClaims').map((call) => call.outcome);
  expect(outcomes.filter((outcome) => outcome === 429)).toHaveLength(1);
  expect(outcomes.filter((outcome) => outcome === 200)).toHaveLength(5);
  await expect(popup.getByRole('alert')).toHaveCount(0);
  expect(await unhandled()).toEqual([]);
});

test('a base URL that is not the service’s (a proxy path that does not exist): the check says which setting to fix, and offers Settings', async ({
  configure,
  openDemoPage,
  openPopup,
  double,
}) => {
  await configure({ apiBaseUrl: `${double.url}/proxy` });
  const { tabId } = await openDemoPage('article.html');
  const popup = await openPopup(tabId);
  await popup.getByRole('button', { name: 'Check this page' }).click();
  const alert = popup.getByRole('alert');
  await expect(alert).toContainText(`There is no “Detect claims” at ${double.url}/proxy (HTTP 404).`);
  await expect(alert).toContainText(
    'Check the API base URL in Settings: the service’s own is https://api-az.longshot.ai.',
  );
  await expect(alert.getByRole('button', { name: 'Open Settings' })).toBeVisible();
  // A 404 is not retried: one call, and no credits.
  const calls = double.log.filter((call) => call.path.startsWith('/proxy/'));
  expect(calls.map((call) => [call.path, call.outcome])).toEqual([['/proxy/custom/api/detect/claims', 404]]);
});

test('with no API key, the popup asks for one first; a check says so, sends nothing, and offers Settings', async ({
  openDemoPage,
  openPopup,
  double,
  context,
  extensionId,
  configure,
}) => {
  const { tabId } = await openDemoPage('article.html');
  const popup = await openPopup(tabId);
  const prompt = popup.getByRole('status').filter({ hasText: 'Add your API key to start' });
  await expect(prompt).toBeVisible();
  await popup.getByRole('button', { name: 'Check this page' }).click();
  const alert = popup.getByRole('alert');
  await expect(alert).toContainText('No API key is set. Open Settings and add your key.');
  expect(double.endpointCalls()).toHaveLength(0);

  // The error's own button opens the options page.
  const optionsPage = context.waitForEvent('page');
  await alert.getByRole('button', { name: 'Open Settings' }).click();
  expect((await optionsPage).url()).toBe(`chrome-extension://${extensionId}/options.html`);

  // With a key saved, the prompt is gone as the popup (or the side panel, which stays open) gets the focus back.
  await configure();
  await popup.bringToFront();
  await popup.evaluate(() => dispatchEvent(new FocusEvent('focus')));
  await expect(prompt).toHaveCount(0);
  const reopened = await openPopup(tabId);
  await expect(reopened.getByRole('heading', { name: 'FactLens' })).toBeVisible();
  await expect(reopened.getByText('Add your API key to start')).toHaveCount(0);
});

test('a check refused while another runs on the tab (no key) leaves that one running, shown, and says why, in the popup and on the toolbar button', async ({
  popupOn,
  removeApiKey,
  double,
  serviceWorker,
}) => {
  const { page, popup, tabId } = await popupOn('article.html');
  // Long enough for the key to be removed and the page checked again while it runs, on a loaded machine too.
  double.faults.add({ kind: 'latency', endpoint: 'factCheckClaims', delayMs: 3_000, count: 1 });
  await popup.getByRole('button', { name: 'Check this page' }).click();
  const cancel = popup.getByRole('button', { name: 'Cancel' });
  await expect(cancel).toBeVisible();

  // The key is removed in Settings while the check runs (its calls go on with the key they started with), and the
  // page is checked again, as the shortcut or the menu would: that check is refused for want of a key.
  await removeApiKey();
  const reply = await popup.evaluate(
    (tab) => chrome.runtime.sendMessage({ type: 'startCheck', data: { tabId: tab, scope: 'page', recheck: true } }),
    tabId,
  );
  expect(JSON.stringify(reply)).toContain('No API key is set');
  // The running check is still the one shown, with its Cancel, and says why nothing new started.
  await expect(popup.getByText('Not started: No API key is set. Open Settings and add your key.')).toBeVisible();
  await expect(cancel).toBeVisible();
  // The toolbar button says it too (its tooltip, and its name to a screen reader), for a shortcut pressed with no popup.
  await expect
    .poll(() => actionTitle(serviceWorker, tabId))
    .toBe('FactLens: checking this page… Not started: No API key is set. Open Settings and add your key.');
  await expect(popup.getByText('Checked 12 claims.')).toBeVisible();
  await page.bringToFront();
  await expect(overlayBadges(page)).toHaveCount(12);
  // Every batch answered: none was given up.
  expect(new Set(double.endpointCalls('factCheckClaims').map((call) => call.outcome))).toEqual(new Set([200]));
  await expect.poll(() => actionTitle(serviceWorker, tabId)).toBe('FactLens: 4 claims of 12 need a look.');
});
