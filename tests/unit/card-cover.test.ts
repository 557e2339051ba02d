/** Which of a page's filters leave our card legible (see coveredReason in utils/page/card-cover.ts). */
import { describe, expect, it } from 'vitest';
import { showsAsIs } from '@/utils/page/card-cover';

describe('showsAsIs', () => {
  it('takes shadows, colour shifts and a near-whole inversion (a dark mode by filter) as legible', () => {
    for (const filter of [
      'none',
      'drop-shadow(rgba(0, 0, 0, 0.3) 0px 4px 12px)',
      'grayscale(1)',
      'sepia(0.4) saturate(2)',
      'invert(1) hue-rotate(180deg)',
      'invert(90%)',
      'invert(0.1)',
    ])
      expect(showsAsIs(filter), filter).toBe(true);
  });

  it('takes what may fade or blur the card, or turn it mid-grey, as not legible', () => {
    for (const filter of [
      'opacity(0.2)',
      'brightness(0.1)',
      'contrast(0.2)',
      'blur(4px)',
      'invert(0.5)',
      'invert(1) blur(1px)',
    ])
      expect(showsAsIs(filter), filter).toBe(false);
  });
});
