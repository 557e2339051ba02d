/** Verdicts in words: when the service's own words are worth showing beside the label. */
import { describe, expect, it } from 'vitest';
import { addsToLabel, VERDICT_LABELS } from '@/utils/shared/verdicts';

describe('addsToLabel', () => {
  it('leaves out the service’s words when they are the label in other words', () => {
    expect(addsToLabel('Partially true', VERDICT_LABELS.mixed)).toBe(false);
    expect(addsToLabel('partly true.', VERDICT_LABELS.mixed)).toBe(false);
    expect(addsToLabel('Need more information', VERDICT_LABELS.unverifiable)).toBe(false);
    expect(addsToLabel('TRUE', VERDICT_LABELS.supported)).toBe(false);
    expect(addsToLabel('"False"', VERDICT_LABELS.refuted)).toBe(false);
    expect(addsToLabel('', VERDICT_LABELS.refuted)).toBe(false);
  });

  it('keeps them when they say more, or something else', () => {
    expect(addsToLabel('Need more information to verify this claim', VERDICT_LABELS.unverifiable)).toBe(true);
    expect(addsToLabel('Mostly true', VERDICT_LABELS.mixed)).toBe(true);
    expect(addsToLabel('Misleading', VERDICT_LABELS.refuted)).toBe(true);
  });
});
