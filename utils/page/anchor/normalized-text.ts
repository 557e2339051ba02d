/**
 * Normalised text with a map back to the raw offsets. Page text and claims are normalised the same way,
 * so that whitespace, non-breaking spaces, soft hyphens, typographic quotes and dashes, and case no
 * longer stop a claim from matching its page (see docs/in-the-page.md).
 */

/** Separates blocks (paragraphs, list items, cells) in a text model; it survives normalisation as '\n'. */
export const BLOCK_SEPARATOR = '\u2029';

/**
 * Normalised text, and where each of its characters came from in the raw text. The map back is kept as
 * its jumps alone: where the raw offsets stop running one per character (a whitespace run of more than one
 * character, a dropped character, an ellipsis made three dots). A page's text runs on between jumps for a
 * word or a line, so this is a fraction of the per-character map it stands for, and filling it costs a
 * comparison per run of characters instead of a store per character.
 */
export class Normalized {
  constructor(
    readonly text: string,
    /** Normalised offsets where a jump lands, ascending, starting with 0 (when the text is not empty). */
    private readonly jumpAt: Int32Array,
    /** The raw offset of the character at each jump. */
    private readonly jumpTo: Int32Array,
  ) {}

  /** The raw offset the character at `index` came from; at `text.length`, one past the last one's. */
  rawAt(index: number): number {
    const { jumpAt } = this;
    let low = 0;
    let high = jumpAt.length - 1;
    if (high < 0) return 0;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (jumpAt[middle]! <= index) low = middle;
      else high = middle - 1;
    }
    return this.jumpTo[low]! + (index - jumpAt[low]!);
  }

  /**
   * The other way: the index of the first character that came from raw offset `raw` or after it
   * (`text.length` if none did). A raw offset inside a run that normalising shortened (spaces, a dropped
   * character) gives the character after the run.
   */
  indexAt(raw: number): number {
    const { jumpTo, jumpAt } = this;
    if (!jumpTo.length || raw <= jumpTo[0]!) return 0;
    // The last run that starts before `raw`: the answer is in it, or is the next run's first character.
    let low = 0;
    let high = jumpTo.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (jumpTo[middle]! < raw) low = middle;
      else high = middle - 1;
    }
    const nextJump = low + 1 < jumpAt.length ? jumpAt[low + 1]! : this.text.length;
    return Math.min(jumpAt[low]! + (raw - jumpTo[low]!), nextJump);
  }

  /** How many jumps the map holds (for tests of its size). */
  get jumps(): number {
    return this.jumpAt.length;
  }
}

const FOLDED: Record<number, string> = {
  0x2018: "'", 0x2019: "'", 0x201a: "'", 0x201b: "'", 0x2032: "'", 0x60: "'", 0xb4: "'",
  0x201c: '"', 0x201d: '"', 0x201e: '"', 0x201f: '"', 0x2033: '"', 0xab: '"', 0xbb: '"',
  0x2010: '-', 0x2011: '-', 0x2012: '-', 0x2013: '-', 0x2014: '-', 0x2015: '-', 0x2212: '-',
  0x2026: '...',
}; // prettier-ignore

const BLOCK_CODE = BLOCK_SEPARATOR.charCodeAt(0);
const ASCII_SPACES = /[ \t\n\r]+/y;

/** Whitespace: a run of it becomes one space ('\n' if it holds a block separator). */
const SPACES = [
  9, 10, 11, 12, 13, 32, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008,
  0x2009, 0x200a, 0x2028, BLOCK_CODE, 0x202f, 0x205f, 0x3000,
]; // prettier-ignore

/**
 * Dropped: soft hyphens and zero-width characters, and commas (a claim quoted back by a language model
 * often gains or loses a comma, and no two claims differ by their commas alone).
 */
const DROPPED_CODES = [44, 0xad, 0x200b, 0x200c, 0x200d, 0x2060, 0xfeff];
/**
 * Dropped too, as ranges: combining accents (a letter written apart from its accent: e and ́), Hebrew points and
 * Arabic vowel marks and tatweel (the one text writes them, the other leaves them out, as a claim quoted back often does).
 */
