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

const BLOCK_CODE = 0x2029;

function isSpace(code: number): boolean {
  return (
    code === 32 ||
    (code >= 9 && code <= 13) ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

/**
 * Soft hyphens and zero-width characters, and commas: a claim quoted back by a language model often
 * gains or loses a comma, and no two claims differ by their commas alone.
 */
function isDropped(code: number): boolean {
  return code === 0xad || code === 44 || (code >= 0x200b && code <= 0x200d) || code === 0x2060 || code === 0xfeff;
}

/**
 * Scratch arrays for the normaliser, kept between calls: a claim is normalised per locate, and a typed
 * array's allocation costs more than normalising a sentence. Normalising is synchronous, so one set is enough.
 */
let scratchCodes = new Uint16Array(4096);
let scratchMap = new Int32Array(4096);

/** Normalises `raw` (see normalize) into the scratch arrays; returns the normalised length. */
function normalizeIntoScratch(raw: string): number {
  // Every character but a few non-ASCII ones ("…" is "...") gives at most one, so the arrays are
  // sized once here and grow only in that branch.
  if (scratchCodes.length < raw.length + 16) {
    scratchCodes = new Uint16Array(raw.length + 16);
    scratchMap = new Int32Array(raw.length + 16);
  }
  let codes = scratchCodes;
  let map = scratchMap;
  let length = 0;
  let pendingSpace = -1;
  let pendingBlock = false;
  for (let index = 0; index < raw.length; index++) {
    const code = raw.charCodeAt(index);
    if (code === BLOCK_CODE || isSpace(code)) {
      if (pendingSpace < 0) pendingSpace = index;
      if (code === BLOCK_CODE) pendingBlock = true;
      continue;
    }
    if (isDropped(code)) continue;
    if (pendingSpace >= 0) {
      if (length) {
        codes[length] = pendingBlock ? 10 : 32;
        map[length++] = pendingSpace;
      }
      pendingSpace = -1;
      pendingBlock = false;
    }
    if (code >= 65 && code <= 90) {
      codes[length] = code + 32;
      map[length++] = index;
    } else if (code < 128 && code !== 0x60) {
      codes[length] = code;
      map[length++] = index;
    } else {
      const folded = (FOLDED[code] ?? raw[index]!).toLowerCase();
      if (length + folded.length + (raw.length - index) >= codes.length) {
        const grownCodes = new Uint16Array(codes.length * 2 + folded.length);
        grownCodes.set(codes);
        codes = scratchCodes = grownCodes;
        const grownMap = new Int32Array(map.length * 2 + folded.length);
        grownMap.set(map);
        map = scratchMap = grownMap;
      }
      for (let piece = 0; piece < folded.length; piece++) {
        codes[length] = folded.charCodeAt(piece);
        map[length++] = index;
      }
    }
  }
  return length;
}

/**
 * Collapses whitespace runs to one space (a run holding a block separator becomes '\n'), drops soft
 * hyphens, zero-width characters and commas, folds quotes, dashes and the ellipsis, and lower-cases. Written with
 * character codes, not regular expressions: it runs over every character of a page.
 */
export function normalize(raw: string): Normalized {
  const length = normalizeIntoScratch(raw);
  const toRaw = new Int32Array(length + 1);
  toRaw.set(scratchMap.subarray(0, length));
  toRaw[length] = length ? scratchMap[length - 1]! + 1 : 0;
  return { text: decodeUtf16(scratchCodes.subarray(0, length)), toRaw };
}

/** The normalised text alone (a claim's: its map back is never needed). */
export function normalizeText(raw: string): string {
  return decodeUtf16(scratchCodes.subarray(0, normalizeIntoScratch(raw)));
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
