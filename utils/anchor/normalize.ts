/**
 * Normalised text with a map back to the raw offsets. Page text and claims are normalised the same way,
 * so that whitespace, non-breaking spaces, soft hyphens, typographic quotes and dashes, and case no
 * longer stop a claim from matching its page (see DESIGN.md, "Finding claims in the page").
 */

/** Separates blocks (paragraphs, list items, cells) in a text model; it survives normalisation as '\n'. */
export const BLOCK_SEPARATOR = '\u2029';

export interface Normalized {
  text: string;
  /** For each character of `text`, the offset in the raw string it came from. One longer: the raw end. */
  toRaw: Int32Array;
}

const FOLDED: Record<number, string> = {
  0x2018: "'", 0x2019: "'", 0x201a: "'", 0x201b: "'", 0x2032: "'", 0x60: "'", 0xb4: "'",
  0x201c: '"', 0x201d: '"', 0x201e: '"', 0x201f: '"', 0x2033: '"', 0xab: '"', 0xbb: '"',
  0x2010: '-', 0x2011: '-', 0x2012: '-', 0x2013: '-', 0x2014: '-', 0x2015: '-', 0x2212: '-',
  0x2026: '...',
}; // prettier-ignore

const BLOCK_CODE = BLOCK_SEPARATOR.charCodeAt(0);

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

/** Marks in the tables below: not characters (what the tables hold otherwise is below 0xfff0). */
const SPACE = 0xffff;
const DROPPED = 0xfffe;
const SLOW = 0xfffd;

/**
 * What each character of ASCII and the Latin alphabets (below U+0250) becomes: SPACE, DROPPED, its folded
 * lower-case character, or SLOW (it becomes more than one). A page is mostly these: one table load per
 * character instead of a dozen comparisons and a toLowerCase. Built with built-ins only: this runs when
 * the content script starts, before anything is compiled.
 */
const FAST_OUT = new Uint16Array(0x250);
for (let code = 0; code < 0x250; code++) {
  const lower = String.fromCharCode(code).toLowerCase();
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
// The two characters whose codes are the marks above: given as text, so that they stay themselves.
for (const code of [SPACE, DROPPED]) setOut(code, String.fromCharCode(code));

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
  /** One longer than codes: room for the raw end after the last character. */
  private map: Int32Array;
  private length = 0;
  /** Raw offset of the whitespace run not yet written (-1: none), and whether it holds a block break. */
  private pendingSpace = -1;
  private pendingBlock = false;

  constructor(capacity: number) {
    this.codes = new Uint16Array(capacity);
    this.map = new Int32Array(capacity + 1);
  }

  /** Starts again, keeping the buffers. */
  reset(): void {
    this.length = 0;
    this.pendingSpace = -1;
    this.pendingBlock = false;
  }

  /** Whitespace at raw offset `at` that is not in the text given (a blank node, a line break), or a block break. */
  space(at: number, block: boolean): void {
    if (this.pendingSpace < 0) this.pendingSpace = at;
    if (block) this.pendingBlock = true;
  }

  /** Appends `text`, which starts at raw offset `base`. */
  append(text: string, base: number): void {
    // A character gives at most one, and a pending space one more: the buffers are sized here, once per
    // piece. Only the rare characters that give several ("…" is "...") check again. Sizing for the worst
    // case instead would triple the buffers for a page that is one huge text node.
    const needed = this.length + text.length + 2;
    if (needed > this.codes.length) this.grow(needed);
    let { codes, map } = this;
    let { length, pendingSpace, pendingBlock } = this;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      let out = code < 0x250 ? FAST_OUT[code]! : SLOW;
      let pieces = '';
      if (out === SLOW) {
        const folded = foldSlow(code);
        if (typeof folded === 'string') {
          pieces = folded;
          // Room for its characters, a pending space, and the rest of this text at one each.
          const room = length + pieces.length + 1 + (text.length - index);
          if (room > codes.length) {
            this.length = length;
            this.grow(room);
            ({ codes, map } = this);
          }
        } else out = folded;
      }
      if (out === SPACE) {
        if (pendingSpace < 0) pendingSpace = base + index;
        if (code === BLOCK_CODE) pendingBlock = true;
        continue;
      }
      if (out === DROPPED) continue;
      if (pendingSpace >= 0) {
        if (length) {
          codes[length] = pendingBlock ? 10 : 32;
          map[length++] = pendingSpace;
        }
        pendingSpace = -1;
        pendingBlock = false;
      }
      if (pieces) {
        for (let piece = 0; piece < pieces.length; piece++) {
          codes[length] = pieces.charCodeAt(piece);
          map[length++] = base + index;
        }
      } else {
        codes[length] = out;
        map[length++] = base + index;
      }
    }
    this.length = length;
    this.pendingSpace = pendingSpace;
    this.pendingBlock = pendingBlock;
  }

  /** The normalised text so far (trailing whitespace dropped). */
  text(): string {
    return decodeUtf16(this.codes.subarray(0, this.length));
  }

  /**
   * The normalised text and its map back, copied out at their size: the builder can then be reset and
   * used again. Its own buffers stay, unless they outgrew `keepUpTo` characters (one huge page should
   * not hold on to tens of megabytes).
   */
  finish(keepUpTo = Infinity): Normalized {
    const { length, map } = this;
    map[length] = length ? map[length - 1]! + 1 : 0;
    const normalized = { text: this.text(), toRaw: map.slice(0, length + 1) };
    if (this.codes.length > keepUpTo) {
      this.codes = new Uint16Array(keepUpTo);
      this.map = new Int32Array(keepUpTo + 1);
    }
    this.reset();
    return normalized;
  }

  private grow(needed: number): void {
    const capacity = Math.max(needed, this.codes.length * 2);
    const codes = new Uint16Array(capacity);
    const map = new Int32Array(capacity + 1);
    codes.set(this.codes.subarray(0, this.length));
    map.set(this.map.subarray(0, this.length));
    this.codes = codes;
    this.map = map;
  }
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
  const rawStart = normalized.toRaw[start] ?? 0;
  const rawEnd = end > start ? (normalized.toRaw[end - 1] ?? rawStart) + 1 : rawStart;
  return [rawStart, rawEnd];
}
