/** Sentences in normalised text: where they start and end, and whether text found for a claim holds it whole. */
import { pointAt, type TextModel } from './text-model';
import { bareWordsOf, isUpper, isWordCode, sharedWords } from './words';

/**
 * The sentence of normalised text around `at`: from the block's start or the sentence before's end, to its own full
 * stop. A stop ends a sentence when a space or the block's end follows it, after what closes there (a quote, a
 * bracket, footnotes' marks: ".[31] Following Cook, …").
 */
export function sentenceAround(text: string, at: number): [number, number] {
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

/**
 * Where sentences start in `text` after its first one (`next`), and where the one before ends (`stop`): after a full
 * stop, ! or ?, and space, at a capital letter (`isUpperAt` reads it, in raw text), unless the stop ends an
 * abbreviation.
 */
export function sentenceStarts(text: string, isUpperAt: (index: number) => boolean): { stop: number; next: number }[] {
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

/**
 * An approximate match of a claim of one sentence, cut to the sentences whose words are mostly the claim's. A service
 * that makes a claim stand alone puts a name where the page has a pronoun ("Marie Curie won…" for "…in 1891. She
 * won…"), and the edit distance takes the end of the sentence before in the name's place, or the whole sentence before
 * when it starts with that name: a highlight over another claim's words. A claim that joins two sentences keeps both,
 * being made of their words.
 */
export function ownSentences(model: TextModel, pattern: string, start: number, end: number): [number, number] {
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
export function holdsInPart(pattern: string, found: string): boolean {
  if (found.length >= pattern.length * 0.85) return false;
  const isWord = (word: string) => !/\d/.test(word);
  const words = bareWordsOf(pattern).filter(isWord);
  return sharedWords(words, bareWordsOf(found).filter(isWord)) < words.length * 0.8;
}

/**
 * Whether normalised text found for a claim has LEFT_OUT words or more than the claim: words the claim leaves out, not
 * words it changed (a number, a name for a pronoun), which keep their count.
 */
export function leavesOut(pattern: string, found: string): boolean {
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

/** Whether a sentence ends inside a text: a full stop (or ! or ?), what closes after it, and a space. */
export function endsASentence(text: string): boolean {
  for (let at = text.indexOf(' '); at > 0; at = text.indexOf(' ', at + 1))
    if (sentenceEndsBefore(text, at)) return true;
  return false;
}

/** A sentence's end at the end of a text: a full stop, ! or ?, and what closes after it. */
export const SENTENCE_STOP = /[.!?]['")\]’”»]*$/;
/** A full stop, ! or ? and what closes after it, at the start of a text (a footnote's mark there too). */
export const STOP_AHEAD = /^[.!?]['")\]’”»]*(?=[\s[]|$)/;
/** A full stop, ! or ? and what closes after it, then a space: sentences' ends inside a text. */
export const STOPS_THEN_SPACE = /[.!?]['")\]’”»]* /g;
