/** The service double's claim detector: what it takes for a claim, as a multilingual language-model detector would. */
import { describe, expect, it } from 'vitest';
import { detectClaims } from '@/service-double/content';

describe('the double’s detectClaims', () => {
  it('makes a claim stand alone: a name in place of the pronoun that opens it, when the sentence before opens with one', () => {
    expect(
      detectClaims('Marie Curie moved to Paris in 1891 to study. She won the Nobel Prize in Physics in 1903 and 1911.'),
    ).toEqual([
      'Marie Curie moved to Paris in 1891 to study.',
      'Marie Curie won the Nobel Prize in Physics in 1903 and 1911.',
    ]);
    // "The Moon" is no name to put in a claim's place, nor is a possessive replaced.
    expect(detectClaims('The Moon is about 384,400 kilometres away. It formed roughly 4.5 billion years ago.')).toEqual(
      ['The Moon is about 384,400 kilometres away.', 'It formed roughly 4.5 billion years ago.'],
    );
  });

  it('quotes a claim with an aside in parentheses left out: as "…" from four words, with nothing to say so below', () => {
    expect(
      detectClaims(
        'The Great Wall of China (built over many centuries by several dynasties) is visible from the Moon. Mount Everest (8,849 m) was first climbed in 1953.',
      ),
    ).toEqual(['The Great Wall of China … is visible from the Moon.', 'Mount Everest was first climbed in 1953.']);
  });

  it('puts the source that opens a sentence after its claim', () => {
    expect(detectClaims('According to NASA, the far side of the Moon never receives sunlight.')).toEqual([
      'The far side of the Moon never receives sunlight, according to NASA.',
    ]);
  });

  it('reads Chinese and Japanese sentences, which end with 。 and no space, as claims when they give a figure', () => {
    expect(detectClaims('東京タワーは1958年に完成した。高さは333メートルである。とても高い。')).toEqual([
      '東京タワーは1958年に完成した。',
      '高さは333メートルである。',
    ]);
  });
});
