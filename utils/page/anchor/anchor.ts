/**
 * Finds where a claim stands in a text model.
 *
 * 1. Exact: the normalised claim, with indexOf.
 *    A claim quoted with words left out (an ellipsis) is then located piece by piece instead (see elidedFind).
 * 2. Seed and verify: the claim's longest words (in a script without spaces, its 4-character pieces) are found with
 *    indexOf, one at a time, and approximate matching (approx-string-match, Myers' bit-parallel algorithm, as
 *    Hypothesis uses) runs only in a window around each hit, clipped to the hit's block.
 * 3. Head and tail: a long or truncated claim is matched by its first and last words.
 * 4. Its words in another order: a sentence made of nearly the same words (see sentenceOfWords).
 * Results are widened to word edges, must not cross a block, and must be visible; an approximate match of a
 * one-sentence claim keeps to the sentences made of its words (see ownSentences). A claim found nowhere with enough
 * similarity is reported as not found: never highlighted somewhere wrong.
 */
import search from 'approx-string-match';
import { isDroppedMark, normalizeText, rawSpan } from './normalize';
import { parentElementAcross } from './shadow-roots';
import { pointAt, type TextModel } from './text-model';

export type AnchorMethod = 'exact' | 'fuzzy' | 'head-tail' | 'prefix' | 'elided';

export interface Anchor {
  /** Raw offsets in the model. */
  start: number;
  end: number;
  method: AnchorMethod;
  /** 1 for an exact match; 1 − errors / length otherwise. */
  similarity: number;
  /**
   * Whether the text found holds the claim in part only: quoted with words left out, or cut short ('elided',
   * 'prefix'), or found on a part of what it says (see holdsInPart). Its correction, written over that text, would
   * delete what the claim left out, or repeat what the text leaves out.
   */
  partial: boolean;
}

/** Fewest errors allowed, and the share of the claim's length beyond that. */
const MIN_ERRORS = 2;
const ERROR_RATE = 0.22;
/** Claims longer than this are matched by head and tail when they do not match whole. */
const HEAD_TAIL_FROM = 160;
const HEAD_TAIL_LENGTH = 60;
/** A word that occurs more often than this makes a poor seed. */
const MAX_SEED_HITS = 40;
const SEEDS = 3;
const SEED_CANDIDATES = 8;

export interface LocateOptions {
  /** Checks that a raw span is visible; the default accepts everything (tests without layout). */
  isVisible?: (start: number, end: number) => boolean;
  /**
   * Where the claim before this one ends (a raw offset), when claims come in the order of the text, as
   * the service usually gives them. A sentence the page holds twice is then taken where this claim
   * stands, after the one before it, and the search reads only the text between the two. Occurrences
   * before it are tried last.
   */
  after?: number;
}

