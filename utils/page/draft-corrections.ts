/**
 * Writing a claim's correction into the draft it was found in, and its own text back over the correction: in a text
 * field, or in a contenteditable editor's block. Both write as typing does (see insertAsTyped), so that one Ctrl+Z
 * undoes them and frameworks and editors see the edit; both check that what was written is exactly what was asked,
 * and throw with a message a person can act on if not. Nothing is ever written over text that changed since.
 */
import { t } from '../shared/i18n';
import { releaseRange } from './anchor/text-model';
import {
  comparable,
  editOutcome,
  insertAsTyped,
  insertHtmlAsTyped,
  selectionSeen,
  textOffsetOf,
  textRangeAt,
  textReplacing,
} from './injected/replace-selection';
import { editingHostOf } from './draft-surface';
import type { TextField } from './fields';

/** A correction applied to a draft: what it replaced, and where it starts in the field's value or the editor's text. */
export interface AppliedEdit {
  original: string;
  correction: string;
  start: number;
  /**
   * How many times the correction's text stood in the draft before it was written (see correctionStands): mostly
   * none, but a draft may say it already, as a user who wrote the right sentence elsewhere.
   */
  timesBefore: number;
  /** The editing host it was written in (a contenteditable draft's). */
  editor?: HTMLElement;
}

/** A claim as found in the draft: its offsets in the field's value (in a field), its text, and its Range. */
interface FoundClaim {
  start: number;
  end: number;
  text: string;
  range: Range;
}

/**
 * Writes `correction` over the claim, in `field`, or (null) in the contenteditable editor its Range is in; returns
 * what undoing it needs (see writeOriginal). The caller has checked that the claim's text is still there.
 */
export async function writeCorrection(
  field: TextField | null,
  found: FoundClaim,
  correction: string,
  source: string | null = null,
): Promise<AppliedEdit> {
  const refused = t('editRefused');
  if (field) {
    const before = field.value;
    correction = fittedCorrection(correction, found.text, before.charAt(found.end));
    refuseSameText(correction, found.text);
    if (source) correction = withSource(correction, source);
    const expected = before.slice(0, found.start) + correction + before.slice(found.end);
    field.focus();
    field.setSelectionRange(found.start, found.end);
    if (!document.execCommand('insertText', false, correction)) throw new Error(refused);
    if (field.value !== expected) {
      // A length limit (maxlength) cuts what is typed: the correction went in cut short, mid-word. Taken back at
      // once, with the undo that Ctrl+Z would do.
      if (field.maxLength >= 0 && expected.length > field.maxLength && document.execCommand('undo'))
        throw new Error(t('fieldTooShort', field.maxLength));
      throw new Error(t('fieldOwnWay'));
    }
    return { original: found.text, correction, start: found.start, timesBefore: timesIn(before, correction) };
  }
  // In a block editor, the block the claim is in (see draftSurface in page-checker.ts); one edit cannot span two.
  const editor = editingHostOf(found.range.startContainer);
  if (!editor || editingHostOf(found.range.endContainer) !== editor) throw new Error(t('acrossBlocks'));
  const rest = document.createRange();
  rest.selectNodeContents(editor);
  rest.setStart(found.range.endContainer, found.range.endOffset);
  const fitted = fittedCorrection(correction, found.text, rest.toString().charAt(0));
  refuseSameText(fitted, found.text);
  correction = source ? withSource(fitted, source) : fitted;
  // A copy: the selection takes the Range it is given, and ours is released when the claim moves.
  const range = found.range.cloneRange();
  const start = textOffsetOf(editor, range);
  const timesBefore = timesIn(editor.textContent ?? '', correction);
  await writeInEditor(
    editor,
    range,
    correction,
    {
      moved: t('editorMovedSelection'),
      refused,
      elsewhere: t('editorElsewhere'),
    },
    source ? withSourceLinked(fitted, source) : undefined,
  );
  return { original: found.text, correction, start, timesBefore, editor };
}

/**
 * The correction followed by its source's address in brackets, before the sentence's closing stop: "…in 1903
 * (https://…)." as a plain field holds it.
 */
export function withSource(correction: string, source: string): string {
  const [words, stop] = beforeStop(correction);
  return `${words} (${source})${stop}`;
}

