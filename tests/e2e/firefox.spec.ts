/**
 * The extension in Firefox (ESR, Debian's), as a user drives it: the settings, a page check with its highlights,
 * badges and cards, a correction applied in a textarea and in a contenteditable and undone with Ctrl+Z, and a
 * rephrased selection replaced and undone from the popup. The Chromium suite covers each flow in depth; this one
 * shows that the Firefox build does the same things in Firefox's own engine (its editing, its content-script
 * sandbox, its add-on pages).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { corpusHtml } from '../../bench/corpus';
import type { ServiceDouble } from '../../service-double/server';
import { PDF_TEXT_UNREADABLE } from './words';
import {
  COMPONENTS_ARTICLE_CLAIMS,
  E2E_KEY,
  MENU_ITEM_IDS,
  type RichEditor,
  richEditorPage,
  richEditorParagraphs,
  richEditors,
  richEditorScript,
} from './fixtures';
import {
  badgeCount,
  byText,
  cardText,
  checkDraftIn,
  clickArmed,
  frameOf,
  clickButton,
  expectText,
  openCard,
  expect,
  highlightedTexts,
  pageText,
  test,
  type DrawnIn,
  type FirefoxFixtures,
} from './firefox';
import { pdfWithLines } from './pages/pdf';

/**
 * Applies the open card's correction (once the card is armed), and returns it, once the card says it is in; then
 * closes the card. `where`: the frame the draft is drawn in, when it is not the page itself.
 */
async function applyFromCard(page: Page, where: DrawnIn = page): Promise<string> {
  const correction = /Correction:\s*(.+)/.exec(await cardText(where))?.[1]?.trim() ?? '';
  expect(correction).not.toBe('');
  // A click too soon after the card opened is refused (it may have been meant for the page).
  await clickArmed(where, 'Apply correction');
  await expect.poll(() => cardText(where)).toContain('Correction applied.');
  await page.keyboard.press('Escape');
  await expect.poll(() => cardText(where)).toBe('');
  return correction;
}

/** A reader of the draft as the editor's own model holds it: `window.editorText()` of the pages in tests/e2e/pages. */
const editorTextOf = (page: Page) => () =>
  page.evaluate(() => (window as unknown as { editorText: () => string | Promise<string> }).editorText());

/** One Ctrl+Z in the draft (`field`) brings back what `read` read before any edit. */
async function undoRestores(page: Page, field: ElementHandle, read: () => Promise<string>, original: string) {
  await field.focus();
  await page.keyboard.down('Control');
  await page.keyboard.press('z');
  await page.keyboard.up('Control');
  await expect.poll(read).toBe(original);
}

/** Saves the settings, and opens the demo textarea draft: its page, its tab, and the textarea. */
async function openTextareaDraft({
  configure,
  openDemoPage,
}: Pick<FirefoxFixtures, 'configure' | 'openDemoPage'>): Promise<{ page: Page; tabId: number; field: ElementHandle }> {
  await configure();
  const { page, tabId } = await openDemoPage('draft-textarea.html');
  return { page, tabId, field: (await page.$('textarea'))! };
}

/**
 * Applies the correction of the draft's refuted claim ("The far side of the Moon never receives sunlight…") from its
 * card: the draft (as `words` reads it) then holds the correction and not the claim; one Ctrl+Z in `field` restores
 * `original`.
 */
async function correctFarSideThenUndo(
  page: Page,
  field: ElementHandle,
  words: () => Promise<string>,
  original: string,
  where: DrawnIn = page,
): Promise<void> {
  await openCard(where, /^False: The far side/);
  const correction = await applyFromCard(page, where);
  await expect.poll(words).toContain(correction);
  expect(await words()).not.toContain('never receives sunlight');
  await undoRestores(page, field, words, original);
}

/** The refuted claim of the rich editors' draft (tests/e2e/pages/editor-draft.ts). */
const FAR_SIDE_CLAIM = 'The far side of the Moon never receives sunlight, which is why it is so cold.';

/**
 * With the draft's refuted claim highlighted again (after a correction was undone), applies its correction from
 * the card once more and takes it back with the card's Undo: the draft (as `read` reads it) is `original` again.
 */
