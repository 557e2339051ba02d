/**
 * The release build, as users run it: no e2e host permissions, the overlay's shadow root closed, no test hooks, the
 * service at the address it ships with. Chromium runs with a real window on a virtual display, and the check starts
 * from the user's own gesture: the shortcut pressed on the keyboard (through X), which grants activeTab and injects
 * the content script. The highlights are found through the browser's own access to closed roots
 * (chrome.dom.openOrClosedShadowRoot), and a badge clicked opens its card.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type BrowserContext, type Worker } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium-path';
import { pressKeys, SERVICE_HOST, useReleaseMachine } from './release/machine';

const RELEASE_BUILD = path.resolve('.output/chrome-mv3');
const KEY = 'release-key-5c1e';

const machine = useReleaseMachine(KEY);

/** Runs in the tab, in an isolated world of the extension: what the closed overlay shows. */
function overlayState() {
  const host = document.querySelector('factlens-overlay');
  const root =
    host &&
    (chrome as unknown as { dom: { openOrClosedShadowRoot: (e: Element) => ShadowRoot } }).dom.openOrClosedShadowRoot(
      host,
    );
  const badges = [...(root?.querySelectorAll<HTMLElement>('.badge') ?? [])];
  const first = badges.find((badge) => /^False:/.test(badge.getAttribute('aria-label') ?? ''));
  const box = first?.getBoundingClientRect();
  return {
    closedToPage: host?.shadowRoot === null,
    badges: badges.length,
    falseBadge: box ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null,
    card: root?.querySelector('.card[role="dialog"]')?.textContent ?? null,
  };
}

function readOverlay(worker: Worker, tabId: number) {
  return worker.evaluate(
    async ({ id, probe }) => {
      const [frame] = await chrome.scripting.executeScript({
        target: { tabId: id },
        func: new Function(`return (${probe})()`) as () => unknown,
      });
      return frame!.result as ReturnType<typeof overlayState>;
    },
    { id: tabId, probe: overlayState.toString() },
  );
}

test('the release build checks a page from the shortcut pressed on the keyboard, and a badge opens its card', async () => {
  const profile = mkdtempSync(path.join(tmpdir(), 'factlens-release-'));
  let context: BrowserContext | undefined;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: false,
      env: { ...process.env, DISPLAY: machine.display.name },
      args: [
        ...CHROMIUM_FLAGS,
        '--lang=en-US',
        `--disable-extensions-except=${RELEASE_BUILD}`,
        `--load-extension=${RELEASE_BUILD}`,
        `--host-resolver-rules=MAP ${SERVICE_HOST} 127.0.0.1:${machine.service.port}`,
        `--ignore-certificate-errors-spki-list=${machine.certificate.spki}`,
      ],
    });
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const extensionId = new URL(worker.url()).host;

    // The key, entered on the options page as a user does; the address left as it ships.
    const options = await context.newPage();
    await options.goto(`chrome-extension://${extensionId}/options.html`);
    await expect(options.getByLabel('API base URL', { exact: true })).toHaveValue(`https://${SERVICE_HOST}`);
    await options.getByLabel('API key', { exact: true }).fill(KEY);
    await options.getByRole('button', { name: 'Save' }).click();
    await expect(options.getByRole('status')).toContainText(/saved/i);
    await options.close();

    const page = await context.newPage();
    await page.goto(`${machine.pages.url}/demo/article.html`);
    await page.bringToFront();
    const tabId = await worker.evaluate(
      async () => (await chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0]!.id!,
    );
    // Before the gesture the extension may not read the page (no host permission, no activeTab).
    await expect(readOverlay(worker, tabId)).rejects.toThrow(/Cannot access|permission/i);

    pressKeys(machine.display, 'alt+shift+k', /Moon/);
    // Each claim is drawn as it is detected, and gets its verdict's badge as the verdict arrives. A check that failed
    // says why on the toolbar button's title, which the failure then shows.
    await expect
      .poll(
        async () =>
          (await readOverlay(worker, tabId)).falseBadge ??
          (await worker.evaluate((id) => chrome.action.getTitle({ tabId: id }), tabId)),
        { timeout: 30_000 },
      )
      .toMatchObject({ x: expect.any(Number) });
    expect((await readOverlay(worker, tabId)).badges).toBe(12);
    expect(machine.service.endpointCalls('detectClaims')).toHaveLength(1);
    const shown = await readOverlay(worker, tabId);
    expect(shown.closedToPage).toBe(true);
    await page.mouse.click(shown.falseBadge!.x, shown.falseBadge!.y);
    await expect.poll(async () => (await readOverlay(worker, tabId)).card).toContain('Correction');
  } finally {
    await context?.close().catch(() => undefined);
    rmSync(profile, { recursive: true, force: true });
  }
});
