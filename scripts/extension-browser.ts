/**
 * Chromium with the extension's e2e build loaded, for the demo (`npm start`) and the benchmarks. The e2e
 * tests have their own Playwright fixtures (tests/e2e/fixtures.ts); this is the same launch, as a function.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium-path';
import type { Settings } from '../utils/contract/settings';

export const E2E_BUILD_DIR = path.resolve('.output/chrome-mv3-e2e');

let built = false;

/** Builds the e2e build (loopback host access, see docs/testing.md), once per run. */
export function buildE2e(): void {
  if (built) return;
  execFileSync('npx', ['wxt', 'build', '--mode', 'e2e'], { stdio: 'ignore' });
  built = true;
}

export interface ExtensionBrowser {
  context: BrowserContext;
  worker: Worker;
  extensionId: string;
  /** Closes the browser and removes a temporary profile. */
  close: () => Promise<void>;
}

export interface LaunchOptions {
  headless: boolean;
  profileDir?: string;
  viewport?: { width: number; height: number } | null;
  /** Draws scroll bars, which headless Chromium hides (see the e2e fixtures' showScrollBars). */
  scrollBars?: boolean;
  /** The browser's language (`--lang`), which the extension's messages follow: English when not given. */
  language?: string;
  /** More Chromium flags (a host resolver rule, a certificate to trust). */
  args?: string[];
}

export async function launchWithExtension(options: LaunchOptions = { headless: true }): Promise<ExtensionBrowser> {
  const profile = options.profileDir ?? mkdtempSync(path.join(tmpdir(), 'factlens-'));
  if (options.profileDir) rmSync(profile, { recursive: true, force: true });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: options.headless,
    viewport: options.viewport,
    args: [
      ...CHROMIUM_FLAGS,
      `--lang=${options.language ?? 'en-US'}`,
      `--disable-extensions-except=${E2E_BUILD_DIR}`,
      `--load-extension=${E2E_BUILD_DIR}`,
      ...(options.args ?? []),
    ],
    ...(options.scrollBars ? { ignoreDefaultArgs: ['--hide-scrollbars'] } : {}),
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return {
    context,
    worker,
    extensionId: new URL(worker.url()).host,
    close: async () => {
      await context.close().catch(() => undefined);
      if (!options.profileDir) rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The id of the tab showing a URL (the e2e build may read loopback tabs' URLs). */
export function tabIdOf(worker: Worker, url: string): Promise<number> {
  return worker.evaluate(
    async (wanted) => (await chrome.tabs.query({})).find((tab) => tab.url === wanted)?.id ?? -1,
    url,
  );
}

/**
 * The settings the demo, the benchmarks and the e2e tests save: the double's address, and `settings` over the
 * defaults (written out: DEFAULT_SETTINGS's module reads extension storage, which Node has not).
 */
export const settingsFor = (apiBaseUrl: string, settings: Partial<Settings> = {}): Settings => ({
  uploadBaseUrl: '',
  language: 'English-US',
  languageFromPage: false,
  checkMode: 'progressive',
  authMode: 'key',
  writeDailyLimit: 50,
  earlierChecks: false,
  factCheckToolsUrl: 'https://factchecktools.googleapis.com',
  publisherName: '',
  askAboveCredits: null,
  apiBaseUrl,
  ...settings,
});

/**
 * Saves settings and an API key as the options page does (its message to the background), from a new page
 * on the options page; returns that page.
 */
export async function saveSettings(
  { context, extensionId }: ExtensionBrowser,
  data: { settings: Settings; apiKey: string },
): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/options.html`);
  await page.evaluate((message) => chrome.runtime.sendMessage({ type: 'saveSettings', data: message }), data);
  return page;
}