const DROPPED_RANGES = [
  [0x300, 0x36f], [0x591, 0x5bd], [0x5bf, 0x5bf], [0x5c1, 0x5c2], [0x5c4, 0x5c5], [0x5c7, 0x5c7], [0x610, 0x61a],
  [0x640, 0x640], [0x64b, 0x65f], [0x670, 0x670], [0x6d6, 0x6dc], [0x6df, 0x6e4], [0x6e7, 0x6e8], [0x6ea, 0x6ed],
]; // prettier-ignore

/** Marks in the tables below: not characters (what the tables hold otherwise is below 0xfff0). */
const SPACE = 0xffff;
const DROPPED = 0xfffe;
const SLOW = 0xfffd;
/** Below this, a table entry is a character. */
const MARKS = SLOW;

/**
 * What each character of ASCII and the Latin alphabets (below U+0250) becomes: SPACE, DROPPED, its folded
 * lower-case character, or SLOW (it becomes more than one). A page is mostly these: one table load per
 * character instead of a dozen comparisons and a toLowerCase. Built with built-ins only: this runs when
 * the content script starts, before anything is compiled.
 */
const FAST_OUT = new Uint16Array(0x250);
for (let code = 0; code < 0x250; code++) {
  // Accents are folded off (é is e): a claim quoted back often loses them ("Sao Paulo" for "São Paulo"), and a page
  // may write a letter and its accent apart (NFD), whose accent is dropped (see below).
  const lower = String.fromCharCode(code).normalize('NFD').charAt(0).toLowerCase();
  FAST_OUT[code] = lower.length === 1 ? lower.charCodeAt(0) : SLOW;
}

/** The same, for the few characters beyond U+0250 that are not simply lower-cased. */
const SPECIAL_OUT = new Map<number, number | string>();

function setOut(code: number, out: number | string): void {
  if (code >= 0x250) SPECIAL_OUT.set(code, out);
  else FAST_OUT[code] = typeof out === 'number' ? out : SLOW;
}
for (const [code, folded] of Object.entries(FOLDED))
  setOut(Number(code), folded.length === 1 ? folded.charCodeAt(0) : folded);
for (const code of SPACES) setOut(code, SPACE);
for (const code of DROPPED_CODES) setOut(code, DROPPED);
for (const [first, last] of DROPPED_RANGES) for (let code = first!; code <= last!; code++) setOut(code, DROPPED);
// Full-width forms of ASCII: Chinese and Japanese text sets digits and Latin letters in them ("３３３"), where a claim
// quoted back has the plain ones, or the other way round. Folded as their ASCII character is: "，" is dropped as "," is.
for (let code = 0xff01; code <= 0xff5e; code++) setOut(code, FAST_OUT[code - 0xfee0]!);
// The two characters whose codes are the marks above: given as text, so that they stay themselves.
for (const code of [SPACE, DROPPED]) setOut(code, String.fromCharCode(code));

/**
 * Whether a character is one of the marks DROPPED_RANGES drops (an accent, a point, a vowel mark): it belongs to the
 * letter before it, so a span that ends at that letter ends after its marks.
 */
export function isDroppedMark(code: number): boolean {
  return code >= 0x300 && code <= 0x6ed && SPECIAL_OUT.get(code) === DROPPED;
}

/** What a character beyond the fast table becomes: SPACE, DROPPED, one character's code, or its pieces. */
function foldSlow(code: number): number | string {
  const special = SPECIAL_OUT.get(code);
  if (special !== undefined) return special;
  const lower = String.fromCharCode(code).toLowerCase();
  return lower.length === 1 ? lower.charCodeAt(0) : lower;
}

/**
 * Builds normalised text from raw text given in pieces (a page's text nodes, one after another), with
 * the map back to raw offsets. The text model feeds it each node as it walks them, so the page's raw text is
 * never built as one string and read a second time.
 */
export class NormalizedBuilder {
  private codes: Uint16Array;
  private length = 0;
  /** The map back's jumps (see Normalized), and the raw offset at which the next character would not be one. */
  private jumpAt: Int32Array;
  private jumpTo: Int32Array;
  private jumps = 0;
  private nextRaw = -1;
  /**
   * Whether the last character written is the space of a whitespace run: the rest of the run is skipped.
   * A run's space is written at its first character (none at the start of the text, and the last one is
   * cut off at the end), so that a word's characters take the loop's short path.
   */
  private spaced = false;

