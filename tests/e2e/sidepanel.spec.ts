/** The side panel: the same app, staying open; its list follows a check started elsewhere and drives the page. */
import { axeViolations } from './axe';
import type { BrowserContext, Page } from '@playwright/test';
import { expect } from './quick-expect';
import { test } from './fixtures';

test('the side panel follows a check started by the keyboard command, verdict by verdict, and shows claims in the page', async ({
  configure,
  openDemoPage,
  openExtensionPage,
  serviceWorker,
  double,
}) => {
  await configure();
  double.faults.add({ kind: 'latency', endpoint: 'factCheckClaims', delayMs: 400 });
  const { page, tabId } = await openDemoPage('article.html');
  // A test cannot open the browser's side panel; the same page, opened for the tab, is what it shows.
  const panel = await openExtensionPage(`sidepanel.html?tabId=${tabId}`);
  await expect(panel.getByRole('button', { name: 'Check this page' })).toBeEnabled();

  await serviceWorker.evaluate(async (id) => {
    const tab = await chrome.tabs.get(id);
    const event = chrome.commands.onCommand as unknown as { dispatch: (...args: unknown[]) => void };
    event.dispatch('check-page', tab);
  }, tabId);
  // Claims show as "checking" first, then their verdicts arrive.
  await expect(panel.locator('.claim .verdict strong', { hasText: 'Checking' }).first()).toBeVisible();
  await expect(panel.getByText('Checked 12 claims.')).toBeVisible();
  await expect(panel.locator('.claim .verdict strong', { hasText: 'Checking' })).toHaveCount(0);
  await expect(panel.getByText('Located 12 of 12 claims in the page.')).toBeVisible();

  await panel.locator('.claim').filter({ hasText: 'Great Wall' }).getByRole('button', { name: 'Show in page' }).click();
  await expect(page.locator('factlens-overlay .card[role="dialog"]')).toContainText('Great Wall');
  for (const colorScheme of ['light', 'dark'] as const) {
    await panel.emulateMedia({ colorScheme });
    await panel.screenshot({ path: `artifacts/e2e-sidepanel-${colorScheme}.png`, fullPage: true });
    expect(await axeViolations(panel as Page)).toEqual([]);
  }
});

