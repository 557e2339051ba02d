/**
 * The exact strategies: a claim (or a part of it) found with indexOf, from where the claim before it ends; and a claim
 * found by two of its thirds matching exactly, with a word changed in the third.
 */
import { bareWordsOf, firstWordOf, isWordCode, lastWordOf, sharedWords, wordBounded } from './words';

/** A word that occurs more often than this makes a poor seed. */
export const MAX_SEED_HITS = 40;

export interface Match {
  start: number;
  end: number;
  similarity: number;
}

/** Claims shorter than this are left to the approximate search: their thirds are too short to be telling. */
const THIRDS_FROM = 40;
/** Thirds shorter than this match too much of any page to be telling. */
const MIN_THIRD = 12;

/** How many occurrences of a third are tried: a phrase found more often tells little. */
const THIRD_HITS = 5;

/**
 * The claim found by two of its thirds (cut at spaces) matching exactly, in order, about a claim's length
 * apart, in one block: a word changed or dropped in the third one. When that third is the first or the
 * last, the claim's first or last word pins the edge. Matches are yielded as they are found, so that the
 * search stops at the first one the caller takes.
 *
 * Two of the three pairs hold the last third: the page is scanned for it once, and each occurrence looks
 * back, within a claim's length in its block, for the first third and then the middle one. Only when the
 * last third is nowhere (it is the one that changed) is the page scanned for the first. Each scan starts at
 * `after` (see LocateOptions) and ends where it started.
 */
export function* thirdsFind(text: string, pattern: string, after: number): Generator<Match> {
  if (pattern.length < THIRDS_FROM) return;
  const firstCut = pattern.indexOf(' ', Math.floor(pattern.length / 3));
  const lastCut = pattern.lastIndexOf(' ', Math.ceil((pattern.length * 2) / 3));
  if (firstCut < 0 || lastCut <= firstCut) return;
  const search = new ThirdsSearch(text, pattern, [
    pattern.slice(0, firstCut),
    pattern.slice(firstCut + 1, lastCut),
    pattern.slice(lastCut + 1),
  ]);
  const [first, middle, last] = search.thirds;
  let found = false;
  if (telling(last))
    for (const match of search.byLastThird(after)) {
      found = true;
      yield match;
    }
  if (found || !telling(first) || !telling(middle)) return;
  yield* search.byFirstThird(after);
}

/** Pieces this short match too much of any page to be telling (the third left out may be short). */
const telling = (part: string) => part.length >= MIN_THIRD;

/** One claim's search by its thirds in one text (see thirdsFind). */
class ThirdsSearch {
  private readonly reach: number;

  constructor(
    private readonly text: string,
    private readonly pattern: string,
    readonly thirds: readonly [string, string, string],
  ) {
    this.reach = Math.ceil(pattern.length * 1.25);
  }

  /** The first or the middle third changed: each place of the last one looks back for the others, in its block. */
  *byLastThird(after: number): Generator<Match> {
    const { text, pattern } = this;
    const [first, middle, last] = this.thirds;
    let seen = 0;
    for (let at = -1; (at = nextOccurrence(text, last, after, at)) >= 0;) {
      if (seen++ === THIRD_HITS) break;
      const end = at + last.length;
      const blockStart = text.lastIndexOf('\n', at) + 1;
      const windowStart = Math.max(blockStart, end - this.reach);
      const before = text.slice(windowStart, at);
      // The middle third changed: the first one stands before the last, about a middle's length away.
      if (telling(first)) {
        const firstAt = before.lastIndexOf(first);
        const firstEnd = windowStart + firstAt + first.length;
        const match = firstAt >= 0 ? this.matchOf(windowStart + firstAt, end, middle, firstEnd, at) : null;
        if (match) {
          yield match;
          continue;
        }
      }
      // The first third changed: the claim starts at its first word, about a first third's length before the middle.
      if (!telling(middle)) continue;
      const middleAt = before.lastIndexOf(middle);
      if (middleAt < 0) continue;
      const middleStart = windowStart + middleAt;
      const expected = middleStart - first.length - 1;
      const slack = Math.ceil(first.length * 0.3) + 1;
      const start = nearestWord(
        text,
        firstWordOf(pattern),
        expected,
        Math.max(blockStart, expected - slack),
        middleStart,
      );
      const match = start >= 0 ? this.matchOf(start, end, first, start, middleStart) : null;
      if (match) yield match;
    }
  }

  /** The last third changed: the claim ends at its last word, about a last third's length after the middle. */
  *byFirstThird(after: number): Generator<Match> {
    const { text, pattern } = this;
    const [first, middle, last] = this.thirds;
    const lastWord = lastWordOf(pattern);
    let seen = 0;
    for (let at = -1; (at = nextOccurrence(text, first, after, at)) >= 0;) {
      if (seen++ === THIRD_HITS) break;
      const next = text.indexOf('\n', at);
      const blockEnd = next < 0 ? text.length : next;
      const middleAt = text.slice(at + first.length, Math.min(blockEnd, at + this.reach)).indexOf(middle);
      if (middleAt < 0) continue;
      const middleEnd = at + first.length + middleAt + middle.length;
      const expected = middleEnd + 1 + last.length - lastWord.length;
      const slack = Math.ceil(last.length * 0.3) + 1;
      const lastAt = nearestWord(
        text,
        lastWord,
        expected,
        middleEnd,
        Math.min(blockEnd, expected + slack + lastWord.length),
      );
      const end = lastAt + lastWord.length;
      const match = lastAt >= 0 ? this.matchOf(at, end, last, middleEnd, end) : null;
      if (match) yield match;
    }
  }

