/**
 * Writes text into the page's editable selection, and the ways of writing as typing does that the card's corrections
 * use too. `replaceSelectionInPage` runs in the page, in the extension's isolated world: the worker injects
 * entrypoints/page-actions.ts, which holds it, and calls it there (see tab-access.ts).
 *
 * It writes only when the selection still holds exactly the text the result was made from, and it writes
 * as typing does (see `insertAsTyped`), so that one Ctrl+Z restores the original and frameworks and editors
 * see the edit.
 */
import { deepActiveElement } from '../anchor/shadow-roots';
import type { ReplaceOutcome, WriteMode } from '../../contract/page-actions';

/**
 * Whether the browser runs an extension's `execCommand` as typing. Firefox does: called from a content script (or a
 * function injected by `scripting.executeScript`, which runs in the same world), `execCommand('insertText')` fires
 * trusted `beforeinput` and `textInput` events itself, as a keystroke does, and an editor takes the edit from them
 * (or lets the browser write it, and reads it from the DOM). Events of our own before it would make an editor take
 * the edit twice: Trix wrote the correction into its model from ours, then again, over a stale range, from the
 * browser's, and rendered the end of it twice. Chromium fires neither for `execCommand`.
 */
// A function, not a constant: the e2e specs import this module's messages, outside a build (no import.meta.env).
const execCommandIsTyping = (): boolean => import.meta.env.FIREFOX;

/**
 * Writes `text` over `range` (the selection, in the editing host `host`) as typing does. First a `beforeinput`
 * event: editors that keep the text in a model of their own (Lexical, Slate, Quill, CKEditor) take it, write it to
 * their model and history, and cancel it; they would undo an edit that reached their DOM any other way. Then the
 * older `textInput` event, for Draft.js (see legacyTextInput). Then, if none took it, the browser's editing path,
 * `execCommand('insertText')`, which fires neither of those; it puts the edit on the browser's undo stack and
 * fires `input` (ProseMirror reads the edit from the DOM), and after it an `input` event that calls the edit a
 * replacement, for TinyMCE's undo (see replacementInput). In Firefox, `execCommand` alone, which fires the first
 * two itself (see execCommandIsTyping). False: the page refused the edit.
 */
export function insertAsTyped(host: HTMLElement, range: Range, text: string): boolean {
  if (execCommandIsTyping()) return insertAsKeystroke(host, text);
  const typed = new InputEvent('beforeinput', {
    inputType: 'insertText',
    data: text,
    bubbles: true,
    cancelable: true,
    composed: true,
    targetRanges: [new StaticRange(range)],
  });
  if (!host.dispatchEvent(typed)) return true;
  const legacy = legacyTextInput(text);
  if (legacy && !host.dispatchEvent(legacy)) return true;
  host.dispatchEvent(undoStepBoundary());
  if (!document.execCommand('insertText', false, text)) return false;
  host.dispatchEvent(replacementInput(text));
  endUndoStep(host);
  return true;
}

/**
 * Writes `html` over the selection as a paste does where the browser runs `execCommand` as typing (see
 * execCommandIsTyping): `insertHTML`, whose `beforeinput` an editor may take. Elsewhere, null: a paste is for the
 * caller to send (events of a content script's own reach a page's editor there).
 */
export function insertHtmlAsTyped(host: HTMLElement, text: string, html: string): boolean | null {
  return execCommandIsTyping() ? insertAsKeystroke(host, text, html) : null;
}

/**
 * `execCommand('insertText')` (or `insertHTML`, given the text's `html`) where the browser runs it as typing (see
 * execCommandIsTyping), over the selection: an editor that takes the edit from its `beforeinput` or `textInput` cancels it, and is then told
 * nothing more; otherwise the browser wrote it, and an `input` event calls it a replacement (see replacementInput).
 * Whether it went where it should is for the caller to see.
 */