async function applyThenUndoFromCard(page: Page, read: () => Promise<string>, original: string): Promise<void> {
  await expect.poll(() => highlightedTexts(page, ['refuted'])).toEqual([FAR_SIDE_CLAIM]);
  await openCard(page, /^False: The far side/);
  await clickArmed(page, 'Apply correction');
  await expect.poll(() => cardText(page)).toContain('Correction applied.');
  expect(await read()).not.toContain('never receives sunlight');
  await clickArmed(page, 'Undo correction');
  await expect.poll(() => cardText(page)).toContain('Correction undone: your text is back.');
  await expect.poll(read).toBe(original);
}

/**
 * On a selection in the page, "Rephrase" in the popup, until its result shows; checks that the double was sent
 * `sentence`, and returns the result.
 */
async function rephraseFromPopup(popup: Page, double: ServiceDouble, sentence: string): Promise<string> {
  await clickButton(popup, 'Rephrase');
  const result = await byText(popup, '.result-text', /\S/);
  expect(double.endpointCalls('rephraseText')[0]?.body).toEqual({ text: sentence });
  return (await result.evaluate((element) => (element as HTMLElement).innerText)).trim();
}

/** "Replace selection" in the popup, until it says how to undo. */
async function replaceFromPopup(popup: Page): Promise<void> {
  await clickButton(popup, 'Replace selection');
  await expectText(popup, 'Replaced. Press Ctrl+Z in the field, or Undo here, to undo.');
}

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

/**
 * Opens a draft in a real editor (see tests/e2e/pages/rich-editors.ts), with the extension configured; returns its
 * editing host (the outermost editable element), a reader of its model's text, and that text before any edit.
 */
async function openRichEditor(
  editor: RichEditor,
  { configure, openBundledPage }: Pick<FirefoxFixtures, 'configure' | 'openBundledPage'>,
) {
  await configure();
  const { page, tabId } = await openBundledPage(richEditorScript(editor), richEditorPage(editor));
  const editorText = editorTextOf(page);
  const field = (await page.$('[contenteditable]:not([contenteditable="false"])'))!;
  return { page, tabId, field, editorText, original: await editorText() };
}

test('Firefox: the options page saves the key and the double’s address; Test connection reaches the double with it', async ({
  openExtensionPage,
  double,
}) => {
  const page = await openExtensionPage('options.html');
  await (await page.$('#api-key'))!.type(E2E_KEY);
  const baseUrl = (await page.$('#api-base-url'))!;
  await baseUrl.click({ count: 3 });
  await baseUrl.type(double.url);
  await clickButton(page, 'Save');
  await expectText(page, 'Settings saved.');
  await clickButton(page, 'Test connection');
  await expectText(page, 'Connected. Your key works; your library has 34 brand voices.');
  expect(double.endpointCalls('listBrandVoices')).toHaveLength(1);
});

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

test('Firefox: the library lists the assets, and a file picked in the popup is uploaded to the service with the key (the popup’s own request)', async ({
  configure,
  openDemoPage,
  openPopup,
  double,
}) => {
  await configure();
  const { tabId } = await openDemoPage('article.html');
  const popup = await openPopup(tabId);
  await clickButton(popup, 'Library');
  await clickButton(popup, 'Assets');
  await expectText(popup, '1–10 of 41');
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'factlens-')), 'moon-notes.txt');
  writeFileSync(file, 'The Moon is about 384,400 km from Earth. '.repeat(200));
  const input = (await popup.$('input[type="file"]')) as ElementHandle<HTMLInputElement>;
  await input.uploadFile(file);
  await expectText(popup, 'Uploaded “moon-notes.txt”.');
  await expectText(popup, '1–10 of 42');
  expect(double.endpointCalls('uploadFile')[0]).toMatchObject({
    authorized: true,
    outcome: 200,
    body: { file: { name: 'moon-notes.txt', type: 'text/plain' } },
  });
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

