/**
 * `npm start`: builds the extension, starts the service double with demo data, and opens Chromium with the
 * extension loaded and set to use the double, on the demo article.
 *
 * With a display it stays open for you to use (Ctrl+C ends it). Without one (or with --headless) it runs
 * headless: it checks the demo article through the extension, prints what happened, saves screenshots to
 * artifacts/, and exits.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { REALISTIC_LATENCY } from '../service-double/latency';
import { startServiceDouble, type ServiceDouble } from '../service-double/server';
import { CHROMIUM_PATH } from './chromium-path';
import { buildE2e, launchWithExtension, tabIdOf } from './extension-browser';

const DEMO_KEY = 'demo-key';
const PROFILE_DIR = path.resolve('.cache/demo-profile');
const ARTIFACTS_DIR = path.resolve('artifacts');
const headless = process.argv.includes('--headless') || !process.env.DISPLAY;
/** --realistic: the double answers with the latency of a language-model service (service-double/latency.ts). */
const realistic = process.argv.includes('--realistic');

async function startDouble(): Promise<ServiceDouble> {
  const port = Number(process.env.DOUBLE_PORT ?? 4010);
  try {
    return await startServiceDouble({ port, keys: [DEMO_KEY], faults: realistic ? REALISTIC_LATENCY : [] });
  } catch {
    // The port is taken (perhaps by `npm run service-double`): any free one will do.
    return startServiceDouble({ port: 0, keys: [DEMO_KEY], faults: realistic ? REALISTIC_LATENCY : [] });
  }
}

console.log('1/4 Building the extension (the demo build may reach the double on 127.0.0.1)…');
buildE2e();

const double = await startDouble();
console.log(`2/4 Service double running at ${double.url} (key: ${DEMO_KEY})`);

console.log(`3/4 Starting Chromium (${CHROMIUM_PATH}), ${headless ? 'headless: no display found' : 'with a window'}…`);
const { context, worker, extensionId } = await launchWithExtension({
  headless,
  profileDir: PROFILE_DIR,
  viewport: headless ? { width: 1280, height: 900 } : null,
});

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
  await runHeadlessDemo(article);
  await context.close();
  await double.close();
}

async function runHeadlessDemo(page: Page): Promise<void> {
  console.log(`\nChecking ${articleUrl} from the extension's popup…`);
  const tabId = await tabIdOf(worker, articleUrl);
  // A script cannot click the toolbar button; the popup page opened for that tab is the same page.
  const popup = await context.newPage();
  await popup.setViewportSize({ width: 420, height: 900 });
  await popup.goto(`chrome-extension://${extensionId}/popup.html?tabId=${tabId}`);
  const started = Date.now();
  await popup.getByRole('button', { name: 'Check this page' }).click();
  const outcome = popup.getByText(/^Checked \d+ claims\.$|^The check stopped\.$/);
  await outcome.waitFor({ timeout: 120_000 });
  const elapsed = Date.now() - started;
  if ((await outcome.textContent()) === 'The check stopped.') {
    console.error(`The check failed: ${await popup.getByRole('alert').innerText()}`);
    process.exitCode = 1;
    return;
  }
  const claims = await popup.locator('.claim').evaluateAll((items) =>
    items.map((item) => ({
      verdict: item.querySelector('.verdict strong')?.textContent ?? '',
      text: item.querySelector('.claim-text')?.textContent ?? '',
      correction:
        [...item.querySelectorAll('p')].find((p) => p.textContent?.startsWith('Correction:'))?.textContent ?? '',
    })),
  );
  console.log(`${claims.length} claims checked in ${elapsed} ms. ${await popup.locator('.credits').innerText()}\n`);
  for (const claim of claims) {
    console.log(`  [${claim.verdict}] ${claim.text}`);
    if (claim.correction) console.log(`      ${claim.correction}`);
  }
  const calls = double.endpointCalls().map((call) => `${call.method} ${call.path} → ${call.outcome}`);
  console.log(`\nThe double saw ${calls.length} calls: ${calls.join('; ')}`);

  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  // The claims are drawn in the article: highlights and a badge for each.
  await page.bringToFront();
  const drawn = page.locator('factlens-overlay .badge');
  await drawn
    .nth(claims.length - 1)
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
  console.log(`Drawn in the article: ${await drawn.count()} highlighted claims with badges.`);
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'demo-article.png'), fullPage: true });
  await popup.screenshot({ path: path.join(ARTIFACTS_DIR, 'demo-popup.png'), fullPage: true });
  await options.screenshot({ path: path.join(ARTIFACTS_DIR, 'demo-options.png') });
  console.log(
    `Screenshots: ${path.relative(process.cwd(), ARTIFACTS_DIR)}/demo-article.png, demo-popup.png, demo-options.png`,
  );
}