/** As withSource, as HTML whose address is a link to it, for an editor that keeps links; the same text. */
function withSourceLinked(correction: string, source: string): string {
  const [words, stop] = beforeStop(correction);
  const holder = document.createElement('span');
  const link = Object.assign(document.createElement('a'), { href: source, textContent: source });
  holder.append(`${words} (`, link, `)${stop}`);
  return holder.innerHTML;
}

/** A correction's words, and the full stop (or ! or ?) that closes them, if any. */
function beforeStop(correction: string): [string, string] {
  const stop = /[.!?]*$/.exec(correction)![0];
  return [correction.slice(0, correction.length - stop.length), stop];
}

/**
 * Writes several corrections into a text field as one edit (one Ctrl+Z takes them all back): the stretch from the first
 * claim to the last is typed over with itself, each claim's text in it replaced by its correction. `claims`: not
 * overlapping, and checked to be still there. Returns what undoing each needs (see writeOriginal), in their order.
 */
export function writeCorrectionsInField(
  field: TextField,
  claims: readonly { found: FoundClaim; correction: string }[],
): AppliedEdit[] {
  const before = field.value;
  const ordered = claims
    .map(({ found, correction }, index) => ({
      index,
      found,
      correction: fittedCorrection(correction, found.text, before.charAt(found.end)),
    }))
    .sort((first, second) => first.found.start - second.found.start);
  const from = ordered[0]!.found.start;
  const to = ordered.at(-1)!.found.end;
  let stretch = '';
  let at = from;
  const edits: AppliedEdit[] = [];
  for (const { index, found, correction } of ordered) {
    if (found.start < at) throw new Error(t('claimsOverlap'));
    stretch += before.slice(at, found.start);
    edits[index] = {
      original: found.text,
      correction,
      start: from + stretch.length,
      timesBefore: timesIn(before, correction),
    };
    stretch += correction;
    at = found.end;
  }
  stretch += before.slice(at, to);
  const expected = before.slice(0, from) + stretch + before.slice(to);
  field.focus();
  field.setSelectionRange(from, to);
  if (!document.execCommand('insertText', false, stretch)) throw new Error(t('editRefusedAll'));
  if (field.value !== expected) {
    if (field.maxLength >= 0 && expected.length > field.maxLength && document.execCommand('undo'))
      throw new Error(t('fieldTooShortAll', field.maxLength));
    throw new Error(t('fieldOwnWayAll'));
  }
  return edits;
}

/**
 * A correction that says just what the draft says (the service may send the claim's own words for a claim it found
 * only partly wrong) changes nothing: written, it would be an undo step for nothing, and the claim would be taken for
 * corrected while its words stand, with nothing to tell it was ever taken back.
 */
function refuseSameText(correction: string, claimText: string): void {
  if (correction === claimText) throw new Error(t('sameAsText'));
}

/**
 * The correction as it fits where the claim stands, so that the draft keeps its own sentence's start and end (see
 * withFirstWordAs), and:
 * - without its closing full stop (or ! or ?) when the claim's text ends without one and the draft's follows it: the
 *   claim was located up to its last word, and "…of earnings." corrected as "…of compensation." would read
 *   "…of compensation..";
 * - with the claim's full stop when it ends on a word (or a quotation or bracket closed after one) and the claim's text
 *   ended with one: "…in 1904." corrected as "…in 1903" would leave the sentence without its end.
 */