  /**
   * The match from `start` to `end`, if it is about the claim's length, and if the page's text in place of the third
   * that changed (`changed`, from `changedFrom` to `changedTo`) holds more than half of that third's words: a word or
   * two changed, not another text of about the same length ("…identity – tables\". Statistics New Zealand." for
   * "…identity – Ethnic groups in New Zealand.", two references apart in a list).
   */
  private matchOf(start: number, end: number, changed: string, changedFrom: number, changedTo: number): Match | null {
    const { text, pattern } = this;
    const length = end - start;
    if (length < pattern.length * 0.75 || length > pattern.length * 1.3) return null;
    const words = bareWordsOf(changed);
    if (sharedWords(words, bareWordsOf(text.slice(changedFrom, changedTo))) * 2 <= words.length) return null;
    const [from, to] = wordBounded(text, start, end);
    return { start: from, end: to, similarity: 1 - Math.abs(length - pattern.length) / pattern.length };
  }
}

/**
 * Where `part` occurs in the text after `previous` (-1: the first place), in this order: from `after` to
 * the end, then from the start up to `after` (a match there may run past it); -1 when there is no more.
 * Read as `for (let at = -1; (at = nextOccurrence(text, part, after, at)) >= 0; )`, which stops at the first
 * occurrence it takes. (Not a generator: this runs for every claim,
 * mostly before V8 has optimised it, and a generator's object and resumptions cost more than the search.)
 */
export function nextOccurrence(text: string, part: string, after: number, previous: number): number {
  if (previous < 0 || previous >= after) {
    const at = indexFrom(text, part, previous < 0 ? after : previous + 1);
    if (at >= 0 || after === 0) return at;
    previous = -1;
  }
  const at = indexFrom(text, part, previous + 1);
  return at < after ? at : -1;
}

/** Letters and signs by how common they are in text, most common first; any other character is rarer. */
const COMMON_CHARACTERS = ' etaoinsrhldcumfpgwybv.kxjqz';
const RARITY = new Uint8Array(128).fill(COMMON_CHARACTERS.length);
for (let index = 0; index < COMMON_CHARACTERS.length; index++) RARITY[COMMON_CHARACTERS.charCodeAt(index)] = index;

/** Parts shorter than this are looked for as they are. */
const RARE_ANCHOR_FROM = 24;
const RARE_ANCHOR_TAIL = 16;
/** The last part looked for, and its rare anchor (one entry: a search asks for the same part repeatedly). */
let anchoredPart = '';
let anchorOffset = 0;
let anchorTail = '';

/**
 * text.indexOf(part, from), faster where it fails: the engine's search skips ahead to each place where
 * the part's first character occurs, and a claim usually starts with a common letter. So the part's rarest
 * character (in its first part, leaving RARE_ANCHOR_TAIL after it) is looked for instead, with what follows
 * it, and each place found is checked for the whole part: the same places, in the same order.
 */
export function indexFrom(text: string, part: string, from: number): number {
  if (part.length < RARE_ANCHOR_FROM) return text.indexOf(part, from);
  if (part !== anchoredPart) {
    let best = 0;
    let bestRarity = -1;
    for (let index = 0; index <= part.length - RARE_ANCHOR_TAIL; index++) {
      const code = part.charCodeAt(index);
      const rarity = code < 128 ? RARITY[code]! : COMMON_CHARACTERS.length;
      if (rarity > bestRarity) {
        best = index;
        bestRarity = rarity;
      }
    }
    anchoredPart = part;
    anchorOffset = best;
    anchorTail = part.slice(best);
  }
  if (anchorOffset === 0) return text.indexOf(part, from);
  for (let at = text.indexOf(anchorTail, from + anchorOffset); at >= 0; at = text.indexOf(anchorTail, at + 1))
    if (text.startsWith(part, at - anchorOffset)) return at - anchorOffset;
  return -1;
}

/**
 * Where `word` occurs in text[from, to) at a word's start, nearest to `expected`; -1 if nowhere. A short
 * first word ("le", "the") occurs all over a sentence: the nearest is the claim's own.
 */
function nearestWord(text: string, word: string, expected: number, from: number, to: number): number {
  let best = -1;
  if (!word) return best;
  for (let at = text.indexOf(word, from); at >= 0 && at + word.length <= to; at = text.indexOf(word, at + 1)) {
    if (isWordCode(text.charCodeAt(at - 1)) && isWordCode(text.charCodeAt(at))) continue;
    if (best < 0 || Math.abs(at - expected) < Math.abs(best - expected)) best = at;
  }
  return best;
}

/** Where `pattern` occurs (up to MAX_SEED_HITS times), from `after` on first (see `nextOccurrence`). */
export function exactAll(text: string, pattern: string, after: number): Match[] {
  const matches: Match[] = [];
  for (let at = -1; (at = nextOccurrence(text, pattern, after, at)) >= 0;) {
    if (matches.length === MAX_SEED_HITS) break;
    const [start, end] = wordBounded(text, at, at + pattern.length);
    matches.push({ start, end, similarity: 1 });
  }
  return matches;
}
