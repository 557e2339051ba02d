/**
 * What is Firefox's own, in Firefox ESR (Debian's): its MV2 permissions (a host asked for at run time, every site
 * allowed from the options page or the sidebar), PDF.js, the sidebar, its add-ons manager's shortcuts, the back-forward
 * cache, and content scripts that may read extension storage. Every scenario that should hold in both browsers is
 * written once and run in both (see users/in-both-browsers.ts and the specs that use it).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'puppeteer-core';
import { PDF_TEXT_UNREADABLE } from './words';
import { E2E_KEY } from './fixtures';
import {
  badgeCount,
  cardText,
  clickButton,
  turnOnInPopup,
  indicatorName,
  expectText,
  expect,
  highlightedTexts,
  valuesIn,
  openCard,
  pageText,
  test,
  type FirefoxFixtures,
} from './firefox';
import { pdfWithLines } from './pages/pdf';
import { startDocsDouble } from './docs-double/server';
import { DOC_CLAIMS, moonDocument } from './docs-double/moon-document';
import { claimsAtTheirRuns } from './docs-double/probes';

/** With the extension configured, opens a demo page and "Check this page" from its popup, until `claims` are checked. */
async function checkDemoPage(
  { configure, openDemoPage, openPopup }: Pick<FirefoxFixtures, 'configure' | 'openDemoPage' | 'openPopup'>,
  file: string,
  claims: number,
  host?: '127.0.0.1' | 'localhost',
  prepare?: (page: Page) => Promise<unknown>,
): Promise<{ page: Page; tabId: number; popup: Page }> {
  await configure();
  const { page, tabId } = await openDemoPage(file, host);
  await prepare?.(page);
  const popup = await openPopup(tabId);
  await clickButton(popup, 'Check this page');
  await expectText(popup, `Checked ${claims} claim${claims === 1 ? '' : 's'}.`);
  return { page, tabId, popup };
}

test('Firefox: pointed at another deployment of the service, the options page asks for its host, and has it', async ({
  openExtensionPage,
}) => {
  const page = await openExtensionPage('options.html');
  await (await page.$('#api-key'))!.type(E2E_KEY);
  const baseUrl = (await page.$('#api-base-url'))!;
  await baseUrl.click({ count: 3 });
  await baseUrl.type('https://facts.example.org');
  await clickButton(page, 'Save');
  await expectText(page, 'Settings saved.');
  const granted = await page.evaluate(() =>
    (globalThis as unknown as { browser: typeof chrome }).browser.permissions.contains({
      origins: ['https://facts.example.org/*'],
    }),
  );
  expect(granted).toBe(true);
});

test('Firefox: the options page offers to allow every site; allowed (without the prompt here), it says so', async ({
  openExtensionPage,
}) => {
  const page = await openExtensionPage('options.html');
  await expectText(page, 'FactLens reads a tab only after you open it there');
  await clickButton(page, 'Allow on all sites');
  await expectText(page, 'FactLens may read the pages of every site, when you ask it to check or write in one.');
  expect(await pageText(page)).not.toContain('Allow on all sites');
});

test('Firefox: a PDF in PDF.js, which no extension may enter: the popup says its text cannot be read and what to do, and checks the address of a public one, whether or not it ends in .pdf', async ({
  configure,
  openServedPage,
  openPopup,
  double,
}) => {
  await configure();
  const pdf = pdfWithLines(['The far side of the Moon never receives sunlight.']);
  // On localhost, out of the service's reach (its host is 127.0.0.1).
  const { tabId } = await openServedPage('paper.pdf', pdf, 'localhost');
  const popup = await openPopup(tabId);
  await expectText(popup, PDF_TEXT_UNREADABLE);
  await expectText(popup, 'The service cannot open this PDF: localhost is on this computer or a private network');
  await clickButton(popup, 'Check this page');
  await expectText(popup, `out of the service’s reach. ${PDF_TEXT_UNREADABLE}`);
  expect(double.endpointCalls()).toEqual([]);
  // On 127.0.0.1, which the service can reach: sent by its address.
  const reachable = await openServedPage('paper.pdf', pdf);
  const reachablePopup = await openPopup(reachable.tabId);
  await expectText(reachablePopup, 'This is a PDF: the service reads it from its address.');
  await clickButton(reachablePopup, 'Check this page');
  await expect.poll(() => double.endpointCalls('detectClaims').length).toBe(1);
  expect(double.endpointCalls('detectClaims')[0]?.body).toMatchObject({ url: reachable.page.url() });
  // At an address that does not end in .pdf (arXiv's do not): told a PDF all the same, by the viewer's icon on its tab.
  const arxiv = await openServedPage('pdf/2301.00001v2', pdf);
  const arxivPopup = await openPopup(arxiv.tabId);
  await expectText(arxivPopup, 'This is a PDF: the service reads it from its address.');
  await clickButton(arxivPopup, 'Check this page');
  await expect.poll(() => double.endpointCalls('detectClaims').length).toBe(2);
  expect(double.endpointCalls('detectClaims')[1]?.body).toMatchObject({ url: arxiv.page.url() });
});

