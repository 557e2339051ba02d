/** A claim said in another order, said shorter, or with words changed: a sentence made of nearly its words. */
import type { Match } from './exact';
import { SEEDS, seedsOf } from './fuzzy';
import { sentenceAround } from './sentences';
import { bareWordsOf, sharedWords } from './words';

/** How many of a claim's words and of a sentence's the two must share to be taken as one reordered (see below). */
const SAME_WORDS = 0.85;
/** Fewer words than this say too little to be told by their bag alone. */
const MIN_BAG_WORDS = 6;

/**
 * The sentences (a block's text between '. ', '! ' or '? ') around the hits of a claim's seeds that share nearly all
 * their words with the claim, counted with repeats: the claim said in another order; or that hold its words in order,
 * with others between (see condensedFrom): the claim said shorter. A sentence cut short by an abbreviation's full stop
 * shares too few words, and is passed over.
 */
export function* sentenceOfWords(text: string, pattern: string): Generator<Match> {
  const claimWords = bareWordsOf(pattern);
  if (claimWords.length < MIN_BAG_WORDS) return;
  const tried = new Set<number>();
  let seedsTried = 0;
  for (const seed of seedsOf(text, pattern)) {
    for (const hit of seed.hits) {
      const [start, end] = sentenceAround(text, hit);
      if (tried.has(start)) continue;
      tried.add(start);
      const words = bareWordsOf(text.slice(start, end));
      const similarity =
        sameWords(claimWords, words) || condensedFrom(claimWords, words) || reworded(claimWords, words);
      if (similarity) yield { start, end, similarity };
    }
    if (++seedsTried === SEEDS) return;
  }
}

/** How many of a sentence's words a claim made of them, in order, must keep to be taken for it (see condensedFrom). */
const KEPT_WORDS = 0.5;

/**
 * Whether a claim is a sentence said shorter: its words are the sentence's, in their order, but for one (a number it
 * gets wrong), and they are KEPT_WORDS of the sentence's or more. A service that sums a sentence up as a claim drops
 * its asides and qualifiers ("The company, founded in 1998 by two students, reported…" as "The company reported…"), and
 * the edit distance between the two is too large for the approximate search. The share of the sentence's words kept,
 * or 0 if not.
 */
function condensedFrom(claimWords: string[], words: string[]): number {
  if (claimWords.length < KEPT_WORDS * words.length || claimWords.length >= words.length) return 0;
  return keptInOrder(claimWords, words) >= claimWords.length - 1 ? claimWords.length / words.length : 0;
}

/** How many of a claim's words a sentence's words hold in the claim's order (each taken at its first place after the last). */
function keptInOrder(claimWords: string[], words: string[]): number {
  let at = 0;
  let kept = 0;
  for (const word of claimWords) {
    const found = words.indexOf(word, at);
    if (found >= 0) {
      kept++;
      at = found + 1;
    }
  }
  return kept;
}

/** How many of a claim's words, and of its sentence's, a claim with some of them changed keeps in their order. */
const KEPT_IN_ORDER = 0.75;

/**
 * Whether a claim is a sentence with a few words changed (numbers, names, the facts a check finds wrong): three
 * quarters of its words are the sentence's, in their order, and they are three quarters of the sentence's. The edit
 * distance of three changed words in a short sentence is too large for the approximate search, and their share too
 * large for sameWords. The share of the longer's words kept, or 0 if not.
 */
function reworded(claimWords: string[], words: string[]): number {
  const kept = keptInOrder(claimWords, words);
  const longer = Math.max(words.length, claimWords.length);
  return kept >= KEPT_IN_ORDER * claimWords.length && kept >= KEPT_IN_ORDER * words.length ? kept / longer : 0;
}

/**
 * Whether a sentence's words are nearly all a claim's (SAME_WORDS of each, counted with repeats), in any order: the
 * share of the longer's words shared, or 0 if not.
 */
function sameWords(claimWords: string[], words: string[]): number {
  const shared = sharedWords(words, claimWords);
  return shared >= SAME_WORDS * claimWords.length && shared >= SAME_WORDS * words.length
    ? shared / Math.max(words.length, claimWords.length)
    : 0;
}

/**
 * Whether a claim is the sentence around the text it was found on, said in another order or shorter: the sentence is
 * made of nearly the claim's words (see sameWords), or holds them in order (see condensedFrom), and holds more of them
 * than that text, unless the text is found holding the claim in part (see holdsInPart) already.
 */
export function sentenceHoldsClaim(pattern: string, found: string, sentence: string, partial: boolean): boolean {
  const claimWords = bareWordsOf(pattern);
  const words = bareWordsOf(sentence);
  if (!sameWords(claimWords, words) && !condensedFrom(claimWords, words)) return false;
  return partial || sharedWords(bareWordsOf(found), claimWords) < sharedWords(words, claimWords);
}
