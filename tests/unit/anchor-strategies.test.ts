// @vitest-environment happy-dom
/** Each anchoring strategy and helper on its own: words, sentences, exact, seeded fuzzy, head and tail, reordered, visibility. */
import { describe, expect, it } from 'vitest';
import { exactAll, indexFrom, nextOccurrence, thirdsFind } from '@/utils/page/anchor/exact';
import { fuzzyFind, seedsOf } from '@/utils/page/anchor/fuzzy';
import { HEAD_TAIL_FROM, headTailFind } from '@/utils/page/anchor/head-tail';
import { sentenceHoldsClaim, sentenceOfWords } from '@/utils/page/anchor/reordered';
import { endsASentence, holdsInPart, leavesOut, sentenceAround, sentenceStarts } from '@/utils/page/anchor/sentences';
import { buildTextModel } from '@/utils/page/anchor/text-model';
import { isRendered, visibilityChecker } from '@/utils/page/anchor/visibility';
import {
  bareWordsOf,
  firstWordOf,
  hasWord,
  isUnspacedCode,
  lastWordOf,
  sharedWords,
  wordBounded,
} from '@/utils/page/anchor/words';

/** All the occurrences `nextOccurrence` gives, in its order. */
function occurrences(text: string, part: string, after: number): number[] {
  const found: number[] = [];
  for (let at = -1; (at = nextOccurrence(text, part, after, at)) >= 0;) found.push(at);
  return found;
}

const slice = (text: string, match: { start: number; end: number } | undefined) =>
  match ? text.slice(match.start, match.end) : undefined;

describe('words', () => {
  it('reads bare words without the punctuation around them', () => {
    expect(bareWordsOf('"the summit," said norgay. - 1953')).toEqual(['the', 'summit', 'said', 'norgay', '1953']);
  });

  it('counts shared words with repeats, each of the others once', () => {
    expect(sharedWords(['a', 'a', 'b', 'c'], ['a', 'b', 'b'])).toBe(2);
    expect(sharedWords(['a', 'a'], ['a', 'a'])).toBe(2);
  });

  it('tells a word from punctuation alone, in any script', () => {
    expect(hasWord('... — !')).toBe(false);
    expect(hasWord('東京')).toBe(true);
    expect(hasWord('ça')).toBe(true);
  });

  it('tells a script written without spaces', () => {
    expect(isUnspacedCode('東'.charCodeAt(0))).toBe(true);
    expect(isUnspacedCode('a'.charCodeAt(0))).toBe(false);
  });

  it('keeps what stands before the first word and after the last', () => {
    expect(firstWordOf('"the ocean covers')).toBe('"the');
    expect(lastWordOf('the pacific ocean.')).toBe('ocean.');
    expect(firstWordOf('...')).toBe('');
  });

  it('widens a span to whole words, never across a block, and trims its spaces', () => {
    const text = 'the pacific ocean\nis deep';
    expect(wordBounded(text, 6, 13)).toEqual([4, 17]);
    expect(text.slice(...wordBounded(text, 12, 20))).toBe('ocean\nis');
    expect(wordBounded('a  big  one', 2, 8)).toEqual([3, 6]);
  });
});

describe('sentences', () => {
  const text = 'it rained. the ocean is deep [12]. "we left!" she said.\nnext block.';

  it('finds the sentence around a place, through closing quotes and footnote marks', () => {
    expect(text.slice(...sentenceAround(text, 15))).toBe('the ocean is deep [12].');
    expect(text.slice(...sentenceAround(text, text.indexOf('we left')))).toBe('"we left!');
    expect(text.slice(...sentenceAround(text, text.indexOf('she said')))).toBe('she said.');
    expect(text.slice(...sentenceAround(text, 60))).toBe('next block.');
  });

  it('starts sentences at a capital after a stop, not after an abbreviation or an initial', () => {
    const raw = 'Mr. Hillary met J. Norgay. They climbed. it was cold.';
    const starts = sentenceStarts(raw, (at) => /\p{Lu}/u.test(raw[at] ?? ''));
    expect(starts.map(({ next }) => raw.slice(next, next + 4))).toEqual(['They']);
  });

  it('tells whether a sentence ends inside a text', () => {
    expect(endsASentence('no posts in 2015. in')).toBe(true);
    expect(endsASentence('about 3.5 million people')).toBe(false);
  });

  it('flags text found for a claim that holds too few of its words, and text with words left out', () => {
    expect(holdsInPart('demanding a share of earnings, it monitors its drivers.', 'of earnings.')).toBe(true);
    expect(holdsInPart('the ocean is deep.', 'the ocean is very deep.')).toBe(false);
    expect(leavesOut('the ocean is deep', 'the ocean (the pacific) is deep')).toBe(true);
    expect(leavesOut('the ocean is deep', 'the sea is deep')).toBe(false);
  });
});