test('Firefox: the four context-menu items exist, on selected text, and the three keyboard commands have their shortcuts', async ({
  openExtensionPage,
}) => {
  const page = await openExtensionPage('options.html');
  // menus has no getAll; update() fails for an id that does not exist. They are created on install.
  const exists = (id: string) =>
    page.evaluate(
      (menuId) =>
        (globalThis as unknown as { browser: typeof chrome }).browser.contextMenus
          .update(menuId, { contexts: ['selection'] })
          .then(
            () => true,
            () => false,
          ),
      id,
    );
  for (const id of MENU_ITEM_IDS) await expect.poll(() => exists(id)).toBe(true);
  expect(await exists('no-such-item')).toBe(false);
  const shortcuts = await page.evaluate(async () => {
    const commands = await (globalThis as unknown as { browser: typeof chrome }).browser.commands.getAll();
    return Object.fromEntries(commands.map((command) => [command.name, command.shortcut]));
  });
  // Firefox leaves a shortcut unbound when it clashes with one of its own.
  expect(shortcuts).toMatchObject({
    'check-page': 'Alt+Shift+K',
    'check-selection': 'Alt+Shift+L',
    'next-claim': 'Alt+Shift+J',
  });
  // The options page lists them as Firefox has them; Change shortcuts takes Firefox's own way there, without failing.
  const listed = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('.shortcuts dl > div')].map((row) => (row as HTMLElement).innerText),
    );
  await expect.poll(listed).toContain('Check this page\nAlt+Shift+K');
  await clickButton(page, 'Change shortcuts');
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await page.evaluate(() => document.querySelector('.shortcuts .status')?.textContent ?? '')).toBe('');
});

/**
 * Real pages of ../shared/corpus/pages (as real-pages.spec.ts checks every one in Chromium), each with markup of its
 * own: medium-1's deep indentation between inline tags, lwn-1's preformatted text and 43 claims, wikipedia-3's hidden
 * formulas inside sentences, yahoo-3's scattered blocks. Firefox lays out and walks text apart from Chromium (its own
 * whitespace, visibility and Range geometry): every claim the double detects is located, highlighted and badged.
 */
for (const file of ['medium-1.html', 'lwn-1.html', 'wikipedia-3.html', 'yahoo-3.html'])
  test(`Firefox: every claim detected in ${file} is located, highlighted and badged`, async ({
    configure,
    openServedPage,
    openPopup,
  }) => {
    await configure();
    const { page, tabId } = await openServedPage(file, corpusHtml(file), 'localhost');
    const popup = await openPopup(tabId);
    await clickButton(popup, 'Check this page');
    await expectText(popup, /Checked \d+ claims\./);
    await expectText(popup, /Located \d+ of \d+ claims/);
    const [, located, checked] = /Located (\d+) of (\d+) claims/.exec(await pageText(popup))!;
    expect(Number(checked)).toBeGreaterThanOrEqual(15);
    expect(located).toBe(checked);
    await page.bringToFront();
    await expect.poll(() => badgeCount(page)).toBe(Number(checked));
    // On a light ground or a dark one (a claim in yahoo-3's dark band).
    const kinds = ['supported', 'refuted', 'mixed', 'unverifiable'].flatMap((kind) => [kind, `${kind}-on-dark`]);
    expect(await highlightedTexts(page, kinds)).toHaveLength(Number(checked));
  });

test('Firefox: a product copy is written in the language of the settings (read by the popup from the extension’s IndexedDB), sent as its code', async ({
  configure,
  openDemoPage,
  openPopup,
  double,
}) => {
  await configure({ language: 'German' });
  const { tabId } = await openDemoPage('article.html');
  const popup = await openPopup(tabId);
  await clickButton(popup, 'Write');
  await popup.waitForSelector('#write-tool');
  await popup.select('#write-tool', 'product');
  await popup.waitForSelector('#product-language');
  expect(await popup.$eval('#product-language', (select) => (select as HTMLSelectElement).value)).toBe('German');
  await (await popup.$('#product'))!.type('Lunar lamp');
  await clickButton(popup, 'Write it');
  await expect.poll(() => double.endpointCalls('productCopies').length).toBe(1);
  expect(double.endpointCalls('productCopies')[0]?.body).toMatchObject({ language: 'German' });
});

