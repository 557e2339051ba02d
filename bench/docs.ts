/**
 * Redrawing a checked Google Doc's highlights, in the real extension on the Docs double (tests/e2e/docs-double/), served
 * as docs.google.com: the 12-page document's 30 claims checked, then the editor scrolled a step (the mirror moves, the
 * badges follow) and its tiles made again (Docs paints them anew now and then: the layer's runs are read again, the
 * mirror rebuilt, the 30 claims looked for and those on drawn pages drawn). For each, the longest main-thread task that
 * ran FactLens's content script (from the browser's trace), against one frame (16 ms), and the floor: reading the
 * layer's runs alone (every rect's label and box), as any reader of the layer must, timed in the page after the same
 * change. Run with `npm run bench -- docs` (or `npx tsx bench/docs.ts`).
 */
import type { Page, Worker } from '@playwright/test';
import { startServiceDouble } from '../service-double/server';
import { buildE2e, launchWithExtension, saveSettings, settingsFor, tabIdOf } from '../scripts/extension-browser';
import { startDocsDouble } from '../tests/e2e/docs-double/server';
import { moonDocument } from '../tests/e2e/docs-double/moon-document';
import { trace, type TraceEvent } from './trace';

const KEY = 'bench-key';
const DOC_ID = 'bench-moon';
/** Each change is made this many times; the figures are medians. */
const ROUNDS = 15;
/** One frame at 60 Hz: the target for a redraw. */
const FRAME_MS = 16;

/**
 * FactLens's own work in the change: the most time its content script's functions took within one main-thread task
 * (ms), and that task's whole length (the page's own work in it included: Docs' tile painting runs in the same task as
 * the observer that hears it).
 */
function ownWork(events: TraceEvent[]): { ours: number; task: number } {
  const own = events.filter(
    (event) => event.name === 'FunctionCall' && event.args?.data?.url?.startsWith('chrome-extension:'),
  );
  const byTask = new Map<TraceEvent | undefined, number>();
  for (const call of own) {
    const task = events.find(
      (event) =>
        event.name === 'RunTask' &&
        event.pid === call.pid &&
        event.tid === call.tid &&
        event.ts <= call.ts &&
        event.ts + (event.dur ?? 0) >= call.ts + (call.dur ?? 0),
    );
    byTask.set(task, (byTask.get(task) ?? 0) + (call.dur ?? 0) / 1000);
  }
  let worst = { ours: 0, task: 0 };
  for (const [task, ours] of byTask)
    if (ours > worst.ours) worst = { ours, task: task ? (task.dur ?? 0) / 1000 : ours };
  return worst;
}

/** Resolves once the content script has looked at the page since `runs` and has nothing left to do. */
async function settled(worker: Worker, tabId: number, since: number): Promise<number> {
  for (;;) {
    // A string, not a function: tsx would wrap the inner function in a helper that the tab does not have.
    const { runs, idle } = (await worker.evaluate(`(async () => {
      const [frame] = await chrome.scripting.executeScript({
        target: { tabId: ${tabId} },
        func: () => globalThis.__factlensContent?.activity?.() ?? { runs: -1, idle: false },
      });
      return frame.result;
    })()`)) as { runs: number; idle: boolean };
    if (runs > since && idle) return runs;
    await new Promise((wait) => setTimeout(wait, 50));
  }
}

/** Reads the layer's runs as any reader must (each rect's label, box and font), in ms, in the page's own world. */
const readLayer = (page: Page) =>
  page.evaluate(() => {
    const start = performance.now();
    const runs = [];
    for (const rect of document.querySelectorAll('.kix-appview-editor rect[aria-label]')) {
      const box = rect.getBoundingClientRect();
      runs.push({
        label: rect.getAttribute('aria-label'),
        left: box.left,
        top: box.top,
        font: rect.getAttribute('data-font-css'),
      });
    }
    return { ms: performance.now() - start, runs: runs.length };
  });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

