/**
 * Reaching into a tab from the background: reading what a check needs, injecting the content script,
 * writing a result into the user's selection. Each needs `activeTab` (granted by the user's click on the
 * toolbar button, a menu item or a shortcut) or a host permission; without one it fails with a clear message.
 */
import { browser, type Browser } from '#imports';
import { ServiceError } from './api/errors';
import { ALL_SITES } from '../shared/site-access';
import type { PageActionName, PageActions } from '../contract/page-actions';
import type { PageSnapshot } from '../contract/page-actions';
import type { ReplaceOutcome, WriteMode } from '../contract/page-actions';
import { PAGE_ACTIONS_FILE, PAGE_ACTIONS_GLOBAL } from '../shared/page-actions-global';
import { replaceFailure } from '../shared/write-failures';
import { t } from '../shared/i18n';

/** The longest page text read; beyond it the page is refused as too long anyway (see source.ts). */
const MAX_READ_CHARS = 2_000_000;
export const CONTENT_SCRIPT_FILE = '/content-script.js';
/** The content script's second part (see utils/page/content-parts.ts). */
export const CONTENT_PARTS_FILE = '/content-parts.js';

/** Schemes of the browser's own pages and of extensions' pages, which no extension may read. */
const BROWSER_PAGES =
  /^(chrome|chrome-search|chrome-untrusted|edge|brave|opera|vivaldi|about|chrome-extension|moz-extension|extension|view-source|devtools|resource):/i;
const STORE_PAGES =
  /^https:\/\/(chrome\.google\.com\/webstore|chromewebstore\.google\.com|microsoftedge\.microsoft\.com\/addons|addons\.mozilla\.org)/;

/**
 * Why a tab at `url` could not be read, for a person to act on. `url` is undefined where the tab's address is hidden
 * from the extension (no click on its button granted it the tab yet).
 */
export function noAccessReason(url: string | undefined): string {
  const notGranted = t('noAccessToTab');
  if (!url) return notGranted;
  if (/^https?:/i.test(url)) return STORE_PAGES.test(url) ? t('storePagesClosed') : notGranted;
  if (/^file:/i.test(url)) return t('allowFileUrls');
  if (BROWSER_PAGES.test(url)) return t('browserPagesClosed');
  // A data: page has no origin a permission could name. (A blob: page has its maker's, which a click may grant.)
  if (/^data:/i.test(url)) return t('dataPagesClosed');
  return notGranted;
}

/**
 * Whether allowing every site (see ALL_SITES) would let the extension read a tab it cannot: a web page, or one whose
 * address it is not even shown (the browser shows a tab's address only where the extension has access), unless the
 * extension store's or one the browser's `refusal` (why reading it failed) names as its own; and whether every site is
 * not allowed already.
 */
export async function allowingSitesWouldHelp(url: string | undefined, refusal?: unknown): Promise<boolean> {
  if (url && (!/^https?:/i.test(url) || STORE_PAGES.test(url))) return false;
  // Where the address is hidden, Chromium's refusal still names a page no permission reaches: "Cannot access a
  // chrome:// URL", "The extensions gallery cannot be scripted."
  if (refusal instanceof Error && /Cannot access a [a-z-]+:\/\/ URL|cannot be scripted/i.test(refusal.message))
    return false;
  return !(await browser.permissions.contains({ origins: ALL_SITES }).catch(() => true));
}

/** What was to be done to a page that could not be reached: its message says so ("This page cannot be checked."). */
type Doing = 'check' | 'write';

function noAccess(tabUrl: string | undefined, cause: unknown, doing: Doing = 'check'): ServiceError {
  const cannot = t(doing === 'check' ? 'pageCannotBeChecked' : 'pageCannotBeWritten');
  return new ServiceError({ kind: 'invalid-input', message: `${cannot} ${noAccessReason(tabUrl)}` }, { cause });
}

async function tabUrl(tabId: number): Promise<string | undefined> {
  return browser.tabs.get(tabId).then(
    (tab) => tab.url,
    () => undefined,
  );
}

/**
 * The icon Firefox gives a tab whose PDF its viewer (PDF.js) shows: the one sign of it that the extension may read,
 * wherever the PDF came from (an address that does not end in .pdf, as arXiv's do not). Measured in Firefox 153.
 */