function insertAsKeystroke(host: HTMLElement, text: string, html?: string): boolean {
  // The browser's `beforeinput` and `textInput`, caught first (an editor may stop them from going on), and read once
  // they were handled: an editor that cancelled either took the edit (Draft.js takes it from `textInput`).
  const fired: Event[] = [];
  const seen = (event: Event) => fired.push(event);
  // Once the editor has had the browser's `beforeinput`, and before the browser writes: an undo step's start, if
  // the editor did not take the edit (see undoStepBoundary).
  const beforeWriting = (event: Event) => {
    if (!event.defaultPrevented) host.dispatchEvent(undoStepBoundary());
  };
  window.addEventListener('beforeinput', seen, { capture: true });
  window.addEventListener('textInput', seen, { capture: true });
  window.addEventListener('beforeinput', beforeWriting);
  const written = html
    ? document.execCommand('insertHTML', false, html)
    : document.execCommand('insertText', false, text);
  window.removeEventListener('beforeinput', seen, { capture: true });
  window.removeEventListener('textInput', seen, { capture: true });
  window.removeEventListener('beforeinput', beforeWriting);
  if (fired.some((event) => event.defaultPrevented)) return true;
  if (!written) return false;
  host.dispatchEvent(replacementInput(text));
  endUndoStep(host);
  return true;
}

/**
 * A `compositionend` event, sent just before the browser writes an edit no editor took from its `beforeinput` or
 * `textInput`, and again after it: an undo step's edges for editors that keep undo snapshots of their own and take
 * them only at what they see typed (keys, the end of a composition) and at their own commands. roosterjs
 * (Outlook's editor on the web) is one: without these, its Ctrl+Z went back to its last snapshot, taking away the
 * correction and the words typed before it; with them, one Ctrl+Z restores the text as it was just before the edit.
 * Editors that took the edit are not sent it (they are told of a composition that never began: Lexical in Firefox
 * takes the next input as its end), and those that read the DOM heed it only while they compose (ProseMirror).
 */
function undoStepBoundary(): CompositionEvent {
  return new CompositionEvent('compositionend', { data: '', bubbles: true, composed: true });
}

/**
 * The undo step's end (see undoStepBoundary), sent once the editors that read the DOM have had the edit's changes:
 * from a microtask queued after the page's MutationObservers were told of them. Sent at once, CodeMirror 6 took the
 * edit it had not read yet for the end of a composition, which it joins to the undo step before, whenever that was:
 * one Ctrl+Z took away the correction and the words typed before it.
 */
function endUndoStep(host: HTMLElement): void {
  queueMicrotask(() => host.dispatchEvent(undoStepBoundary()));
}

/**
 * An `input` event that says the edit just made replaced text, as a spell checker's correction does. Editors that
 * keep undo steps of their own and make one for typing only from the keys they see (TinyMCE) make one for such a
 * replacement; told of the browser's edit only by its own `input` event (`insertText`), TinyMCE kept none, and its
 * Ctrl+Z (which takes the place of the browser's) could not undo the correction.
 */
function replacementInput(text: string): InputEvent {
  const dataTransfer = new DataTransfer();
  dataTransfer.setData('text/plain', text);
  return new InputEvent('input', { inputType: 'insertReplacementText', dataTransfer, bubbles: true, composed: true });
}

/**
 * The `textInput` event Chromium fires for typing before `beforeinput`: React makes its `onBeforeInput` from it, and
 * editors built on that (Draft.js) take typing from it, cancelling it.
 */
function legacyTextInput(text: string): TextEvent | null {
  // Firefox before 126 has none (nor does React read one there).
  if (typeof TextEvent !== 'function') return null;
  const event = document.createEvent('TextEvent');
  event.initTextEvent('textInput', true, true, window, text);
  return event;
}

/**
 * Text as editors write it, for comparing: their filler characters (zero-width spaces, BOMs) dropped; runs of
 * whitespace (nbsp too, which browsers write for a space at a line's end) as one `space`; and what editors' typing
 * rules turn straight quotes, hyphens and three dots into (curly quotes, dashes, an ellipsis) as those.
 */
export const comparable = (text: string, space = ' ') =>
  text
    .replace(/[\u200b\ufeff]/g, '')
    .replace(/\s+/g, space)
    .replace(/[\u2018\u2019\u201a\u201b]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f]/g, '"')
    .replace(/[-\u2010-\u2015]+/g, '-')
    .replace(/\u2026/g, '...');