export function locate(model: TextModel, claim: string, options: LocateOptions = {}): Anchor | null {
  const isVisible = options.isVisible ?? (() => true);
  const page = model.normalized.text;
  // Normalised text has no whitespace at its ends; a block break inside a claim is only a space.
  let pattern = normalizeText(claim);
  if (pattern.includes('\n')) pattern = pattern.replace(/\n/g, ' ');
  const ellipsis = pattern.endsWith('...') ? 3 : pattern.endsWith('..') ? 2 : 0;
  const truncated = ellipsis > 0;
  if (truncated) pattern = pattern.slice(0, -ellipsis).trimEnd();
  if (pattern.length < 3) return null;

  // Whether the claim is one sentence (see ownSentences), asked once, for its first approximate match.
  let oneSentence: boolean | undefined;
  const toAnchor = (start: number, end: number, method: AnchorMethod, similarity: number): Anchor | null => {
    if (method !== 'exact' && (oneSentence ??= !sentenceStarts(claim, (at) => isUpper(claim[at])).length))
      [start, end] = ownSentences(model, pattern, start, end);
    const approximate = method !== 'exact' && method !== 'prefix';
    const [sentenceStart, sentenceEnd] = approximate ? sentenceAround(page, start) : [start, end];
    // A claim cut short ("…") holds its text in part, unless the page cuts it short there too. A claim of one sentence
    // found on a whole one (with words changed, see reworded) holds it whole.
    const onWholeSentence = oneSentence && start === sentenceStart && end >= sentenceEnd - 1 && end <= sentenceEnd;
    let partial =
      method === 'prefix'
        ? !page.startsWith('...', end)
        : approximate && !onWholeSentence && holdsInPart(pattern, page.slice(start, end));
    // Found on one of its clauses, a claim with its clauses in another order (or said shorter) is its whole sentence
    // when that sentence is made of nearly its words (or holds them in order, see sentenceHoldsClaim): whether the
    // clause holds too few of them to be taken for the claim (`partial`), or only fewer than the sentence ("The user… ,
    // for instance." found on "For instance, the user…" but its first two words). Left on the clause, a correction of
    // the whole claim written there would repeat the words left out.
    if (approximate) {
      const withinSentence = sentenceStart <= start && end <= sentenceEnd && end - start < sentenceEnd - sentenceStart;
      if (
        (partial || withinSentence) &&
        sentenceHoldsClaim(pattern, page.slice(start, end), page.slice(sentenceStart, sentenceEnd), partial)
      ) {
        [start, end] = [sentenceStart, sentenceEnd];
        partial = false;
      }
    }
    // Found on text with words the claim leaves out (an aside in brackets, words dropped with no ellipsis to say so),
    // it holds that text in part too: its correction, written there, would delete them.
    if (!partial && method !== 'exact') partial = leavesOut(pattern, page.slice(start, end));
    const [rawStart, lastLetterEnd] = rawSpan(model.normalized, start, end);
    const rawEnd = pastMarks(model, lastLetterEnd);
    return isVisible(rawStart, rawEnd) ? { start: rawStart, end: rawEnd, method, similarity, partial } : null;
  };

  const after = options.after ? model.normalized.indexAt(options.after) : 0;

  // 1. Exact, the first visible occurrence (from `after`).
  for (let at = -1; (at = nextOccurrence(page, pattern, after, at)) >= 0;) {
    const [start, end] = wordBounded(page, at, at + pattern.length);
    const found = toAnchor(start, end, truncated ? 'prefix' : 'exact', 1);
    if (found) return found;
  }

  // A claim quoted with words left out ("The Pacific Ocean … covers"): its pieces, in order, in one block. Searched as
  // a whole, it was found from a wrong start: the approximate search took other words for the ones left out.
  if (ELISION.test(pattern)) return elidedFind(model, pattern, options, truncated);

  // 2a. A word changed or dropped in the middle: the first and last thirds still match exactly, at about
  //     the claim's length apart, in one block. Three indexOf calls instead of an approximate search.
  for (const match of thirdsFind(page, pattern, after)) {
    const found = toAnchor(match.start, match.end, truncated ? 'prefix' : 'fuzzy', match.similarity);
    if (found) return found;
  }

  // 2b. Seed and verify.
  const fuzzy = fuzzyFind(page, pattern, after);
  for (const match of fuzzy) {
    const found = toAnchor(match.start, match.end, truncated ? 'prefix' : 'fuzzy', match.similarity);
    if (found) return found;
  }

  // 3. Head and tail, for long claims.
  if (pattern.length >= HEAD_TAIL_FROM) {
    const head = pattern.slice(0, HEAD_TAIL_LENGTH);
    const tail = pattern.slice(-HEAD_TAIL_LENGTH);
    for (const headMatch of [...exactAll(page, head, after), ...fuzzyFind(page, head, after)]) {
      const limit = headMatch.start + Math.ceil(pattern.length * 1.35);
      const region = page.slice(headMatch.start, limit);
      const blockEnd = region.indexOf('\n');
      const searchable = blockEnd >= 0 ? region.slice(0, blockEnd) : region;
      const tailMatches = [...exactAll(searchable, tail, 0), ...fuzzyFind(searchable, tail, 0)];
      const tailMatch = tailMatches.find((match) => match.end >= head.length);
      if (!tailMatch) continue;
      const end = headMatch.start + tailMatch.end;
      const length = end - headMatch.start;
      if (length < pattern.length * 0.65) continue;
      const found = toAnchor(headMatch.start, end, 'head-tail', Math.min(headMatch.similarity, tailMatch.similarity));
      if (found) return found;
    }
  }

  // 4. Its words in another order ("In 2019, the firm earned…" as "The firm earned … in 2019"): a sentence around one
  //    of its rarest words made of nearly the same words.
  if (!truncated)
    for (const match of sentenceOfWords(page, pattern)) {
      const found = toAnchor(match.start, match.end, 'fuzzy', match.similarity);
      if (found) return found;
    }
  return null;
}

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
function* sentenceOfWords(text: string, pattern: string): Generator<Match> {
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
function sentenceHoldsClaim(pattern: string, found: string, sentence: string, partial: boolean): boolean {
  const claimWords = bareWordsOf(pattern);
  const words = bareWordsOf(sentence);
  if (!sameWords(claimWords, words) && !condensedFrom(claimWords, words)) return false;
  return partial || sharedWords(bareWordsOf(found), claimWords) < sharedWords(words, claimWords);
}

/** How many of `words` are among `others`, counted with repeats (each of the others counts once). */
function sharedWords(words: string[], others: string[]): number {
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

/**
 * The sentence of normalised text around `at`: from the block's start or the sentence before's end, to its own full
 * stop. A stop ends a sentence when a space or the block's end follows it, after what closes there (a quote, a
 * bracket, footnotes' marks: ".[31] Following Cook, …").
 */
function sentenceAround(text: string, at: number): [number, number] {
  let start = at;
  while (start > 0 && text[start - 1] !== '\n' && !(text[start - 1] === ' ' && sentenceEndsBefore(text, start - 1)))
    start--;
  let end = at;
  while (end < text.length && text[end] !== '\n' && !('.!?'.includes(text[end]!) && endsSentence(text, end))) end++;
  return [start, end < text.length && text[end] !== '\n' ? end + 1 : end];
}

/** Closing quotes and brackets, which may stand between a sentence's full stop and the space after it. */
const CLOSERS = '\'")]’”»';

/** Whether the full stop (or ! or ?) at `stop` ends its sentence: what closes after it, then a space or the block's end. */
function endsSentence(text: string, stop: number): boolean {
  let at = stop + 1;
  for (;;) {
    const close = text[at] === '[' ? text.indexOf(']', at) : -1;
    if (close >= 0 && close - at <= 21) at = close + 1;
    else if (at < text.length && CLOSERS.includes(text[at]!)) at++;
    else break;
  }
  return at >= text.length || text[at] === ' ' || text[at] === '\n';
}

/** Whether a sentence ends just before the space at `space`: a full stop (or ! or ?), and what closes after it. */
function sentenceEndsBefore(text: string, space: number): boolean {
  let at = space - 1;
  for (let steps = 0; at >= 0 && steps < 64; steps++) {
    const open = text[at] === ']' ? text.lastIndexOf('[', at) : -1;
    if (open >= 0 && at - open <= 21) at = open - 1;
    else if (CLOSERS.includes(text[at]!)) at--;
    else break;
  }
  return at >= 0 && '.!?'.includes(text[at]!);
}

/**
 * A raw end moved past the marks that follow it (see isDroppedMark): normalising drops them, so a match ends at the
 * letter they belong to. Cut there, a highlight would leave the last letter's accent out, and a correction applied to
 * the claim would leave it in the draft, on the correction's last letter.
 */
function pastMarks(model: TextModel, end: number): number {
  const point = pointAt(model, end, 'end');
  if (!point) return end;
  const { data } = point.node;
  for (let at = point.offset; at < data.length && isDroppedMark(data.charCodeAt(at)); at++) end++;
  return end;
}

/**
 * A sentence's end: a full stop, ! or ? and what closes after it, footnotes' marks ("[306]", "[citation needed]")
 * included (captured), spaces, what opens the next sentence (captured), and its first character.
 */
const SENTENCE_END = /([.!?]['")\]’”»]*(?:\[[^[\]]{1,20}\])*)\s+(["'“‘«(]?)\S/g;
/** Words that end with a full stop within a sentence ("Mr. Obama"); so does a letter alone (an initial), or with a dot. */
const ABBREVIATIONS = new Set(
  'mr ms mrs dr st jr sr vs co lt mt ft no pp prof gen gov sen rep inc ltd corp dept est fig vol jan feb mar apr jun jul aug sep sept oct nov dec capt col sgt maj adm cmdr rev hon approx ca cf al ave blvd'.split(
    ' ',
  ),
);

function isUpper(char: string | undefined): boolean {
  return char !== undefined && char !== char.toLowerCase();
}

/**
 * Where sentences start in `text` after its first one (`next`), and where the one before ends (`stop`): after a full
 * stop, ! or ?, and space, at a capital letter (`isUpperAt` reads it, in raw text), unless the stop ends an
 * abbreviation.
 */
function sentenceStarts(text: string, isUpperAt: (index: number) => boolean): { stop: number; next: number }[] {
  const starts: { stop: number; next: number }[] = [];
  for (const match of text.matchAll(SENTENCE_END)) {
    const capital = match.index + match[0].length - 1;
    if (!isUpperAt(capital)) continue;
    let word = match.index;
    while (word > 0 && (isWordCode(text.charCodeAt(word - 1)) || text[word - 1] === '.')) word--;
    const token = text.slice(word, match.index).toLowerCase();
    // (No word before it: the stop stands after a bracket or a quote, "(sur 9).", which ends a sentence.)
    if ((token.length === 1 && !/\d/.test(token)) || token.includes('.') || ABBREVIATIONS.has(token)) continue;
    starts.push({ stop: match.index + match[1]!.length, next: capital - match[2]!.length });
  }
  return starts;
}

/** The words of normalised text without the punctuation around them; a word of punctuation alone is none. */
function bareWordsOf(text: string): string[] {
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

/**
 * An approximate match of a claim of one sentence, cut to the sentences whose words are mostly the claim's. A service
 * that makes a claim stand alone puts a name where the page has a pronoun ("Marie Curie won…" for "…in 1891. She
 * won…"), and the edit distance takes the end of the sentence before in the name's place, or the whole sentence before
 * when it starts with that name: a highlight over another claim's words. A claim that joins two sentences keeps both,
 * being made of their words.
 */
function ownSentences(model: TextModel, pattern: string, start: number, end: number): [number, number] {
  const text = model.normalized.text;
  const upperAt = (index: number) => {
    const point = pointAt(model, model.normalized.rawAt(index), 'start');
    return !!point && isUpper(point.node.data[point.offset]);
  };
  const starts = sentenceStarts(text.slice(start, end), (at) => upperAt(start + at));
  if (!starts.length) return [start, end];
  const claimWords = bareWordsOf(pattern);
  // Whether most words of a sentence (or of its part in the match) are among as many of the claim's first (or last)
  // words, and two more: the words of a sentence the claim took in, not of one it shares a word with ("LLC").
  const mostlyClaims = (from: number, to: number, atStart: boolean) => {
    const words = bareWordsOf(text.slice(from, to));
    const near = atStart ? claimWords.slice(0, words.length + 2) : claimWords.slice(-(words.length + 2));
    return words.filter((word) => near.includes(word)).length * 2 >= words.length;
  };
  let first = start;
  let last = end;
  for (const { next } of starts) {
    if (mostlyClaims(first, start + next, true)) break;
    first = start + next;
  }
  // A claim that ends its sentence, matched up to within another sentence, ran on into that sentence's first words
  // ("…earnings. And its pricing"): the page's sentence goes on where the claim's ends. That sentence is left out.
  let runsOn = SENTENCE_STOP.test(pattern) && !SENTENCE_STOP.test(text.slice(start, end));
  for (const { stop, next } of starts.reverse()) {
    if (start + next <= first || (!runsOn && mostlyClaims(start + next, last, false))) break;
    runsOn = false;
    last = start + stop;
  }
  return [first, last];
}

/**
 * Whether normalised text found for a claim holds under 80% of its words (numbers aside: a wrong claim gets them
 * wrong), in under 85% of its length: the claim says more than the text it was found on. A claim with its clauses
 * swapped is found so on one clause ("…of earnings." for "Demanding … earnings, it monitors and controls its
 * drivers."). On the corpus pages' varied claims (see anchoring-precision.spec.ts), that flagged 25 of the 27 found on
 * one clause of their sentence, and none of the 3,082 others; most of those 25 are now found on their whole sentence
 * (see toAnchor in locate).
 */
function holdsInPart(pattern: string, found: string): boolean {
  if (found.length >= pattern.length * 0.85) return false;
  const isWord = (word: string) => !/\d/.test(word);
  const words = bareWordsOf(pattern).filter(isWord);
  return sharedWords(words, bareWordsOf(found).filter(isWord)) < words.length * 0.8;
}

/**
 * Whether normalised text found for a claim has LEFT_OUT words or more than the claim: words the claim leaves out, not
 * words it changed (a number, a name for a pronoun), which keep their count.
 */
function leavesOut(pattern: string, found: string): boolean {
  return wordCount(found) - wordCount(pattern) >= LEFT_OUT;
}

/** How many words normalised text holds (as bareWordsOf gives them), counted without making them: this runs for each claim. */
function wordCount(text: string): number {
  let count = 0;
  let inWord = false;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 32) inWord = false;
    else if (!inWord && isWordCode(code)) {
      inWord = true;
      count++;
    }
  }
  return count;
}
const LEFT_OUT = 2;

/** Words left out of a quotation: an ellipsis (normalised to three dots), bare or in brackets. */
const ELISION = /\s*(?:\[\.\.\.\]|\(\.\.\.\)|\.\.\.)\s*/;
const ELISIONS = new RegExp(ELISION.source, 'g');
/** A piece of an elided claim shorter than this tells too little of where it stands: the claim is not located. */
const MIN_PIECE = 8;
/** How far apart (in normalised characters) two pieces of an elided claim may stand: what a quotation leaves out. */
const MAX_ELIDED = 600;

/**
 * An elided claim (see ELISION): each piece located as a claim of its own, each after the one before it, in one
 * block, at most MAX_ELIDED characters apart; from the first piece's start to the last one's end. Null if a piece is
 * too short to be telling or is not found there: a claim is never highlighted on a guess.
 */
function elidedFind(model: TextModel, pattern: string, options: LocateOptions, truncated: boolean): Anchor | null {
  // Pieces with no word are left out: the closing quote after a quotation cut short ('"we will …"').
  const pieces = pattern.split(ELISIONS).filter(hasWord);
  if (!pieces.length || pieces.some((piece) => piece.length < MIN_PIECE)) return null;
  const page = model.normalized.text;
  let first: Anchor | null = null;
  let second: Anchor | null = null;
  let last: Anchor | null = null;
  let similarity = 1;
  // Whether words were left out between the pieces: the page may have an ellipsis of its own there.
  let partial = truncated;
  for (const piece of pieces) {
    const found = locate(model, piece, last ? { ...options, after: last.end } : options);
    if (!found) return null;
    if (last) {
      const from = model.normalized.indexAt(last.end);
      const to = model.normalized.indexAt(found.start);
      if (to < from || to - from > MAX_ELIDED || page.slice(from, to).includes('\n')) return null;
      partial ||= hasWord(page.slice(from, to));
      second ??= found;
    }
    partial ||= found.partial;
    first ??= found;
    last = found;
    similarity = Math.min(similarity, found.similarity);
  }
  // The first piece said again closer before the second ("If you look at the number…" twice in a paragraph): the
  // claim starts at the nearer one, not a sentence earlier.
  if (second) {
    const nearer = page.lastIndexOf(pieces[0]!, model.normalized.indexAt(second.start) - pieces[0]!.length);
    if (nearer > model.normalized.indexAt(first!.start)) {
      const moved = locate(model, pieces[0]!, { ...options, after: model.normalized.rawAt(nearer) });
      if (moved && moved.start > first!.start && moved.end <= second.start) first = moved;
    }
  }
  const method = truncated ? 'prefix' : pieces.length > 1 ? 'elided' : first!.method;
  return { start: first!.start, end: last!.end, method, similarity, partial };
}

function hasWord(text: string): boolean {
  for (let at = 0; at < text.length; at++) if (isWordCode(text.charCodeAt(at))) return true;
  return false;
}

interface Match {
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
function* thirdsFind(text: string, pattern: string, after: number): Generator<Match> {
  if (pattern.length < THIRDS_FROM) return;
  const firstCut = pattern.indexOf(' ', Math.floor(pattern.length / 3));
  const lastCut = pattern.lastIndexOf(' ', Math.ceil((pattern.length * 2) / 3));
  if (firstCut < 0 || lastCut <= firstCut) return;
  const [first, middle, last] = [
    pattern.slice(0, firstCut),
    pattern.slice(firstCut + 1, lastCut),
    pattern.slice(lastCut + 1),
  ];
  // Pieces this short match too much of any page to be telling (the third left out may be short).
  const telling = (part: string) => part.length >= MIN_THIRD;
  const reach = Math.ceil(pattern.length * 1.25);
  const blockStartOf = (at: number) => text.lastIndexOf('\n', at) + 1;
  const blockEndOf = (at: number) => {
    const next = text.indexOf('\n', at);
    return next < 0 ? text.length : next;
  };
  /**
   * The match from `start` to `end`, if it is about the claim's length, and if the page's text in place of the third
   * that changed (`changed`, from `changedFrom` to `changedTo`) holds more than half of that third's words: a word or
   * two changed, not another text of about the same length ("…identity – tables\". Statistics New Zealand." for
   * "…identity – Ethnic groups in New Zealand.", two references apart in a list).
   */
  const matchOf = (
    start: number,
    end: number,
    changed: string,
    changedFrom: number,
    changedTo: number,
  ): Match | null => {
    const length = end - start;
    if (length < pattern.length * 0.75 || length > pattern.length * 1.3) return null;
    const words = bareWordsOf(changed);
    if (sharedWords(words, bareWordsOf(text.slice(changedFrom, changedTo))) * 2 <= words.length) return null;
    const [from, to] = wordBounded(text, start, end);
    return { start: from, end: to, similarity: 1 - Math.abs(length - pattern.length) / pattern.length };
  };

  let found = false;
  if (telling(last)) {
    let seen = 0;
    for (let at = -1; (at = nextOccurrence(text, last, after, at)) >= 0;) {
      if (seen++ === THIRD_HITS) break;
      const end = at + last.length;
      const blockStart = blockStartOf(at);
      const windowStart = Math.max(blockStart, end - reach);
      const before = text.slice(windowStart, at);
      // The middle third changed: the first one stands before the last, about a middle's length away.
      if (telling(first)) {
        const firstAt = before.lastIndexOf(first);
        const firstEnd = windowStart + firstAt + first.length;
        const match = firstAt >= 0 ? matchOf(windowStart + firstAt, end, middle, firstEnd, at) : null;
        if (match) {
          found = true;
          yield match;
          continue;
        }
      }
      // The first third changed: the claim starts at its first word, about a first third's length before the middle.
      if (telling(middle)) {
        const middleAt = before.lastIndexOf(middle);
        if (middleAt < 0) continue;
        const middleStart = windowStart + middleAt;
        const firstWord = firstWordOf(pattern);
        const expected = middleStart - first.length - 1;
        const slack = Math.ceil(first.length * 0.3) + 1;
        const start = nearestWord(text, firstWord, expected, Math.max(blockStart, expected - slack), middleStart);
        const match = start >= 0 ? matchOf(start, end, first, start, middleStart) : null;
        if (match) {
          found = true;
          yield match;
        }
      }
    }
  }
  if (found || !telling(first) || !telling(middle)) return;
  // The last third changed: the claim ends at its last word, about a last third's length after the middle.
  const lastWord = lastWordOf(pattern);
  let seen = 0;
  for (let at = -1; (at = nextOccurrence(text, first, after, at)) >= 0;) {
    if (seen++ === THIRD_HITS) break;
    const blockEnd = blockEndOf(at);
    const middleAt = text.slice(at + first.length, Math.min(blockEnd, at + reach)).indexOf(middle);
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
    const match = lastAt >= 0 ? matchOf(at, end, last, middleEnd, end) : null;
    if (match) yield match;
  }
}

/** Whether a sentence ends inside a text: a full stop (or ! or ?), what closes after it, and a space. */
function endsASentence(text: string): boolean {
  for (let at = text.indexOf(' '); at > 0; at = text.indexOf(' ', at + 1))
    if (sentenceEndsBefore(text, at)) return true;
  return false;
}

/**
 * Where `part` occurs in the text after `previous` (-1: the first place), in this order: from `after` to
 * the end, then from the start up to `after` (a match there may run past it); -1 when there is no more.
 * Read as `for (let at = -1; (at = nextOccurrence(text, part, after, at)) >= 0; )`, which stops at the first
 * occurrence it takes. (Not a generator: this runs for every claim,
 * mostly before V8 has optimised it, and a generator's object and resumptions cost more than the search.)
 */
function nextOccurrence(text: string, part: string, after: number, previous: number): number {
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
function exactAll(text: string, pattern: string, after: number): Match[] {
  const matches: Match[] = [];
  for (let at = -1; (at = nextOccurrence(text, pattern, after, at)) >= 0;) {
    if (matches.length === MAX_SEED_HITS) break;
    const [start, end] = wordBounded(text, at, at + pattern.length);
    matches.push({ start, end, similarity: 1 });
  }
  return matches;
}

/**
 * Approximate matches of `pattern` in windows around its seed words, best first. The search stops at the
 * first seed whose windows hold a match: usually the first seed, and one or two windows.
 */
function fuzzyFind(text: string, pattern: string, after: number): Match[] {
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
function* seedsOf(text: string, pattern: string): Generator<{ word: string; offset: number; hits: number[] }> {
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

/** Which non-ASCII character codes are letters or digits: 0 not known yet, 1 yes, 2 no. */
let nonAsciiWordCodes: Uint8Array | undefined;

/**
 * Whether a character code is part of a word (a letter or a digit). By code, not by a regular
 * expression per character: these scans run for every match, and Unicode regular expressions per
 * character were a fifth of the time spent locating.
 */
function isWordCode(code: number): boolean {
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
function isUnspacedCode(code: number): boolean {
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
function firstWordOf(pattern: string): string {
  let end = 0;
  while (end < pattern.length && !isWordCode(pattern.charCodeAt(end))) end++;
  if (end === pattern.length) return '';
  while (end < pattern.length && isWordCode(pattern.charCodeAt(end))) end++;
  return pattern.slice(0, end);
}

/** The last word of a claim, with the punctuation after it ('ocean.' of '… the ocean.'); '' if it has none. */
function lastWordOf(pattern: string): string {
  let start = pattern.length;
  while (start > 0 && !isWordCode(pattern.charCodeAt(start - 1))) start--;
  if (start === 0) return '';
  while (start > 0 && isWordCode(pattern.charCodeAt(start - 1))) start--;
  return pattern.slice(start).trimEnd();
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

/** A sentence's end at the end of a text: a full stop, ! or ?, and what closes after it. */
const SENTENCE_STOP = /[.!?]['")\]’”»]*$/;
/** A full stop, ! or ? and what closes after it, at the start of a text (a footnote's mark there too). */
const STOP_AHEAD = /^[.!?]['")\]’”»]*(?=[\s[]|$)/;
/** A full stop, ! or ? and what closes after it, then a space: sentences' ends inside a text. */
const STOPS_THEN_SPACE = /[.!?]['")\]’”»]* /g;

/** Widens [start, end) to whole words, never across a block separator, and trims spaces at the edges. */
function wordBounded(text: string, start: number, end: number): [number, number] {
  while (start > 0 && joinsWord(text.charCodeAt(start - 1), text.charCodeAt(start))) start--;
  while (end < text.length && joinsWord(text.charCodeAt(end - 1), text.charCodeAt(end))) end++;
  while (start < end && (text[start] === ' ' || text[start] === '\n')) start++;
  while (end > start && (text[end - 1] === ' ' || text[end - 1] === '\n')) end--;
  return [start, end];
}

/**
 * checkVisibility's options, made once: an options object made for each call costs a third of the call.
 */
const RENDERED_AND_VISIBLE: CheckVisibilityOptions = { visibilityProperty: true };

/**
 * `display: contents`, and not hidden by `visibility` (see visibilityChecker). A slot is too, but what it holds
 * is only its fallback, shown when nothing is assigned to it.
 */
function isContents(element: Element): boolean {
  if (element.localName === 'slot' && (element as HTMLSlotElement).assignedNodes().length) return false;
  const style = getComputedStyle(element);
  return style.display === 'contents' && style.visibility === 'visible';
}

/**
 * Whether an element's text is rendered: the element is (checkVisibility, with `visibility` too), or it is
 * `display: contents` (a slot, a framework's wrapper), which has no box of its own, so the browser calls it not
 * visible: its text then shows if its parent's does, unless it is `visibility: hidden`.
 */
export function isRendered(element: Element | null): boolean {
  return (
    !!element &&
    (typeof element.checkVisibility !== 'function' ||
      element.checkVisibility(RENDERED_AND_VISIBLE) ||
      (isContents(element) && isRendered(parentElementAcross(element))))
  );
}

/**
 * Whether the text at a raw span is rendered: its first and last nodes' elements are visible. Not cached per
 * element: a span's elements are rarely checked again in one check (each claim is elsewhere), and a Map keyed
 * by elements gives each one an identity hash.
 */
export function visibilityChecker(model: TextModel): (start: number, end: number) => boolean {
  return (start, end) => {
    // The nodes at the span's edges, found without a Range: the document keeps every Range it has given
    // out up to date on each change until it is released or collected, and most spans checked are never drawn.
    const first = pointAt(model, start, 'start');
    const last = pointAt(model, end, 'end');
    if (!first || !last) return false;
    const firstElement = parentElementAcross(first.node);
    const lastElement = parentElementAcross(last.node);
    return isRendered(firstElement) && (lastElement === firstElement || isRendered(lastElement));
  };
}