test('Firefox: “Side panel” in the popup opens the sidebar (sidebarAction.open, within the click’s user gesture)', async ({
  configure,
  openDemoPage,
  openPopup,
  openExtensionPage,
}) => {
  await configure();
  const { tabId } = await openDemoPage('article.html');
  const popup = await openPopup(tabId);
  const reader = await openExtensionPage('options.html');
  const sidebarsOpen = () =>
    reader.evaluate(async () => {
      const api = (globalThis as unknown as { browser: typeof chrome }).browser;
      const sidebarAction = (api as unknown as { sidebarAction: { isOpen: (details: object) => Promise<boolean> } })
        .sidebarAction;
      const windows = await api.windows.getAll();
      return (await Promise.all(windows.map((window) => sidebarAction.isOpen({ windowId: window.id })))).filter(Boolean)
        .length;
    });
  expect(await sidebarsOpen()).toBe(0);
  await popup.bringToFront();
  await clickButton(popup, 'Side panel');
  await expect.poll(sidebarsOpen).toBe(1);
});

test('Firefox: the options page’s “Change shortcuts” takes Firefox’s own way there, without failing (their list: extension-pages.spec.ts)', async ({
  openExtensionPage,
}) => {
  const page = await openExtensionPage('options.html');
  await expectText(page, 'Alt+Shift+K');
  await clickButton(page, 'Change shortcuts');
  // Firefox opens its add-ons manager's shortcuts view, out of the page's sight: the page says nothing went wrong.
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await page.evaluate(() => document.querySelector('.shortcuts .status')?.textContent ?? '')).toBe('');
});

test.describe('back-forward cache', () => {
  // Firefox decides by itself whether a page goes into that cache, and once, under load, loaded it afresh instead
  // (82bd949): the wait for the restore says so by name if it happens again.
  test('Firefox: Back to a checked page from the back-forward cache: the page still shows its check, and so does the popup', async ({
    configure,
    openDemoPage,
    openPopup,
    double,
  }) => {
    const { page, tabId, popup } = await checkDemoPage({ configure, openDemoPage, openPopup }, 'article.html', 12);
    await popup.close();
    await page.bringToFront();
    await expect.poll(() => badgeCount(page)).toBe(12);
    await page.evaluate(() => ((window as unknown as { restoredFromCache: boolean }).restoredFromCache = true));
    await page.goto(`${double.url}/demo/draft-textarea.html`);
    // The navigation back is not reported as one when the page comes from the cache: the page's own state is waited for.
    void page.goBack().catch(() => undefined);
    await expect
      .poll(
        () =>
          page
            .evaluate(() => (window as unknown as { restoredFromCache?: boolean }).restoredFromCache === true)
            .catch(() => false),
        { message: 'Firefox restored the page from its back-forward cache (not loaded afresh)' },
      )
      .toBe(true);
    const again = await openPopup(tabId);
    await expectText(again, 'Checked 12 claims.');
    await expectText(again, 'Located 12 of 12 claims in the page.');
    await page.bringToFront();
    expect(await badgeCount(page)).toBe(12);
    expect(await highlightedTexts(page, ['supported', 'refuted', 'mixed', 'unverifiable'])).toHaveLength(12);
  });
});