describe('exact', () => {
  it('finds what indexOf finds, in the same order, by the part’s rarest character', () => {
    const text = 'the the then there theory: the quick zebra jumped over the quick zebra.';
    const part = 'the quick zebra jumped over';
    for (let from = 0; from < text.length; from++) expect(indexFrom(text, part, from)).toBe(text.indexOf(part, from));
    expect(indexFrom(text, 'nothing here at all, at all', 0)).toBe(-1);
  });

  it('gives occurrences from `after` to the end, then from the start', () => {
    const text = 'abc x abc x abc';
    expect(occurrences(text, 'abc', 7)).toEqual([12, 0, 6]);
    expect(occurrences(text, 'abc', 0)).toEqual([0, 6, 12]);
  });

  it('lists exact matches widened to words', () => {
    expect(exactAll('a deep ocean, a deep sea', 'deep', 0).map((match) => match.start)).toEqual([2, 16]);
  });

  it('finds a claim with a word changed in its middle by its first and last thirds', () => {
    const text = 'intro. the pacific ocean covers about one third of the surface of the earth today. outro.';
    const claim = 'the pacific ocean covers about one fifth of the surface of the earth today.';
    const [match] = thirdsFind(text, claim, 0);
    expect(slice(text, match)).toBe('the pacific ocean covers about one third of the surface of the earth today.');
    // Its similarity is by length: a word changed for one as long leaves it whole.
    expect(match!.similarity).toBe(1);
  });

  it('leaves short claims and claims split by a block to the other strategies', () => {
    expect([...thirdsFind('the ocean is deep', 'the ocean is deep', 0)]).toEqual([]);
    const text = 'the pacific ocean covers about\none third of the surface of the earth today.';
    expect([
      ...thirdsFind(text, 'the pacific ocean covers about one fifth of the surface of the earth today.', 0),
    ]).toEqual([]);
  });
});

describe('seeded fuzzy', () => {
  it('takes the claim’s longest words found in the page as seeds, never one absent from it', () => {
    const seeds = [...seedsOf('the pacific ocean is the largest ocean', 'the pacific oceans is the largest')];
    expect(seeds.map((seed) => seed.word)).toEqual(['pacific', 'largest']);
  });

  it('finds a claim with a typo, on its whole words and up to its full stop', () => {
    const text = 'before. the pacific ocean is the largest and deepest ocean. after.';
    const [match] = fuzzyFind(text, 'the pacifc ocean is the largest and deepest ocean.', 0);
    expect(slice(text, match)).toBe('the pacific ocean is the largest and deepest ocean.');
  });

  it('stretches a match cut short to the claim’s last word', () => {
    const text = 'mount everest is the highest mountain on earth.';
    const [match] = fuzzyFind(text, 'mount everest is the mountain on earth.', 0);
    expect(slice(text, match)).toBe(text);
  });

  it('finds nothing too different to be the claim', () => {
    expect(fuzzyFind('the pacific ocean is deep.', 'the atlantic sea was shallow once.', 0)).toEqual([]);
  });
});

describe('head and tail', () => {
  const middle = 'and it is said by many people who have studied the matter for a long time, in many places and ways';
  const claim = `the pacific ocean is the largest and deepest of the oceans of the earth, ${middle}, that it covers a third of the surface.`;

  it('is for long claims only', () => {
    expect(claim.length).toBeGreaterThanOrEqual(HEAD_TAIL_FROM);
    expect([...headTailFind('the pacific ocean is deep.', 'the pacific ocean is deep.', 0)]).toEqual([]);
  });

  it('finds a long claim whose middle the page says otherwise, by its head and tail in one block', () => {
    const changed = `the pacific ocean is the largest and deepest of the oceans of the earth, as people who study it in many places say, that it covers a third of the surface.`;
    const text = `before. ${changed} after.`;
    const [match] = headTailFind(text, claim, 0);
    expect(slice(text, match)).toBe(changed);
  });

  it('does not join a head and a tail in different blocks', () => {
    const text = `the pacific ocean is the largest and deepest of the oceans of the earth, as people say\nthat it covers a third of the surface.`;
    expect([...headTailFind(text, claim, 0)]).toEqual([]);
  });
});

describe('reordered', () => {
  it('finds a sentence made of nearly the claim’s words in another order', () => {
    const text = 'before it. the firm earned 3 million dollars in 2019 from its stores. after it.';
    const [match] = sentenceOfWords(text, 'in 2019, the firm earned 3 million dollars from its stores.');
    expect(slice(text, match)).toBe('the firm earned 3 million dollars in 2019 from its stores.');
  });

  it('finds no sentence for a claim of too few words', () => {
    expect([...sentenceOfWords('the firm earned money.', 'money the firm earned.')]).toEqual([]);
  });

  it('takes a clause’s whole sentence for a claim with its clauses swapped', () => {
    const sentence = 'demanding a share of earnings, it monitors and controls its drivers.';
    const claim = 'it monitors and controls its drivers, demanding a share of earnings.';
    expect(sentenceHoldsClaim(claim, 'of earnings.', sentence, true)).toBe(true);
    expect(sentenceHoldsClaim(claim, 'of earnings.', 'the weather was fine, and of earnings.', true)).toBe(false);
  });
});

describe('visibility', () => {
  // display: contents is left to the e2e tests: happy-dom computes no `visibility` for it.
  it('reads an element as rendered unless it or an ancestor is hidden', () => {
    document.body.innerHTML =
      '<p id="shown">a</p><p id="none" style="display:none">b</p><div style="visibility:hidden"><span id="inv">c</span></div>';
    expect(isRendered(document.getElementById('shown'))).toBe(true);
    expect(isRendered(document.getElementById('none'))).toBe(false);
    expect(isRendered(document.getElementById('inv'))).toBe(false);
    expect(isRendered(null)).toBe(false);
  });

  it('checks a span of the text model by the elements at its edges', () => {
    document.body.innerHTML = '<p>seen text</p><p style="display:none">hidden text</p>';
    const model = buildTextModel(document.body);
    const visible = visibilityChecker(model);
    const hidden = model.raw.indexOf('hidden');
    expect(model.raw.slice(0, 4)).toBe('seen');
    expect(visible(0, 4)).toBe(true);
    expect(hidden).toBeGreaterThan(0);
    expect(visible(hidden, hidden + 6)).toBe(false);
  });
});
