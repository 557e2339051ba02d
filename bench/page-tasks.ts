/**
 * The longest tasks a check runs in the page's own main thread, in the real extension (cold, as a user's first check
 * on a page), against the longest task the page's own loading ran there (parsing, styling and laying it out): the
 * browser's trace of the page's renderer, from the page's load to the check's last badge. The anchoring bench times
 * locating and drawing alone, warm, in the page's main world; this counts what it leaves out: reading the page
 * through scripting.executeScript (twice: when the popup opens, and when the check starts; in slices of about 8 ms,
 * see readPageSnapshot, so each slice is a task of its own, listed only if it is long), evaluating the content
 * script, the style recalculation that the highlights' style sheet costs once it is adopted (its ::highlight rules
 * apply to every element of a small page, and to the elements that hold claims on a large one: see
 * utils/page/highlight-scope.ts), and the content script's first anchoring, before its code is compiled.
 *
 * Pages (see CASES): every corpus page, whole and as a selection of its three longest paragraphs (whose claims the
 * content script still locates in the whole page), wikipedia-2 (the corpus's largest, 9,882 elements, over the 96,000
 * characters a check takes) as a selection only, and the same page's body ten times over. Beside each, the browser's
 * own floors there (evaluating the content script, a highlight style sheet, a highlight's change, an element over the
 * page: see evaluationFloor, styleFloor, repaintFloor, overlayFloor), and the content script's parts' sizes. Each task
 * of 50 ms or more is shown with the CPU time its thread ran (on these 2-CPU machines, the rest it waited for a CPU).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { REALISTIC_LATENCY } from '../service-double/latency';
import { startServiceDouble } from '../service-double/server';
import { buildE2e, launchWithExtension, saveSettings, settingsFor, tabIdOf } from '../scripts/extension-browser';
import { corpusHtml, corpusPages, selectLongestParagraphs } from './corpus';
import { trace, type TraceEvent } from './trace';

const KEY = 'bench-key';
/**
 * The pages, and how each is checked: wikipedia-2 (and its body ten times over) as a selection, being over the
 * 96,000 characters a check takes; pages of a common size (guardian-1, yahoo-2: 1,460 and 3,132 text nodes) whole,
 * by their text (the double cannot reach their address), as a reader checks an article.
 * BENCH_PAGES=a.html,b.html checks those pages whole instead (`a.html:10:selection`: its body ten times over, as a
 * selection).
 */
const CASES: { file: string; copies: number; scope: 'selection' | 'page' }[] = process.env.BENCH_PAGES
  ? process.env.BENCH_PAGES.split(',').map((given) => {
      const [file = '', copies = '1', scope] = given.split(':');
      return { file, copies: Number(copies), scope: scope === 'selection' ? 'selection' : 'page' };
    })
  : [
      ...corpusPages().flatMap((file) => [
        // wikipedia-2 is over the 96,000 characters a check takes: a selection only.
        ...(file === 'wikipedia-2.html' ? [] : [{ file, copies: 1, scope: 'page' as const }]),
        { file, copies: 1, scope: 'selection' as const },
      ]),
      { file: 'wikipedia-2.html', copies: 10, scope: 'selection' },
    ];
/** The first check's tasks must stay under this (issue 66): a longer one delays the person's next click or key. */
const LONG_TASK_MS = 50;
/** The content script's first part, gzipped, at most (issue 66). */
const FIRST_PART_GZIP_TARGET = 25_000;
/** Tasks at least this long are listed (a frame at 60 Hz); 50 ms is a long task. */
const LISTED_MS = 16;

/**
 * A task of the page's main thread: how long it took (`ms`), how much of that its thread ran on a CPU (`cpuMs`, the
 * trace's thread time), and the CPU time the browser's other threads (its other processes' included) ran meanwhile
 * (`othersMs`): on these 2-CPU machines, what kept the page's thread from a CPU for the rest of the task.
 */
interface Task {
  ms: number;
  cpuMs: number;
  othersMs: number;
  what: string;
}