test('Firefox: a content script can neither read the key nor change where it is sent: extension storage holds nothing, and settings planted there are ignored', async ({
  configure,
  openDemoPage,
  openExtensionPage,
  openPopup,
  double,
}) => {
  // A check first, so that the history, the caches and the credit ledger hold something.
  const { page, tabId, popup } = await checkDemoPage({ configure, openDemoPage, openPopup }, 'article.html', 12);
  await popup.close();
  const callsAfterCheck = double.endpointCalls().length;

  // Firefox lets a content script read and write storage.local, whatever the extension asks. This runs as the
  // content script does, in the page's isolated world, injected the way the extension injects its own; it reads
  // everything there, then plants settings that would send the next call, and the key, to another host.
  const options = await openExtensionPage('options.html');
  const fromContentWorld = await options.evaluate(async (tab) => {
    const api = (globalThis as unknown as { browser: typeof chrome }).browser;
    const [frame] = await api.scripting.executeScript({
      target: { tabId: tab },
      func: async () => {
        const content = (globalThis as unknown as { browser: typeof chrome }).browser;
        const results: Record<string, unknown> = {};
        results.storage = await content.storage.local.get(null);
        results.databases = (await indexedDB.databases()).map((database) => database.name);
        results.getSettings = await content.runtime.sendMessage({ type: 'getSettings' });
        const planted = { apiBaseUrl: 'https://collector.example', uploadBaseUrl: '', language: 'English-US' };
        await content.storage.local.set({ settings: { ...planted, checkMode: 'progressive' } });
        return JSON.parse(JSON.stringify(results)) as Record<string, unknown>;
      },
    });
    return frame!.result as Record<string, unknown>;
  }, tabId);
  expect(fromContentWorld.storage).toEqual({});
  expect(fromContentWorld.databases).toEqual([]);
  expect(fromContentWorld.getSettings).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
  expect(JSON.stringify(fromContentWorld)).not.toContain(E2E_KEY);

  // The background still has the key and the double's address: the next call goes to the double, with the key.
  const settings = await options.evaluate(() =>
    (globalThis as unknown as { browser: typeof chrome }).browser.runtime.sendMessage({ type: 'getSettings' }),
  );
  expect(settings).toMatchObject({ ok: true, value: { apiKey: E2E_KEY, settings: { apiBaseUrl: double.url } } });
  await clickButton(options, 'Test connection');
  await expectText(options, 'Connected. Your key works; your library has 34 brand voices.');
  expect(double.endpointCalls().length).toBe(callsAfterCheck + 1);
  await page.close();
});

// The editors whose insert takes its own path in Firefox (CKEditor 5: see replaceSelectionInPage), or whose own undo
// moves the caret (Draft.js), and one that keeps a model of its own (Lexical); the Chromium suite has all eight.
test('Firefox: the side panel on a tab it has no access to offers “Allow on all sites” (granted here without the prompt), after which it checks and draws that tab', async ({
  firefox,
  configure,
  openExtensionPage,
  double,
}) => {
  await configure();
  // Another loopback address, which the e2e build has no host permission for.
  const article = await (await fetch(`${double.url}/demo/article.html`)).text();
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(article);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.2', listening));
  try {
    const reader = await openExtensionPage('options.html');
    const tabIds = () =>
      reader.evaluate(async () =>
        (await (globalThis as unknown as { browser: typeof chrome }).browser.tabs.query({})).map((tab) => tab.id!),
      );
    const before = await tabIds();
    const page = await firefox.newPage();
    await page.goto(`http://127.0.0.2:${(server.address() as AddressInfo).port}/article.html`);
    const tabId = (await tabIds()).find((id) => !before.includes(id))!;
    const panel = await openExtensionPage(`sidepanel.html?tabId=${tabId}`);
    await expectText(panel, 'The extension has no access to this tab right now.');
    await clickButton(panel, 'Allow on all sites');
    await clickButton(panel, 'Check this page');
    await expectText(panel, 'Checked 12 claims.');
    await expect.poll(() => badgeCount(page)).toBe(12);
    expect(await pageText(panel)).not.toContain('Allow on all sites');
    expect(double.endpointCalls('factCheckClaims').length).toBeGreaterThan(0);
  } finally {
    await new Promise((closed) => server.close(closed));
  }
});

test('Firefox: with earlier fact-checks turned on, the card shows what fact-checkers published, and the badge its mark', async ({
  configure,
  openDemoPage,
  openPopup,
  double,
}) => {
  await configure({ earlierChecks: true, factCheckToolsUrl: double.url }, 'fc-demo-key');
  const { page, tabId } = await openDemoPage('article.html');
  const popup = await openPopup(tabId);
  await clickButton(popup, 'Check this page');
  await expectText(popup, 'Checked 12 claims.');
  await expect.poll(async () => (await valuesIn(page, { selector: '.badge.earlier', inOverlay: true })).length).toBe(3);
  await openCard(page, /Great Wall of China.*Fact-checked before\.$/);
  const text = await cardText(page);
  expect(text).toContain('Earlier fact-checks');
  expect(text.indexOf('Check Weekly rated it “Pants on Fire”')).toBeLessThan(
    text.indexOf('Demo Fact Desk rated it “False”'),
  );
  expect(double.searches()).toHaveLength(12);
  await expectText(popup, 'Check Weekly rated it “Pants on Fire”');
});

