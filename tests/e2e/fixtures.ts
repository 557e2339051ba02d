/**
 * E2E fixtures: the built extension loaded into Debian's Chromium (headless), one browser for each worker set back to
 * a fresh one's state between tests (see shared-browser.ts), and the service double on a free port, reset between
 * tests.
 */
import { ARMED_ATTRIBUTE } from '../../utils/page/click-guard';
import type { E2eDelay } from '../../utils/page/e2e-delays';
import { SCOPED_FROM_ELEMENTS } from '../../utils/page/highlight-scope';
import { execFileSync } from 'node:child_process';
import {
  test as base,
  type BrowserContext,
  type FrameLocator,
  type Locator,
  type Page,
  type Worker,
} from '@playwright/test';
import { startServiceDouble, type ServiceDouble } from '../../service-double/server';
import type { EndpointName } from '../../utils/shared/endpoints';
import type { Settings } from '../../utils/contract/settings';
import { launchWithExtension, settingsFor, type ExtensionBrowser } from '../../scripts/extension-browser';
import { resetForNextTest } from './shared-browser';
import { ENGLISH } from './words';

export const E2E_KEY = 'e2e-key-9b7d';

/** Runs the service double on a free port, accepting E2E_KEY, for as long as `use` runs (a worker's tests). */
export async function withDouble(use: (double: ServiceDouble) => Promise<void>): Promise<void> {
  const double = await startServiceDouble({ port: 0, keys: [E2E_KEY] });
  await use(double);
  await double.close();
}

/** The settings the tests save (see settingsFor). */
export const e2eSettings = settingsFor;

/** The claims of the double's components-article.html, in its shadow trees, slot and display: contents wrapper. */
export const COMPONENTS_ARTICLE_CLAIMS = [
  'Mars is the fourth planet from the Sun.',
  'Its red colour is caused by iron oxide dust on its surface.',
  'Olympus Mons on Mars is about 22 kilometres high, nearly three times the height of Everest.',
  'A day on Mars lasts 24 hours and 37 minutes, and the planet has two small moons, Phobos and Deimos.',
  'The Perseverance rover landed in Jezero Crater in February 2021.',
  'Liquid water flows freely across the surface of Mars today.',
  'Mars has the largest dust storms in the Solar System, which can cover the whole planet for months.',
];

interface WorkerFixtures {
  double: ServiceDouble;
  /** The worker's Chromium, shared by its tests (see `context`). */
  sharedBrowser: ExtensionBrowser;
}

export interface TestFixtures {
  /**
   * Whether the browser draws scroll bars (`test.use({ showScrollBars: true })`): headless Chromium hides them, the
   * system's and the page's own styled ones alike, which a user's browser shows and which narrow a field's text.
   */
  showScrollBars: boolean;
  /**
   * A browser of the test's own (`test.use({ ownBrowser: true })`), for a test that leaves it in a state no reset
   * undoes: one that reloads the extension (which unloads an extension loaded from the command line, for good).
   */
  ownBrowser: boolean;
  /** A browser of the test's own in this language (`test.use({ browserLanguage: 'de' })`); '' for the shared, English one. */
  browserLanguage: string;
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
  /** Opens an extension page, e.g. `options.html`. */
  openExtensionPage: (file: string) => Promise<Page>;
  /** Saves the key and the double's address (and any other settings) through the background, as the options page does. */
  configure: (settings?: Partial<Settings>, timeouts?: Partial<Record<EndpointName, number>>) => Promise<void>;
  /** Removes the saved key (the settings stay), through the background, as the options page does. */
  removeApiKey: () => Promise<void>;
  /** Opens a page served by the double (e.g. `article.html`) and returns it with its tab id. */
  openDemoPage: (file: string, host?: '127.0.0.1' | 'localhost') => Promise<{ page: Page; tabId: number }>;
  /**
   * Opens a demo page (e.g. `article.html`) at a host the e2e build has no permission for and no click granted
   * (http://ungranted.test, routed to the double's page): the extension cannot reach it, and the browser hides even
   * its address from it, so its tab is found as the one that is new.
   */
  openUngrantedPage: (file: string) => Promise<{ page: Page; tabId: number }>;
  /**
   * Bundles a script of tests/e2e/pages (`script`, e.g. `react-draft.ts`) with esbuild, serves it in a page whose
   * body is `body` at the double's address (the service cannot reach it: a check sends its text), and opens it.
   */
  openBundledPage: (script: string, body: string) => Promise<{ page: Page; tabId: number }>;
  /** Opens the popup for a tab (as `popup.html?tabId=N`, since a test cannot click the toolbar). */
  openPopup: (tabId: number) => Promise<Page>;
  /** Stops the extension's service worker (CDP), as Chrome does to an idle one, then wakes it with a message. */
  restartWorker: () => Promise<Worker>;
  /** Configures the extension, opens a demo page and the popup for it (most flows start there). */
  popupOn: (file?: string) => Promise<{ page: Page; tabId: number; popup: Page }>;
  /**
   * The same, then "Check this page" on the demo article, until its 12 claims are checked and `drawn` of them (all,
   * unless told) are drawn in the page; `prepare` changes the page first (the service reads it as it is served).
   */
  checkArticle: (
    prepare?: (page: Page) => Promise<unknown>,
    drawn?: number,
  ) => Promise<{ page: Page; tabId: number; popup: Page }>;
  /**
   * Configures the extension, opens a demo draft page (`file`), lets `prepare` set up its field (`selector`),
   * focuses the field, and checks the draft from the popup until its `claims` badges are drawn.
   */
  checkDraftOn: (
    file: string,
    selector: string,
    claims: number,
    prepare?: (field: Locator) => Promise<unknown>,
  ) => Promise<{ page: Page; tabId: number; popup: Page; field: Locator }>;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  double: [
    // Playwright reads a fixture's dependencies from this pattern; an empty one means "none".
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => withDouble(use),
    { scope: 'worker' },
  ],

