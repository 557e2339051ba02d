/**
 * Which characters of a draft the person typed, as the draft changes: checking as the user writes sends only the
 * finished sentences that the person typed all of, never what a page's script (or anything else) put there.
 */
import { commonEnds } from './common-ends';

/** The end of the draft's last finished sentence (see SENTENCE_END), or the whole text with `whole`. */
export function finishedEnd(text: string, whole = false): number {
  if (whole) return text.length;
  let end = 0;
  for (const match of text.matchAll(SENTENCE_END)) end = match.index + match[0].length;
  return end;
}

/**
 * A sentence ends at a full stop, a question or exclamation mark followed by a space or the end (closing quotes and
 * brackets kept with it), a CJK sentence mark, or a line break.
 */
const SENTENCE_END = /[.!?…]["”’)\]]*(?=\s|$)|[。！？][」』”’）)]*|\n/g;

/** The zero-width fillers editors insert (in empty paragraphs, around inline nodes). */
const ZERO_WIDTH = /[\u200b-\u200d\ufeff]/g;

/** Text compared for fit: spaces of every kind as one, zero-width fillers dropped. */
const squashed = (text: string) => text.replace(ZERO_WIDTH, '').replace(/\s+/g, ' ').trim();

/**
 * Whether what a change inserted is what the person's input said it would insert (`expected`, null when the browser
 * did not say): the same text, a part of it (an editor may insert a paste in pieces), or only white space (a line
 * break, an editor's paragraph).
 */
export function fitsInput(inserted: string, expected: string | null): boolean {
  const got = squashed(inserted);
  if (!got || expected === null) return true;
  return squashed(expected).includes(got);
}

export class TypedText {
  private text: string;
  /** 1 where the person typed the character, 0 where anything else put it (or it was there when watching began). */
  private typed: Uint8Array;

  constructor(initial: string) {
    this.text = initial;
    this.typed = new Uint8Array(initial.length);
  }

  /** Texts, each with what the person typed of it, as one text with `separator` (never typed) between them. */
  static joined(parts: readonly TypedText[], separator: string): TypedText {
    const whole = new TypedText(parts.map((part) => part.text).join(separator));
    let at = 0;
    for (const part of parts) {
      whole.typed.set(part.typed, at);
      at += part.text.length + separator.length;
    }
    return whole;
  }

  /** The text cut at each `separator`, each part with what the person typed of it (see joined). */
  split(separator: string): TypedText[] {
    const parts: TypedText[] = [];
    let from = 0;
    for (const text of this.text.split(separator)) {
      const part = new TypedText(text);
      part.typed.set(this.typed.subarray(from, from + text.length));
      parts.push(part);
      from += text.length + separator.length;
    }
    return parts;
  }

  /** Whether the person typed any of it. */
  get anyTyped(): boolean {
    return this.typed.includes(1);
  }

  /** The text as last seen. */
  get current(): string {
    return this.text;
  }

  /**
   * The draft's text is now `next`. `byPerson`: the change came from the person's own input, which said it would
   * insert `expected`; anything else it inserted counts as not typed, as does all of a change made otherwise.
   * Returns whether the person typed anything of it (a deletion counts).
   */
  update(next: string, byPerson: boolean, expected: string | null = null): boolean {
    const old = this.text;
    if (next === old) return false;
    const { prefix, suffix } = commonEnds(old, next);
    const inserted = next.slice(prefix, next.length - suffix);
    const person = byPerson && fitsInput(inserted, expected);
    const marks = new Uint8Array(next.length);
    marks.set(this.typed.subarray(0, prefix), 0);
    marks.fill(person ? 1 : 0, prefix, prefix + inserted.length);
    marks.set(this.typed.subarray(old.length - suffix), next.length - suffix);
    this.text = next;
    this.typed = marks;
    return person;
  }

  /**
   * The finished sentences (all of them with `whole`) whose every character but white space the person typed, as
   * they stand in the draft: sentences next to each other together, the others a line apart. '' when there are none.
   */
  sendable(whole = false): string {
    const end = finishedEnd(this.text, whole);
    const parts: string[] = [];
    let from = 0;
    let run: { start: number; end: number } | null = null;
    const close = () => {
      if (run) parts.push(this.text.slice(run.start, run.end).trim());
      run = null;
    };
    const ends = [...this.text.slice(0, end).matchAll(SENTENCE_END)].map((match) => match.index + match[0].length);
    if (whole && ends.at(-1) !== end) ends.push(end);
    for (const to of ends) {
      const typed = this.typedIn(from, to);
      // A blank line between two typed sentences neither joins nor parts them.
      if (typed === 'blank') run = run && { start: run.start, end: to };
      else if (typed) run = run ? { start: run.start, end: to } : { start: from, end: to };
      else close();
      from = to;
    }
    close();
    return parts
      .map((part) => part.replace(ZERO_WIDTH, '').trim())
      .filter((part) => /[\p{L}\p{N}]/u.test(part))
      .join('\n');
  }

  /** Whether the person typed every character of [from, to) that shows ('blank' if none does). */
  private typedIn(from: number, to: number): boolean | 'blank' {
    let any = false;
    for (let at = from; at < to; at++) {
      if (/[\s\u200b-\u200d\ufeff]/.test(this.text.charAt(at))) continue;
      if (!this.typed[at]) return false;
      any = true;
    }
    return any || 'blank';
  }
}