const PDF_VIEWER_ICON = /^chrome:\/\/[^?#]*\/pdf\.svg$/;

/**
 * What is known of a tab showing a PDF in a viewer no script may enter (Firefox's PDF.js): its address and its
 * title, and none of its text (see PageSnapshot.pdf). Told by the viewer's icon on the tab, or else by its address.
 */
async function pdfViewerSnapshot(tabId: number): Promise<PageSnapshot | null> {
  const tab = await browser.tabs.get(tabId).catch(() => undefined);
  const url = tab?.url ?? '';
  let path = '';
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const inPdfViewer = PDF_VIEWER_ICON.test(tab?.favIconUrl ?? '') || /\.pdf$/i.test(path);
  if (!/^https?:/.test(url) || !inPdfViewer) return null;
  const title = tab?.title ?? '';
  return {
    url,
    title,
    headline: title,
    mainText: '',
    selection: '',
    selectionEditable: false,
    draft: '',
    signedIn: false,
    frameId: 0,
    pdf: true,
  };
}

/** A frame's answer to an action, which the page cannot forge: it runs in the extension's isolated world. */
interface ActionResult<R> {
  frameId: number;
  result: R | undefined;
}

/** What a frame answers when the actions are not installed in it yet. */
const NOT_INSTALLED = 'factlens:page-actions-not-installed';

/**
 * Runs in the frame (serialised: keep it self-contained): the installed action `name` with `args`, or NOT_INSTALLED.
 * executeScript waits for the promise an action returns.
 */
function callPageAction(global: string, name: string, args: unknown[], notInstalled: string): unknown {
  const actions = (
    globalThis as unknown as Record<string, Record<string, (...args: unknown[]) => unknown> | undefined>
  )[global];
  return actions ? actions[name]!(...args) : notInstalled;
}

/**
 * Runs a page action (see utils/page/injected/install-page-actions.ts) in the target's frames, installing the actions first in
 * the frames that do not have them yet: the script is read once per document, not once per call.
 */
async function runPageAction<K extends PageActionName>(
  target: Browser.scripting.InjectionTarget,
  name: K,
  args: Parameters<PageActions[K]>,
): Promise<ActionResult<Awaited<ReturnType<PageActions[K]>>>[]> {
  const call = (frames: Browser.scripting.InjectionTarget) =>
    browser.scripting.executeScript({
      target: frames,
      func: callPageAction,
      args: [PAGE_ACTIONS_GLOBAL, name, args, NOT_INSTALLED],
    });
  const answers = await call(target);
  const missing = answers.filter((answer) => answer.result === NOT_INSTALLED).map((answer) => answer.frameId);
  let results = answers;
  if (missing.length) {
    const frames = { tabId: target.tabId, frameIds: missing };
    await browser.scripting.executeScript({ target: frames, files: [PAGE_ACTIONS_FILE] });
    results = [...answers.filter((answer) => answer.result !== NOT_INSTALLED), ...(await call(frames))];
  }
  return results.map((answer) => ({
    frameId: answer.frameId,
    result: answer.result === NOT_INSTALLED ? undefined : (answer.result as Awaited<ReturnType<PageActions[K]>>),
  }));
}

/** The browser's refusal to run a script in a tab the extension has no access to. */
const ACCESS_REFUSED = /Cannot access contents of|must request permission to access/i;
/** How long a read refused for want of access waits before its one more try (see readSnapshot). */
const GRANT_LAG_MS = 250;

/**
 * Reads the page's headline, main text, selection and draft. When the page's focus is on a frame (an editor
 * in an iframe: TinyMCE's and CKEditor's classic editors, WordPress's editor canvas), the selection and the
 * draft are read from the frame that has the focus, if the extension may reach it.
 */
export async function readSnapshot(
  tabId: number,
  maxChars = MAX_READ_CHARS,
  doing: Doing = 'check',
): Promise<PageSnapshot> {
  let snapshot: PageSnapshot;
  try {
    const [frame] = await runPageAction({ tabId }, 'readPageSnapshot', [maxChars]).catch(async (refused: unknown) => {
      // A shortcut's or the menu's grant of the tab can reach the check a moment after it started, on a busy machine
      // (seen with Chromium under load: refused, then readable at once); one more try, after a beat, before saying so.
      if (!(refused instanceof Error && ACCESS_REFUSED.test(refused.message))) throw refused;
      await new Promise((resolve) => setTimeout(resolve, GRANT_LAG_MS));
      return runPageAction({ tabId }, 'readPageSnapshot', [maxChars]);
    });
    const result = frame?.result;
    if (!result || typeof result.mainText !== 'string') throw new Error('no result from the page');
    snapshot = { ...result, frameId: 0 };
  } catch (error) {
    const pdf = await pdfViewerSnapshot(tabId);
    if (pdf) return pdf;
    throw noAccess(await tabUrl(tabId), error, doing);
  }
  return snapshot.focusInFrame ? withFocusedFrame(tabId, snapshot) : snapshot;
}

/** The top frame's snapshot, with the selection and draft of the frame that has the focus. */
async function withFocusedFrame(tabId: number, top: PageSnapshot): Promise<PageSnapshot> {
  try {
    // Each frame reads no main text (0 characters): only its focus, selection and draft are wanted.
    const frames = await runPageAction({ tabId, allFrames: true }, 'readPageSnapshot', [0]);
    // The innermost frame with the focus: its document has it, and it is not on a frame of its own.
    const focused = frames.find((frame) => {
      const result = frame.result as PageSnapshot | undefined;
      return frame.frameId !== 0 && result?.focused && !result.focusInFrame;
    });
    const inner = focused?.result as PageSnapshot | undefined;
    if (!focused || !inner) return top;
    const { selection, selectionEditable, draft, editing, url } = inner;
    return { ...top, selection, selectionEditable, draft, editing, frameId: focused.frameId, frameUrl: url };
  } catch {
    // A frame out of reach (another site's): what the top frame shows stands.
    return top;
  }
}

/**
 * The injections under way, by tab and frame: a check started while another's injection is under way in the same frame
 * (a shortcut pressed twice, the popup and the context menu at once) waits for that one instead of injecting a second
 * instance, which would stop the first as it starts (see injectContentScript).
 */
const injecting = new Map<string, Promise<boolean>>();

/**
 * Makes sure the content script runs in a frame of the tab, with its port to the background open: wakes it if it is
 * there, injects it if not. Injected again, it would stop the instance already there as it starts (WXT's context stops
 * the older instances of a script) and start afresh: the overlay made again and everything drawn again, on every
 * check. Failure is not fatal to a check.
 */
export function injectContentScript(tabId: number, frameId = 0): Promise<boolean> {
  const key = `${tabId}:${frameId}`;
  const underWay = injecting.get(key);
  if (underWay) return underWay;
  const injection = wakeOrInject({ tabId, frameIds: [frameId] }).finally(() => injecting.delete(key));
  injecting.set(key, injection);
  return injection;
}

async function wakeOrInject(target: { tabId: number; frameIds: number[] }): Promise<boolean> {
  try {
    const [running] = await browser.scripting.executeScript({ target, func: wakeContentScript });
    if (running?.result === true) return true;
    await browser.scripting.executeScript({ target, files: [CONTENT_SCRIPT_FILE] });
    return true;
  } catch {
    return false;
  }
}

/** Injects the content script's second part into a frame where its first part runs (see parts-loader.ts). */
export async function injectContentParts(tabId: number, frameId: number): Promise<void> {
  await browser.scripting.executeScript({ target: { tabId, frameIds: [frameId] }, files: [CONTENT_PARTS_FILE] });
}

/**
 * Runs in the frame, in the world the content script runs in (keep it self-contained): wakes the content script if it
 * is there (see ContentState.wake in entrypoints/content.ts); whether it is, alive.
 */
function wakeContentScript(): boolean {
  try {
    return (globalThis as { __factlensContent?: { wake?: () => boolean } }).__factlensContent?.wake?.() === true;
  } catch {
    return false;
  }
}

/**
 * Writes `replacement` over the selection, if it still holds `original` (or over the text before the caret, or at the
 * caret: see WriteMode); throws a ServiceError saying why not. Returns the text as written (see ReplaceOutcome).
 */
export async function replaceSelection(
  tabId: number,
  frameId: number,
  original: string,
  replacement: string,
  mode: WriteMode = 'selection',
): Promise<{ undoable: boolean; written: string; undoHere: boolean }> {
  const beforeCaret = mode === 'before-caret';
  let outcome: ReplaceOutcome | undefined;
  try {
    const [frame] = await runPageAction({ tabId, frameIds: [frameId] }, 'replaceSelectionInPage', [
      original,
      replacement,
      mode,
    ]);
    outcome = frame?.result;
  } catch (error) {
    throw noAccess(await tabUrl(tabId), error, 'write');
  }
  if (!outcome) throw new ServiceError({ kind: 'invalid-input', message: replaceFailure('refused') });
  if (!outcome.ok) {
    const message =
      beforeCaret && (outcome.reason === 'changed' || outcome.reason === 'no-editable-selection')
        ? t('caretMovedNothingUndone')
        : mode === 'at-caret' && outcome.reason === 'no-editable-selection'
          ? t('noCaret', t('insertAtCaret'))
          : replaceFailure(outcome.reason);
    throw new ServiceError({ kind: 'invalid-input', message });
  }
  return { undoable: outcome.undoable, written: outcome.written, undoHere: outcome.undoHere };
}

/**
 * Writes `text` at the caret of the field or editor that has the tab's focus, in whichever frame it is (see
 * readSnapshot), or just after its selection: a generated text put into the user's draft, as plain text (the client
 * made it so: see htmlToText). Returns the frame, and the text as written; throws a ServiceError saying why not.
 */
export async function insertAtCaret(
  tabId: number,
  text: string,
): Promise<{ frameId: number; undoable: boolean; written: string; undoHere: boolean }> {
  // Only where the focus is matters: no page text is read.
  const { editing, focusInFrame, frameId = 0 } = await readSnapshot(tabId, 0, 'write');
  // The focus is in a frame the extension may not reach (another site's: see withFocusedFrame).
  if (focusInFrame && frameId === 0)
    throw new ServiceError({
      kind: 'invalid-input',
      message: t('caretInOtherSiteFrame'),
    });
  if (!editing) throw new ServiceError({ kind: 'invalid-input', message: t('noCaret', t('insertAtCaret')) });
  return { frameId, ...(await replaceSelection(tabId, frameId, '', text, 'at-caret')) };
}
