/**
 * E2E fixtures: the built extension loaded into Debian's Chromium (headless), a fresh profile for each
 * test, and the service double on a free port, reset between tests.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, chromium, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { startServiceDouble, type ServiceDouble } from '../../service-double/server';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../utils/chromium-path';

export const E2E_KEY = 'e2e-key-9b7d';
export const EXTENSION_DIR = path.resolve('.output/chrome-mv3-e2e');

interface WorkerFixtures {
  double: ServiceDouble;
}

interface TestFixtures {
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
  /** Opens an extension page, e.g. `options.html`. */
  openExtensionPage: (file: string) => Promise<Page>;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  double: [
    // Playwright reads a fixture's dependencies from this pattern; an empty one means "none".
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const double = await startServiceDouble({ port: 0, keys: [E2E_KEY] });
      await use(double);
      await double.close();
    },
    { scope: 'worker' },
  ],

  context: async ({ double }, use) => {
    double.reset();
    const profile = await mkdtemp(path.join(tmpdir(), 'factlens-e2e-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...CHROMIUM_FLAGS, `--disable-extensions-except=${EXTENSION_DIR}`, `--load-extension=${EXTENSION_DIR}`],
    });
    await use(context);
    await context.close();
    await rm(profile, { recursive: true, force: true });
  },

  serviceWorker: async ({ context }, use) => {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await use(worker);
  },

  extensionId: async ({ serviceWorker }, use) => {
    await use(new URL(serviceWorker.url()).host);
  },

  openExtensionPage: async ({ context, extensionId }, use) => {
    await use(async (file) => {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/${file}`);
      return page;
    });
  },
});

export const expect = test.expect;

/** Types the key and the base URL into the options page, as a user would (it does not press a button). */
export async function fillSettings(page: Page, apiKey: string, baseUrl: string): Promise<void> {
  await page.getByLabel('API key', { exact: true }).fill(apiKey);
  await page.getByLabel('API base URL', { exact: true }).fill(baseUrl);
}
