/**
 * What the person typed in a Google Doc, paragraph by paragraph, as the annotation layer changes: the layer's
 * paragraphs before and after a change are matched by their text, and each stretch between matches is followed as one
 * edit (TypedText), the person's when their act's caret stands in it, anyone's otherwise (a collaborator's, Docs'
 * own); paragraphs the layer drops as the view scrolls away keep what was typed of them until they are drawn again.
 */
import { TypedText } from '../typed-text';

/** The person's act whose change the layer is about to show: where their caret is now, and what the act inserts. */
export interface PersonsEdit {
  /** The index, in the new paragraphs, of the one the person's caret stands in, or null where no caret is seen. */
  caretAt: number | null;
  /** What it inserts ('' for a deletion), null where the browser does not say (see TypedText.update). */
  expected: string | null;
}

/** The paragraphs after a change, and whether the person's edit was seen in it. */
export interface Followed {
  paragraphs: TypedText[];
  /** Paragraphs gone from the layer with something the person typed in them (their page scrolled away). */
  dropped: TypedText[];
  personsEditSeen: boolean;
}

/** Pairs of indexes (before, after) of the longest common sequence of equal texts. */
function matchedPairs(before: readonly string[], after: readonly string[]): Array<[number, number]> {
  const rows = before.length + 1;
  const columns = after.length + 1;
  const lengths = new Uint16Array(rows * columns);
  for (let i = before.length - 1; i >= 0; i--)
    for (let j = after.length - 1; j >= 0; j--)
      lengths[i * columns + j] =
        before[i] === after[j]
          ? lengths[(i + 1) * columns + j + 1]! + 1
          : Math.max(lengths[(i + 1) * columns + j]!, lengths[i * columns + j + 1]!);
  const pairs: Array<[number, number]> = [];
  for (let i = 0, j = 0; i < before.length && j < after.length;) {
    if (before[i] === after[j]) pairs.push([i++, j++]);
    else if (lengths[(i + 1) * columns + j]! >= lengths[i * columns + j + 1]!) i++;
    else j++;
  }
  return pairs;
}

/** Whether a paragraph's new text is the old one edited (half of the shorter kept at its start and end together). */
function related(before: string, after: string): boolean {
  const most = Math.min(before.length, after.length);
  let kept = 0;
  while (kept < most && before[kept] === after[kept]) kept++;
  for (let end = 1; kept < most && before.at(-end) === after.at(-end); end++) kept++;
  return kept * 2 >= most;
}

/**
 * The layer's paragraphs were `before` and are now `texts`. `edit`: the person's act pending, if any; its stretch is
 * the one holding its caret, or, without a caret, the only stretch that is not pages coming or going at the layer's
 * ends.
 */
export function followParagraphs(
  before: readonly TypedText[],
  texts: readonly string[],
  edit: PersonsEdit | null,
  parked: ReadonlyMap<string, TypedText>,
): Followed {
  const pairs = matchedPairs(
    before.map((paragraph) => paragraph.current),
    texts,
  );
  pairs.push([before.length, texts.length]);
  const stretches: Array<{ from: [number, number]; to: [number, number] }> = [];
  let at: [number, number] = [0, 0];
  for (const [i, j] of pairs) {
    if (i > at[0] || j > at[1]) stretches.push({ from: at, to: [i, j] });
    at = [i + 1, j + 1];
  }
  const atEnds = (stretch: (typeof stretches)[number]) =>
    (stretch.from[0] === 0 && stretch.from[1] === 0) ||
    (stretch.to[0] === before.length && stretch.to[1] === texts.length);
  const holdsCaret = ({ from, to }: (typeof stretches)[number], caret: number) =>
    from[1] === to[1] ? from[1] === caret : from[1] <= caret && caret < to[1];
  const inner = stretches.filter((stretch) => !atEnds(stretch));
  const person = !edit
    ? undefined
    : edit.caretAt !== null
      ? stretches.find((stretch) => holdsCaret(stretch, edit.caretAt!))
      : stretches.length === 1
        ? stretches[0]
        : inner.length === 1
          ? inner[0]
          : undefined;

  const paragraphs: TypedText[] = [];
  const dropped: TypedText[] = [];
  // Matched paragraphs keep their record (the last pair is the ends' marker).
  for (const [i, j] of pairs.slice(0, -1)) paragraphs[j] = before[i]!;
  for (const stretch of stretches) {
    const old = before.slice(stretch.from[0], stretch.to[0]);
    const now = texts.slice(stretch.from[1], stretch.to[1]);
    let followed: TypedText[];
    if (stretch === person) {
      const whole = TypedText.joined(old, '\n');
      whole.update(now.join('\n'), true, edit?.expected ?? null);
      followed = now.length ? whole.split('\n') : [];
    } else if (old.length === now.length && old.every((paragraph, index) => related(paragraph.current, now[index]!))) {
      // Changed in place by someone else: what the person typed and is still there stays theirs.
      followed = old.map((paragraph, index) => {
        paragraph.update(now[index]!, false);
        return paragraph;
      });
    } else {
      dropped.push(...old.filter((paragraph) => paragraph.anyTyped));
      followed = now.map((text) => parked.get(text) ?? new TypedText(text));
    }
    followed.forEach((paragraph, index) => (paragraphs[stretch.from[1] + index] = paragraph));
  }
  return { paragraphs, dropped, personsEditSeen: person !== undefined };
}

/** Paragraphs with typed text kept while their page is away from the view: more than a long document holds. */
const MOST_PARKED = 500;

/** A Doc's paragraphs, with what the person typed of each, followed through the layer's changes (see followParagraphs). */
export class TypedParagraphs {
  private shown: TypedText[] = [];
  /** Paragraphs with typed text whose page the layer dropped, by their text. */
  private readonly parked = new Map<string, TypedText>();

  /** The layer's paragraphs, as last followed. */
  get paragraphs(): readonly TypedText[] {
    return this.shown;
  }

  get parkedCount(): number {
    return this.parked.size;
  }

  /** The layer now shows `texts`; returns whether the person's edit was seen in the change. */
  follow(texts: readonly string[], edit: PersonsEdit | null): boolean {
    const followed = followParagraphs(this.shown, texts, edit, this.parked);
    this.shown = followed.paragraphs;
    for (const paragraph of followed.paragraphs) this.parked.delete(paragraph.current);
    for (const paragraph of followed.dropped) this.parked.set(paragraph.current, paragraph);
    for (const oldest of [...this.parked.keys()].slice(0, Math.max(0, this.parked.size - MOST_PARKED)))
      this.parked.delete(oldest);
    return followed.personsEditSeen;
  }

  /** The finished sentences the person typed all of, paragraph by paragraph, those of pages away from the view too. */
  sendable(): string {
    return [...this.shown, ...this.parked.values()]
      .map((paragraph) => paragraph.sendable())
      .filter(Boolean)
      .join('\n');
  }
}
