/**
 * Seeded approximate matching: the claim's rarest long words (seeds) found with indexOf, and approximate matching
 * (approx-string-match, Myers' bit-parallel algorithm, as Hypothesis uses) only in a window around each hit, clipped
 * to its block; each match widened to the claim's first and last words.
 */
import search from 'approx-string-match';
import { MAX_SEED_HITS, type Match } from './exact';
import { SENTENCE_STOP, STOPS_THEN_SPACE, STOP_AHEAD, endsASentence } from './sentences';
import { firstWordOf, isUnspacedCode, isWordCode, lastWordOf, wordBounded } from './words';

/** Fewest errors allowed, and the share of the claim's length beyond that. */
const MIN_ERRORS = 2;
const ERROR_RATE = 0.22;
export const SEEDS = 3;
const SEED_CANDIDATES = 8;

/**
 * Approximate matches of `pattern` in windows around its seed words, best first. The search stops at the
 * first seed whose windows hold a match: usually the first seed, and one or two windows.
 */
export function fuzzyFind(text: string, pattern: string, after: number): Match[] {
  const maxErrors = Math.max(MIN_ERRORS, Math.floor(pattern.length * ERROR_RATE));
  const slack = maxErrors + 8;
  const searched: [number, number][] = [];
  let seedsTried = 0;
  for (const seed of seedsOf(text, pattern)) {
    const windows: [number, number][] = [];
    for (const hit of seed.hits) {
      const guess = hit - seed.offset;
      let from = Math.max(0, guess - slack);
      let to = Math.min(text.length, guess + pattern.length + slack);
      // Clip the window to the hit's block.
      const blockStart = text.lastIndexOf('\n', hit);
      const blockEnd = text.indexOf('\n', hit);
      if (blockStart >= 0 && blockStart + 1 > from) from = blockStart + 1;
      if (blockEnd >= 0 && blockEnd < to) to = blockEnd;
      // A window another seed already searched adds nothing.
      if (!searched.some(([a, b]) => a <= from && to <= b)) windows.push([from, to]);
    }
    const matches: Match[] = [];
    for (const [from, to] of mergeWindows(windows)) {
      searched.push([from, to]);
      for (const match of search(text.slice(from, to), pattern, maxErrors)) {
        const [start, end] = snapToEdges(text, pattern, from + match.start, from + match.end, slack);
        matches.push({ start, end, similarity: 1 - match.errors / pattern.length });
      }
    }
    if (matches.length) return bestDistinct(matches, after);
    if (++seedsTried === SEEDS) break;
  }
  return [];
}

/**
 * Best first, and of equals the first from `after` (see LocateOptions); of overlapping matches (one place
 * found several ways), only the best.
 */
function bestDistinct(matches: Match[], after: number): Match[] {
  const before = (match: Match) => (match.start < after ? 1 : 0);
  matches.sort((a, b) => b.similarity - a.similarity || before(a) - before(b) || a.start - b.start);
  const kept: Match[] = [];
  for (const match of matches)
    if (!kept.some((other) => match.start < other.end && other.start < match.end)) kept.push(match);
  return kept;
}

/** A seed found this few times is used at once, before the claim's other words are looked for. */
const RARE_SEED_HITS = 3;

/**
 * Seeds for a claim, as they are needed: its longest words (4+ characters), each with where it stands in
 * the claim and where it occurs in the page. Looking a word up is a scan of the page, so a rare word is
 * yielded as soon as it is found (a long word usually is); the common ones follow, rarest first. A word
 * absent from the page (the changed one) or found more than MAX_SEED_HITS times is no use as a seed.
 */
export function* seedsOf(text: string, pattern: string): Generator<{ word: string; offset: number; hits: number[] }> {
  const common: { word: string; offset: number; hits: number[] }[] = [];
  for (const candidate of seedWordsOf(pattern)) {
    const hits = hitsOf(text, candidate.word);
    if (!hits.length || hits.length > MAX_SEED_HITS) continue;
    if (hits.length <= RARE_SEED_HITS) yield { ...candidate, hits };
    else common.push({ ...candidate, hits });
  }
  common.sort((a, b) => a.hits.length - b.hits.length);
  yield* common;
}

/** The shortest seed, and the length of the pieces a run of unspaced script is cut into (see seedWordsOf). */
const SEED_PIECE = 4;

/**
 * A claim's longest distinct words (SEED_PIECE+ characters), longest first, each with where it stands in the claim.
 */
