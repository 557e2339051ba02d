/**
 * Redrawing a checked Google Doc's highlights, in the real extension on the Docs double (tests/e2e/docs-double/), served
 * as docs.google.com: the 12-page document's 30 claims checked, then the editor scrolled a step (the mirror moves, the
 * badges follow) and its tiles made again (Docs paints them anew now and then: the layer's runs are read again, the
 * mirror rebuilt, the 30 claims looked for and those on drawn pages drawn). For each, the longest main-thread task that
 * ran FactLens's content script (from the browser's trace), against one frame (16 ms), and the floor: reading the
 * layer's runs alone (every rect's label and box), as any reader of the layer must, timed in the page after the same
 * change. Run with `npm run bench -- docs` (or `npx tsx bench/docs.ts`).
 */
import type { CDPSession, Page, Worker } from '@playwright/test';
import { startServiceDouble } from '../service-double/server';
import { buildE2e, launchWithExtension, saveSettings, settingsFor, tabIdOf } from '../scripts/extension-browser';
import { startDocsDouble } from '../tests/e2e/docs-double/server';
import { moonDocument } from '../tests/e2e/docs-double/moon-document';

const KEY = 'bench-key';
const DOC_ID = 'bench-moon';
/** Each change is made this many times; the figures are medians. */
const ROUNDS = 15;
/** One frame at 60 Hz: the target for a redraw. */
const FRAME_MS = 16;

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; frame?: string } };
}

async function trace(cdp: CDPSession, run: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const collect = ({ value }: { value: object[] }) => events.push(...(value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute',
    transferMode: 'ReportEvents',
  });
  await run();
  const complete = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  return events;
}

/** The longest main-thread task (ms) that ran a function of the extension's (its content script's callbacks). */
function longestOwnTask(events: TraceEvent[]): number {
  const own = events.filter(
    (event) => event.name === 'FunctionCall' && event.args?.data?.url?.startsWith('chrome-extension:'),
  );
  let longest = 0;
  for (const call of own) {
    const task = events.find(
      (event) =>
        event.name === 'RunTask' &&
        event.pid === call.pid &&
        event.tid === call.tid &&
        event.ts <= call.ts &&
        event.ts + (event.dur ?? 0) >= call.ts + (call.dur ?? 0),
    );
    longest = Math.max(longest, (task?.dur ?? call.dur ?? 0) / 1000);
  }
  return longest;
}

/** Resolves once the content script has looked at the page since `runs` and has nothing left to do. */
async function settled(worker: Worker, tabId: number, since: number): Promise<number> {
  for (;;) {
    const { runs, idle } = await worker.evaluate(async (id) => {
      const [frame] = await chrome.scripting.executeScript({
        target: { tabId: id },
        func: () =>
          (
            globalThis as unknown as { __factlensContent?: { activity?: () => { runs: number; idle: boolean } } }
          ).__factlensContent?.activity?.() ?? { runs: -1, idle: false },
      });
      return frame!.result as { runs: number; idle: boolean };
    }, tabId);
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
  viewport: { width: 1200, height: 900 },
});
const { worker, extensionId, close } = browser;
const popup = await saveSettings(browser, { settings: settingsFor(double.url), apiKey: KEY });
const page = await browser.context.newPage();
await page.goto(docs.url(DOC_ID));
const tabId = await tabIdOf(worker, docs.url(DOC_ID));
await popup.goto(`chrome-extension://${extensionId}/popup.html?tabId=${tabId}`);
await popup.getByRole('button', { name: 'Check this document' }).click();
const stage = popup.getByText(/^Checked \d+ claims\.$/);
await stage.waitFor({ timeout: 60_000 });
const claims = Number(/\d+/.exec(await stage.innerText())![0]);
await page.bringToFront();
await page.locator('factlens-overlay .badge').first().waitFor({ state: 'attached' });
let runs = await settled(worker, tabId, -1);
const cdp = await page.context().newCDPSession(page);

const scroll = { ours: [] as number[], floor: [] as number[], drawn: [] as number[] };
const redraw = { ours: [] as number[], floor: [] as number[], drawn: [] as number[] };
const drawnNow = () => page.locator('factlens-overlay .badge:not([hidden])').count();
for (let round = 0; round < ROUNDS; round++) {
  // A step down (and back up every other round) within the drawn pages: the mirror and the badges move.
  const step = round % 2 ? -240 : 240;
  const scrolled = await trace(cdp, async () => {
    await page.evaluate((by) => document.querySelector('.kix-appview-editor')!.scrollBy(0, by), step);
    runs = await settled(worker, tabId, runs);
  });
  scroll.ours.push(longestOwnTask(scrolled));
  scroll.floor.push((await readLayer(page)).ms);
  scroll.drawn.push(await drawnNow());
  // The tiles in view made again, as Docs does now and then: the layer is new, and the claims are drawn again on it.
  const remade = await trace(cdp, async () => {
    await page.evaluate(() => (window as unknown as { docsDouble: { redraw(): void } }).docsDouble.redraw());
    runs = await settled(worker, tabId, runs);
  });
  redraw.ours.push(longestOwnTask(remade));
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
  `\nA checked 12-page Google Doc (the Docs double, ${claims} claims, ${layerRuns} runs in the layer), medians of ${ROUNDS}\n`,
);
console.log('change               FactLens (longest task)   floor: reading the layer   claims drawn   target');
for (const [name, figures] of [
  ['scroll a step', scroll],
  ['tiles made again', redraw],
] as const) {
  const ours = median(figures.ours);
  console.log(
    `${name.padEnd(20)} ${ms(ours)}${' '.repeat(18)}${ms(median(figures.floor))}${' '.repeat(19)}` +
      `${String(median(figures.drawn)).padStart(5)}          under ${FRAME_MS} ms: ${ours < FRAME_MS ? 'met' : 'NOT met'}`,
  );
}
