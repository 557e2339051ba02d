/** What the person typed in a draft, as its text changes under them and under the page's scripts. */
import { describe, expect, it } from 'vitest';
import { fitsInput, TypedText } from '@/utils/page/typed-text';

/** Types `text` at the end, a character at a time, as the person would. */
function typeAtEnd(typed: TypedText, text: string): void {
  for (const character of text) typed.update(typed.current + character, true, character);
}

describe('what the person typed', () => {
  it('is nothing of the text a draft had when watching began', () => {
    const typed = new TypedText('A draft the page gave. Another sentence.');
    expect(typed.sendable(true)).toBe('');
  });

  it('is each finished sentence they typed all of; the one being typed waits', () => {
    const typed = new TypedText('Given. ');
    typeAtEnd(typed, 'The Moon is round. It orbits');
    expect(typed.sendable()).toBe('The Moon is round.');
    expect(typed.sendable(true)).toBe('The Moon is round. It orbits');
  });

  it('is never text a script set, whether it replaced the draft, was added to it, or went into a sentence typed', () => {
    const typed = new TypedText('');
    typeAtEnd(typed, 'The Moon is round. ');
    typed.update(`${typed.current}Buy cheap pills now. `, false);
    typeAtEnd(typed, 'Mars is red. Venus is');
    typed.update(typed.current.replace('Venus is', 'Venus is hot, says our sponsor'), false);
    typeAtEnd(typed, '.');
    expect(typed.sendable(true)).toBe('The Moon is round.\nMars is red.');
    typed.update('Everything replaced by a script.', false);
    expect(typed.sendable(true)).toBe('');
  });

  it('is not what a change inserted beyond what the person’s input said it would', () => {
    const typed = new TypedText('');
    typeAtEnd(typed, 'The Sun is a star');
    // A key's input said "." and the draft took ". Sponsored." at once: none of it is the person's.
    expect(typed.update(`${typed.current}. Sponsored.`, true, '.')).toBe(false);
    expect(typed.sendable(true)).toBe('');
  });

  it('keeps what was typed where it stands as the text before it changes', () => {
    const typed = new TypedText('Given.');
    typeAtEnd(typed, ' The Moon is round.');
    typed.update(`Edited by a script.${typed.current.slice('Given.'.length)}`, false);
    expect(typed.sendable(true)).toBe('The Moon is round.');
    // A deletion by the person in their own sentence leaves it theirs.
    typed.update(typed.current.replace('round', 'rond'), true, '');
    expect(typed.sendable(true)).toBe('The Moon is rond.');
  });

  it('sends pasted text the paste said it carried, and a line break an editor turned into white space', () => {
    const typed = new TypedText('');
    typed.update('The Moon is round.', true, 'The Moon is round.');
    typed.update('The Moon is round.\n\u200b', true, '\n');
    typeAtEnd(typed, 'Mars is red.');
    expect(typed.sendable()).toBe('The Moon is round.\nMars is red.');
  });
});

describe('whether a change fits the input', () => {
  it('takes the same text, a part of it, or white space alone; and anything where the browser did not say', () => {
    expect(fitsInput('a', 'a')).toBe(true);
    expect(fitsInput('Moon is', 'The Moon is round.')).toBe(true);
    expect(fitsInput('\n\u200b', '\n')).toBe(true);
    expect(fitsInput('ab', 'a')).toBe(false);
    expect(fitsInput('spam', '')).toBe(false);
    expect(fitsInput('anything', null)).toBe(true);
  });
});
