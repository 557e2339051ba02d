/** Words in normalised text: which characters make them, their edges, and the bare words of a text. */
/** How many of `words` are among `others`, counted with repeats (each of the others counts once). */
export function sharedWords(words: string[], others: string[]): number {
  const left = [...others];
  let shared = 0;
  for (const word of words) {
    const at = left.indexOf(word);
    if (at >= 0) {
      shared++;
      left[at] = '';
    }
  }
  return shared;
}

export function isUpper(char: string | undefined): boolean {
  return char !== undefined && char !== char.toLowerCase();
}

/** The words of normalised text without the punctuation around them; a word of punctuation alone is none. */
export function bareWordsOf(text: string): string[] {
  return text.split(' ').map(bareWord).filter(Boolean);
}

/** A word without the punctuation around it ("norgay." is "norgay"). */
function bareWord(word: string): string {
  let start = 0;
  let end = word.length;
  while (end > 0 && !isWordCode(word.charCodeAt(end - 1))) end--;
  while (start < end && !isWordCode(word.charCodeAt(start))) start++;
  return word.slice(start, end);
}

export function hasWord(text: string): boolean {
  for (let at = 0; at < text.length; at++) if (isWordCode(text.charCodeAt(at))) return true;
  return false;
}

/** Which non-ASCII character codes are letters or digits: 0 not known yet, 1 yes, 2 no. */
let nonAsciiWordCodes: Uint8Array | undefined;

/**
 * Whether a character code is part of a word (a letter or a digit). By code, not by a regular
 * expression per character: these scans run for every match, and Unicode regular expressions per
 * character were a fifth of the time spent locating.
 */
export function isWordCode(code: number): boolean {
  if (code < 128) return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code >= 65 && code <= 90);
  if (!(code < 0x10000)) return false; // NaN: past either end of the text.
  nonAsciiWordCodes ??= new Uint8Array(0x10000);
  let known = nonAsciiWordCodes[code]!;
  if (!known) {
    known = /[\p{L}\p{N}]/u.test(String.fromCharCode(code)) ? 1 : 2;
    nonAsciiWordCodes[code] = known;
  }
  return known === 1;
}

/**
 * Whether a character is of a script written without spaces between its words (Thai, Lao, Myanmar, Khmer; Chinese and
 * Japanese, in full-width and half-width forms): a run of its letters is a phrase or a sentence, not one word.
 */
export function isUnspacedCode(code: number): boolean {
  return (
    (code >= 0xe00 && code <= 0xeff) ||
    (code >= 0x1000 && code <= 0x109f) ||
    (code >= 0x1780 && code <= 0x17ff) ||
    (code >= 0x2e80 && code <= 0x9fff) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xff66 && code <= 0xff9f)
  );
}

/**
 * Whether the characters before and after a place join in one word, which a match must not cut: both letters or
 * digits, and neither of a script without spaces (where any place between two characters may end a claim).
 */
function joinsWord(before: number, after: number): boolean {
  return isWordCode(before) && isWordCode(after) && !isUnspacedCode(before) && !isUnspacedCode(after);
}

/** The first word of a claim, with whatever stands before it ('"the' of '"The ocean…'); '' if it has none. */
export function firstWordOf(pattern: string): string {
  let end = 0;
  while (end < pattern.length && !isWordCode(pattern.charCodeAt(end))) end++;
  if (end === pattern.length) return '';
  while (end < pattern.length && isWordCode(pattern.charCodeAt(end))) end++;
  return pattern.slice(0, end);
}

/** The last word of a claim, with the punctuation after it ('ocean.' of '… the ocean.'); '' if it has none. */
export function lastWordOf(pattern: string): string {
  let start = pattern.length;
  while (start > 0 && !isWordCode(pattern.charCodeAt(start - 1))) start--;
  if (start === 0) return '';
  while (start > 0 && isWordCode(pattern.charCodeAt(start - 1))) start--;
  return pattern.slice(start).trimEnd();
}

/** Widens [start, end) to whole words, never across a block separator, and trims spaces at the edges. */
export function wordBounded(text: string, start: number, end: number): [number, number] {
  while (start > 0 && joinsWord(text.charCodeAt(start - 1), text.charCodeAt(start))) start--;
  while (end < text.length && joinsWord(text.charCodeAt(end - 1), text.charCodeAt(end))) end++;
  while (start < end && (text[start] === ' ' || text[start] === '\n')) start++;
  while (end > start && (text[end - 1] === ' ' || text[end - 1] === '\n')) end--;
  return [start, end];
}