buildE2e();
const double = await startServiceDouble({ port: 0, keys: [KEY] });
const docs = await startDocsDouble({ [DOC_ID]: { title: 'Moon notes', paragraphs: moonDocument() } });
const browser = await launchWithExtension({
  headless: true,
  args: docs.chromiumFlags,
  viewport: { width: 1200, height: 2000 },
});
const { worker, extensionId, close } = browser;
const popup = await saveSettings(browser, { settings: settingsFor(double.url), apiKey: KEY });
const page = await browser.context.newPage();
await page.goto(docs.url(DOC_ID));
// tsx names the arrow functions in the callbacks below with a helper that the page lacks.
await page.evaluate('window.__name = (fn) => fn');
const tabId = await tabIdOf(worker, docs.url(DOC_ID));
await popup.goto(`chrome-extension://${extensionId}/popup.html?tabId=${tabId}`);
await popup.getByRole('button', { name: 'Check this document' }).click();
const stage = popup.getByText(/^Checked \d+ claims\.$/);
await stage.waitFor({ timeout: 60_000 });
const claims = Number(/\d+/.exec(await stage.innerText())![0]);
await page.bringToFront();
await page.locator('factlens-overlay .badge').first().waitFor({ state: 'attached' });
let runs = await settled(worker, tabId, -1);
// Zoomed out in a tall window, as an editor reviews a long document: most pages' tiles are made, and most claims drawn.
await page.evaluate(() =>
  (window as unknown as { docsDouble: { setZoom(zoom: number): void } }).docsDouble.setZoom(0.5),
);
runs = await settled(worker, tabId, runs);
const cdp = await page.context().newCDPSession(page);

const scroll = { ours: [] as number[], task: [] as number[], floor: [] as number[], drawn: [] as number[] };
const redraw = { ours: [] as number[], task: [] as number[], floor: [] as number[], drawn: [] as number[] };
/** The claims highlighted now (each claim's ranges, whatever its verdict's highlight). */
const drawnNow = () =>
  page.evaluate(() =>
    [...CSS.highlights.entries()]
      .filter(([name]) => name.startsWith('factlens-') && !name.startsWith('factlens-active'))
      .reduce((sum, [, highlight]) => sum + highlight.size, 0),
  );
for (let round = 0; round < ROUNDS; round++) {
  // A step down (and back up every other round) within the drawn pages: the mirror and the badges move.
  const step = round % 2 ? -240 : 240;
  const scrolled = await trace(cdp, async () => {
    await page.evaluate((by) => document.querySelector('.kix-appview-editor')!.scrollBy(0, by), step);
    runs = await settled(worker, tabId, runs);
  });
  const scrollWork = ownWork(scrolled);
  scroll.ours.push(scrollWork.ours);
  scroll.task.push(scrollWork.task);
  scroll.floor.push((await readLayer(page)).ms);
  scroll.drawn.push(await drawnNow());
  // The tiles in view made again, as Docs does now and then: the layer is new, and the claims are drawn again on it.
  const remade = await trace(cdp, async () => {
    await page.evaluate(() => (window as unknown as { docsDouble: { redraw(): void } }).docsDouble.redraw());
    runs = await settled(worker, tabId, runs);
  });
  const redrawWork = ownWork(remade);
  redraw.ours.push(redrawWork.ours);
  redraw.task.push(redrawWork.task);
  await page.evaluate(() => (window as unknown as { docsDouble: { redraw(): void } }).docsDouble.redraw());
  await page.evaluate(() => new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame))));
  redraw.floor.push((await readLayer(page)).ms);
  runs = await settled(worker, tabId, runs);
  redraw.drawn.push(await drawnNow());
}
const layerRuns = (await readLayer(page)).runs;
await close();
await docs.stop();
await double.close();

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(8);
console.log(
  `\nA checked 12-page Google Doc (the Docs double, ${claims} claims, ${layerRuns} runs in the layer at 50% zoom in a ` +
    `1200×2000 window), medians of ${ROUNDS}\n`,
);
console.log('change             FactLens (its task, all of it)   floor: reading the layer   claims drawn   target');
for (const [name, figures] of [
  ['scroll a step', scroll],
  ['tiles made again', redraw],
] as const) {
  const ours = median(figures.ours);
  console.log(
    `${name.padEnd(18)} ${ms(ours)} (${ms(median(figures.task)).trim()})${' '.repeat(11)}${ms(median(figures.floor))}` +
      `${' '.repeat(19)}${String(median(figures.drawn)).padStart(5)}          under ${FRAME_MS} ms: ${ours < FRAME_MS ? 'met' : 'NOT met'}`,
  );
}