export function fittedCorrection(correction: string, claimText: string, nextCharacter: string): string {
  correction = withFirstWordAs(correction, claimText);
  const stopOf = (text: string) => /[.!?]$/.exec(text)?.[0] ?? '';
  const claimStop = stopOf(claimText.trimEnd());
  if (stopOf(correction) && !claimStop && stopOf(nextCharacter)) return correction.slice(0, -1);
  if (claimStop && /[\p{L}\p{N}]['")\]’”»]*$/u.test(correction)) return correction + claimStop;
  return correction;
}

/**
 * The correction with its first word cased as the claim's text has it, when it is the same word: a claim found
 * mid-sentence ("…its drivers, demanding that…") corrected as "Demanding that…" would put a capital there.
 */
function withFirstWordAs(correction: string, claimText: string): string {
  const firstWord = (text: string) => /^\p{L}+/u.exec(text)?.[0] ?? '';
  const theirs = firstWord(claimText.trimStart());
  const ours = firstWord(correction);
  return ours && ours !== theirs && ours.toLowerCase() === theirs.toLowerCase()
    ? theirs + correction.slice(ours.length)
    : correction;
}

/**
 * Whether a correction applied still stands in the draft, in `field` or (null) in its editor. A claim whose correction
 * stands is corrected, even where the claim's own words are found in it: a correction may keep them and add to them
 * ("…, and only in 1969"). Counted in the whole draft, not looked for at the offset it was written at (words typed
 * before it since move it), and against how many times the draft said it before (else, the same words elsewhere, the
 * claim would stay hidden as corrected after Ctrl+Z took its correction back).
 */
export function correctionStands(field: TextField | null, { correction, editor, timesBefore }: AppliedEdit): boolean {
  const text = field ? field.value : editor?.isConnected ? editor.textContent : null;
  return text != null && timesIn(text, correction) > timesBefore;
}

/** How many times `words` stand in `text` (as `comparable` reads both), none overlapping. */
function timesIn(text: string, words: string): number {
  return comparable(text).split(comparable(words)).length - 1;
}

/**
 * Whether a correction written in a contenteditable is taken back: the claim's own words stand again where it was
 * written (the editor's Ctrl+Z, or the card's Undo), and the correction does not. False in a text field, and once the
 * editor is gone.
 */
export function correctionTakenBack(edit: AppliedEdit): boolean {
  const { original, start, editor } = edit;
  const range = editor?.isConnected ? textRangeAt(editor, start, start + original.length) : null;
  if (!range) return false;
  const back = comparable(range.toString()) === comparable(original);
  releaseRange(range);
  return back && !correctionStands(null, edit);
}

/**
 * Writes a correction's original text back over it (see writeCorrection), in `field`, or (null) in the editor it was
 * written in, if the correction is still there as written: for an editor whose own Ctrl+Z does not undo what it was not
 * seen typing.
 */
export async function writeOriginal(field: TextField | null, edit: AppliedEdit): Promise<void> {
  const { original, correction, start, editor } = edit;
  const changed = t('undoTextChanged');
  if (field) {
    const before = field.value;
    if (before.slice(start, start + correction.length) !== correction) throw new Error(changed);
    field.focus();
    field.setSelectionRange(start, start + correction.length);
    const expected = before.slice(0, start) + original + before.slice(start + correction.length);
    if (!document.execCommand('insertText', false, original) || field.value !== expected)
      throw new Error(t('undoFieldRefused'));
    return;
  }
  const range = editor?.isConnected ? textRangeAt(editor, start, start + correction.length) : null;
  if (!editor || !range || comparable(range.toString()) !== comparable(correction)) {
    if (range) releaseRange(range);
    throw new Error(changed);
  }
  try {
    await writeInEditor(editor, range, original, {
      moved: t('undoEditorMoved'),
      refused: t('undoRefused'),
      elsewhere: t('undoElsewhere'),
    });
  } finally {
    releaseRange(range);
  }
}

/**
 * Writes `text` over `range` in a contenteditable `editor` as typing does (see insertAsTyped), the range selected
 * first as a user's selection would be; throws with the message for what went wrong if it was not written exactly
 * there.
 */
async function writeInEditor(
  editor: HTMLElement,
  range: Range,
  text: string,
  messages: { moved: string; refused: string; elsewhere: string },
  html?: string,
): Promise<void> {
  // Editors learn of the selection from `selectionchange`: as with a user's selection, they know it before the edit
  // (Draft.js writes typing where it last saw the selection, CKEditor 5 a paste).
  const seen = selectionSeen();
  editor.focus();
  const selection = getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  const replaced = range.toString();
  const before = editor.textContent ?? '';
  const expected = textReplacing(editor, range, text);
  await seen;
  const selected = () => {
    const now = selection?.rangeCount ? selection.getRangeAt(0) : null;
    if (!now || now.toString() !== replaced) throw new Error(messages.moved);
    return now;
  };
  // An editor can take the edit and then put its own text back (one that keeps a model of its own, and was not
  // told of the edit as it expects), or write it where its own selection was rather than over the range.
  let outcome =
    html && insertAsPasted(editor, selected(), text, html) ? await editOutcome(editor, before, expected) : null;
  // No link, then: an editor that took no paste is given the same text as typed.
  if (outcome === null || outcome === 'unchanged') {
    if (!insertAsTyped(editor, selected(), text)) throw new Error(messages.refused);
    outcome = await editOutcome(editor, before, expected);
  }
  if (outcome === 'unchanged') throw new Error(messages.refused);
  if (outcome === 'elsewhere') throw new Error(messages.elsewhere);
}

/**
 * Writes `html` (which reads as `text`) over the selection `range` as a paste does, so that an editor keeps its link
 * and one Ctrl+Z takes it back: a `paste` event (ProseMirror, Lexical, Quill, CKEditor, Trix, Draft.js take it from
 * there), then a `beforeinput` paste (Slate), and, if no script took either, the browser's `insertHTML`, as in a plain
 * contenteditable (in Firefox as typing, see insertHtmlAsTyped). Each editor keeps or drops the link by its own rules;
 * the text is the same. False: nothing took it.
 */
function insertAsPasted(editor: HTMLElement, range: Range, text: string, html: string): boolean {
  const page = pageGlobals();
  const pasted = () => {
    const data = new page.DataTransfer();
    data.setData('text/plain', text);
    data.setData('text/html', html);
    return data;
  };
  const paste = pasteEvent(page, text, html, pasted);
  if (paste && !editor.dispatchEvent(paste)) return true;
  const asInput = new page.InputEvent(
    'beforeinput',
    eventInit(page, {
      inputType: 'insertFromPaste',
      dataTransfer: pasted(),
      // The page's own array of the page's own StaticRange (see pageGlobals).
      targetRanges: page.Array.of(new page.StaticRange(ownRange(page, range))),
    }),
  );
  if (!editor.dispatchEvent(asInput)) return true;
  return insertHtmlAsTyped(editor, text, html) ?? document.execCommand('insertHTML', false, html);
}

/**
 * A `paste` event of `html` and `text`, or null if the browser cannot make one: Firefox's takes no
 * clipboardData, but one type of data (its own `dataType` and `data`), in a clipboardData written to once made. Without
 * the text (an editor of plain text, CodeMirror, would read none), no paste is sent.
 */
function pasteEvent(page: typeof globalThis, text: string, html: string, pasted: () => DataTransfer): Event | null {
  if (!import.meta.env.FIREFOX) return new page.ClipboardEvent('paste', eventInit(page, { clipboardData: pasted() }));
  // Firefox's own members of ClipboardEventInit.
  const firefoxInit = { dataType: 'text/html', data: html } as ClipboardEventInit;
  const paste = new page.ClipboardEvent('paste', eventInit(page, firefoxInit));
  try {
    paste.clipboardData?.setData('text/plain', text);
  } catch {
    // Read-only: checked below.
  }
  const holds =
    paste.clipboardData?.getData('text/plain') === text && paste.clipboardData.getData('text/html') === html;
  return holds ? paste : null;
}

/**
 * The page's own globals, to make the events sent to its editors with: in Firefox, an event a content script makes,
 * and the data in it, are the content script's, which the page's handlers cannot read (its editors took a paste with
 * no data, or none at all); made with the page's constructors (through `wrappedJSObject`), they are the page's.
 */
function pageGlobals(): typeof globalThis {
  return import.meta.env.FIREFOX
    ? (window as unknown as { wrappedJSObject: typeof globalThis }).wrappedJSObject
    : globalThis;
}

/** An event's init, of the page's own (see pageGlobals): bubbling, cancelable, out of shadow roots, with `fields`. */
function eventInit<Fields extends object>(page: typeof globalThis, fields: Fields): Fields {
  return Object.assign(new page.Object(), { bubbles: true, cancelable: true, composed: true }, fields);
}

/** `range`'s ends, as an init of the page's StaticRange (see pageGlobals). */
function ownRange(page: typeof globalThis, range: Range): StaticRangeInit {
  return Object.assign(new page.Object(), {
    startContainer: range.startContainer,
    startOffset: range.startOffset,
    endContainer: range.endContainer,
    endOffset: range.endOffset,
  }) as StaticRangeInit;
}
