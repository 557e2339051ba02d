// @vitest-environment happy-dom
/**
 * What a correction applied to a draft writes, around the draft's own punctuation and case; and whether it still
 * stands, or was taken back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  correctionStands,
  correctionTakenBack,
  fittedCorrection,
  withSource,
  writeCorrection,
  type AppliedEdit,
} from '@/utils/page/draft-corrections';

/** [why, the service's correction, the claim's text in the draft, the draft's character after it, what is written]. */
const CASES: [string, string, string, string, string][] = [
  // The claim was located without the draft's full stop, which follows it: the correction's is left out.
  ['its stop left out', 'Their level of compensation.', 'Their level of earnings', '.', 'Their level of compensation'],
  ['its question mark left out', 'Is it 8,849 metres high?', 'Is it 8,848 metres high', '?', 'Is it 8,849 metres high'],
  // The correction ends on a word, and the claim's text had a full stop: the correction takes it.
  ['the stop added', 'Marie Curie won it in 1903', 'She won it in 1904.', ' ', 'Marie Curie won it in 1903.'],
  ['the question mark added', 'Is it 8,849 metres high', 'Is it 8,848 metres high?', '', 'Is it 8,849 metres high?'],
  ['the stop added after a quotation', 'He said “no”', 'He said “yes”.', ' ', 'He said “no”.'],
  ['not when it has one inside a quotation', 'He said “no.”', 'He said “yes”.', ' ', 'He said “no.”'],
  ['not when it has another', 'He said: no!', 'He said yes.', ' ', 'He said: no!'],
  // Its first word as the draft has it, when it is the same word.
  ['cased as the draft', 'Demanding that they buy it.', 'demanding that they rent it.', ' ', 'demanding that they buy it.'],
  ['another first word kept', 'Marie Curie won it in 1903.', 'she won it in 1904.', ' ', 'Marie Curie won it in 1903.'],
  // Written as given when the claim took in its full stop, or when the draft goes on without one.
  ['both with a stop', 'Their level of compensation.', 'Their level of earnings.', ' ', 'Their level of compensation.'],
  ['a comma follows', 'Their level of compensation.', 'Their level of earnings', ',', 'Their level of compensation.'],
  ['the draft ends', 'Their level of compensation.', 'Their level of earnings', '', 'Their level of compensation.'],
  ['neither has a stop', 'Their level of compensation', 'Their level of earnings', '.', 'Their level of compensation'],
]; // prettier-ignore

describe('fittedCorrection', () => {
  it.each(CASES)('%s', (_why, correction, claimText, nextCharacter, written) => {
    expect(fittedCorrection(correction, claimText, nextCharacter)).toBe(written);
  });
});

const ORIGINAL = 'The Wall is visible from the Moon.';
/** A correction that keeps its claim's words, and adds to them. */
const KEEPING = `${ORIGINAL} So it is said, wrongly.`;
const OTHER = 'The Wall cannot be seen from the Moon.';

/** An editor whose text is `before`, then `words` (the middle ones in bold, as an editor may set them), then `after`. */
function editorWith(before: string, words: string, after: string): HTMLElement {
  const editor = document.createElement('div');
  editor.contentEditable = 'true';
  const [first, ...rest] = words.split(' ');
  const last = rest.pop() ?? '';
  editor.append(`${before}${first} `, Object.assign(document.createElement('strong'), { textContent: rest.join(' ') }));
  editor.append(` ${last}${after}`);
  document.body.replaceChildren(editor);
  return editor;
}

function textarea(value: string): HTMLTextAreaElement {
  const field = document.createElement('textarea');
  field.value = value;
  return field;
}

describe('correctionStands', () => {
  const edit = (correction: string, editor?: HTMLElement, timesBefore = 0): AppliedEdit => ({
    original: ORIGINAL,
    correction,
    start: 4,
    timesBefore,
    editor,
  });
  it('in a text field: where it was written, moved by words typed before it, or gone', () => {
    expect(correctionStands(textarea(`Yes. ${OTHER} Go.`), edit(OTHER))).toBe(true);
    expect(correctionStands(textarea(`Well, yes. ${OTHER} Go.`), edit(OTHER))).toBe(true);
    expect(correctionStands(textarea(`Yes. ${ORIGINAL} Go.`), edit(OTHER))).toBe(false);
    expect(correctionStands(textarea(`Yes. ${ORIGINAL} Go.`), edit(KEEPING))).toBe(false);
  });
  it('counted against the times the draft said it before it was written: the same words elsewhere are not it', () => {
    // The user had written the right sentence further on; the correction was written over the claim, then taken back.
    expect(correctionStands(textarea(`Yes. ${OTHER} Go. ${OTHER}`), edit(OTHER, undefined, 1))).toBe(true);
    expect(correctionStands(textarea(`Yes. ${ORIGINAL} Go. ${OTHER}`), edit(OTHER, undefined, 1))).toBe(false);
    const editor = editorWith('Yes. ', ORIGINAL, ` Go. ${OTHER}`);
    expect(correctionStands(null, edit(OTHER, editor, 1))).toBe(false);
    expect(correctionStands(null, edit(OTHER, editor, 0))).toBe(true);
  });
  it('in an editor: across its elements, its no-break spaces as spaces; not once the editor is gone', () => {
    const editor = editorWith('Yes. ', OTHER.replace(/ /g, '\u00a0'), ' Go.');
    expect(correctionStands(null, edit(OTHER, editor))).toBe(true);
    editor.remove();
    expect(correctionStands(null, edit(OTHER, editor))).toBe(false);
  });
});