/** Where `range` (in `host`) starts in the host's text. */
export function textOffsetOf(host: Node, range: Range): number {
  const before = (host.ownerDocument ?? document).createRange();
  before.selectNodeContents(host);
  before.setEnd(range.startContainer, range.startOffset);
  return before.toString().length;
}

/** A Range over `host`'s text from `start` to `end` (offsets in its text); null if the text is shorter. */
export function textRangeAt(host: Node, start: number, end: number): Range | null {
  const walker = (host.ownerDocument ?? document).createTreeWalker(host, NodeFilter.SHOW_TEXT);
  const range = (host.ownerDocument ?? document).createRange();
  let seen = 0;
  let started = false;
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const length = node.data.length;
    // A start at a node's end is taken as the next node's start, where the text it begins with is.
    if (!started && start < seen + length) {
      range.setStart(node, start - seen);
      started = true;
    }
    if (started && end <= seen + length) {
      range.setEnd(node, end - seen);
      return range;
    }
    seen += length;
  }
  return null;
}

/** The text of `host` as it will read once `range` (in it) holds `text` instead of what it holds. */
export function textReplacing(host: Node, range: Range, text: string): string {
  const start = textOffsetOf(host, range);
  const whole = host.textContent ?? '';
  return whole.slice(0, start) + text + whole.slice(start + range.toString().length);
}

/**
 * What became of an edit of an editor's text, which read `before` and should now read `expected`: at once, or
 * once the editor has written its model back to the DOM (Lexical does so in a microtask, editors built on a UI
 * framework in a task or a frame). 'unchanged': the editor never took the edit, or put its own text back;
 * 'elsewhere': the text changed, but not only where the edit was meant to go.
 */
export async function editOutcome(
  host: Node,
  before: string,
  expected: string,
  space = ' ',
): Promise<'done' | 'unchanged' | 'elsewhere'> {
  const now = () => comparable(host.textContent ?? '', space);
  const wanted = comparable(expected, space);
  // An editor may write in steps (the text, then a link around its source), each in a task of its own: on a busy
  // machine the last can come seconds on (CKEditor 5 in Firefox, its paste with a link, was seen past 1.55 s on a
  // machine 1.7 times slower than usual). Waiting costs nothing once the text is as wanted.
  for (const waitMs of [0, 50, 100, 200, 400, 800, 1600]) {
    if (now() === wanted) return 'done';
    await new Promise((done) => setTimeout(done, waitMs));
  }
  const after = now();
  return after === wanted ? 'done' : after === comparable(before, space) ? 'unchanged' : 'elsewhere';
}

/**
 * Runs in the page (see the module comment). What `replacement` is written over, by `mode`:
 * - 'selection': the selection, if it holds `original`;
 * - 'before-caret': the `original.length` characters before the caret, selected first, if they are `original`: where
 *   a result just written ends (the way to undo it, by writing the user's text back over it);
 * - 'at-caret': nothing (`original` is empty): it is inserted at the caret of the field or editor that has the focus,
 *   or just after its selection, which stays. A one-line field gets the text's line breaks as spaces.
 */
export async function replaceSelectionInPage(
  original: string,
  replacement: string,
  mode: WriteMode = 'selection',
): Promise<ReplaceOutcome> {
  // The focused element inside web components too (the document's activeElement is the outermost host).
  const active = deepActiveElement();
  const inField = active instanceof HTMLTextAreaElement || active instanceof HTMLInputElement;
  if (mode === 'before-caret') {
    const selected = inField ? selectBeforeCaretInField(active, original) : await selectBeforeCaret(active, original);
    if (!selected) return { ok: false, reason: 'changed' };
  }
  const write = { original, replacement, atCaret: mode === 'at-caret' };
  return inField ? writeInField(active, write) : writeInEditable(active, write);
}

/** What is written: `replacement` over `original` (the selection's text), or at the caret (`original` empty). */
interface SelectionWrite {
  original: string;
  replacement: string;
  atCaret: boolean;
}

/**
 * Inserted at a caret between words, the text is set apart from them by a space on each side, as a paste would need by
 * hand; not before a punctuation mark or a closing bracket.
 */
const spacedBetween = (text: string, before: string, after: string) =>
  (before && !/\s/.test(before) ? ' ' : '') + text.trim() + (after && !/[\s.,;:!?)\]}»”’]/.test(after) ? ' ' : '');

