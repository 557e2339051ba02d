/**
 * Progressive (4.3, then 4.9 in batches) against one call (4.8), measured in the real extension in
 * headless Chromium, against the double with REALISTIC_LATENCY (service-double/latency.ts). For each,
 * the time from "Check this page" to the first verdict shown in the popup and to the last, and the
 * credits the double billed. Run with `npm run bench` (or `npx tsx bench/pipelines.ts`).
 */
import { REALISTIC_LATENCY } from '../service-double/latency';
import { startServiceDouble } from '../service-double/server';
import { buildE2e, launchWithExtension, saveSettings, settingsFor, tabIdOf } from '../scripts/extension-browser';

const KEY = 'bench-key';
const MODES = ['progressive', 'one-call'] as const;

buildE2e();
const double = await startServiceDouble({ port: 0, keys: [KEY] });
const browser = await launchWithExtension();
const { context, worker, extensionId, close } = browser;
const articleUrl = `${double.url}/demo/article.html`;
const article = await context.newPage();
await article.goto(articleUrl);
const tabId = await tabIdOf(worker, articleUrl);

interface Measurement {
  mode: (typeof MODES)[number];
  firstMs: number;
  lastMs: number;
  claims: number;
  credits: number;
  calls: number;
}

const results: Measurement[] = [];
for (const mode of MODES) {
  double.reset();
  // Each pipeline must really run: forget the previous one's cached result, kept in the extension's IndexedDB (see
  // utils/trusted-item.ts; it was in storage.local once, and the one-call run then read the progressive run's result).
  await worker.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open('factlens');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const transaction = opening.result.transaction('items', 'readwrite');
          transaction.objectStore('items').delete('checkCache');
          transaction.oncomplete = () => resolve(opening.result.close());
          transaction.onerror = () => reject(transaction.error);
        };
      }),
  );
  for (const spec of REALISTIC_LATENCY) double.faults.add(spec);
  const popup = await saveSettings(browser, {
    settings: settingsFor(double.url, { checkMode: mode }),
    apiKey: KEY,
  });
  await popup.goto(`chrome-extension://${extensionId}/popup.html?tabId=${tabId}`);
  await popup.getByRole('button', { name: 'Check this page' }).waitFor();
  // tsx names the arrow functions in the callback below with a helper that the page lacks.
  await popup.evaluate('window.__name = (fn) => fn');
  // Timed inside the popup: from the click to the first and the last verdict painted.
  const timing = await popup.evaluate(
    () =>
      new Promise<{ firstMs: number; lastMs: number; claims: number }>((resolve, reject) => {
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Check this page')!;
        const start = performance.now();
        let firstMs = -1;
        const verdicts = () =>
          [...document.querySelectorAll('.claim .verdict strong')].filter(
            (node) => !['Checking', 'Not checked'].includes(node.textContent ?? ''),
          ).length;
        const observer = new MutationObserver(() => {
          const now = performance.now() - start;
          if (firstMs < 0 && verdicts() > 0) firstMs = now;
          const stage = document.querySelector('.stage')?.textContent ?? '';
          if (/^Checked \d+ claims\.$/.test(stage)) {
            observer.disconnect();
            resolve({ firstMs, lastMs: now, claims: verdicts() });
          } else if (stage === 'The check stopped.')
            reject(new Error(document.querySelector('[role=alert]')?.textContent ?? 'failed'));
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        button.click();
      }),
  );
  const calls = double.endpointCalls().length;
  if (!calls) throw new Error(`the ${mode} check made no call to the double: it was answered from a cache`);
  results.push({ mode, ...timing, credits: double.credits.total, calls });
  await popup.close();
}
await close();
await double.close();

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
console.log('\nCheck pipelines on the demo article, double with realistic latency (service-double/latency.ts)\n');
console.log('pipeline      first verdict  last verdict  claims  credits  calls');
for (const result of results)
  console.log(
    `${result.mode.padEnd(13)} ${seconds(result.firstMs).padStart(13)}  ${seconds(result.lastMs).padStart(12)}  ${String(result.claims).padStart(6)}  ${String(result.credits).padStart(7)}  ${String(result.calls).padStart(5)}`,
  );
const [progressive, oneCall] = results as [Measurement, Measurement];
console.log(
  `\nprogressive vs one-call: first verdict ${(oneCall.firstMs / progressive.firstMs).toFixed(2)}× sooner, ` +
    `last verdict ${(oneCall.lastMs / progressive.lastMs).toFixed(2)}× sooner, ` +
    `credits ${(progressive.credits / oneCall.credits).toFixed(2)}× as many.`,
);
