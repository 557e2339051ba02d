/**
 * The popup's weight and first render: the gzipped size of the JS popup.html loads (release build), and
 * the time from navigation to an enabled "Check this page" button in Chromium, against the options page
 * (the other Preact page, which carries zod for its form) measured the same way in the same run.
 * Targets (issue 5): under 40 kB gzipped, under 150 ms.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildE2e, launchWithExtension, tabIdOf } from '../scripts/extension-browser';
import { startServiceDouble } from '../service-double/server';

const RELEASE_DIR = path.resolve('.output/chrome-mv3');
const RUNS = 7;

/** Gzipped bytes of the scripts an extension page loads (its module and the chunks it preloads). */
function pageJsGzip(dir: string, html: string): number {
  const markup = readFileSync(path.join(dir, html), 'utf8');
  const files = [...markup.matchAll(/(?:src|href)="(\/[^"]+\.js)"/g)].map((match) => match[1]!);
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length, 0);
}

execFileSync('npx', ['wxt', 'build'], { stdio: 'ignore' });
buildE2e();
const sizes = { popup: pageJsGzip(RELEASE_DIR, 'popup.html'), options: pageJsGzip(RELEASE_DIR, 'options.html') };

const double = await startServiceDouble({ port: 0, keys: ['bench-key'] });
const { context, worker, extensionId, close } = await launchWithExtension();
const article = await context.newPage();
await article.goto(`${double.url}/demo/article.html`);
const tabId = await tabIdOf(worker, article.url());

/** ms from navigation start until the page's main control is usable, median of RUNS. */
async function timeToInteractive(url: string, ready: string): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < RUNS + 1; run++) {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(
      (selector) => {
        const element = document.querySelector(selector);
        return element !== null && !(element as HTMLButtonElement).disabled;
      },
      ready,
      { polling: 'raf' },
    );
    const now = await page.evaluate(() => performance.now());
    if (run > 0) times.push(now); // The first run warms the extension's code cache.
    await page.close();
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const popupMs = await timeToInteractive(
  `chrome-extension://${extensionId}/popup.html?tabId=${tabId}`,
  'button.primary',
);
const optionsMs = await timeToInteractive(`chrome-extension://${extensionId}/options.html`, 'button.primary');
await close();
await double.close();

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
console.log('\nPopup weight and first render (release build sizes; e2e build in headless Chromium for timing)\n');
console.log('page      JS gzip   time to interactive (median of 7)');
console.log(`popup   ${kB(sizes.popup).padStart(9)}   ${popupMs.toFixed(0).padStart(5)} ms`);
console.log(`options ${kB(sizes.options).padStart(9)}   ${optionsMs.toFixed(0).padStart(5)} ms`);
console.log(
  `\npopup vs options page: ${(sizes.options / sizes.popup).toFixed(2)}× lighter, ${(optionsMs / popupMs).toFixed(2)}× faster to interactive. Targets: < 40 kB, < 150 ms.`,
);