  showScrollBars: [false, { option: true }],
  ownBrowser: [false, { option: true }],
  browserLanguage: ['', { option: true }],

  sharedBrowser: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const browser = await launchWithExtension();
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],

  /** The worker's browser, set back for the next test after this one; or one of the test's own (see ownBrowser). */
  context: async ({ double, showScrollBars, ownBrowser, browserLanguage, sharedBrowser }, use) => {
    double.reset();
    if (showScrollBars || ownBrowser || browserLanguage) {
      const own = await launchWithExtension({
        headless: true,
        scrollBars: showScrollBars,
        language: browserLanguage || undefined,
      });
      await use(own.context);
      await own.close();
      return;
    }
    await use(sharedBrowser.context);
    await resetForNextTest(sharedBrowser.context, sharedBrowser.extensionId);
  },

  serviceWorker: async ({ context }, use) => {
    const worker = context.serviceWorkers().at(-1) ?? (await context.waitForEvent('serviceworker'));
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

  configure: async ({ openExtensionPage, serviceWorker, double }, use) => {
    await use(async (settings = {}, timeouts = {}) => {
      const page = await openExtensionPage('options.html');
      const reply = await page.evaluate((data) => chrome.runtime.sendMessage({ type: 'saveSettings', data }), {
        settings: e2eSettings(double.url, settings),
        apiKey: E2E_KEY,
      });
      expect(reply).toMatchObject({ ok: true });
      await serviceWorker.evaluate((value) => chrome.storage.local.set({ e2eTimeouts: value }), timeouts);
      await page.close();
    });
  },

  removeApiKey: async ({ openExtensionPage }, use) => {
    await use(async () => {
      const page = await openExtensionPage('options.html');
      const reply = await page.evaluate(async () => {
        const stored: { value: { settings: unknown } } = await chrome.runtime.sendMessage({ type: 'getSettings' });
        return chrome.runtime.sendMessage({
          type: 'saveSettings',
          data: { settings: stored.value.settings, apiKey: '' },
        });
      });
      expect(reply).toMatchObject({ ok: true });
      await page.close();
    });
  },

  openDemoPage: async ({ context, serviceWorker, double }, use) => {
    await use(async (file, host = '127.0.0.1') => {
      const page = await context.newPage();
      const url = `${double.url.replace('127.0.0.1', host)}/demo/${file}`;
      await page.goto(url);
      const tabId = await serviceWorker.evaluate(newestTabAt, url);
      if (tabId < 0) throw new Error(`no tab found for ${url}`);
      return { page, tabId };
    });
  },

  openUngrantedPage: async ({ context, serviceWorker, double }, use) => {
    await context.route('http://ungranted.test/**', async (route) =>
      route.fulfill({
        response: await route.fetch({
          url: route.request().url().replace('http://ungranted.test', `${double.url}/demo`),
        }),
      }),
    );
    await use(async (file) => {
      const tabIds = () => serviceWorker.evaluate(async () => (await chrome.tabs.query({})).map((tab) => tab.id!));
      const before = await tabIds();
      const page = await context.newPage();
      await page.goto(`http://ungranted.test/${file}`);
      const tabId = (await tabIds()).find((id) => !before.includes(id));
      if (tabId === undefined) throw new Error(`no new tab for ${file}`);
      return { page, tabId };
    });
  },

  openBundledPage: async ({ context, double, openDemoPage }, use) => {
    await use(async (script, body) => {
      const file = script.replace(/\.ts$/, '.html');
      await context.route(`${double.url}/demo/${file}`, (route) =>
        route.fulfill({ contentType: 'text/html', body: bundledPage(script, body) }),
      );
      return openDemoPage(file);
    });
  },

  openPopup: async ({ openExtensionPage }, use) => {
    await use((tabId) => openExtensionPage(`popup.html?tabId=${tabId}`));
  },

  restartWorker: async ({ context, extensionId }, use) => {
    await use(async () => {
      const page = context.pages()[0] ?? (await context.newPage());
      const cdp = await context.newCDPSession(page);
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.stopAllWorkers');
      await cdp.detach();
      // A message from an extension page wakes it (the options page asks for the settings on load);
      // its top level then resumes unfinished jobs.
      const waker = await context.newPage();
      await waker.goto(`chrome-extension://${extensionId}/options.html`);
      await expect(waker.getByLabel('API key', { exact: true })).not.toHaveValue('');
      await waker.close();
      const worker = context.serviceWorkers().at(-1);
      if (!worker) throw new Error('the service worker did not start again');
      return worker;
    });
  },

  popupOn: async ({ configure, openDemoPage, openPopup }, use) => {
    await use(async (file = 'article.html') => {
      await configure();
      const { page, tabId } = await openDemoPage(file);
      return { page, tabId, popup: await openPopup(tabId) };
    });
  },

  checkArticle: async ({ popupOn }, use) => {
    await use(async (prepare, drawn = 12) => {
      const opened = await popupOn('article.html');
      await prepare?.(opened.page);
      await opened.popup.getByRole('button', { name: 'Check this page' }).click();
      await expect(opened.popup.getByText('Checked 12 claims.')).toBeVisible();
      await opened.page.bringToFront();
      await expect(overlayBadges(opened.page)).toHaveCount(drawn);
      return opened;
    });
  },

  checkDraftOn: async ({ configure, openDemoPage, openPopup }, use) => {
    await use(async (file, selector, claims, prepare) => {
      await configure();
      const { page, tabId } = await openDemoPage(file);
      const field = page.locator(selector);
      await prepare?.(field);
      await field.click();
      const popup = await openPopup(tabId);
      await checkDraft(page, popup, claims);
      return { page, tabId, popup, field };
    });
  },
});