/** Whether `text` is `original`: an editor writes a space at a line's or an element's edge as a no-break space. */
const sameText = (text: string | undefined, original: string) =>
  text?.replace(/\u00a0/g, ' ') === original.replace(/\u00a0/g, ' ');

/**
 * The selection where `active` is: in a shadow tree, Chromium may give the document's selection as a caret at the
 * host, and the tree's own selection (Chromium's ShadowRoot.getSelection) holds where it is.
 */
function selectionOf(active: Element | null): Selection | null {
  const root = active?.getRootNode() as (ShadowRoot & { getSelection?: () => Selection | null }) | undefined;
  return (root instanceof ShadowRoot ? root.getSelection?.() : null) ?? window.getSelection();
}

/** Selects the `original.length` characters before a field's caret; false when there is no caret, or no room. */
function selectBeforeCaretInField(field: HTMLTextAreaElement | HTMLInputElement, original: string): boolean {
  const caret = field.selectionEnd;
  if (caret === null || field.selectionStart !== caret || caret < original.length) return false;
  field.setSelectionRange(caret - original.length, caret);
  return true;
}

/** The longest wait for the `selectionchange` of a selection just set (see selectionSeen). */
const SELECTION_SEEN_CAP_MS = 1000;

/**
 * Resolves once the page's editors have seen the selection about to be set: at the next `selectionchange` on the
 * document, which browsers dispatch in a task of their own (Firefox, busy, after a zero timer set later: CKEditor 5 then
 * took a paste at its old caret), and one task after it, for an editor that reads it later still. Call it before
 * setting the selection; it gives up after SELECTION_SEEN_CAP_MS, should no event come.
 */
export function selectionSeen(doc: Document = document): Promise<void> {
  return new Promise((done) => {
    const seen = () => {
      doc.removeEventListener('selectionchange', seen);
      clearTimeout(cap);
      setTimeout(done, 0);
    };
    const cap = setTimeout(seen, SELECTION_SEEN_CAP_MS);
    doc.addEventListener('selectionchange', seen);
  });
}

/** Selects the `original.length` characters before the caret of the editor `active` is in; false where it cannot. */
async function selectBeforeCaret(active: Element | null, original: string): Promise<boolean> {
  const selection = selectionOf(active);
  const caret = selection?.rangeCount ? selection.getRangeAt(0) : null;
  const caretElement =
    caret?.endContainer instanceof Element ? caret.endContainer : (caret?.endContainer.parentElement ?? null);
  const caretHost = caretElement?.closest('[contenteditable]:not([contenteditable="false"])');
  if (!selection || !caret || !caret.collapsed || !caretHost) return false;
  const head = document.createRange();
  head.selectNodeContents(caretHost);
  head.setEnd(caret.endContainer, caret.endOffset);
  const from = head.toString().length - original.length;
  if (from < 0) return false;
  const written = textRangeAt(caretHost, from, head.toString().length);
  if (written) {
    written.setEnd(caret.endContainer, caret.endOffset);
    const seen = selectionSeen();
    selection.removeAllRanges();
    selection.addRange(written);
    await seen;
  }
  // An editor that keeps a selection of its own may put it back on `selectionchange` while the page's window is not
  // focused (CodeMirror 6 in Firefox, while the popup is open: the caret after the text again): selected once more.
  if (written && sameText(written.toString(), original) && !sameText(selectionOf(active)?.toString(), original)) {
    selection.removeAllRanges();
    selection.addRange(written);
  }
  return true;
}