/** The CPU time (ms) the trace's other threads ran within `from` to `to` (µs), each task counted for its overlap. */
function othersCpuWithin(events: TraceEvent[], thread: { pid: number; tid: number }, from: number, to: number): number {
  let total = 0;
  for (const event of events) {
    if (event.name !== 'RunTask' || event.ph !== 'X' || !event.dur) continue;
    if (event.pid === thread.pid && event.tid === thread.tid) continue;
    const overlap = Math.min(to, event.ts + event.dur) - Math.max(from, event.ts);
    if (overlap > 0) total += ((event.tdur ?? event.dur) * overlap) / event.dur;
  }
  return total / 1000;
}

/** The page's main thread's tasks of LISTED_MS or more, each named by the longest event within it. */
function longTasks(events: TraceEvent[], frame: string, listedMs = LISTED_MS): Task[] {
  // The page's main thread: where its own parsing, styling and scripts ran (other threads and the browser process
  // name the frame in their events too).
  const framed = events.find(
    (event) =>
      ['ParseHTML', 'UpdateLayoutTree', 'EvaluateScript'].includes(event.name) &&
      (event.args?.data?.frame ?? event.args?.beginData?.frame) === frame,
  );
  if (!framed) throw new Error('The trace has no work of the page’s main thread');
  const thread = events.filter(
    (event) => event.pid === framed.pid && event.tid === framed.tid && event.ph === 'X' && event.dur !== undefined,
  );
  return thread
    .filter((task) => task.name === 'RunTask' && task.dur! >= listedMs * 1000)
    .map((task) => {
      // Events nest: a script's forced style recalculation is inside its EvaluateScript or FunctionCall.
      const within = thread
        .filter((event) => event !== task && event.ts >= task.ts && event.ts + event.dur! <= task.ts + task.dur!)
        .sort((a, b) => b.dur! - a.dur!);
      const inside = within.find((event) =>
        [
          'EvaluateScript',
          'UpdateLayoutTree',
          'Layout',
          'FunctionCall',
          'ParseHTML',
          'MajorGC',
          'MinorGC',
          'TimerFire',
          'RunMicrotasks',
        ].includes(event.name),
      );
      const url = inside?.args?.data?.url ?? '';
      const what = !inside
        ? 'other'
        : inside.name === 'EvaluateScript'
          ? url.startsWith('chrome-extension:')
            ? `content script evaluated (${url.includes('/content-parts.js') ? 'second' : 'first'} part)`
            : url
              ? 'page script'
              : 'executeScript (reading the page)'
          : inside.name === 'UpdateLayoutTree'
            ? `style recalculation (${inside.args?.beginData?.elementCount ?? inside.args?.elementCount ?? '?'} elements)`
            : inside.name === 'FunctionCall'
              ? 'content script handler (anchoring, drawing)'
              : inside.name;
      // BENCH_TASK_DETAIL=1: what else each task ran, longest first.
      const detail = !process.env.BENCH_TASK_DETAIL
        ? ''
        : ` [${within
            .slice(0, 8)
            .map((event) => `${event.name} ${(event.dur! / 1000).toFixed(0)}`)
            .join(', ')}]`;
      return {
        ms: task.dur! / 1000,
        cpuMs: (task.tdur ?? task.dur!) / 1000,
        othersMs: othersCpuWithin(events, framed, task.ts, task.ts + task.dur!),
        what: what + detail,
      };
    });
}

/** The newest tab showing `url`: a fresh page opened beside the checked one, at the same address. */
const freshTabId = (worker: Worker, url: string): Promise<number> =>
  worker.evaluate(
    `(async () => Math.max(-1, ...(await chrome.tabs.query({})).filter((tab) => tab.url === ${JSON.stringify(url)}).map((tab) => tab.id)))()`,
  );

/**
 * The longest of three figures, each read by `measure` from the trace of `inject` (a script the worker runs in the
 * tab, as a string: tsx would wrap a function's parts in a helper the worker lacks) in a fresh load of `url`, beside
 * the checked page; `prepare` (the same kind of script) runs first, outside the trace.
 */
async function longestInFreshLoads(
  context: BrowserContext,
  worker: Worker,
  url: string,
  inject: (tabId: number) => string,
  measure: (events: TraceEvent[], frame: string) => number,
  prepare?: (tabId: number) => string,
): Promise<number> {
  const fresh = await context.newPage();
  const session = await context.newCDPSession(fresh);
  let longest = 0;
  for (let run = 0; run < 3; run++) {
    await fresh.goto(url, { waitUntil: 'load' });
    const { frameTree } = (await session.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } };
    const tabId = await freshTabId(worker, url);
    if (prepare) await worker.evaluate(prepare(tabId));
    const events = await trace(session, async () => {
      await worker.evaluate(inject(tabId));
    });
    longest = Math.max(longest, measure(events, frameTree.frame.id));
  }
  await session.detach();
  await fresh.close();
  return longest;
}