test('reopening the popup shows a job that is still running, and its results when it ends', async ({
  configure,
  openDemoPage,
  openPopup,
  double,
}) => {
  await configure();
  double.faults.add({ kind: 'latency', endpoint: 'factCheckClaims', delayMs: 1500 });
  const { tabId } = await openDemoPage('article.html');
  const first = await openPopup(tabId);
  await first.getByRole('button', { name: 'Check this page' }).click();
  await expect(first.getByText(/^Verifying claims:/)).toBeVisible();
  await first.close();
  const again = await openPopup(tabId);
  await expect(again.getByText(/^Verifying claims: \d+ of 12 checked…$/)).toBeVisible();
  await expect(again.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(again.getByText('Checked 12 claims.')).toBeVisible({ timeout: 15_000 });
});

test('“Side panel” in the popup opens the browser’s side panel (within the click’s user gesture), and the popup closes', async ({
  popupOn,
  context,
}) => {
  const { page, popup } = await popupOn('article.html');
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Side panel' }).click();
  await closed;
  // Playwright lists no side panel among its pages; Chromium's targets do.
  const cdp = await context.newCDPSession(page);
  const panels = async () =>
    (await cdp.send('Target.getTargets')).targetInfos.filter(
      (target) => target.type === 'page' && target.url.endsWith('/sidepanel.html'),
    ).length;
  await expect.poll(panels).toBe(1);
});

test('the side panel on a tab it has no access to says why and offers to allow every site, before any call; a tab it can read offers no such thing', async ({
  configure,
  openDemoPage,
  openUngrantedPage,
  openExtensionPage,
  serviceWorker,
  double,
}) => {
  await configure();
  const { tabId } = await openUngrantedPage('article.html');
  expect(await serviceWorker.evaluate(async (id) => (await chrome.tabs.get(id)).url, tabId)).toBeUndefined();
  const panel = await openExtensionPage(`sidepanel.html?tabId=${tabId}`);
  await expect(panel.getByRole('alert')).toHaveText(
    'This page cannot be checked. The extension has no access to this tab right now. Click the FactLens button (or use its menu or shortcut) on the page, then try again.',
  );
  const allow = panel.getByRole('region', { name: 'Site access' });
  await expect(allow).toContainText('Or allow FactLens on all sites, so that it can check any tab you ask it to');
  await expect(allow.getByRole('button', { name: 'Allow on all sites' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Check this page' })).toHaveCount(0);
  for (const colorScheme of ['light', 'dark'] as const) {
    await panel.emulateMedia({ colorScheme });
    await panel.screenshot({ path: `artifacts/e2e-sidepanel-no-access-${colorScheme}.png` });
    expect(await axeViolations(panel as Page)).toEqual([]);
  }
  // (Chromium's permission prompt cannot be answered from a test: the Firefox suite allows and checks.)
  const { tabId: readable } = await openDemoPage('article.html');
  const other = await openExtensionPage(`sidepanel.html?tabId=${readable}`);
  await expect(other.getByRole('button', { name: 'Check this page' })).toBeEnabled();
  await expect(other.getByRole('button', { name: 'Allow on all sites' })).toHaveCount(0);
  expect(double.endpointCalls()).toHaveLength(0);
});

test('the side panel takes the panel’s width, however narrow (320 px): no view is cut off or scrolls sideways; the popup keeps its own width', async ({
  popupOn,
  openExtensionPage,
}) => {
  const { popup, tabId } = await popupOn('article.html');
  // 26rem, at the 15 px the theme sets.
  expect(await popup.evaluate(() => document.body.getBoundingClientRect().width)).toBe(390);
  // Its text is set at those 15 px too, in the popup, the side panel and the options page: Chrome's own style for
  // extension pages set the body's font at 75% (11.25 px), under the headings' 15-17 px.
  // The body's, and a sentence's or a button's (not a heading's, nor the views' names, set smaller to fit one line).
  const textSize = (page: Page) =>
    page.evaluate(() =>
      [document.body, document.querySelector('main > :not(header) :is(p, label, button)')!].map(
        (element) => getComputedStyle(element).fontSize,
      ),
    );
  await popup.getByRole('button', { name: 'Check this page' }).waitFor();
  expect(await textSize(popup)).toEqual(['15px', '15px']);
  const options = await openExtensionPage('options.html');
  await options.getByLabel('API key', { exact: true }).waitFor();
  expect(await textSize(options)).toEqual(['15px', '15px']);
  await options.close();
  const panel = await openExtensionPage(`sidepanel.html?tabId=${tabId}`);
  await panel.getByRole('button', { name: 'Check this page' }).waitFor();
  expect(await textSize(panel)).toEqual(['15px', '15px']);
  await panel.setViewportSize({ width: 320, height: 800 });
  const overflow = () =>
    panel.evaluate(() => {
      const root = document.scrollingElement!;
      return root.scrollWidth - root.clientWidth;
    });
  await panel.getByRole('button', { name: 'Check this page' }).click();
  await expect(panel.getByText('Checked 12 claims.')).toBeVisible();
  expect(await overflow()).toBe(0);
  await panel.getByRole('button', { name: 'Write', exact: true }).click();
  for (const tool of ['bullets', 'keywords', 'grounded', 'product']) {
    await panel.getByLabel('Tool').selectOption(tool);
    expect(await overflow(), tool).toBe(0);
  }
  for (const view of ['Library', 'History']) {
    await panel.getByRole('button', { name: view, exact: true }).click();
    await expect(panel.getByRole('heading', { level: 2 }).first()).toBeVisible();
    expect(await overflow(), view).toBe(0);
  }
  await panel.screenshot({ path: 'artifacts/e2e-sidepanel-narrow.png' });
});

test('on a phone (Firefox for Android, told by its user agent), the popup takes the phone’s width: no view scrolls sideways', async ({
  popupOn,
  context,
  extensionId,
}) => {
  const { tabId } = await popupOn('article.html');
  const phone = await context.newPage();
  const session = await context.newCDPSession(phone);
  await session.send('Emulation.setUserAgentOverride', {
    userAgent: 'Mozilla/5.0 (Android 14; Mobile; rv:142.0) Gecko/142.0 Firefox/142.0',
  });
  await phone.setViewportSize({ width: 360, height: 740 });
  await phone.goto(`chrome-extension://${extensionId}/popup.html?tabId=${tabId}`);
  const overflow = () =>
    phone.evaluate(() => {
      const root = document.scrollingElement!;
      return root.scrollWidth - root.clientWidth;
    });
  await phone.getByRole('button', { name: 'Check this page' }).click();
  await expect(phone.getByText('Checked 12 claims.')).toBeVisible();
  // The phone's width less the page's margins, not the desktop popup's 390 px.
  expect(await phone.evaluate(() => document.body.getBoundingClientRect().width)).toBeLessThanOrEqual(360);
  expect(await overflow()).toBe(0);
  for (const view of ['Write', 'Library', 'History']) {
    await phone.getByRole('button', { name: view, exact: true }).click();
    await expect(phone.getByRole('heading', { level: 2 }).first()).toBeVisible();
    expect(await overflow(), view).toBe(0);
  }
});

/**
 * The text of the browser's own side panel, read over the debugging protocol (Playwright lists no side panel among
 * its pages): attached to its target through a page's session, with messages passed through it.
 */
async function sidePanelReader(context: BrowserContext, page: Page): Promise<() => Promise<string>> {
  const cdp = await context.newCDPSession(page);
  const panelTarget = async () =>
    (await cdp.send('Target.getTargets')).targetInfos.find(
      (target) => target.type === 'page' && target.url.endsWith('/sidepanel.html'),
    );
  await expect.poll(async () => Boolean(await panelTarget())).toBe(true);
  const { sessionId } = await cdp.send('Target.attachToTarget', {
    targetId: (await panelTarget())!.targetId,
    flatten: false,
  });
  let lastId = 0;
  return () =>
    new Promise<string>((resolve) => {
      const id = ++lastId;
      const listener = (event: { sessionId?: string; message: string }) => {
        const reply = JSON.parse(event.message) as { id?: number; result?: { result?: { value?: string } } };
        if (reply.id !== id) return;
        cdp.off('Target.receivedMessageFromTarget', listener);
        resolve(reply.result?.result?.value ?? '');
      };
      cdp.on('Target.receivedMessageFromTarget', listener);
      void cdp.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({
          id,
          method: 'Runtime.evaluate',
          params: { expression: 'document.body.innerText', returnByValue: true },
        }),
      });
    });
}

test('the side panel, opened as a user opens it (no tab named in its address), follows the tab the user switches to', async ({
  checkArticle,
  openDemoPage,
  context,
}) => {
  const { page: article, popup } = await checkArticle();
  const { page: numbers } = await openDemoPage('numbers.html');
  await article.bringToFront();
  await popup.bringToFront();
  await popup.getByRole('button', { name: 'Side panel' }).click();
  const panelText = await sidePanelReader(context, article);
  await article.bringToFront();
  await expect.poll(panelText).toContain('Checked 12 claims.');
  // Another tab: its own state (nothing checked there), not the article's.
  await numbers.bringToFront();
  await expect.poll(panelText).not.toContain('Checked 12 claims.');
  await expect.poll(panelText).toContain('Check this page');
  // Back: the article's verdicts again.
  await article.bringToFront();
  await expect.poll(panelText).toContain('Checked 12 claims.');
});