  constructor(capacity: number) {
    this.codes = new Uint16Array(capacity);
    this.jumpAt = new Int32Array(capacity >> 3);
    this.jumpTo = new Int32Array(capacity >> 3);
  }

  /** Starts again, keeping the buffers. */
  reset(): void {
    this.length = 0;
    this.jumps = 0;
    this.nextRaw = -1;
    this.spaced = false;
  }

  /** Whitespace at raw offset `at` that is not in the text given (a blank node, a line break), or a block break. */
  space(at: number, block: boolean): void {
    if (!this.spaced) {
      if (!this.length) return;
      if (this.length === this.codes.length) this.grow(this.length + 1);
      this.write(32, at);
      this.spaced = true;
    }
    if (block) this.codes[this.length - 1] = 10;
  }

  /** Appends `text` from index `from` on (what stands before is whitespace), `text` starting at raw offset `base`. */
  append(text: string, base: number, from = 0): void {
    // A character gives at most one: the buffer is sized here, once per piece. Only the rare characters
    // that give several ("…" is "...") check again. Sizing for the worst case instead would triple the
    // buffer for a page that is one huge text node.
    const needed = this.length + text.length + 1;
    if (needed > this.codes.length) this.grow(needed);
    let { codes } = this;
    let { length, nextRaw, spaced } = this;
    const end = text.length;
    for (let index = from; index < end; index++) {
      const code = text.charCodeAt(index);
      let out = code < 0x250 ? FAST_OUT[code]! : SLOW;
      if (out < MARKS) {
        // A run of characters that stand for themselves, folded, and of single spaces (words, mostly):
        // most of a page. Its raw offsets run on from its first one, so the map back is looked at once a run.
        const raw = base + index;
        if (raw !== nextRaw) this.jump(length, raw);
        codes[length++] = out;
        let space = false;
        while (++index < end) {
          const next = text.charCodeAt(index);
          out = next < 0x250 ? FAST_OUT[next]! : SLOW;
          if (out < MARKS) {
            codes[length++] = out;
            space = false;
          } else if (next === 32 && !space) {
            codes[length++] = 32;
            space = true;
          } else break;
        }
        nextRaw = base + index;
        spaced = space;
        index--; // The character that ended the run is read again, below the loop's step.
        continue;
      }
      this.length = length;
      this.nextRaw = nextRaw;
      this.spaced = spaced;
      index = this.appendOther(text, base, index, code, out);
      ({ codes, length, nextRaw, spaced } = this);
    }
    this.length = length;
    this.nextRaw = nextRaw;
    this.spaced = spaced;
  }

  /**
   * Appends the character at `index` that does not stand for itself (whitespace, a mark, one folded to
   * several), from the builder's fields; returns the index of the last character read.
   */
  private appendOther(text: string, base: number, index: number, code: number, out: number): number {
    let pieces = '';
    if (out === SLOW) {
      const folded = foldSlow(code);
      if (typeof folded === 'string') {
        pieces = folded;
        // Room for its characters, and the rest of this text at one each.
        const room = this.length + pieces.length + (text.length - index);
        if (room > this.codes.length) this.grow(room);
      } else out = folded;
    }
    const { codes } = this;
    if (out === SPACE) {
      if (!this.spaced && this.length) {
        this.write(32, base + index);
        this.spaced = true;
      }
      if (code === BLOCK_CODE) {
        if (this.spaced) codes[this.length - 1] = 10;
      } else if (code === 10) {
        // A hard wrap, usually followed by deep indentation: skipped by the regular expression engine,
        // which reads a run of it several times faster than this loop.
        ASCII_SPACES.lastIndex = index + 1;
        if (ASCII_SPACES.test(text)) return ASCII_SPACES.lastIndex - 1;
      }
      return index;
    }
    if (out === DROPPED) return index;
    const raw = base + index;
    if (pieces) {
      // Every piece comes from the one raw character: a jump back before each after the first.
      this.write(pieces.charCodeAt(0), raw);
      for (let piece = 1; piece < pieces.length; piece++) {
        this.jump(this.length, raw);
        codes[this.length++] = pieces.charCodeAt(piece);
      }
      this.nextRaw = raw + 1;
    } else this.write(out, raw);
    this.spaced = false;
    return index;
  }