/** Writes into a text field's selection, or at its caret, through the browser's editing path (one undo step). */
function writeInField(
  field: HTMLTextAreaElement | HTMLInputElement,
  { original, replacement, atCaret }: SelectionWrite,
): ReplaceOutcome {
  // A one-line field drops line breaks typed into it: they are written as spaces.
  if (field instanceof HTMLInputElement) replacement = replacement.replace(/[ \t]*[\r\n]+[ \t]*/g, ' ');
  const { selectionEnd: end } = field;
  // At the caret: after the selection, if there is one (a field with no caret, such as a number's, has none).
  const start = atCaret ? end : field.selectionStart;
  if (start === null || end === null || (!atCaret && end <= start) || field.readOnly || field.disabled)
    return { ok: false, reason: 'no-editable-selection' };
  if (field.value.slice(start, end) !== original) return { ok: false, reason: 'changed' };
  if (atCaret) replacement = spacedBetween(replacement, field.value.charAt(start - 1), field.value.charAt(end));
  const expected = field.value.slice(0, start) + replacement + field.value.slice(end);
  field.focus();
  field.setSelectionRange(start, end);
  // An empty replacement (an insert undone) deletes what is selected.
  if (document.execCommand(replacement ? 'insertText' : 'delete', false, replacement)) {
    if (field.value === expected) return { ok: true, undoable: true, written: replacement, undoHere: true };
    // A length limit (maxlength) cuts what is typed: the result went in cut short. Taken back at once.
    if (field.maxLength >= 0 && expected.length > field.maxLength && document.execCommand('undo'))
      return { ok: false, reason: 'too-long' };
    return { ok: false, reason: 'elsewhere' };
  }
  // execCommand is refused in some documents; setRangeText still writes, without an undo step.
  field.setRangeText(replacement, start, end, 'end');
  field.dispatchEvent(
    new InputEvent('input', { bubbles: true, inputType: 'insertReplacementText', data: replacement }),
  );
  return { ok: true, undoable: false, written: replacement, undoHere: true };
}

/** Writes into an editor's selection, or at its caret, as typing (or, at a caret, a paste) does. */
async function writeInEditable(active: Element | null, write: SelectionWrite): Promise<ReplaceOutcome> {
  const { original, atCaret } = write;
  const selection = selectionOf(active);
  const anchor = selection?.anchorNode ?? null;
  const host = anchor instanceof HTMLElement ? anchor : (anchor?.parentElement ?? null);
  if (!selection?.rangeCount || (!atCaret && selection.isCollapsed) || !host?.isContentEditable)
    return { ok: false, reason: 'no-editable-selection' };
  if (atCaret) selection.collapseToEnd();
  if (!sameText(selection.toString(), original)) return { ok: false, reason: 'changed' };
  const editingHost = host.closest('[contenteditable]:not([contenteditable="false"])');
  if (!(editingHost instanceof HTMLElement)) return { ok: false, reason: 'no-editable-selection' };
  editingHost.focus();
  // Text with line breaks becomes paragraphs, whose text has none between them: compared without its whitespace.
  const separator = /[\r\n]/.test(original + write.replacement) ? '' : ' ';
  const whole = editingHost.textContent ?? '';
  const { range, start, replacement, inserted } = atCaret
    ? spaceAtCaret(editingHost, selection, write.replacement)
    : { range: selection.getRangeAt(0), start: -1, replacement: write.replacement, inserted: write.replacement };
  const from = start >= 0 ? start : textOffsetOf(editingHost, range);
  const expected = whole.slice(0, from) + replacement + whole.slice(from + range.toString().length);
  const typed = atCaret && pasteAtCaret(editingHost, replacement) ? 'taken' : typeInto(editingHost, range, replacement);
  if (typed === 'refused') return { ok: false, reason: 'refused' };
  if (typed === 'written') {
    // Then an `input` event that calls the edit a replacement, and the undo step's end.
    editingHost.dispatchEvent(replacementInput(replacement));
    endUndoStep(editingHost);
  }
  const outcome = await editOutcome(editingHost, whole, expected, separator);
  if (outcome === 'done') return { ok: true, undoable: true, written: inserted, undoHere: !/[\r\n]/.test(inserted) };
  return { ok: false, reason: outcome === 'unchanged' ? 'refused' : 'elsewhere' };
}

/**
 * The text to write at an editor's caret, set apart from the characters beside it in its own paragraph (the block
 * around it: at a paragraph's edge, none), and where it goes. `inserted` is what an undo takes out.
 */