/**
 * The floor of evaluating the content script: the same file injected into a fresh load of the page, with its work
 * skipped (a running instance is declared first, so its entry returns at once: see entrypoints/content-script.ts). What
 * is left is the browser's parsing and compiling of the script and its modules' top level: no script of this size can
 * be evaluated faster here. The longest such evaluation of three, in ms.
 */
const evaluationFloor = (context: BrowserContext, worker: Worker, url: string): Promise<number> =>
  longestInFreshLoads(
    context,
    worker,
    url,
    (tabId) => `(async () => {
      const target = { tabId: ${tabId} };
      await chrome.scripting.executeScript({ target, func: () => { globalThis.__factlensContent = {}; } });
      await chrome.scripting.executeScript({ target, files: ['/content-script.js'] });
    })()`,
    (events) =>
      Math.max(
        0,
        ...events
          .filter((event) => event.name === 'EvaluateScript' && event.args?.data?.url?.includes('/content-script.js'))
          .map((event) => (event.dur ?? 0) / 1000),
      ),
  );

/**
 * The floor of showing a highlight at all: in a fresh load of the page, from an isolated world as the content script
 * runs, one Highlight over one word registered and a style sheet adopted whose one `::highlight()` rule names an
 * element the page does not have. The style recalculation that follows is the browser's own cost of a page taking
 * any highlight style sheet, whichever elements it names: no highlighting can cost less here. The longest of three,
 * in ms.
 */
const styleFloor = (context: BrowserContext, worker: Worker, url: string): Promise<number> =>
  longestInFreshLoads(context, worker, url, highlightOneWord, (events, frame) =>
    Math.max(
      0,
      ...longTasks(events, frame, 0)
        .filter((task) => task.what.startsWith('style recalculation'))
        .map((task) => task.ms),
    ),
  );

/**
 * In the tab: one Highlight over the first word of five letters or more (after `skip` such words) in the page's
 * registry, as `factlens-floor`, with a style sheet whose one `::highlight()` rule names an element the page does not
 * have (see styleFloor); or, registered already, that word's range added to it. Resolves once a frame has been drawn.
 */
const highlightWord = (skip: number) => (tabId: number) =>
  `chrome.scripting.executeScript({ target: { tabId: ${tabId} }, func: () => {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      let text = walker.nextNode();
      for (let left = ${skip}; text; text = walker.nextNode())
        if (text.data.trim().length >= 5 && left-- === 0) break;
      const range = document.createRange();
      if (text) range.setStart(text, 0), range.setEnd(text, Math.min(5, text.data.length));
      const registered = CSS.highlights.get('factlens-floor');
      if (registered) registered.add(range);
      else {
        CSS.highlights.set('factlens-floor', new Highlight(range));
        const sheet = new CSSStyleSheet();
        sheet.replaceSync('x-factlens-floor::highlight(factlens-floor) { background-color: #fde68a; }');
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      }
      return new Promise((drawn) => requestAnimationFrame(() => setTimeout(drawn, 0)));
    } })`;
const highlightOneWord = highlightWord(0);

/**
 * The floor of changing the highlights once they are shown: in a fresh load of the page with one highlight shown (see
 * styleFloor), a second word's range added to it, as a draw that changes a claim's kind (a verdict come in) changes
 * them. The longest task that follows, of three, by the CPU time its thread ran, in ms: what the browser's own
 * handling of a highlight's change costs, against a check's later rendering updates.
 */
const repaintFloor = (context: BrowserContext, worker: Worker, url: string): Promise<number> =>
  longestInFreshLoads(
    context,
    worker,
    url,
    highlightWord(1),
    (events, frame) => Math.max(0, ...longTasks(events, frame, 0).map((task) => task.cpuMs)),
    highlightOneWord,
  );

