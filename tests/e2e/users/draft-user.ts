/** A checked draft as the user works it, in either browser: a page user with the draft's own field. */
import { ENGLISH } from '../words';
import { expect } from '../quick-expect';
import { richEditorPage, richEditorScript, type RichEditor } from '../rich-editor-pages';
import type { BrowserUser, ExtensionPageUser, PageUser } from './user';

/** The drafts a scenario runs on: a page of the double's with its draft's selector, or a rich editor's test page. */
export type DraftPage = { file: string; selector: string; claims: number } | { editor: RichEditor };

export const TEXTAREA_DRAFT: DraftPage = { file: 'draft-textarea.html', selector: 'textarea', claims: 4 };
export const CONTENTEDITABLE_DRAFT: DraftPage = { file: 'draft-contenteditable.html', selector: '#editor', claims: 3 };

/** The editing host of a rich editor's test page (the outermost editable element). */
export const RICH_EDITOR_FIELD = '[contenteditable]:not([contenteditable="false"])';

/** The arming delay of the card's writing buttons in a scenario's draft (see checkedDraft). */
const SCENARIO_ARMING_MS = 50;

/** How many claims a check of the draft finds (the rich editors' draft has three). */
export const claimsIn = (draft: DraftPage): number => ('editor' in draft ? 3 : draft.claims);

/** A draft checked from the popup, its claims drawn, as the user sees and works it. */
export interface DraftUser extends PageUser {
  /** The draft's text: a text field's value, or (in a rich editor) the editor's own model's, paragraphs by "\n". */
  text(): Promise<string>;
  /** One Ctrl+Z in the draft. */
  undoInDraft(): Promise<void>;
  /** Puts the caret in the draft just before the first place its text holds `words`. */
  caretBefore(words: string): Promise<void>;
  /** The links in the draft: their addresses. */
  linksInDraft(): Promise<string[]>;
}

/**
 * Clicks into the draft `selector` of `page`, checks it from the popup of its tab, and waits until the popup has
 * checked its `claims` claims and the content script drew them (in `where`: the frame the draft is in, if not the page).
 */
export async function checkDraftFromPopup(
  browser: BrowserUser,
  page: PageUser,
  selector: string,
  claims: number,
  { where = page, words = ENGLISH }: { where?: PageUser; words?: typeof ENGLISH } = {},
): Promise<ExtensionPageUser> {
  await where.click(selector);
  const popup = await browser.openPopup(page.tabId);
  await popup.click(words.t('checkDraft'));
  await popup.waitForText(words.tp('stageChecked', claims));
  await popup.waitForText(words.t('listLocated', claims, claims));
  await page.bringToFront();
  await expect.poll(async () => (await where.badgeLabels()).length).toBe(claims);
  return popup;
}

/** Opens the draft's page (the double's, or a rich editor's bundled one) and checks its draft from the popup. */
export async function checkedDraft(browser: BrowserUser, draft: DraftPage): Promise<DraftUser> {
  await browser.configure();
  const page =
    'editor' in draft
      ? await browser.openBundledPage(richEditorScript(draft.editor), richEditorPage())
      : await browser.openDemoPage(draft.file);
  const selector = 'editor' in draft ? RICH_EDITOR_FIELD : draft.selector;
  // The card's writing buttons arm 50 ms after the card stands still and the pointer rests on them (500 and 250 in a
  // release): the scenarios rest it until they are armed in any case, and the guard is hostile.spec.ts's to test.
  await page.stretchDelay('arming', SCENARIO_ARMING_MS);
  await page.stretchDelay('rest', SCENARIO_ARMING_MS);
  await checkDraftFromPopup(browser, page, selector, claimsIn(draft));
  return draftUser(page, selector, 'editor' in draft);
}

/** The draft `selector` of `page`; `richEditor`: read through the editor's own model (`window.editorText()`). */
export function draftUser(page: PageUser, selector: string, richEditor = false): DraftUser {
  return {
    ...page,
    text: () =>
      richEditor
        ? page.evaluate(() => (window as unknown as { editorText: () => string | Promise<string> }).editorText())
        : page.evaluate((field) => {
            const element = document.querySelector(field)!;
            return element instanceof HTMLTextAreaElement || element instanceof HTMLInputElement
              ? element.value
              : (element as HTMLElement).innerText;
          }, selector),
    undoInDraft: async () => {
      await page.evaluate((field) => (document.querySelector(field) as HTMLElement).focus(), selector);
      await page.press('Control+z');
    },
    // Put again until it holds for two frames: an editor that renders after an undo (Slate) puts its own selection back.
    caretBefore: (words) =>
      expect
        .poll(() => page.evaluate(caretBefore, { selector, words }), { message: `the caret before “${words}”` })
        .toBe(true),
    linksInDraft: () =>
      page.evaluate(
        (field) =>
          [...document.querySelector(field)!.querySelectorAll('a')].map((link) => link.getAttribute('href') ?? ''),
        selector,
      ),
  };
}

/** The correction the open card offers, as its text shows it. */
export function correctionIn(cardText: string): string {
  const correction = /Correction:\s*(.+)/.exec(cardText)?.[1]?.trim() ?? '';
  if (!correction) throw new Error(`the card offers no correction: “${cardText}”`);
  return correction;
}

/**
 * Runs in the page: the caret just before `words` in the draft `selector` (a text field's value, or an editable's
 * text); whether it is still there two frames later.
 */
async function caretBefore({ selector, words }: { selector: string; words: string }): Promise<boolean> {
  const draft = document.querySelector(selector)!;
  const frames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  if (draft instanceof HTMLTextAreaElement || draft instanceof HTMLInputElement) {
    const at = draft.value.indexOf(words);
    if (at < 0) throw new Error(`“${words}” is not in the draft`);
    draft.focus();
    draft.setSelectionRange(at, at);
    await frames();
    return draft.selectionStart === at && draft.selectionEnd === at;
  }
  const walker = document.createTreeWalker(draft, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = (node as Text).data.indexOf(words);
    if (at < 0) continue;
    getSelection()!.collapse(node, at);
    await frames();
    const selection = getSelection()!;
    return selection.isCollapsed && selection.anchorNode === node && selection.anchorOffset === at;
  }
  throw new Error(`“${words}” is not in the draft`);
}