function spaceAtCaret(
  editingHost: HTMLElement,
  selection: Selection,
  text: string,
): { range: Range; start: number; replacement: string; inserted: string } {
  let range = selection.getRangeAt(0);
  let start = textOffsetOf(editingHost, range);
  let block = range.endContainer instanceof Element ? range.endContainer : range.endContainer.parentElement;
  while (block && block !== editingHost && getComputedStyle(block).display.startsWith('inline'))
    block = block.parentElement;
  const beside = document.createRange();
  beside.selectNodeContents(block ?? editingHost);
  beside.setEnd(range.startContainer, range.startOffset);
  const justBefore = beside.toString().slice(-1);
  beside.selectNodeContents(block ?? editingHost);
  beside.setStart(range.endContainer, range.endOffset);
  const inserted = spacedBetween(text, justBefore, beside.toString().charAt(0));
  let replacement = inserted;
  // Firefox types it (see execCommandIsTyping, and pasteAtCaret), and CKEditor 5, which leaves typing at a caret to
  // the browser, then showed it twice (its model had it once). Typed over the character before the caret instead,
  // with that character first, it replaces a selection, which CKEditor takes into its model itself. Only there:
  // Slate's and Draft.js's own Ctrl+Z then failed to take it out, which they do when it is typed at the caret.
  if (import.meta.env.FIREFOX && justBefore && editingHost.classList.contains('ck-editor__editable')) {
    selection.modify('extend', 'backward', 'character');
    if (selection.toString() === justBefore) {
      range = selection.getRangeAt(0);
      start -= 1;
      replacement = justBefore + replacement;
    } else selection.collapseToEnd();
  }
  return { range, start, replacement, inserted };
}

/**
 * Text put at a caret is pasted, as far as the page can tell: editors that keep a model of their own take a paste into
 * it (and their undo history), and split its lines into paragraphs, as they do for the user's own pastes. Typing it
 * instead was taken twice by CKEditor 5, which leaves typing at a caret to the browser. True: an editor took it.
 */
function pasteAtCaret(editingHost: HTMLElement, text: string): boolean {
  const data = new DataTransfer();
  data.setData('text/plain', text);
  const paste = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true, composed: true });
  // Firefox makes it with no data (a content script's own, set on the page's view of the event, did not reach the
  // page either), which an editor would take as an empty paste: there the text is typed (see typeInto).
  return paste.clipboardData?.getData('text/plain') === text && !editingHost.dispatchEvent(paste);
}

/**
 * As insertAsTyped: our own `beforeinput`, then the `textInput` event (see legacyTextInput), then the browser's editing
 * path; where the browser runs that as typing (Firefox, see execCommandIsTyping), that path alone. Around the
 * browser's edit, the edges of an undo step (see undoStepBoundary). 'taken': an editor took the edit; 'written': the
 * browser wrote it; 'refused': neither.
 */
function typeInto(editingHost: HTMLElement, range: Range, text: string): 'taken' | 'written' | 'refused' {
  const boundary = () => editingHost.dispatchEvent(undoStepBoundary());
  // An empty text (an insert undone) deletes the selection, as the Backspace key does.
  const command = () => document.execCommand(text ? 'insertText' : 'delete', false, text);
  if (import.meta.env.FIREFOX) {
    const fired: Event[] = [];
    const seen = (event: Event) => fired.push(event);
    const beforeWriting = (event: Event) => {
      if (!event.defaultPrevented) boundary();
    };
    window.addEventListener('beforeinput', seen, { capture: true });
    window.addEventListener('textInput', seen, { capture: true });
    window.addEventListener('beforeinput', beforeWriting);
    const written = command();
    window.removeEventListener('beforeinput', seen, { capture: true });
    window.removeEventListener('textInput', seen, { capture: true });
    window.removeEventListener('beforeinput', beforeWriting);
    if (fired.some((event) => event.defaultPrevented)) return 'taken';
    return written ? 'written' : 'refused';
  }
  const typed = new InputEvent('beforeinput', {
    inputType: text ? 'insertText' : 'deleteContentBackward',
    data: text || null,
    bubbles: true,
    cancelable: true,
    composed: true,
    targetRanges: [new StaticRange(range)],
  });
  const legacy = text ? legacyTextInput(text) : null;
  if (!editingHost.dispatchEvent(typed) || (!!legacy && !editingHost.dispatchEvent(legacy))) return 'taken';
  boundary();
  return command() ? 'written' : 'refused';
}