/**
 * The floor of drawing over the page at all: in a fresh load of the page, one element positioned over the document
 * (absolute, at the top of the stacking order, as the overlay's host stands) appended to its root, with one button in
 * its shadow root. The rendering update that follows is the browser's own cost of any element added there (on a large
 * page it walks the whole tree for paint, PrePaint); the overlay's host pays it once, when the first highlights are
 * drawn. The longest task of three, by the CPU time its thread ran, in ms.
 */
const overlayFloor = (context: BrowserContext, worker: Worker, url: string): Promise<number> =>
  longestInFreshLoads(
    context,
    worker,
    url,
    (tabId) => `chrome.scripting.executeScript({ target: { tabId: ${tabId} }, func: () => {
      const host = document.createElement('div');
      host.style.cssText = 'position: absolute; top: 0; left: 0; width: 0; height: 0; z-index: 2147483647';
      host.attachShadow({ mode: 'open' }).innerHTML = '<button style="position: absolute; left: 9px; top: 9px">x</button>';
      document.documentElement.appendChild(host);
      return new Promise((drawn) => requestAnimationFrame(() => setTimeout(drawn, 0)));
    } })`,
    (events, frame) => Math.max(0, ...longTasks(events, frame, 0).map((task) => task.cpuMs)),
  );

interface CardOpening {
  /** From the click's input event to the card in the overlay, in ms. */
  ms: number;
  /** From the click's dispatch to the page (its first listener) to the card, in ms: what FactLens's handler takes. */
  handlerMs: number;
  /** Whether the card was in the first frame drawn after the click. */
  withinAFrame: boolean;
}

interface CardTiming {
  click: number;
  dispatched: number;
  card: number;
  framed: boolean;
  inFrame: boolean;
}

/**
 * Opens the first placed badge's card with a real click once the check is over (a warm page: the second part was asked
 * for as the first highlights were drawn): how long from the click to the card, and whether the card was there when the
 * first frame after the click ran its animation frame callbacks (a frame's timestamp is its start, which may precede a
 * task that began in it, so the card's presence is tested, not compared with it). The e2e build's overlay is open, so
 * the page can watch it. Null when no badge is in view.
 */
async function cardOpening(page: Page): Promise<CardOpening | null> {
  const box = await page.evaluate(() => {
    const root = document.querySelector('factlens-overlay')?.shadowRoot;
    const badge = [...(root?.querySelectorAll<HTMLElement>('.badge') ?? [])].find((element) => {
      const { top, bottom, width } = element.getBoundingClientRect();
      return width > 0 && top >= 0 && bottom <= innerHeight && !element.classList.contains('rough');
    });
    if (!root || !badge) return null;
    const rect = badge.getBoundingClientRect();
    const timing: CardTiming = { click: 0, dispatched: 0, card: 0, framed: false, inFrame: false };
    (window as unknown as { __cardTiming: CardTiming }).__cardTiming = timing;
    badge.addEventListener(
      'click',
      (event) => {
        timing.click = event.timeStamp;
        timing.dispatched = performance.now();
        requestAnimationFrame(() => {
          timing.framed = true;
          timing.inFrame = root.querySelector('.card') !== null;
        });
      },
      { capture: true, once: true },
    );
    const watch = new MutationObserver(() => {
      if (!root.querySelector('.card')) return;
      timing.card = performance.now();
      watch.disconnect();
    });
    watch.observe(root, { childList: true, subtree: true });
    return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
  });
  if (!box) return null;
  await page.mouse.click(box.x, box.y);
  await page.waitForFunction(() => {
    const timing = (window as unknown as { __cardTiming: CardTiming }).__cardTiming;
    return timing.card > 0 && timing.framed;
  });
  const timing = await page.evaluate(() => (window as unknown as { __cardTiming: CardTiming }).__cardTiming);
  return {
    ms: timing.card - timing.click,
    handlerMs: timing.card - timing.dispatched,
    withinAFrame: timing.inFrame,
  };
}

/** Each part of the content script, gzipped (release build). */
function contentScriptSizes(): { file: string; gzip: number }[] {
  execFileSync('npx', ['wxt', 'build'], { stdio: 'ignore' });
  return ['content-script.js', 'content-parts.js'].map((file) => ({
    file,
    gzip: gzipSync(readFileSync(`.output/chrome-mv3/${file}`), { level: 9 }).length,
  }));
}