function seedWordsOf(pattern: string): { word: string; offset: number }[] {
  const words: { word: string; offset: number }[] = [];
  const seen = new Set<string>();
  // Runs of letters and digits (with ' and - inside), scanned by character code: a Unicode regular
  // expression costs about half a millisecond to compile on a page's first check.
  for (let start = 0; start < pattern.length;) {
    if (!isWordCode(pattern.charCodeAt(start))) {
      start++;
      continue;
    }
    let end = start + 1;
    while (end < pattern.length && (isWordCode(pattern.charCodeAt(end)) || "'-".includes(pattern[end]!))) end++;
    const add = (from: number, to: number) => {
      const word = pattern.slice(from, to);
      if (word.length >= SEED_PIECE && !seen.has(word)) {
        seen.add(word);
        words.push({ word, offset: from });
      }
    };
    add(start, end);
    // A run of a script written without spaces is a phrase or a sentence: one changed character and it is found
    // nowhere. Its pieces are seeds too (after the whole words, being shorter), the last one ending where it ends.
    let unspaced = false;
    for (let at = start; at < end && !unspaced; at++) unspaced = isUnspacedCode(pattern.charCodeAt(at));
    if (unspaced && end - start > SEED_PIECE) {
      for (let from = start; from + SEED_PIECE <= end; from += SEED_PIECE) add(from, from + SEED_PIECE);
      add(end - SEED_PIECE, end);
    }
    start = end;
  }
  words.sort((a, b) => b.word.length - a.word.length);
  return words.slice(0, SEED_CANDIDATES);
}

/** Where `word` occurs in the text, up to one past MAX_SEED_HITS. */
function hitsOf(text: string, word: string): number[] {
  const hits: number[] = [];
  for (let at = text.indexOf(word); at >= 0 && hits.length <= MAX_SEED_HITS; at = text.indexOf(word, at + 1))
    hits.push(at);
  return hits;
}

function mergeWindows(windows: [number, number][]): [number, number][] {
  windows.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [from, to] of windows) {
    const last = merged.at(-1);
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else if (to > from) merged.push([from, to]);
  }
  return merged;
}

/**
 * Edit distance would rather cut a match short than skip a word: for "… is the ocean." in "… is the largest
 * ocean.", it ends at "largest". When the claim's last (or first) word stands just past the match, in the
 * same block, the match is stretched to take it in.
 */
function snapToEdges(text: string, pattern: string, start: number, end: number, slack: number): [number, number] {
  [start, end] = wordBounded(text, start, end);
  const last = lastWordOf(pattern);
  if (last && !text.slice(start, end).endsWith(last)) {
    // Not past a full stop: the claim's last word said again in the sentence after ("…in New Zealand\". Statistics
    // New Zealand." for "…in New Zealand.") is not its own.
    const after = text.slice(end, end + slack + last.length);
    const at = after.indexOf(last);
    if (at >= 0 && !after.slice(0, at).includes('\n') && !endsASentence(after.slice(0, at))) end += at + last.length;
  }
  const first = firstWordOf(pattern);
  if (first && !text.slice(start, end).startsWith(first)) {
    const before = text.slice(Math.max(0, start - slack - first.length), start);
    const at = before.lastIndexOf(first);
    if (at >= 0 && !before.slice(at).includes('\n')) start -= before.length - at;
  }
  [start, end] = wordBounded(text, start, end);
  // A claim that ends its sentence ends its match at the page's full stop, when the match runs past one by less than
  // the claim's last word: for a changed last word ("…no posts in something."), the edit distance takes the first word
  // of the next sentence ("…no posts in 2015. In") as readily as nothing, and a correction applied there deleted it.
  // And it takes in the page's full stop just after it: a claim's correction applied over "…of earnings" (the stop
  // left out) gave "…of compensation.." in a draft.
  if (last && SENTENCE_STOP.test(pattern) && !SENTENCE_STOP.test(text.slice(start, end))) {
    const tail = text.slice(Math.max(start, end - last.length), end);
    const stops = [...tail.matchAll(STOPS_THEN_SPACE)];
    const stop = stops[stops.length - 1];
    if (stop) end -= tail.length - (stop.index + stop[0].length - 1);
    else end += STOP_AHEAD.exec(text.slice(end, end + 8))?.[0].length ?? 0;
  }
  // A claim that starts with a letter starts its match at one: not at the "]" of a footnote's mark before it, which
  // the edit distance takes in for a changed first word as readily as it takes in nothing.
  if (isWordCode(pattern.charCodeAt(0))) while (start < end && !isWordCode(text.charCodeAt(start))) start++;
  return [start, end];
}
