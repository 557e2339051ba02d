import { describe, expect, it } from 'vitest';
import { endSentence, formatElapsed, formatScore, voicePreferences } from '@/utils/shared/format';
import { serviceSaid } from '@/utils/shared/service-error';

describe('formatElapsed', () => {
  it('reads as a clock: minutes and seconds, then hours', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(7_999)).toBe('0:07');
    expect(formatElapsed(65_000)).toBe('1:05');
    expect(formatElapsed(12 * 60_000 + 40_000)).toBe('12:40');
    expect(formatElapsed(3_600_000 + 2 * 60_000 + 9_000)).toBe('1:02:09');
  });
  it('never goes below zero (a clock set back)', () => {
    expect(formatElapsed(-5_000)).toBe('0:00');
  });
});

describe('formatScore', () => {
  it('shows two decimals at most, and no trailing zeros', () => {
    expect(formatScore(0.876543)).toBe('0.88');
    expect(formatScore(0.5)).toBe('0.5');
    expect(formatScore(0.999)).toBe('1');
    expect(formatScore(87)).toBe('87');
    expect(formatScore(87.256)).toBe('87.26');
    expect(formatScore(0)).toBe('0');
  });
});

describe('endSentence', () => {
  it('adds a full stop only where the text does not end a sentence already', () => {
    expect(endSentence('Insufficient credits')).toBe('Insufficient credits.');
    expect(endSentence('Your plan has run out of credits.')).toBe('Your plan has run out of credits.');
    expect(endSentence('Upgrade to continue!')).toBe('Upgrade to continue!');
    expect(endSentence('Is the key right?')).toBe('Is the key right?');
    expect(endSentence('The far side of the Moon never…')).toBe('The far side of the Moon never…');
  });
});

describe('serviceSaid', () => {
  it('quotes the service’s words as a sentence, or says nothing without them', () => {
    expect(serviceSaid('Internal Server Error')).toBe(' The service said: “Internal Server Error”.');
    expect(serviceSaid('Invalid API key. Please try again.')).toBe(
      ' The service said: “Invalid API key. Please try again.”',
    );
    expect(serviceSaid(undefined)).toBe('');
    expect(serviceSaid('')).toBe('');
  });
});

describe('voicePreferences', () => {
  it('names the known preferences in words, in the service’s order, flags as Yes or No, lists joined; says whose words each is', () => {
    expect(
      voicePreferences({
        tone: 'warm',
        commas_seperated_number: true,
        common_acronym: ['FAQ', 'USA'],
        emoji: false,
        acronym_style: 'spell out on first use',
      }),
    ).toEqual([
      { name: 'Acronyms', value: 'spell out on first use', serviceName: false, serviceValue: true },
      { name: 'Common acronyms', value: 'FAQ, USA', serviceName: false, serviceValue: true },
      { name: 'Commas in large numbers', value: 'Yes', serviceName: false, serviceValue: false },
      { name: 'Emoji', value: 'No', serviceName: false, serviceValue: false },
      { name: 'Tone', value: 'warm', serviceName: false, serviceValue: true },
    ]);
  });

  it('keeps a key the service adds later, after the known ones, and leaves out empty values', () => {
    expect(voicePreferences({ sentence_length: 12, formality: '', common_acronym: [], tone: 'dry' })).toEqual([
      { name: 'Tone', value: 'dry', serviceName: false, serviceValue: true },
      // A key the service added is its words: the popup marks it so (lang=""), as it does the values it wrote.
      { name: 'Sentence length', value: '12', serviceName: true, serviceValue: true },
    ]);
  });
});