describe('correctionTakenBack', () => {
  const edit = (correction: string, editor: HTMLElement): AppliedEdit => ({
    original: ORIGINAL,
    correction,
    start: 'Yes. '.length,
    timesBefore: 0,
    editor,
  });
  it('the claim’s words back where the correction was written, and the correction gone', () => {
    expect(correctionTakenBack(edit(OTHER, editorWith('Yes. ', ORIGINAL, ' Go.')))).toBe(true);
    expect(correctionTakenBack(edit(OTHER, editorWith('Yes. ', OTHER, ' Go.')))).toBe(false);
  });
  it('not while a correction that keeps the claim’s words stands, its words at the same place', () => {
    expect(correctionTakenBack(edit(KEEPING, editorWith('Yes. ', KEEPING, ' Go.')))).toBe(false);
    expect(correctionTakenBack(edit(KEEPING, editorWith('Yes. ', ORIGINAL, ' Go.')))).toBe(true);
  });
  it('not in a text field (its input events tell), nor once the words moved', () => {
    expect(correctionTakenBack({ original: ORIGINAL, correction: OTHER, start: 5, timesBefore: 0 })).toBe(false);
    expect(correctionTakenBack(edit(OTHER, editorWith('Well, yes. ', ORIGINAL, ' Go.')))).toBe(false);
  });
});

describe('withSource', () => {
  it('puts the address in brackets before the sentence’s closing stop', () => {
    expect(withSource('Marie Curie won it in 1903.', 'https://example.org/a')).toBe(
      'Marie Curie won it in 1903 (https://example.org/a).',
    );
    expect(withSource('Is it 8,849 metres high?', 'https://example.org/a')).toBe(
      'Is it 8,849 metres high (https://example.org/a)?',
    );
  });

  it('puts it at the end of a correction without a stop', () => {
    expect(withSource('their level of compensation', 'https://example.org/a')).toBe(
      'their level of compensation (https://example.org/a)',
    );
  });
});

/**
 * An editor that keeps its text and selection in a model of its own, as CKEditor 5 does: it learns of the selection
 * from `selectionchange` and writes typing where its model's selection is. The document's `selectionchange` comes
 * `lateMs` after the selection changed, in a task after a zero timer, as Firefox dispatched it on a busy machine.
 */
function modelEditor(text: string, lateMs: number): { editor: HTMLElement; model: () => string; undo: () => void } {
  let model = text;
  let selected = { start: text.length, end: text.length };
  const editor = document.createElement('div');
  editor.contentEditable = 'true';
  editor.textContent = text;
  document.body.replaceChildren(editor);
  const relayed = new WeakSet<Event>();
  const timers: ReturnType<typeof setTimeout>[] = [];
  const delay = (event: Event) => {
    if (relayed.has(event)) return;
    event.stopImmediatePropagation();
    timers.push(
      setTimeout(() => {
        const late = new Event('selectionchange');
        relayed.add(late);
        document.dispatchEvent(late);
      }, lateMs),
    );
  };
  const learn = () => {
    const range = getSelection()?.rangeCount ? getSelection()!.getRangeAt(0) : null;
    if (!range || !editor.contains(range.startContainer)) return;
    const head = document.createRange();
    head.selectNodeContents(editor);
    head.setEnd(range.startContainer, range.startOffset);
    const start = head.toString().length;
    selected = { start, end: start + range.toString().length };
  };
  const write = (event: Event) => {
    const { inputType, data } = event as InputEvent;
    if (inputType !== 'insertText' || data === null) return;
    event.preventDefault();
    model = model.slice(0, selected.start) + data + model.slice(selected.end);
    editor.textContent = model;
  };
  document.addEventListener('selectionchange', delay, { capture: true });
  document.addEventListener('selectionchange', learn);
  editor.addEventListener('beforeinput', write);
  return {
    editor,
    model: () => model,
    // The unit tests share a DOM (see vitest.config.ts): a selection left in a removed editor would read as selected
    // text in the next file's page.
    undo: () => {
      timers.forEach(clearTimeout);
      document.removeEventListener('selectionchange', delay, { capture: true });
      document.removeEventListener('selectionchange', learn);
      getSelection()?.removeAllRanges();
      document.body.replaceChildren();
    },
  };
}

describe('writeCorrection in an editor with a model of its own', () => {
  // happy-dom has no StaticRange, which a typed edit's `beforeinput` carries.
  globalThis.StaticRange ??= class {
    constructor(readonly init: StaticRangeInit) {}
  } as unknown as typeof StaticRange;
  const undos: (() => void)[] = [];
  afterEach(() => undos.splice(0).forEach((undo) => undo()));

  it('writes once the editor has seen the claim selected: its selectionchange came after a zero timer', async () => {
    const draft = `Yes. ${ORIGINAL} Go.`;
    const { editor, model, undo } = modelEditor(draft, 30);
    undos.push(undo);
    const start = draft.indexOf(ORIGINAL);
    const range = document.createRange();
    range.setStart(editor.firstChild!, start);
    range.setEnd(editor.firstChild!, start + ORIGINAL.length);
    const found = { start, end: start + ORIGINAL.length, text: ORIGINAL, range };
    const applied = await writeCorrection(null, found, OTHER);
    expect(model()).toBe(`Yes. ${OTHER} Go.`);
    expect(applied).toMatchObject({ original: ORIGINAL, correction: OTHER, start });
  });
});