  /** Writes one character that came from raw offset `raw` (room for it has been made). */
  private write(code: number, raw: number): void {
    if (raw !== this.nextRaw) this.jump(this.length, raw);
    this.codes[this.length++] = code;
    this.nextRaw = raw + 1;
  }

  /** The normalised text so far (trailing whitespace dropped). */
  text(): string {
    return decodeUtf16(this.codes.subarray(0, this.trimmedLength()));
  }

  /** The length without the space of a trailing whitespace run. */
  private trimmedLength(): number {
    return this.spaced ? this.length - 1 : this.length;
  }

  /**
   * The normalised text and its map back, copied out at their size: the builder can then be reset and
   * used again. Its own buffers stay, unless they outgrew `keepUpTo` characters (one huge page should
   * not hold on to tens of megabytes).
   */
  finish(keepUpTo = Infinity): Normalized {
    const length = this.trimmedLength();
    let { jumps } = this;
    // A jump to the trailing space cut off is no longer in the text.
    while (jumps && this.jumpAt[jumps - 1]! >= length) jumps--;
    const text = decodeUtf16(this.codes.subarray(0, length));
    const normalized = new Normalized(text, this.jumpAt.slice(0, jumps), this.jumpTo.slice(0, jumps));
    if (this.codes.length > keepUpTo) this.codes = new Uint16Array(keepUpTo);
    if (this.jumpAt.length > keepUpTo >> 3) {
      this.jumpAt = new Int32Array(keepUpTo >> 3);
      this.jumpTo = new Int32Array(keepUpTo >> 3);
    }
    this.reset();
    return normalized;
  }

  /** Records that the character about to be written at `at` came from raw offset `raw`, out of the run. */
  private jump(at: number, raw: number): void {
    if (this.jumps === this.jumpAt.length) {
      const capacity = Math.max(64, this.jumps * 2);
      this.jumpAt = grown(this.jumpAt, capacity);
      this.jumpTo = grown(this.jumpTo, capacity);
    }
    this.jumpAt[this.jumps] = at;
    this.jumpTo[this.jumps++] = raw;
  }

  private grow(needed: number): void {
    this.codes = grown(this.codes, Math.max(needed, this.codes.length * 2), this.length);
  }
}

/** A copy of `from` (its first `used` entries) in a new array of `capacity`. */
export function grown<T extends Uint8Array | Uint16Array | Int32Array>(
  from: T,
  capacity: number,
  used = from.length,
): T {
  const to = new (from.constructor as new (length: number) => T)(capacity);
  to.set(from.subarray(0, used));
  return to;
}

/**
 * Collapses whitespace runs to one space (a run holding a block separator becomes '\n'), drops soft
 * hyphens, zero-width characters and commas, folds quotes, dashes and the ellipsis, and lower-cases. Written with
 * character codes and a table, not regular expressions: it runs over every character of a page.
 */
export function normalize(raw: string): Normalized {
  const builder = new NormalizedBuilder(raw.length + 16);
  builder.append(raw, 0);
  return builder.finish();
}

/**
 * One builder for claims, kept between calls: a claim is normalised per locate, and a typed array's
 * allocation costs more than normalising a sentence. Normalising is synchronous, so one is enough.
 */
const claimBuilder = new NormalizedBuilder(4096);

/** The normalised text alone (a claim's: its map back is never needed). */
export function normalizeText(raw: string): string {
  claimBuilder.reset();
  claimBuilder.append(raw, 0);
  return claimBuilder.text();
}

const utf16 = typeof TextDecoder === 'function' ? new TextDecoder('utf-16le') : null;

function decodeUtf16(codes: Uint16Array): string {
  // A claim's few codes: fromCharCode, without TextDecoder's fixed cost per call.
  if (codes.length <= 512 || !utf16) {
    let text = '';
    for (let at = 0; at < codes.length; at += 8192)
      text += String.fromCharCode.apply(null, codes.subarray(at, at + 8192) as unknown as number[]);
    return text;
  }
  return utf16.decode(codes);
}

/** Raw [start, end) of a normalised [start, end). */
export function rawSpan(normalized: Normalized, start: number, end: number): [number, number] {
  const rawStart = normalized.rawAt(start);
  const rawEnd = end > start ? normalized.rawAt(end - 1) + 1 : rawStart;
  return [rawStart, rawEnd];
}
