/** What a correction applied to a draft writes, around the draft's own punctuation and case. */
import { describe, expect, it } from 'vitest';
import { fittedCorrection } from '@/utils/page/draft-corrections';

/** [why, the service's correction, the claim's text in the draft, the draft's character after it, what is written]. */
const CASES: [string, string, string, string, string][] = [
  // The claim was located without the draft's full stop, which follows it: the correction's is left out.
  ['its stop left out', 'Their level of compensation.', 'Their level of earnings', '.', 'Their level of compensation'],
  ['its question mark left out', 'Is it 8,849 metres high?', 'Is it 8,848 metres high', '?', 'Is it 8,849 metres high'],
  // The correction ends on a word, and the claim's text had a full stop: the correction takes it.
  ['the stop added', 'Marie Curie won it in 1903', 'She won it in 1904.', ' ', 'Marie Curie won it in 1903.'],
  ['the question mark added', 'Is it 8,849 metres high', 'Is it 8,848 metres high?', '', 'Is it 8,849 metres high?'],
  ['the stop added after a quotation', 'He said “no”', 'He said “yes”.', ' ', 'He said “no”.'],
  ['not when it has one inside a quotation', 'He said “no.”', 'He said “yes”.', ' ', 'He said “no.”'],
  ['not when it has another', 'He said: no!', 'He said yes.', ' ', 'He said: no!'],
  // Its first word as the draft has it, when it is the same word.
  ['cased as the draft', 'Demanding that they buy it.', 'demanding that they rent it.', ' ', 'demanding that they buy it.'],
  ['another first word kept', 'Marie Curie won it in 1903.', 'she won it in 1904.', ' ', 'Marie Curie won it in 1903.'],
  // Written as given when the claim took in its full stop, or when the draft goes on without one.
  ['both with a stop', 'Their level of compensation.', 'Their level of earnings.', ' ', 'Their level of compensation.'],
  ['a comma follows', 'Their level of compensation.', 'Their level of earnings', ',', 'Their level of compensation.'],
  ['the draft ends', 'Their level of compensation.', 'Their level of earnings', '', 'Their level of compensation.'],
  ['neither has a stop', 'Their level of compensation', 'Their level of earnings', '.', 'Their level of compensation'],
]; // prettier-ignore

describe('fittedCorrection', () => {
  it.each(CASES)('%s', (_why, correction, claimText, nextCharacter, written) => {
    expect(fittedCorrection(correction, claimText, nextCharacter)).toBe(written);
  });
});