test('Firefox: in a Google Doc nothing runs until FactLens is allowed there; allowed, and the open documents reloaded, its claims are drawn at their runs; checked as one writes, the sentence typed alone is sent', async ({
  firefox,
  configure,
  openExtensionPage,
  openPopup,
  double,
}) => {
  const docs = await startDocsDouble({
    'moon-ff': { title: 'Moon notes', paragraphs: moonDocument() },
    'other-ff': { title: 'Other notes', paragraphs: ['A second document, open in another tab.'] },
  });
  try {
    await configure();
    const reader = await openExtensionPage('options.html');
    const tabIds = () =>
      reader.evaluate(async () =>
        (await (globalThis as unknown as { browser: typeof chrome }).browser.tabs.query({})).map((tab) => tab.id!),
      );
    const other = await firefox.newPage();
    await other.goto(docs.url('other-ff'));
    const before = await tabIds();
    const page = await firefox.newPage();
    await page.goto(docs.url('moon-ff'));
    const tabId = (await tabIds()).find((id) => !before.includes(id))!;
    // Not allowed yet: no flag, so no layer; the popup says what to do.
    expect(
      await page.evaluate(() => (window as unknown as { docsDouble: { annotate: boolean } }).docsDouble.annotate),
    ).toBe(false);
    // A test's popup is no click on the toolbar (which would let FactLens read the tab): the tab is out of reach, and
    // the popup offers every site, docs.google.com among them, which registers the flag as Docs' own allowing does.
    const popup = await openPopup(tabId);
    await clickButton(popup, 'Allow on all sites');
    await expectText(popup, 'Reload this document so that FactLens can read it');
    // The other open Doc is offered a reload too, in the same click.
    await clickButton(popup, 'Reload every open document');
    for (const doc of [page, other])
      await expect
        .poll(() =>
          doc
            .evaluate(() => (window as unknown as { docsDouble?: { annotate: boolean } }).docsDouble?.annotate ?? false)
            .catch(() => false),
        )
        .toBe(true);
    await clickButton(popup, 'Check this document');
    await expectText(popup, /^Checked \d+ claims\.$/m, 30_000);
    // The first pages' claims, at their runs.
    await expect.poll(() => badgeCount(page)).toBeGreaterThan(0);
    const drawn = await highlightedTexts(page, ['supported', 'refuted', 'mixed', 'unverifiable']);
    expect(drawn.length).toBeGreaterThan(0);
    for (const text of drawn) expect(DOC_CLAIMS).toContain(text.replace(/\s+/g, ' ').trim());
    expect(docs.requests).toContain('GET /document/d/moon-ff/export?format=txt');
    // Scrolled to the end: the last page's claims, not drawn at first, are drawn at their runs, none misplaced.
    expect((await page.evaluate(claimsAtTheirRuns)).every((claim) => claim.atRun)).toBe(true);
    await page.evaluate(() => document.querySelector('.kix-appview-editor')!.scrollTo(0, 1e6));
    await expect
      .poll(async () => {
        const shown = await page.evaluate(claimsAtTheirRuns);
        return shown.some((claim) => claim.text === DOC_CLAIMS.at(-1)) && shown.every((claim) => claim.atRun);
      })
      .toBe(true);
    // Back at the top, where Firefox keeps the view as the Doc loads again below.
    await page.evaluate(() => document.querySelector('.kix-appview-editor')!.scrollTo(0, 0));

    // Checked as one writes: the switch (in a popup opened now that FactLens may read the tab), the Doc loaded again,
    // a sentence typed in its first paragraph.
    await turnOnInPopup(await openPopup(tabId));
    await page.bringToFront();
    await page.reload();
    // Just after the first sentence's full stop (a run of its own).
    const stop = (await (await page.waitForSelector('.kix-appview-editor rect[aria-label="."]'))!.boundingBox())!;
    await page.mouse.click(stop.x + stop.width + 1, stop.y + stop.height / 2);
    // FactLens watches the Doc: its indicator shows at the editor's corner.
    await expect.poll(() => indicatorName(page)).toBe('FactLens: checks this draft when you pause');
    const typed = 'Mir orbited Earth for 15 years.';
    await page.keyboard.type(` ${typed}`);
    await expect
      .poll(() =>
        double
          .endpointCalls('detectClaims')
          .map((call) => (call.body as { blog: string }).blog)
          .at(-1),
      )
      .toBe(typed);
  } finally {
    await docs.stop();
  }
});