/**
 * "Check draft" in the popup of a page whose draft has the focus, until its `claims` badges are drawn there; `words`:
 * the popup's language.
 */
export function checkDraft(page: Page, popup: Page, claims: number, words = ENGLISH): Promise<void> {
  return checkFromPopup(page, popup, 'checkDraft', claims, words);
}

/** "Check selection" in the popup of a page with text selected, until its `claims` badges are drawn there. */
export function checkSelection(page: Page, popup: Page, claims: number): Promise<void> {
  return checkFromPopup(page, popup, 'checkSelection', claims);
}

/** "Re-check" (or "Check this page") in the popup of the demo article checked before, until its 12 badges are drawn again. */
export async function checkArticleAgain(page: Page, popup: Page): Promise<void> {
  await popup.bringToFront();
  await popup
    .getByRole('button', { name: 'Re-check' })
    .or(popup.getByRole('button', { name: 'Check this page' }))
    .first()
    .click();
  await expect(popup.getByText('Checked 12 claims.')).toBeVisible();
  await page.bringToFront();
  await expect(overlayBadges(page)).toHaveCount(12);
}

/** "Clear highlights" in the page, from the list of claims opened from the false far-side claim's card. */
export async function clearFromList(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^False: The far side/ }).click();
  await overlayCard(page).getByRole('button', { name: 'All claims' }).click();
  await page.locator('factlens-overlay').getByRole('button', { name: 'Clear highlights' }).click();
  await expect(overlayBadges(page)).toHaveCount(0);
}

async function checkFromPopup(page: Page, popup: Page, button: string, claims: number, words = ENGLISH): Promise<void> {
  await popup.getByRole('button', { name: words.t(button) }).click();
  await expect(popup.getByText(words.tp('stageChecked', claims))).toBeVisible();
  await page.bringToFront();
  await expect(overlayBadges(page)).toHaveCount(claims);
}

/**
 * How often `expect.poll` reads again: every 50 ms, where Playwright's default waits 100, 250, 500 and then 1000 ms.
 * A test waits for something at nearly every step (a badge, a card, a status line, an editor's text), and each read
 * is one quick call into the page: the default's growing waits made up much of the suites' time (the Firefox file:
 * 5.4 min with them, 4.3 min without, on one machine).
 */
const POLL_INTERVALS = [50];

/** This `expect`, with its `poll` reading every POLL_INTERVALS unless told otherwise. */
export function withQuickPolls<Expect extends typeof base.expect>(expect: Expect): Expect {
  const quickPoll: typeof base.expect.poll = (generator, options) =>
    expect.poll(
      generator,
      typeof options === 'string'
        ? { message: options, intervals: POLL_INTERVALS }
        : { intervals: POLL_INTERVALS, ...options },
    );
  return new Proxy(expect, {
    get: (target, property, receiver) => (property === 'poll' ? quickPoll : Reflect.get(target, property, receiver)),
  });
}

