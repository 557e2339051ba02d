/** Verdicts in words: when the service's own words are worth showing beside the label. */
import { describe, expect, it } from 'vitest';
import { addsToLabel } from '@/utils/shared/verdicts';

describe('addsToLabel', () => {
  it('leaves out the service’s words when they are the label in other words', () => {
    expect(addsToLabel('Partially true', 'mixed')).toBe(false);
    expect(addsToLabel('partly true.', 'mixed')).toBe(false);
    expect(addsToLabel('Need more information', 'unverifiable')).toBe(false);
    expect(addsToLabel('TRUE', 'supported')).toBe(false);
    expect(addsToLabel('"False"', 'refuted')).toBe(false);
    expect(addsToLabel('', 'refuted')).toBe(false);
  });

  it('keeps them when they say more, or something else', () => {
    expect(addsToLabel('Need more information to verify this claim', 'unverifiable')).toBe(true);
    expect(addsToLabel('Mostly true', 'mixed')).toBe(true);
    expect(addsToLabel('Misleading', 'refuted')).toBe(true);
  });
});