test.describe('back-forward cache', () => {
  // Firefox decides by itself whether a page goes into that cache. In one CI run of five (82bd949, the whole suite
  // under load) it loaded the page afresh instead of restoring it, and this test, which needs the restore, timed out;
  // it passed in the other runs and in 6 of 6 alone. The suite's one retry covers it (playwright.config.ts).
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
      .poll(() =>
        page
          .evaluate(() => (window as unknown as { restoredFromCache?: boolean }).restoredFromCache === true)
          .catch(() => false),
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

test('Firefox: a selection in a textarea rephrased from the popup, replaced, then put back by the popup’s Undo', async ({
  configure,
  openDemoPage,
  openPopup,
  double,
}) => {
  const { tabId, field } = await openTextareaDraft({ configure, openDemoPage });
  const value = () => field.evaluate((element) => (element as HTMLTextAreaElement).value);
  const original = await value();
  const sentence = "Brazil produces about a third of the world's coffee.";
  expect(original).toContain(sentence);
  await field.evaluate((element, wanted) => {
    const textarea = element as HTMLTextAreaElement;
    const start = textarea.value.indexOf(wanted);
    textarea.focus();
    textarea.setSelectionRange(start, start + wanted.length);
  }, sentence);
  const popup = await openPopup(tabId);
  const rephrased = await rephraseFromPopup(popup, double, sentence);
  await replaceFromPopup(popup);
  await expect.poll(value).toBe(original.replace(sentence, rephrased));
  await clickButton(popup, 'Undo');
  await expectText(popup, 'Undone: your text is back.');
  await expect.poll(value).toBe(original);
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

test('Firefox: roosterjs (Outlook’s editor), which takes undo steps only at what it sees typed: one Ctrl+Z restores the draft as it was just before the correction, the words typed before it kept; the card’s Undo takes it back too', async ({
  configure,
  openBundledPage,
  openPopup,
}) => {
  await configure();
  const { page, tabId } = await openBundledPage('roosterjs-editor.ts', richEditorPage());
  const editorText = editorTextOf(page);
  const field = (await page.$('[contenteditable]'))!;
  // Typed since roosterjs's last undo step: its Ctrl+Z used to take these words away with the correction.
  await field.click();
  await page.keyboard.down('Control');
  await page.keyboard.press('End');
  await page.keyboard.up('Control');
  await page.keyboard.type(' We will watch it rise.');
  const original = await editorText();
  expect(original).toMatch(/We will watch it rise\.$/);
  await checkDraftIn({ page, tabId, openPopup }, field, 3);
  await correctFarSideThenUndo(page, field, editorText, original);
  // The claim is back; applied again, the card's Undo takes it back.
  await applyThenUndoFromCard(page, editorText, original);
});

test('Firefox: Editor.js, a block editor: the whole post is checked from one block, and a correction goes into its block, which Editor.js saves; one Ctrl+Z restores it', async ({
  configure,
  openBundledPage,
  openPopup,
  double,
}) => {
  await configure();
  const { page, tabId } = await openBundledPage('editorjs-editor.ts', richEditorPage());
  const editorText = editorTextOf(page);
  await page.waitForSelector('.ce-paragraph');
  const block = (await page.$$('.ce-paragraph'))[1]!;
  const original = await editorText();
  // Focused in the second block, the check takes the post's three blocks.
  await checkDraftIn({ page, tabId, openPopup }, block, 3);
  const sent = (double.endpointCalls('detectClaims')[0]?.body as { blog: string }).blog;
  for (const paragraph of original.split('\n')) expect(sent).toContain(paragraph);
  expect(await highlightedTexts(page, ['refuted'])).toEqual([FAR_SIDE_CLAIM]);
  await correctFarSideThenUndo(page, block, editorText, original);
});

test('Firefox: an editor in an iframe: checked and drawn in the frame by the content script there, corrected, and one Ctrl+Z restores it', async ({
  configure,
  openDemoPage,
  openPopup,
}) => {
  await configure();
  const { page, tabId } = await openDemoPage('frame-draft.html');
  const frame = await frameOf(page, 'iframe[title="Post body"]');
  const words = () => frame.evaluate(() => document.body.innerText.replace(/\s+/g, ' ').trim());
  const original = await words();
  const body = (await frame.$('body'))!;
  await checkDraftIn({ page, tabId, openPopup }, body, 2, frame);
  // Drawn in the frame, by the content script there; nothing in the page around it.
  expect(await badgeCount(page)).toBe(0);
  expect(await highlightedTexts(frame, ['refuted'])).toEqual([FAR_SIDE_CLAIM]);

  await correctFarSideThenUndo(page, body, words, original, frame);
});

test('Firefox: TinyMCE, its draft in a frame it makes: corrected in the frame, TinyMCE’s own content takes it, and its Ctrl+Z restores it', async ({
  configure,
  openBundledPage,
  openPopup,
}) => {
  await configure();
  const { page, tabId } = await openBundledPage('tinymce-editor.ts', richEditorPage());
  const editorText = editorTextOf(page);
  const frame = await frameOf(page, 'iframe.tox-edit-area__iframe');
  await expect.poll(() => frame.evaluate(() => document.body.innerText)).toContain('Twelve astronauts');
  const original = await editorText();
  const body = (await frame.$('body'))!;
  await checkDraftIn({ page, tabId, openPopup }, body, 3, frame);
  expect(await highlightedTexts(frame, ['refuted'])).toEqual([FAR_SIDE_CLAIM]);

  await openCard(frame, /^False: The far side/);
  const correction = await applyFromCard(page, frame);
  await expect.poll(editorText).toBe(original.replace(FAR_SIDE_CLAIM, correction));
  // TinyMCE's Ctrl+Z, in its own undo levels: one press restores the draft.
  await undoRestores(page, body, editorText, original);
});

test('Firefox: claims in shadow trees, open and closed (read through openOrClosedShadowRoot), in a slot and in a display: contents wrapper are checked and drawn', async ({
  configure,
  openDemoPage,
  openPopup,
  double,
}) => {
  const claims = COMPONENTS_ARTICLE_CLAIMS;
  // On localhost the page is out of the double's reach (it serves on 127.0.0.1): its text is sent, as read in
  // the browser, shadow trees included.
  const fixtures = { configure, openDemoPage, openPopup };
  const { page, popup } = await checkDemoPage(fixtures, 'components-article.html', claims.length, 'localhost');
  const sent = JSON.stringify(double.endpointCalls().map((entry) => entry.body));
  for (const claim of claims) expect(sent).toContain(claim);
  await expectText(popup, `Located ${claims.length} of ${claims.length} claims`);

  await page.bringToFront();
  await expect.poll(() => badgeCount(page)).toBe(claims.length);
  const highlighted = await highlightedTexts(page, ['supported', 'refuted', 'mixed', 'unverifiable']);
  expect(highlighted.sort()).toEqual([...claims].sort());
  await openCard(page, /^False: Liquid water flows freely/);
  expect(await cardText(page)).toContain('Liquid water flows freely across the surface of Mars today.');
  await page.keyboard.press('Escape');
  await expect.poll(() => cardText(page)).toBe('');
});

for (const [editor, name] of richEditors)
  test(`Firefox: “Replace selection” in a ${name} editor: the editor’s model takes the rephrasing; the popup’s Undo, and then its own Ctrl+Z, restore it`, async ({
    configure,
    openBundledPage,
    openPopup,
    double,
  }) => {
    const { page, tabId, field, editorText, original } = await openRichEditor(editor, { configure, openBundledPage });
    // The paragraph with words in bold: the selection spans three of the editor's text nodes. Looked up each time:
    // an editor may render it anew after an edit.
    const paragraphOf = async () =>
      (await page.$$(`[contenteditable] ${richEditorParagraphs(editor).replace(':scope > ', '')}`))[1]!;
    // What the page shows, not only the editor's model: no text of the browser's left beside the editor's own.
    const shownMatchesModel = async () =>
      expect(await field.evaluate((element) => (element as HTMLElement).innerText.replace(/\s+/g, ' ').trim())).toBe(
        (await editorText()).replace(/\s+/g, ' ').trim(),
      );
    const selectParagraph = async () => {
      await field.focus();
      await (
        await paragraphOf()
      ).evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        getSelection()!.removeAllRanges();
        getSelection()!.addRange(range);
      });
    };
    await selectParagraph();
    const sentence = await (await paragraphOf()).evaluate((element) => (element as HTMLElement).innerText.trim());
    const popup = await openPopup(tabId);
    const replaced = original.replace(sentence, await rephraseFromPopup(popup, double, sentence));
    await replaceFromPopup(popup);
    await expect.poll(editorText).toBe(replaced);
    await clickButton(popup, 'Undo');
    if (editor === 'draftjs') {
      // Draft.js, in Firefox, with the page's window out of focus (as while the popup is open), leaves what was
      // written selected rather than the caret after it: the popup's Undo says so and changes nothing. (Writing over
      // that selection instead left the browser's text beside Draft.js's own in the page: seen twice.)
      await expectText(popup, 'The caret is no longer just after the text written, so nothing was undone.');
      expect(await editorText()).toBe(replaced);
      await page.bringToFront();
      await undoRestores(page, field, editorText, original);
      await shownMatchesModel();
      return;
    }
    await expectText(popup, 'Undone: your text is back.');
    await expect.poll(editorText).toBe(original);
    await shownMatchesModel();

    // Replaced again, the editor's own Ctrl+Z restores it. At a user's pace: ProseMirror and CodeMirror take edits
    // less than 500 ms apart (their history's newGroupDelay) as one undo step, so a second replacement made at once
    // after the Undo's write was undone with it, back to the first replacement (seen once in CI).
    await new Promise((resolve) => setTimeout(resolve, 600));
    await page.bringToFront();
    await selectParagraph();
    await popup.bringToFront();
    await replaceFromPopup(popup);
    await expect.poll(editorText).toBe(replaced);
    await page.bringToFront();
    await undoRestores(page, field, editorText, original);
    await shownMatchesModel();
  });

// The editors whose insert takes its own path in Firefox (CKEditor 5: see replaceSelectionInPage), or whose own undo
// moves the caret (Draft.js), and one that keeps a model of its own (Lexical); the Chromium suite has all eight.
for (const [editor, name] of richEditors.filter(([editor]) => ['ckeditor', 'draftjs', 'lexical'].includes(editor)))
  test(`Firefox: “Insert at the caret” in a ${name} editor: a generated paragraph goes into the editor’s model after the paragraph’s words; its own Ctrl+Z, and the popup’s Undo, take it out`, async ({
    configure,
    openBundledPage,
    openPopup,
  }) => {
    const { page, tabId, field, editorText, original } = await openRichEditor(editor, { configure, openBundledPage });
    const paragraphs = `[contenteditable] ${richEditorParagraphs(editor).replace(':scope > ', '')}`;
    const firstParagraph = async () =>
      (await page.$$eval(paragraphs, (elements) => (elements[0] as HTMLElement).innerText)).trim();
    const before = await firstParagraph();
    const caretAtFirstParagraphEnd = async () => {
      await (await page.$(paragraphs))!.click();
      await page.keyboard.press('End');
    };
    await caretAtFirstParagraphEnd();
    const popup = await openPopup(tabId);
    await clickButton(popup, 'Write');
    // The forms show once what was typed before, and the settings' language, are read.
    await popup.waitForSelector('#write-tool');
    await popup.select('#write-tool', 'keywords');
    await (await popup.$('#keywords'))!.type('orbit');
    await clickButton(popup, 'Write the paragraph');
    const paragraph = (
      await (await byText(popup, '.result-text', /\S/)).evaluate((element) => (element as HTMLElement).innerText)
    ).trim();
    const insert = async () => {
      await clickButton(popup, 'Insert at the caret');
      await expectText(popup, 'Inserted at the caret. Press Ctrl+Z in the field, or Undo here, to undo.');
      await expect.poll(firstParagraph).toBe(`${before} ${paragraph}`);
      await expect.poll(editorText).toContain(paragraph);
    };
    // The editor's own Ctrl+Z first: after the popup's Undo, ProseMirror took the next insert into the same undo step
    // (it joins edits less than half a second apart), and its Ctrl+Z took out both.
    await insert();
    await page.bringToFront();
    await undoRestores(page, field, editorText, original);
    // (Draft.js in Firefox puts the caret back at the paragraph's start.)
    await caretAtFirstParagraphEnd();
    await popup.bringToFront();
    await insert();
    await clickButton(popup, 'Undo');
    await expectText(popup, 'Undone: the inserted text is gone.');
    await expect.poll(editorText).toBe(original);
  });

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