export const expect = withQuickPolls(test.expect);

const bundles = new Map<string, string>();

/**
 * What some scripts of tests/e2e/pages need bundled differently. Draft.js: React 18 (as the react-18 and
 * react-dom-18 packages) in place of the project's React 19, since it calls `findDOMNode`, which React 19 removed;
 * and Node's `global`, which it reads.
 */
const BUNDLE_OPTIONS: Record<string, string[]> = {
  'draft-js-editor.ts': ['--alias:react=react-18', '--alias:react-dom=react-dom-18', '--define:global=globalThis'],
};

/** A page whose body is `body`, running a script of tests/e2e/pages (see bundledScript). */
export const bundledPage = (script: string, body: string): string =>
  `<!doctype html><html lang="en"><title>Draft</title>${body.replace('</body>', () => `<script>${bundledScript(script)}</script></body>`)}</html>`;

/** A script of tests/e2e/pages, bundled by esbuild (once per test worker: the editors' bundle takes a second). */
function bundledScript(script: string): string {
  let bundle = bundles.get(script);
  if (bundle === undefined) {
    bundle = execFileSync(
      'npx',
      [
        'esbuild',
        `tests/e2e/pages/${script}`,
        '--bundle',
        '--minify',
        '--format=iife',
        '--define:process.env.NODE_ENV="production"',
        ...(BUNDLE_OPTIONS[script] ?? []),
      ],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    bundles.set(script, bundle);
  }
  return bundle;
}

/** The editors of tests/e2e/pages/rich-editors.ts and draft-js-editor.ts, by the names the tests give them (ProseMirror is Tiptap’s engine). */
export const RICH_EDITORS = {
  prosemirror: 'ProseMirror',
  lexical: 'Lexical',
  slate: 'Slate (with React)',
  quill: 'Quill',
  ckeditor: 'CKEditor 5',
  trix: 'Trix',
  codemirror: 'CodeMirror 6',
  draftjs: 'Draft.js (with React 18)',
} as const;
export type RichEditor = keyof typeof RICH_EDITORS;
/** Each editor and its name, for a test per editor. */
export const richEditors = Object.entries(RICH_EDITORS) as [RichEditor, string][];

/** The script of tests/e2e/pages that mounts the editor: Draft.js has one of its own, bundled with React 18. */
export const richEditorScript = (editor: RichEditor) =>
  editor === 'draftjs' ? 'draft-js-editor.ts' : 'rich-editors.ts';

/** The selector of the editor's paragraphs, within its text box: Draft.js and Trix render theirs as divs. */
export const richEditorParagraphs = (editor: RichEditor) =>
  editor === 'draftjs'
    ? '[data-block]'
    : editor === 'trix'
      ? ':scope > div'
      : editor === 'codemirror'
        ? '.cm-line'
        : 'p';

/** The body of the page of the editor's script (see richEditorScript), with the editor it mounts (if it mounts several). */
export const richEditorPage = (editor?: RichEditor) =>
  `<body${editor ? ` data-editor="${editor}"` : ''}><h1 id="editor-label">Newsletter draft</h1><div id="editor"></div></body>`;

/** A reader of the draft as the editor's own model holds it: `window.editorText()` of the pages in tests/e2e/pages. */
export const editorTextOf = (page: Page) => () =>
  page.evaluate(() => (window as unknown as { editorText: () => string | Promise<string> }).editorText());

/** The badges the content script drew (the e2e build opens the overlay's shadow root so that tests can see them). */
export const overlayBadges = (page: Page | FrameLocator) => page.locator('factlens-overlay .badge');
/** The claim card (or the list of claims) open in the page (or in one of its frames). */
export const overlayCard = (page: Page | FrameLocator) => page.locator('factlens-overlay .card[role="dialog"]');

/**
 * Opens the card of the claim whose badge label starts with `verdict: words`, and clicks its Apply once it is armed;
 * returns the correction it shows. `where`: the frame the draft is drawn in, when it is not the page itself;
 * `beforeApply`: what the page does, knowing the correction, before the click.
 */
export async function clickApply(
  page: Page,
  label: RegExp,
  where: Page | FrameLocator = page,
  beforeApply?: (correction: string) => Promise<unknown>,
): Promise<string> {
  await overlayBadges(where)
    .and(where.getByRole('button', { name: label }))
    .first()
    .click();
  await expect(overlayCard(where)).toBeVisible();
  const correction = (await overlayCard(where).locator('p', { hasText: 'Correction:' }).innerText()).replace(
    /^Correction:\s*/,
    '',
  );
  await beforeApply?.(correction);
  await clickArmed(overlayCard(where).getByRole('button', { name: 'Apply correction' }));
  return correction;
}

/** Opens the card of the first false claim in a checked textarea draft (draft-textarea.html): the page, its field. */
export async function openCardInDraft(checkDraftOn: TestFixtures['checkDraftOn']) {
  const { page, field } = await checkDraftOn('draft-textarea.html', 'textarea', 4);
  const original = await field.inputValue();
  await page
    .getByRole('button', { name: /^False: / })
    .first()
    .click();
  await expect(overlayCard(page)).toBeVisible();
  return { page, field, original };
}

/**
 * Clicks one of the card's writing buttons (Apply, Undo, "Check the draft again") as a user does: the pointer rests
 * on it until the card marks it armed (see ClickGuard), then clicks. A click sooner is refused.
 */
export async function clickArmed(button: Locator): Promise<void> {
  await button.hover();
  await expect(button).toHaveAttribute(ARMED_ATTRIBUTE, '');
  await button.click();
}

/**
 * The text of every range in the page's highlights of these kinds (by default, the four verdicts), on a light
 * ground and then on a dark one (`{ ground: 'dark' }`: only those), as each kind has a highlight for either.
 */
export function highlightedTexts(
  page: Page,
  kinds: string[] = ['supported', 'refuted', 'mixed', 'unverifiable'],
  { ground }: { ground?: 'light' | 'dark' } = {},
): Promise<string[]> {
  const names = kinds.flatMap((kind) => [
    ...(ground !== 'dark' ? [`factlens-${kind}`] : []),
    ...(ground !== 'light' ? [`factlens-${kind}-on-dark`] : []),
  ]);
  return page.evaluate(
    (names) =>
      names.flatMap((name) => [...(CSS.highlights.get(name) ?? [])].map((range) => (range as Range).toString())),
    names,
  );
}

/**
 * Runs in the page: installs `window.claimsPaint()`, which tells, for every range our highlights hold (the card's
 * claim's twice: in its verdict's and in the `active` one), whether each piece of its text is styled by its highlight: the element the piece stands in has a
 * background for it in its computed `::highlight()` style (given by a rule, or inherited from an element around it).
 * It returns how many ranges there are, and the pieces that are not; and `window.highlightStyled(element)` tells
 * whether any of our highlights has a style on an element. Chromium only (Firefox's computed styles have no
 * `::highlight()`).
 */
export function installPaintProbe(): void {
  const transparent = 'rgba(0, 0, 0, 0)';
  const names = [...CSS.highlights.keys()].filter((name) => name.startsWith('factlens-'));
  const styled = (element: Element, name: string) =>
    getComputedStyle(element, `::highlight(${name})`).backgroundColor !== transparent;
  Object.assign(window, {
    highlightStyled: (element: Element) => names.some((name) => styled(element, name)),
    claimsPaint: () => {
      let ranges = 0;
      const unpainted: string[] = [];
      for (const name of names) {
        for (const range of CSS.highlights.get(name)!) {
          ranges++;
          const staticRange = range as Range;
          const container = staticRange.commonAncestorContainer;
          const walker = document.createTreeWalker(container.getRootNode(), NodeFilter.SHOW_TEXT);
          walker.currentNode = container;
          const texts: Text[] = container.nodeType === Node.TEXT_NODE ? [container as Text] : [];
          for (let node = walker.nextNode(); node && container.contains(node); node = walker.nextNode())
            texts.push(node as Text);
          for (const text of texts) {
            if (!staticRange.intersectsNode(text) || !text.data.trim()) continue;
            if (!styled(text.parentElement!, name)) unpainted.push(`${name}: ${text.data.trim()}`);
          }
        }
      }
      return { ranges, unpainted };
    },
  });
}

/**
 * Makes the page large enough for the highlights' rules to name the elements that hold claims, not every element (see
 * highlight-scope.ts): SCOPED_FROM_ELEMENTS empty elements, hidden, at the body's end. Before the check: the content
 * script tells when it starts.
 */
export function padToScopedHighlights(page: Page): Promise<void> {
  return page.evaluate(padWithHiddenElements, SCOPED_FROM_ELEMENTS);
}

/** Runs in the page: `count` empty elements, hidden, at the body's end (see padToScopedHighlights). */
export function padWithHiddenElements(count: number): void {
  const padding = document.createElement('div');
  padding.hidden = true;
  for (let index = 0; index < count; index++) padding.append(document.createElement('span'));
  document.body.append(padding);
}

export { SCOPED_FROM_ELEMENTS };

/** What installPaintProbe gives the page's window. */
export interface PaintProbe {
  claimsPaint: () => { ranges: number; unpainted: string[] };
  highlightStyled: (element: Element | null) => boolean;
}

/** Installs the paint probe (see installPaintProbe) and reads the claims' paint. */
export async function claimsPaint(page: Page): Promise<{ ranges: number; unpainted: string[] }> {
  await page.evaluate(installPaintProbe);
  return page.evaluate(() => (window as unknown as PaintProbe).claimsPaint());
}

/** Types the key and the base URL into the options page, as a user would (it does not press a button). */
export async function fillSettings(page: Page, apiKey: string, baseUrl: string): Promise<void> {
  await page.getByLabel('API key', { exact: true }).fill(apiKey);
  await page.getByLabel('API base URL', { exact: true }).fill(baseUrl);
}

/**
 * Runs in a page of the demo article set flush with the view's right edge: how far the page and the badges reach
 * past the view, and where the claim that ends its paragraph, "Some nurses insist … hospital admissions.", ends
 * against the view's edge, and its badge. Shared by the Chromium and the Firefox tests.
 */
export function flushRightMeasures() {
  const root = document.querySelector('factlens-overlay')!.shadowRoot!;
  const view = document.documentElement.clientWidth;
  const range = [...CSS.highlights.get('factlens-unverifiable')!][0] as Range;
  const badge = [...root.querySelectorAll('.badge')].find((element) =>
    element.getAttribute('aria-label')!.includes('Some nurses'),
  )!;
  return {
    pastTheView: document.documentElement.scrollWidth - view,
    badgesPastTheView: [...root.querySelectorAll('.badge')].filter(
      (element) => element.getBoundingClientRect().right > view + 0.5,
    ).length,
    lineEndToView: Math.round([...range.getClientRects()].at(-1)!.right - view),
    badgeEndToView: Math.round(badge.getBoundingClientRect().right - view),
    badgeShown: !badge.classList.contains('rough'),
  };
}

/**
 * Runs in a page with claims set in vertical lines: for each claim drawn, where its badge stands against where the
 * claim ends (its last character's box), and the badge's box. Shared by the article's and the textarea's tests.
 */
export function verticalStandings() {
  const ranges = ['supported', 'refuted', 'mixed', 'unverifiable'].flatMap((kind) => [
    ...(CSS.highlights.get(`factlens-${kind}`) ?? []),
    ...(CSS.highlights.get(`factlens-${kind}-on-dark`) ?? []),
  ]) as Range[];
  const root = document.querySelector('factlens-overlay')!.shadowRoot!;
  const badges = [...root.querySelectorAll<HTMLElement>('.badge')];
  return ranges.map((claim) => {
    const range = claim.cloneRange();
    range.setStart(range.endContainer, range.endOffset - 1);
    const last = range.getBoundingClientRect();
    const words = claim.toString().replace(/\s+/g, ' ').slice(0, 20);
    const box = badges.find((badge) => badge.getAttribute('aria-label')!.includes(words))!.getBoundingClientRect();
    return {
      words,
      belowTheEnd: Math.round(box.top - last.bottom),
      pastTheLineRight: Math.round(box.right - last.right),
      box: box.toJSON() as DOMRect,
    };
  });
}

/**
 * Each of the `count` badges of verticalStandings stands at its claim's foot (its top at the last character's foot,
 * within 1 px of rounding), 9 px of it past the line's right side (the side a vertical line's marks stand on), and
 * none over another.
 */
export function expectAtTheirFeet(standings: ReturnType<typeof verticalStandings>, count: number): void {
  expect(standings).toHaveLength(count);
  for (const { words, belowTheEnd, pastTheLineRight } of standings)
    expect({ words, belowTheEnd: Math.abs(belowTheEnd) <= 1, pastTheLineRight }).toEqual({
      words,
      belowTheEnd: true,
      pastTheLineRight: 9,
    });
  const overlapping = standings.filter(({ box }, index) =>
    standings.some(
      (other, otherIndex) =>
        otherIndex !== index &&
        box.left < other.box.right &&
        other.box.left < box.right &&
        box.top < other.box.bottom &&
        other.box.top < box.bottom,
    ),
  );
  expect(overlapping).toEqual([]);
}

/**
 * Runs in the page: gives `element` (a draft) to a web component whose own modal `<dialog>` is in its shadow tree,
 * the element slotted in, as Material Web's md-dialog has it, and opens the dialog.
 */
export function showInWebComponentDialog(target: Element | string): void {
  const element = typeof target === 'string' ? document.querySelector(target)! : target;
  const host = document.createElement('compose-dialog');
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML = '<dialog style="width: 640px"><h2>Compose</h2><slot></slot></dialog>';
  host.append(element);
  document.body.append(host);
  root.querySelector('dialog')!.showModal();
}

/**
 * Runs in the demo article: folds its last paragraph (the far side's, 3 claims) into a <details> summed up as "About
 * the far side" (as FAQs are), and the one before it (the harsh place's, 3 claims) into an accordion's panel `#panel`,
 * hidden until found, whose script follows `beforematch` (as find-in-page opens such a panel): it marks the panel
 * `data-opened-by`. Both closed; or, `open`, both shown, for a test that closes them itself.
 */
export function foldIntoCollapsedSections(open: boolean): void {
  const paragraphs = document.querySelectorAll('article p');
  const details = document.createElement('details');
  details.open = open;
  details.append(Object.assign(document.createElement('summary'), { textContent: 'About the far side' }));
  details.append(paragraphs[4]!);
  const panel = document.createElement('div');
  panel.id = 'panel';
  if (!open) panel.setAttribute('hidden', 'until-found');
  panel.addEventListener('beforematch', () => panel.setAttribute('data-opened-by', 'beforematch'));
  panel.append(paragraphs[3]!);
  document.querySelector('article')!.append(details, panel);
}

/** Runs in the page folded by foldIntoCollapsedSections: whether its panel is hidden, and what opened it. */
export function panelState(): { hidden: boolean; openedBy: string | null } {
  const panel = document.getElementById('panel')!;
  return { hidden: panel.hasAttribute('hidden'), openedBy: panel.getAttribute('data-opened-by') };
}

/** A popover centred by a transform, 420 px from the view's top (see showFactsInPopover). */
export const CENTRED_POPOVER =
  'inset: auto; margin: 0; left: 50%; top: 420px; transform: translateX(-50%); width: 360px; background: #fff; border: 2px solid #333; padding: 0 20px';

/**
 * Runs in the demo article: shows its last paragraph (the far side's, 3 claims) in a manual popover `#facts` (a
 * "key facts" box, an annotation) styled with `style`.
 */
export function showFactsInPopover(style: string): void {
  const box = document.createElement('div');
  box.id = 'facts';
  box.popover = 'manual';
  box.style.cssText = style;
  box.append(document.querySelectorAll('article p')[4]!);
  document.body.append(box);
  box.showPopover();
}

/**
 * Runs in the page: whether what the page shows at the middle of `element` (a badge) is our overlay, and so not
 * under the page's top layer, nor made inert by a modal; looked for down through shadow trees, where the document's
 * own hit is a web component's host (the overlay stands in the component's dialog). With `cornersInset`, at each
 * corner of its box too, that far in (a card's: none of it clipped or covered).
 */
export function overlayShownAt(element: Element, cornersInset?: number): boolean {
  const { left, top, right, bottom } = element.getBoundingClientRect();
  const points = [[(left + right) / 2, (top + bottom) / 2]];
  if (cornersInset !== undefined) {
    const [l, t, r, b] = [left + cornersInset, top + cornersInset, right - cornersInset, bottom - cornersInset];
    points.push([l, t], [r, t], [l, b], [r, b]);
  }
  return points.every(([x, y]) => {
    for (let hit = document.elementFromPoint(x!, y!); hit;) {
      if (hit.localName === 'factlens-overlay') return true;
      const inner = hit.shadowRoot?.elementFromPoint(x!, y!);
      hit = inner && inner !== hit ? inner : null;
    }
    return false;
  });
}

/**
 * Runs in an extension page or worker (Chromium's or Firefox's): the id of the newest tab at `pageUrl`, or -1. The
 * newest, as tab ids grow: a test may open the same page again.
 */
export async function newestTabAt(pageUrl: string): Promise<number> {
  const api = (globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome;
  let newest = -1;
  for (const tab of await api.tabs.query({}))
    if (tab.url === pageUrl && tab.id !== undefined) newest = Math.max(newest, tab.id);
  return newest;
}

/**
 * How long a race test stretches the delay it must beat (see stretchDelay): the release build's delays (250 ms before
 * the page checker looks at a change, 350 ms of hover) are shorter than a loaded machine takes for a test's few steps.
 */
export const RACE_WINDOW_MS = 2_500;

/** Something with frames that can evaluate an expression: a Playwright or a Puppeteer page. */
interface WithFrames {
  frames(): { evaluate(expression: string): Promise<unknown> }[];
}

/**
 * Stretches one of the page checker's delays in every frame of the page (see utils/page/e2e-delays.ts, e2e build
 * only), so that a race the test must win does not depend on the machine's speed.
 */
export async function stretchDelay(page: WithFrames, name: E2eDelay, ms = RACE_WINDOW_MS): Promise<void> {
  const set = `document.documentElement.setAttribute('data-factlens-e2e-${name}-ms', '${ms}')`;
  for (const frame of page.frames()) await frame.evaluate(set).catch(() => undefined);
}

/** Fails unless the test's steps ran within the stretched delay: otherwise the race it is about was not run. */
export function expectWithinRaceWindow(took: number, windowMs = RACE_WINDOW_MS): void {
  if (took >= windowMs)
    throw new Error(`The steps took ${took} ms, not within ${windowMs} ms: the race was not tested`);
}

/**
 * Dispatches a context-menu click through the real onClicked listener, with what the menu's event carries (a test
 * cannot open the native menu).
 */
export async function clickMenuItem(
  worker: Worker,
  tabId: number,
  menuItemId: string,
  selectionText: string,
  editable = false,
): Promise<void> {
  await worker.evaluate(
    async ({ tabId, menuItemId, selectionText, editable }) => {
      const tab = await chrome.tabs.get(tabId);
      const event = chrome.contextMenus.onClicked as unknown as { dispatch: (...args: unknown[]) => void };
      event.dispatch({ menuItemId, selectionText, editable, pageUrl: tab.url }, tab);
    },
    { tabId, menuItemId, selectionText, editable },
  );
}

/** Dispatches a keyboard command through the real onCommand listener. */
/**
 * The toolbar badge's text on a tab. The badge, its colour and the title are set one after the other: poll each
 * (`expect.poll`), not one once the other shows.
 */
export function badgeText(worker: Worker, tabId: number): Promise<string> {
  return worker.evaluate((id) => chrome.action.getBadgeText({ tabId: id }), tabId);
}

/**
 * Whether an element's language is `tag` (or a variant of it): its `lang`, or the nearest around it, through shadow
 * hosts; what a screen reader reads it as.
 */
export function inLanguage(locator: Locator, tag: string): Promise<boolean> {
  return locator.evaluate((element, language) => element.matches(`:lang(${language})`), tag);
}

/** The toolbar button's title on a tab: its tooltip, and its name to a screen reader. */
export function actionTitle(worker: Worker, tabId: number): Promise<string> {
  return worker.evaluate((id) => chrome.action.getTitle({ tabId: id }), tabId);
}

export async function runCommand(worker: Worker, tabId: number, command: string): Promise<void> {
  await worker.evaluate(
    async ({ tabId, command }) => {
      const tab = await chrome.tabs.get(tabId);
      const event = chrome.commands.onCommand as unknown as { dispatch: (...args: unknown[]) => void };
      event.dispatch(command, tab);
    },
    { tabId, command },
  );
}

/** The ids of the context menu's items, on selected text. */
export const MENU_ITEM_IDS = [
  'factlens-check-selection',
  'factlens-detect-selection',
  'factlens-rephrase-selection',
  'factlens-extend-selection',
];

/** WCAG's contrast ratio between two sRGB colours (1 to 21). */
export function contrastRatio(first: readonly number[], second: readonly number[]): number {
  const luminance = ([red = 0, green = 0, blue = 0]: readonly number[]) => {
    const linear = (channel: number) => {
      const value = channel / 255;
      return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
  };
  const [darker, lighter] = [luminance(first), luminance(second)].sort((a, b) => a - b) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * The pixels (as [r, g, b]) that the page shows in `clip` (page px, in the view), as a screenshot has them:
 * decoded in the page itself, which has the canvas to do it.
 */
export async function shownPixels(
  page: Page,
  clip: { x: number; y: number; width: number; height: number },
): Promise<number[][]> {
  const png = await page.screenshot({ clip });
  return page.evaluate(
    async (source) => {
      const image = new Image();
      image.src = source;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, image.width, image.height);
      const pixels: number[][] = [];
      for (let index = 0; index < data.length; index += 4)
        pixels.push([data[index]!, data[index + 1]!, data[index + 2]!]);
      return pixels;
    },
    `data:image/png;base64,${png.toString('base64')}`,
  );
}

/**
 * Sends these messages to the background from an extension page, all at once (as a double click, or the shortcut
 * pressed twice, would ask), and returns the ids of what each started; each must have been accepted.
 */
export async function sendAtOnce(page: Page, messages: { type: string; data: unknown }[]): Promise<string[]> {
  const replies = (await page.evaluate(
    (all) => Promise.all(all.map((message) => chrome.runtime.sendMessage(message))),
    messages,
  )) as { ok: boolean; value?: { id: string } }[];
  expect(replies.map((reply) => reply.ok)).toEqual(messages.map(() => true));
  return replies.map((reply) => reply.value!.id);
}

/**
 * Opens a draft in a real editor (see tests/e2e/pages/rich-editors.ts) and checks it from the popup, until its three
 * claims are drawn; returns the editor's text box, a reader of its model's text, and that text before any edit.
 */
export async function checkRichEditor(
  editor: RichEditor,
  fixtures: {
    configure: () => Promise<void>;
    openPopup: (tabId: number) => Promise<Page>;
    openBundledPage: (script: string, body: string) => Promise<{ page: Page; tabId: number }>;
  },
): Promise<{ page: Page; field: Locator; editorText: () => Promise<string>; original: string }> {
  await fixtures.configure();
  const { page, tabId } = await fixtures.openBundledPage(richEditorScript(editor), richEditorPage(editor));
  const editorText = editorTextOf(page);
  const field = page.getByRole('textbox', { name: 'Newsletter draft' });
  const original = await editorText();
  await field.click();
  await checkDraft(page, await fixtures.openPopup(tabId), 3);
  return { page, field, editorText, original };
}
