/** What the person typed in a Google Doc, followed paragraph by paragraph through the layer's changes. */
import { describe, expect, it } from 'vitest';
import { TypedParagraphs, type PersonsEdit } from '@/utils/page/docs/docs-paragraphs';
import { TypedText } from '@/utils/page/typed-text';

/** A layer's paragraphs followed through each state in turn: `edit` is the person's act for a state, if any. */
class Layer extends TypedParagraphs {
  seen: boolean[] = [];

  constructor(texts: string[]) {
    super();
    this.show(texts, null);
  }

  show(texts: string[], edit: PersonsEdit | null): this {
    this.seen.push(this.follow(texts, edit));
    return this;
  }

  /** The person types `text` at the end of paragraph `at`, a key at a time; Enter makes a paragraph. */
  type(at: number, text: string): this {
    let texts = this.paragraphs.map((paragraph) => paragraph.current);
    for (const key of text) {
      if (key === '\n') {
        texts = [...texts.slice(0, at + 1), '', ...texts.slice(at + 1)];
        at += 1;
      } else texts = texts.map((paragraph, index) => (index === at ? paragraph + key : paragraph));
      // Docs draws no run for an empty paragraph: the layer does not show it.
      this.show(
        texts.filter((paragraph, index) => paragraph !== '' || index === at),
        { caretAt: at, expected: key },
      );
    }
    return this;
  }
}

const PAGE_ONE = ['The Moon notes.', 'Tides on Earth follow the Moon.', 'The Moon is 384,400 km away.'];
const PAGE_TWO = ['Apollo 11 landed in 1969.', 'Twelve people walked on the Moon.'];

describe('what the person typed in a Doc', () => {
  it('is nothing of the document as it was when watching began', () => {
    expect(new Layer([...PAGE_ONE]).sendable()).toBe('');
  });

  it('is the finished sentences they typed, in a paragraph of their own or after a sentence there', () => {
    const layer = new Layer([...PAGE_ONE]).type(1, ' It rises daily.').type(2, '\nMars is red. It has');
    expect(layer.sendable()).toBe('It rises daily.\nMars is red.');
    expect(layer.seen.slice(1).every(Boolean)).toBe(true);
  });

  it('keeps them as the paragraph is split by Enter and joined again by Backspace', () => {
    const layer = new Layer([...PAGE_ONE]).type(0, ' Venus is hot.');
    const [first, ...rest] = layer.paragraphs.map((paragraph) => paragraph.current);
    // Enter after "The Moon notes.": the typed sentence goes to a paragraph of its own.
    layer.show(['The Moon notes.', 'Venus is hot.', ...rest], { caretAt: 1, expected: '\n' });
    expect(layer.sendable()).toBe('Venus is hot.');
    layer.show([first!, ...rest], { caretAt: 0, expected: '' });
    expect(layer.sendable()).toBe('Venus is hot.');
  });

  it('is never what changed without the person’s act: a collaborator’s edit, a paragraph another added', () => {
    const layer = new Layer([...PAGE_ONE]).type(2, ' Mars is red.');
    layer.show(['The Moon notes.', 'Buy pills now.', ...layer.paragraphs.slice(1).map((p) => p.current)], null);
    layer.show(
      layer.paragraphs.map((paragraph) => paragraph.current.replace('Mars is red.', 'Mars is red, says our sponsor.')),
      null,
    );
    expect(layer.sendable()).toBe('');
    expect(layer.seen.slice(-2)).toEqual([false, false]);
  });

  it('is not a change the act did not say: a key’s act that brought a whole page with it', () => {
    const layer = new Layer([...PAGE_ONE]);
    layer.show(['The Moon notes. Mars is red.', ...PAGE_ONE.slice(1)], { caretAt: 0, expected: '.' });
    expect(layer.sendable()).toBe('');
  });

  it('keeps what was typed on a page scrolled away, and finds it again when the page is drawn again', () => {
    const layer = new Layer([...PAGE_ONE, ...PAGE_TWO]).type(4, ' Six landings.');
    const typedPage = layer.paragraphs.slice(3).map((paragraph) => paragraph.current);
    // Scrolled up: the second page's tiles are dropped, an earlier page's are made.
    layer.show(['Cover page.', ...PAGE_ONE], null);
    expect(layer.sendable()).toBe('Six landings.');
    layer.show([...PAGE_ONE, ...typedPage], null);
    expect(layer.paragraphs.at(-1)!.sendable()).toBe('Six landings.');
    expect(layer.parkedCount).toBe(0);
  });

  it('takes the stretch at the caret as the person’s when pages come and go in the same change', () => {
    const layer = new Layer([...PAGE_ONE, ...PAGE_TWO]);
    const texts = [
      ...PAGE_ONE.slice(1),
      PAGE_TWO[0]!.replace('1969.', '1969. Eagle landed.'),
      PAGE_TWO[1]!,
      'New page.',
    ];
    layer.show(texts, { caretAt: 2, expected: 'Eagle landed.' });
    expect(layer.sendable()).toBe('Eagle landed.');
    expect(layer.paragraphs.at(-1)!.anyTyped).toBe(false);
  });
});

describe('typed text joined and split', () => {
  it('keeps each part’s marks across the separator', () => {
    const a = new TypedText('Given.');
    a.update('Given. Typed.', true, ' Typed.');
    const joined = TypedText.joined([a, new TypedText('Other.')], '\n');
    expect(joined.current).toBe('Given. Typed.\nOther.');
    const [first, second] = joined.split('\n');
    expect(first!.sendable()).toBe('Typed.');
    expect(second!.anyTyped).toBe(false);
  });
});
