/**
 * What a scenario on a checked draft asks of the browser it runs in, so that it is written once and run in Chromium
 * (Playwright) and in Firefox (puppeteer over WebDriver BiDi): see chromium-user.ts and firefox-user.ts.
 */
import { richEditorPage, richEditorScript, type RichEditor } from '../fixtures';

/** The drafts a scenario runs on: a page of the double's with its draft's selector, or a rich editor's test page. */
export type DraftPage = { file: string; selector: string; claims: number } | { editor: RichEditor };

export const TEXTAREA_DRAFT: DraftPage = { file: 'draft-textarea.html', selector: 'textarea', claims: 4 };
export const CONTENTEDITABLE_DRAFT: DraftPage = { file: 'draft-contenteditable.html', selector: '#editor', claims: 3 };

/** What opens a draft's page, in either browser's fixtures (their page types differ). */
interface OpensPages<Opened> {
  openDemoPage(file: string): Promise<Opened>;
  openBundledPage(script: string, body: string): Promise<Opened>;
}

/** Opens the draft's page: the double's, or the rich editor's bundled test page. */
export function openDraftPage<Opened>(fixtures: OpensPages<Opened>, draft: DraftPage): Promise<Opened> {
  return 'editor' in draft
    ? fixtures.openBundledPage(richEditorScript(draft.editor), richEditorPage(draft.editor))
    : fixtures.openDemoPage(draft.file);
}

/** How many claims a check of the draft finds (the rich editors' draft has three). */
export const claimsIn = (draft: DraftPage): number => ('editor' in draft ? 3 : draft.claims);

/** A draft checked from the popup, its claims drawn, as the user sees and works it. */
export interface DraftUser {
  /** The draft's text: a text field's value, or (in a rich editor) the editor's own model's, paragraphs by "\n". */
  text(): Promise<string>;
  /** The text of every range in the page's highlights of these kinds. */
  highlighted(kinds: string[]): Promise<string[]>;
  /** The accessible names of the badges drawn. */
  badgeLabels(): Promise<string[]>;
  /** Opens the card of the first claim whose badge's label matches, as a click on its badge does. */
  openCard(label: RegExp): Promise<void>;
  /** The open card's text ('' when none is open). */
  cardText(): Promise<string>;
  /** The addresses of the open card's http(s) links, in their order. */
  cardLinks(): Promise<string[]>;
  /** Clicks a writing button of the card (Apply, Undo…) as a user does: once the pointer rested on it. */
  clickArmed(name: string): Promise<void>;
  /** Esc, until the card is closed. */
  closeCard(): Promise<void>;
  /** One Ctrl+Z in the draft. */
  undoInDraft(): Promise<void>;
  /** Types at the caret. */
  type(text: string): Promise<void>;
  /** Puts the caret in the draft just before the first place its text holds `words`. */
  caretBefore(words: string): Promise<void>;
  /** The links in the draft: their addresses. */
  linksInDraft(): Promise<string[]>;
  /** Stretches one of the content script's delays, for a test that must beat it (see stretchDelay). */
  stretchDelay(name: 'reanchor'): Promise<void>;
}

/** The correction the open card offers, as its text shows it. */
export function correctionIn(cardText: string): string {
  const correction = /Correction:\s*(.+)/.exec(cardText)?.[1]?.trim() ?? '';
  if (!correction) throw new Error(`the card offers no correction: “${cardText}”`);
  return correction;
}

/** Runs in the page: the caret just before `words` in `draft` (a text field's value, or an editable's text). */
export function caretBefore(draft: Element, words: string): void {
  if (draft instanceof HTMLTextAreaElement || draft instanceof HTMLInputElement) {
    const at = draft.value.indexOf(words);
    if (at < 0) throw new Error(`“${words}” is not in the draft`);
    draft.focus();
    return draft.setSelectionRange(at, at);
  }
  const walker = document.createTreeWalker(draft, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = (node as Text).data.indexOf(words);
    if (at >= 0) return getSelection()!.collapse(node, at);
  }
  throw new Error(`“${words}” is not in the draft`);
}
