import { describe, expect, it } from 'vitest';
import {
  claimSimilarity,
  isSameClaim,
  numberValue,
  QUERY_WORDS,
  searchQuery,
} from '@/utils/background/earlier/same-claim';
import { CLAIM_PAIRS, NEAR_MISSES, SAME_CLAIMS } from './fixtures/earlier-claims';

describe('earlier fact-checks: the same claim', () => {
  it('matches the test set with a precision of at least 0.95 and a recall of at least 0.7', () => {
    expect(SAME_CLAIMS.length).toBeGreaterThanOrEqual(20);
    expect(NEAR_MISSES.length).toBeGreaterThanOrEqual(20);
    let truePositives = 0;
    let falsePositives = 0;
    let falseNegatives = 0;
    const wrong: string[] = [];
    for (const pair of CLAIM_PAIRS) {
      const matched = isSameClaim(pair.ours, pair.theirs, pair.language, pair.claimant);
      if (matched && pair.same) truePositives += 1;
      if (matched && !pair.same) falsePositives += 1;
      if (!matched && pair.same) falseNegatives += 1;
      if (matched !== pair.same)
        wrong.push(
          `${pair.same ? 'missed' : 'wrongly matched'} (${claimSimilarity(pair.ours, pair.theirs, pair.language).toFixed(2)}): ${pair.ours} | ${pair.theirs}`,
        );
    }
    const precision = truePositives / (truePositives + falsePositives);
    const recall = truePositives / (truePositives + falseNegatives);
    console.log(
      `same-claim matching on ${CLAIM_PAIRS.length} pairs (${SAME_CLAIMS.length} same, ${NEAR_MISSES.length} near misses): precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}\n${wrong.join('\n')}`,
    );
    expect(precision).toBeGreaterThanOrEqual(0.95);
    expect(recall).toBeGreaterThanOrEqual(0.7);
  });

  it('requires the numbers to agree, as each language writes them', () => {
    expect(numberValue('8,849', 'en')).toBe('8849');
    expect(numberValue('21.000', 'de')).toBe('21000');
    expect(numberValue('3,8', 'fr')).toBe('3.8');
    expect(numberValue('3.8', 'en')).toBe('3.8');
    expect(isSameClaim('Inflation reached 3,8 % in 2022.', 'Die Inflation erreichte 3,8 % im Jahr 2022.', 'de')).toBe(
      false, // another language's words: not similar enough, whatever the numbers
    );
    expect(isSameClaim('Die Inflation lag 2022 bei 3,8 %.', 'Die Inflation lag 2022 bei 3,9 %.', 'de')).toBe(false);
    expect(isSameClaim('Die Inflation lag 2022 bei 3,8 %.', 'Die Inflation lag bei 3,8 %.', 'de')).toBe(true);
  });

  it('requires the names to agree, the claimant’s aside, and both to state or both to deny', () => {
    expect(isSameClaim('Angela Merkel opened the border in 2015.', 'Merkel opened the border in 2015.', 'en')).toBe(
      true,
    );
    expect(
      isSameClaim('Angela Merkel opened the border in 2015.', 'Olaf Scholz opened the border in 2015.', 'en'),
    ).toBe(false);
    expect(
      isSameClaim(
        'Crime has doubled in the last two years.',
        'Says crime has doubled in the last two years, Trump says.',
        'en',
        'Donald Trump',
      ),
    ).toBe(true);
    expect(isSameClaim('Vaccines cause autism.', 'Vaccines do not cause autism.', 'en')).toBe(false);
  });

  it('searches with the claim’s names, numbers and content words, stop words dropped', () => {
    expect(searchQuery('The Eiffel Tower grows by about 15 cm in summer because of thermal expansion.', 'en')).toBe(
      'Eiffel Tower grows 15 cm summer because thermal expansion',
    );
    const long = searchQuery(
      'In a speech in Berlin on Tuesday, the chancellor said that the government would spend 100 billion euros on the armed forces over the next five years, more than ever before.',
      'en',
    );
    expect(long.split(' ').length).toBeLessThanOrEqual(QUERY_WORDS);
    expect(long).toContain('Berlin');
    expect(long).toContain('100');
    expect(searchQuery('Vaccines do not cause autism.', 'en')).toBe('Vaccines not cause autism');
  });
});
