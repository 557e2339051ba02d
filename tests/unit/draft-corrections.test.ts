/** What a correction applied to a draft writes, around the draft's own punctuation. */
import { describe, expect, it } from 'vitest';
import { withoutSecondStop } from '@/utils/page/draft-corrections';

describe('withoutSecondStop', () => {
  it("leaves the correction's full stop out when the claim was located without the draft's, which follows it", () => {
    expect(withoutSecondStop('Their level of compensation.', 'Their level of earnings', '.')).toBe(
      'Their level of compensation',
    );
    expect(withoutSecondStop('Is it 8,849 metres high?', 'Is it 8,848 metres high', '?')).toBe(
      'Is it 8,849 metres high',
    );
  });

  it('keeps it when the claim took in its full stop, or when the draft goes on without one', () => {
    expect(withoutSecondStop('Their level of compensation.', 'Their level of earnings.', ' ')).toBe(
      'Their level of compensation.',
    );
    expect(withoutSecondStop('Their level of compensation.', 'Their level of earnings', ',')).toBe(
      'Their level of compensation.',
    );
    expect(withoutSecondStop('Their level of compensation.', 'Their level of earnings', '')).toBe(
      'Their level of compensation.',
    );
    expect(withoutSecondStop('Their level of compensation', 'Their level of earnings', '.')).toBe(
      'Their level of compensation',
    );
  });
});
