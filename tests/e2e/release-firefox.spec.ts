/**
 * The Firefox release build, as users run it (see release-chromium.spec.ts): installed as shipped into Firefox ESR
 * with a real window on a virtual display, the key typed on its options page, the service at the address it ships
 * with (Firefox's DNS override and port remap send it to the double, which serves TLS; the test session accepts its
 * certificate), and the check started by the shortcut pressed through X. The highlights are read through Firefox's
 * own access to closed roots (`openOrClosedShadowRoot`, given to extension scripts), and a badge opens its card.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { FIREFOX_PATH } from './firefox';
import { pressKeys, SERVICE_HOST, useReleaseMachine } from './release/machine';

const RELEASE_BUILD = path.resolve('.output/firefox-mv2');
const ADDON_ID = 'factlens@example.org';
const ADDON_UUID = '3b9d6c2e-8f41-4a7b-b5e0-6d2c9a1f4e87';
const KEY = 'release-key-7a2f';

const machine = useReleaseMachine(KEY);

/** Opens one of the add-on's pages (its load is not reported over BiDi: its own state is waited for). */
async function extensionPage(firefox: Browser, file: string): Promise<Page> {
  const page = await firefox.newPage();
  void page.goto(`moz-extension://${ADDON_UUID}/${file}`).catch(() => undefined);
  await expect
    .poll(() =>
      page
        .evaluate(() => location.protocol === 'moz-extension:' && document.readyState === 'complete')
        .catch(() => false),
    )
    .toBe(true);
  return page;
}

/** Runs in the tab as an extension script: what the closed overlay shows. */
const OVERLAY_STATE = `(() => {
  const host = document.querySelector('factlens-overlay');
  const root = host && host.openOrClosedShadowRoot;
  const badges = [...(root ? root.querySelectorAll('.badge') : [])];
  const first = badges.find((badge) => /^False:/.test(badge.getAttribute('aria-label') || ''));
  const box = first && first.getBoundingClientRect();
  const card = root && root.querySelector('.card[role="dialog"]');
  return {
    closedToPage: !!host && host.shadowRoot === null,
    badges: badges.length,
    falseBadge: box ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null,
    card: card ? card.textContent : null,
  };
})()`;

interface OverlayState {
  closedToPage: boolean;
  badges: number;
  falseBadge: { x: number; y: number } | null;
  card: string | null;
}

const readOverlay = (reader: Page, tabId: number) =>
  reader.evaluate(
    async (id, code) => {
      const api = (
        globalThis as unknown as {
          browser: { tabs: { executeScript: (id: number, details: { code: string }) => Promise<unknown[]> } };
        }
      ).browser;
      return (await api.tabs.executeScript(id, { code }))[0];
    },
    tabId,
    OVERLAY_STATE,
  ) as Promise<OverlayState>;

test('Firefox: the release build checks a page from the shortcut pressed on the keyboard, and a badge opens its card', async () => {
  const firefox = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: false,
    acceptInsecureCerts: true,
    args: ['--remote-allow-system-access'],
    env: { ...process.env, DISPLAY: machine.display.name },
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [ADDON_ID]: ADDON_UUID }),
      'network.dns.localDomains': SERVICE_HOST,
      'network.socket.forcePort': `443=${machine.service.port}`,
    },
  });
  try {
    expect(await firefox.installExtension(RELEASE_BUILD)).toBe(ADDON_ID);
    const options = await extensionPage(firefox, 'options.html');
    await expect
      .poll(() => options.$eval('#api-base-url', (input) => (input as HTMLInputElement).value))
      .toBe(`https://${SERVICE_HOST}`);
    await options.locator('#api-key').fill(KEY);
    await options.locator('::-p-aria(Save[role="button"])').click();
    await expect.poll(() => options.$eval('[role="status"]', (status) => status.textContent)).toMatch(/saved/i);

    const page = await firefox.newPage();
    const url = `${machine.pages.url}/demo/article.html`;
    await page.goto(url);
    await page.bringToFront();
    // The add-on may not read the tabs' addresses (it has no "tabs" permission): the page is the active tab.
    const tabId = await options.evaluate(async () => {
      const api = (globalThis as unknown as { browser: typeof chrome }).browser;
      return (await api.tabs.query({ active: true, lastFocusedWindow: true }))[0]!.id!;
    });
    // Before the gesture the add-on may not read the page.
    await expect(readOverlay(options, tabId)).rejects.toThrow(/permission|Missing host/i);

    pressKeys(machine.display, 'alt+shift+k', /Moon/);
    // Each claim is drawn as it is detected, and gets its verdict's badge as the verdict arrives.
    await expect
      .poll(async () => (await readOverlay(options, tabId).catch(() => null))?.falseBadge ?? null, { timeout: 30_000 })
      .not.toBeNull();
    expect((await readOverlay(options, tabId)).badges).toBe(12);
    expect(machine.service.endpointCalls('detectClaims')).toHaveLength(1);
    const shown = await readOverlay(options, tabId);
    expect(shown.closedToPage).toBe(true);
    await page.bringToFront();
    await page.mouse.click(shown.falseBadge!.x, shown.falseBadge!.y);
    await expect.poll(async () => (await readOverlay(options, tabId)).card).toContain('Correction');
  } finally {
    await firefox.close();
  }
});