const sizes = contentScriptSizes();
buildE2e();
// The service's own pace: the page runs its frames between the check's start and its first verdicts, as it does for a
// user (with an instant double, the first draw came before the next frame and ran the highlights' restyle itself).
const double = await startServiceDouble({ port: 0, keys: [KEY], faults: REALISTIC_LATENCY });
const browser = await launchWithExtension();
const { context, worker, extensionId, close } = browser;
const settings = settingsFor(double.url);
await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());

const rows: {
  page: string;
  elements: number;
  located: string;
  load: Task[];
  check: Task[];
  /** The floor: the browser's own cost of evaluating the first part on this page, its work skipped (see evaluationFloor). */
  floorMs: number;
  /** The floor of a style recalculation for any highlight on this page (see styleFloor). */
  styleFloorMs: number;
  /** The floor of a change to the highlights shown, in CPU time (see repaintFloor). */
  repaintFloorMs: number;
  /** The floor of an element added over the page, in CPU time (see overlayFloor). */
  overlayFloorMs: number;
  card: CardOpening | null;
}[] = [];
for (const { file, copies, scope } of CASES) {
  const url = `http://localhost:7/${copies}/${file}`;
  const html = corpusHtml(file).replace(
    /(<body[^>]*>)([\s\S]*)(<\/body>)/i,
    (_, open: string, body: string, end: string) => [open, body.repeat(copies), end].join(''),
  );
  await context.route(url, (route) => route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' }));
  const page: Page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const load = await trace(cdp, async () => {
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(1000);
  });
  const { frameTree } = (await cdp.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } };
  await page.evaluate('window.__name = (fn) => fn');
  const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
  if (scope === 'selection' && (await page.evaluate(selectLongestParagraphs)) < 200)
    throw new Error(`${file}: no paragraphs to select`);
  const tabId = await tabIdOf(worker, url);
  const popup = await saveSettings(browser, { settings, apiKey: KEY });
  const check = await trace(cdp, async () => {
    await popup.goto(`chrome-extension://${extensionId}/popup.html?tabId=${tabId}`);
    await popup.getByRole('button', { name: scope === 'selection' ? 'Check selection' : 'Check this page' }).click();
    // Until the check is over (a whole page's verdicts come in batches) and its claims are located.
    await popup.locator('section.job[aria-busy="false"]').waitFor({ timeout: 60_000 });
    await popup.getByText(/^Located \d+ of \d+ claims/).waitFor({ timeout: 60_000 });
    await page.bringToFront();
    await page.waitForTimeout(1000);
  });
  const card = await cardOpening(page);
  const floorMs = await evaluationFloor(context, worker, url);
  const styleFloorMs = await styleFloor(context, worker, url);
  const repaintFloorMs = await repaintFloor(context, worker, url);
  const overlayFloorMs = await overlayFloor(context, worker, url);
  const located = (await popup.getByText(/^Located \d+ of \d+ claims/).textContent())?.replace(/\.$/, '') ?? '';
  rows.push({
    page: `${copies === 1 ? file : `${file} ×${copies}`}, ${scope === 'selection' ? 'a selection' : 'whole'}`,
    elements,
    located,
    load: longTasks(load, frameTree.frame.id),
    check: longTasks(check, frameTree.frame.id),
    floorMs,
    styleFloorMs,
    repaintFloorMs,
    overlayFloorMs,
    card,
  });
  await popup.close();
  await page.close();
}
await close();
await double.close();

const ms = (value: number) => `${value.toFixed(0)} ms`;
/** A task as listed: its time, and (from 50 ms) how much of it its thread ran, and the other threads meanwhile. */
const described = (task: Task) =>
  task.ms < LONG_TASK_MS
    ? `${ms(task.ms)} ${task.what}`
    : `${ms(task.ms)} (CPU ${ms(task.cpuMs)}; others ${ms(task.othersMs)}) ${task.what}`;
