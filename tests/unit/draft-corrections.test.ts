/** What a correction applied to a draft writes, around the draft's own punctuation. */
import { describe, expect, it } from 'vitest';
import { fittedCorrection } from '@/utils/page/draft-corrections';

describe('fittedCorrection', () => {
  it("leaves the correction's full stop out when the claim was located without the draft's, which follows it", () => {
    expect(fittedCorrection('Their level of compensation.', 'Their level of earnings', '.')).toBe(
      'Their level of compensation',
    );
    expect(fittedCorrection('Is it 8,849 metres high?', 'Is it 8,848 metres high', '?')).toBe(
      'Is it 8,849 metres high',
    );
  });

  it("ends with the claim's full stop when it ends on a word and the claim's text had one", () => {
    expect(fittedCorrection('Marie Curie won it in 1903', 'She won it in 1904.', ' ')).toBe(
      'Marie Curie won it in 1903.',
    );
    expect(fittedCorrection('Is it 8,849 metres high', 'Is it 8,848 metres high?', '')).toBe(
      'Is it 8,849 metres high?',
    );
    expect(fittedCorrection('He said “no”', 'He said “yes”.', ' ')).toBe('He said “no”.');
    // Not when it has one already, inside a quotation.
    expect(fittedCorrection('He said “no.”', 'He said “yes”.', ' ')).toBe('He said “no.”');
    expect(fittedCorrection('He said: no!', 'He said yes.', ' ')).toBe('He said: no!');
  });

  it('cases its first word as the draft has it, when it is the same word', () => {
    expect(fittedCorrection('Demanding that they buy it.', 'demanding that they rent it.', ' ')).toBe(
      'demanding that they buy it.',
    );
    expect(fittedCorrection('The tower is 330 metres tall.', 'the tower is 300 metres tall.', ' ')).toBe(
      'the tower is 330 metres tall.',
    );
    // Another word (a name for the draft's pronoun) is written as the service gave it.
    expect(fittedCorrection('Marie Curie won it in 1903.', 'she won it in 1904.', ' ')).toBe(
      'Marie Curie won it in 1903.',
    );
  });

  it('keeps it when the claim took in its full stop, or when the draft goes on without one', () => {
    expect(fittedCorrection('Their level of compensation.', 'Their level of earnings.', ' ')).toBe(
      'Their level of compensation.',
    );
    expect(fittedCorrection('Their level of compensation.', 'Their level of earnings', ',')).toBe(
      'Their level of compensation.',
    );
    expect(fittedCorrection('Their level of compensation.', 'Their level of earnings', '')).toBe(
      'Their level of compensation.',
    );
    expect(fittedCorrection('Their level of compensation', 'Their level of earnings', '.')).toBe(
      'Their level of compensation',
    );
  });
});
