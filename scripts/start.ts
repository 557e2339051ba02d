/**
 * `npm start`: builds the extension, starts the service double with demo data, and opens Chromium with the
 * extension loaded and set to use the double, on the demo article.
 *
 * With a display it stays open for you to use (Ctrl+C ends it). Without one (or with --headless) it runs
 * headless: it checks the demo article through the extension, prints what happened, saves screenshots to
 * artifacts/, and exits.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { startServiceDouble, type ServiceDouble } from '../service-double/server';
import { VERDICT_LABELS, type CheckResult } from '../utils/api/domain';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../utils/chromium-path';

const DEMO_KEY = 'demo-key';
const EXTENSION_DIR = path.resolve('.output/chrome-mv3-e2e');
const PROFILE_DIR = path.resolve('.cache/demo-profile');
const ARTIFACTS_DIR = path.resolve('artifacts');
const headless = process.argv.includes('--headless') || !process.env.DISPLAY;

async function startDouble(): Promise<ServiceDouble> {
  const port = Number(process.env.DOUBLE_PORT ?? 4010);
  try {
    return await startServiceDouble({ port, keys: [DEMO_KEY] });
  } catch {
    // The port is taken (perhaps by `npm run service-double`): any free one will do.
    return startServiceDouble({ port: 0, keys: [DEMO_KEY] });
  }
}

console.log('1/4 Building the extension (the demo build may reach the double on 127.0.0.1)…');
execFileSync('npx', ['wxt', 'build', '--mode', 'e2e'], { stdio: 'ignore' });

const double = await startDouble();
console.log(`2/4 Service double running at ${double.url} (key: ${DEMO_KEY})`);

console.log(`3/4 Starting Chromium (${CHROMIUM_PATH}), ${headless ? 'headless: no display found' : 'with a window'}…`);
rmSync(PROFILE_DIR, { recursive: true, force: true });
const context = await chromium.launchPersistentContext(PROFILE_DIR, {
  executablePath: CHROMIUM_PATH,
  headless,
  viewport: headless ? { width: 1280, height: 900 } : null,
  args: [...CHROMIUM_FLAGS, `--disable-extensions-except=${EXTENSION_DIR}`, `--load-extension=${EXTENSION_DIR}`],
});
const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
const extensionId = new URL(worker.url()).host;

// Configure the extension through its options page, as a user would.
const options = await context.newPage();
await options.goto(`chrome-extension://${extensionId}/options.html`);
await options.getByLabel('API key', { exact: true }).fill(DEMO_KEY);
await options.getByLabel('API base URL', { exact: true }).fill(double.url);
await options.getByRole('button', { name: 'Test connection' }).click();
const status = options.getByRole('status');
await status.getByText(/Connected|rejected|Could not/).waitFor();
console.log(`4/4 Extension configured: ${(await status.textContent())?.trim()}`);

const articleUrl = `${double.url}/demo/article.html`;
const article = await context.newPage();
await article.goto(articleUrl);

if (!headless) {
  console.log(`\nChromium is open on ${articleUrl}. Press Ctrl+C to stop.`);
  const stop = async () => {
    await context.close().catch(() => undefined);
    await double.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  context.on('close', () => void stop());
} else {
  await runHeadlessDemo(options, article);
  await context.close();
  await double.close();
}

type ExtensionReply = { ok: true; value: CheckResult } | { ok: false; error: { message: string } } | undefined;

async function runHeadlessDemo(extensionPage: Page, page: Page): Promise<void> {
  console.log(`\nChecking ${articleUrl} through the extension's background…`);
  const started = Date.now();
  const headline = await page.title();
  // Runs in the extension page, where `chrome` is the extension API; it sends what the popup will send.
  const reply = await extensionPage.evaluate(
    ({ url, headline }) => {
      const { chrome } = globalThis as unknown as {
        chrome: { runtime: { sendMessage: (message: unknown) => Promise<ExtensionReply> } };
      };
      return chrome.runtime.sendMessage({ type: 'checkContent', data: { kind: 'url', url, headline } });
    },
    { url: articleUrl, headline },
  );
  const elapsed = Date.now() - started;
  if (!reply?.ok) {
    console.error(`The check failed: ${reply ? reply.error.message : 'no answer from the background'}`);
    process.exitCode = 1;
    return;
  }
  const result = reply.value;
  console.log(`${result.claims.length} claims checked in ${elapsed} ms, ${result.credits.used} credits:\n`);
  for (const claim of result.claims) {
    console.log(`  [${VERDICT_LABELS[claim.verdict]}] ${claim.claim}`);
    if (claim.correction) console.log(`      correction: ${claim.correction}`);
    console.log(`      sources: ${claim.sources.map((source) => source.domain).join(', ')}`);
  }
  const calls = double.endpointCalls().map((call) => `${call.method} ${call.path} → ${call.outcome}`);
  console.log(`\nThe double saw: ${calls.join('; ')}`);

  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'demo-article.png'), fullPage: true });
  await extensionPage.screenshot({ path: path.join(ARTIFACTS_DIR, 'demo-options.png') });
  console.log(`Screenshots: ${path.relative(process.cwd(), ARTIFACTS_DIR)}/demo-article.png, demo-options.png`);
}