console.log('\nThe content script, gzipped (release build):');
for (const { file, gzip } of sizes) console.log(`  ${file.padEnd(18)} ${(gzip / 1000).toFixed(1)} kB`);
const first = sizes[0]!.gzip;
console.log(
  `Target: the first part at most ${FIRST_PART_GZIP_TARGET / 1000} kB gzipped: ${first <= FIRST_PART_GZIP_TARGET ? 'met' : 'NOT met'} (${(first / 1000).toFixed(1)} kB)`,
);
console.log(
  `\nThe page's main thread: tasks of ${LISTED_MS} ms or more, a first check (cold) against the page's own load; floor =` +
    ' evaluating the first part with its work skipped (see evaluationFloor); style floor = the restyle of any highlight' +
    ' style sheet (see styleFloor); repaint floor = the CPU time of a change to a highlight shown (see repaintFloor); overlay floor = the CPU time of one' +
    ' element added over the page (see overlayFloor)\n',
);
for (const {
  page,
  elements,
  located,
  load,
  check,
  floorMs,
  styleFloorMs,
  repaintFloorMs,
  overlayFloorMs,
  card,
} of rows) {
  const longestLoad = Math.max(0, ...load.map((task) => task.ms));
  const longestCheck = Math.max(0, ...check.map((task) => task.ms));
  console.log(
    `${page} (${elements} elements; ${located}): longest task of the check ${ms(longestCheck)}, of the page's load ${ms(longestLoad)} (${(longestCheck / longestLoad).toFixed(2)}×); check tasks ≥ ${LONG_TASK_MS} ms: ${check.filter((task) => task.ms >= LONG_TASK_MS).length}; evaluation floor ${ms(floorMs)}, style floor ${ms(styleFloorMs)}, repaint floor ${ms(repaintFloorMs)}, overlay floor ${ms(overlayFloorMs)}`,
  );
  console.log(`  check: ${check.map(described).join('; ') || 'none'}`);
  if (card)
    console.log(
      `  card:  ${card.ms.toFixed(1)} ms from the click (${card.handlerMs.toFixed(1)} ms in the page's handlers), ${card.withinAFrame ? 'in' : 'NOT in'} the first frame after it`,
    );
  console.log(`  load:  ${load.map(described).join('; ') || 'none'}`);
}
const cards = rows.flatMap((row) => (row.card ? [row.card] : []));
console.log(
  `Target: the card within one frame of its click on a warm page: ${cards.every((card) => card.withinAFrame) ? 'met' : 'NOT met'} on ${cards.filter((card) => card.withinAFrame).length} of ${cards.length} pages with a badge in view`,
);
const over = rows.filter((row) => row.check.some((task) => task.ms >= LONG_TASK_MS));
console.log(
  `\nTarget: no task of ${LONG_TASK_MS} ms or more in a first check: ${over.length ? `NOT met on ${over.length} of ${rows.length}` : 'met'}`,
);
for (const row of over)
  console.log(
    `  ${row.page}: ${row.check
      .filter((task) => task.ms >= LONG_TASK_MS)
      .map(described)
      .join('; ')} (evaluation floor ${ms(row.floorMs)}, style floor ${ms(row.styleFloorMs)})`,
  );
// The same tasks by the CPU time their thread ran: on these 2-CPU machines a task's thread waits for a CPU while the
// browser's other processes (its own, the GPU's, the extension's worker) run, which a machine with more CPUs spares it.
const overInCpu = rows.filter((row) => row.check.some((task) => task.cpuMs >= LONG_TASK_MS));
const allLong = rows.flatMap((row) => row.check.filter((task) => task.ms >= LONG_TASK_MS));
const loadLong = rows.flatMap((row) => row.load.filter((task) => task.ms >= LONG_TASK_MS));
const share = (tasks: Task[]) =>
  tasks.length
    ? `${((100 * tasks.reduce((sum, task) => sum + task.cpuMs, 0)) / tasks.reduce((sum, task) => sum + task.ms, 0)).toFixed(0)} %`
    : '-';
console.log(
  `The same, by the CPU time the page's thread ran in a task: ${overInCpu.length ? `NOT met on ${overInCpu.length} of ${rows.length}` : 'met'}` +
    ` (the check's tasks of ${LONG_TASK_MS} ms or more ran on a CPU ${share(allLong)} of their time; the page's own load's, ${share(loadLong)})`,
);
for (const row of overInCpu)
  console.log(
    `  ${row.page}: ${row.check
      .filter((task) => task.cpuMs >= LONG_TASK_MS)
      .map(described)
      .join(
        '; ',
      )} (style floor ${ms(row.styleFloorMs)}; of CPU, repaint floor ${ms(row.repaintFloorMs)}, overlay floor ${ms(row.overlayFloorMs)})`,
  );
