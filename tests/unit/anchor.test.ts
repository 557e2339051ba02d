// @vitest-environment happy-dom
/** The normaliser's map back to raw offsets, and locating claims in a small text model (layout-free parts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { locate } from '@/utils/page/anchor/anchor';
import { locateExactly } from '@/utils/page/anchor/exact-anchor';
import { indexFrom } from '@/utils/page/anchor/exact';
import {
  BLOCK_SEPARATOR,
  type Normalized,
  NormalizedBuilder,
  normalize,
  rawSpan,
} from '@/utils/page/anchor/normalized-text';
import { buildTextModel, offsetOf, textModelInSlices, type TextModel } from '@/utils/page/anchor/text-model';

/** The raw offset of every normalised character, and of the end. */
function rawOffsets(normalized: Normalized): number[] {
  return Array.from({ length: normalized.text.length + 1 }, (_, index) => normalized.rawAt(index));
}

describe('normalize', () => {
  it('collapses whitespace and nbsp, drops soft hyphens and zero-width characters, folds quotes, dashes and case', () => {
    expect(normalize('  It\u2019s  \u201cA\u00a0B\u201d \u2013 soft\u00adhy\u200bphen\u2026 ').text).toBe(
      'it\'s "a b" - softhyphen...',
    );
  });

  it('treats every character of the Basic Multilingual Plane as specified (table or not)', () => {
    const spaces = new Set([9, 10, 11, 12, 13, 32, 0xa0, 0x1680, 0x2028, 0x202f, 0x205f, 0x3000]);
    for (let code = 0x2000; code <= 0x200a; code++) spaces.add(code);
    const dropped = new Set([44, 0xad, 0x200b, 0x200c, 0x200d, 0x2060, 0xfeff, 0x5bf, 0x5c7, 0x640, 0x670]);
    // Combining accents, Hebrew points, Arabic marks.
    for (const [first, last] of [
      [0x300, 0x36f],
      [0x591, 0x5bd],
      [0x5c1, 0x5c2],
      [0x5c4, 0x5c5],
      [0x610, 0x61a],
      [0x64b, 0x65f],
      [0x6d6, 0x6dc],
      [0x6df, 0x6e4],
      [0x6e7, 0x6e8],
      [0x6ea, 0x6ed],
    ])
      // prettier-ignore
      for (let code = first!; code <= last!; code++) dropped.add(code);
    const folded = new Map<number, string>([
      ...[0x2018, 0x2019, 0x201a, 0x201b, 0x2032, 0x60, 0xb4].map((code) => [code, "'"] as const),
      ...[0x201c, 0x201d, 0x201e, 0x201f, 0x2033, 0xab, 0xbb].map((code) => [code, '"'] as const),
      ...[0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2015, 0x2212].map((code) => [code, '-'] as const),
      [0x2026, '...'],
    ]);
    // Latin letters below U+0250 lose their accents (é is e); beyond, letters are only lower-cased.
    const unaccented = (code: number) => String.fromCharCode(code).normalize('NFD').charAt(0).toLowerCase();
    const expectedOf = (code: number): string =>
      code >= 0xff01 && code <= 0xff5e
        ? expectedOf(code - 0xfee0) // A full-width form of ASCII: as its ASCII character.
        : code === 0x2029
          ? 'a\nb'
          : spaces.has(code)
            ? 'a b'
            : dropped.has(code)
              ? 'ab'
              : `a${folded.get(code) ?? (code < 0x250 ? unaccented(code) : String.fromCharCode(code).toLowerCase())}b`;
    const wrong: string[] = [];
    for (let code = 0; code < 0x10000; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue; // Lone surrogates.
      if (normalize(`a${String.fromCharCode(code)}b`).text !== expectedOf(code)) wrong.push(code.toString(16));
    }
    expect(wrong).toEqual([]);
  });

  it('keeps block separators apart from spaces', () => {
    expect(normalize(`one ${BLOCK_SEPARATOR}  two`).text).toBe('one\ntwo');
  });

  it('maps every normalised character back to the raw character it came from', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('a', 'B', ' ', '\n', '\u00a0', '\u00ad', '\u2019', '\u2026', 'é', BLOCK_SEPARATOR),
          maxLength: 200,
        }),
        (raw) => {
          const normalized = normalize(raw);
          const { text } = normalized;
          const toRaw = rawOffsets(normalized);
          for (let index = 0; index < text.length; index++) {
            const source = raw[toRaw[index]!]!;
            const char = text[index]!;
            if (char === ' ' || char === '\n') expect(/\s|\u2029/.test(source)).toBe(true);
            else if (char === '.') expect(source).toBe('\u2026');
            else if (char === "'") expect(source).toBe('\u2019');
            else expect(source.normalize('NFD').charAt(0).toLowerCase()).toBe(char);
            if (index > 0) expect(toRaw[index]!).toBeGreaterThanOrEqual(toRaw[index - 1]!);
          }
          // And the other way: from a raw offset to the first character that came from there or after.
          for (let offset = 0; offset <= raw.length; offset++)
            expect(normalized.indexAt(offset)).toBe(toRaw.slice(0, text.length).filter((at) => at < offset).length);
        },
      ),
      { numRuns: Number(process.env.PROP_RUNS ?? 300) },
    );
  });

  it('grows past its first buffer when ellipses triple the text, and maps every dot back', () => {
    const raw = `a${'\u2026'.repeat(6000)}b`;
    const normalized = normalize(raw);
    const toRaw = rawOffsets(normalized);
    expect(normalized.text).toBe(`a${'.'.repeat(18000)}b`);
    expect(toRaw[1]).toBe(1);
    expect(toRaw[18000]).toBe(6000);
    expect(toRaw[18001]).toBe(6001);
    expect(toRaw[18002]).toBe(6002);
  });

  it('gives the same text and map when the raw text comes in pieces, with gaps given as spaces or blocks', () => {
    const piece = fc.string({
      unit: fc.constantFrom('a', 'B', ' ', '\n', '\u00a0', '\u00ad', '\u2019', '\u2026', 'é', ','),
      maxLength: 30,
    });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('', ' ', BLOCK_SEPARATOR), piece), { maxLength: 12 }), (parts) => {
        // The builder starts small, so that long inputs also make it grow between pieces.
        const builder = new NormalizedBuilder(4);
        let raw = '';
        for (const [gap, text] of parts) {
          if (gap) builder.space(raw.length, gap === BLOCK_SEPARATOR);
          raw += gap;
          builder.append(text, raw.length);
          raw += text;
        }
        const whole = normalize(raw);
        const built = builder.finish();
        expect(built.text).toBe(whole.text);
        expect(rawOffsets(built)).toEqual(rawOffsets(whole));
      }),
      { numRuns: Number(process.env.PROP_RUNS ?? 300) },
    );
  });

  it('keeps a map back of one jump per comma for a page that is one huge text node', () => {
    const text = 'Plain words, and more of them. '.repeat(10_000);
    document.body.replaceChildren(Object.assign(document.createElement('pre'), { textContent: text }));
    const { normalized } = buildTextModel(document.body);
    expect(normalized.text.length).toBeGreaterThan(200_000);
    // The text runs on one raw character per normalised one, except past each dropped comma.
    expect(normalized.jumps).toBe(10_000 + 1);
    const at = normalized.text.lastIndexOf('and more');
    expect(text.slice(normalized.rawAt(at), normalized.rawAt(at) + 8)).toBe('and more');
  });

  it('gives raw spans that cover exactly the matched characters', () => {
    const raw = 'The  Moon\u00a0is  far.';
    const normalized = normalize(raw);
    const at = normalized.text.indexOf('moon is');
    const [start, end] = rawSpan(normalized, at, at + 'moon is'.length);
    expect(raw.slice(start, end)).toBe('Moon\u00a0is');
  });
});

describe('indexFrom', () => {
  it('finds what indexOf finds, from the same place, when it looks for a rare character of the part first', () => {
    // A small alphabet, so that parts occur often, partly and in overlapping copies; 'z' and 'é' are rare.
    const unit = fc.constantFrom('a', 'e', 't', ' ', 'z', 'é', '.');
    fc.assert(
      fc.property(
        fc.string({ unit, minLength: 30, maxLength: 300 }),
        fc.nat(),
        fc.nat(60),
        fc.nat(),
        fc.string({ unit, maxLength: 3 }),
        (text, start, length, from, change) => {
          // A part of the text (found at least once), sometimes changed somewhere, and sometimes not in it.
          const at = start % text.length;
          let part = text.slice(at, at + 24 + length);
          if (change) part = part.slice(0, length % part.length) + change + part.slice((length % part.length) + 1);
          const position = from % (text.length + 1);
          expect(indexFrom(text, part, position)).toBe(text.indexOf(part, position));
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('textModelInSlices', () => {
  /** A page of `paragraphs` paragraphs, each of three text nodes (one in a link), and a shadow root with text. */
  function page(paragraphs: number): ShadowRoot {
    const html = Array.from(
      { length: paragraphs },
      (_, index) => `<p>Paragraph ${index} says <a href="#">that ${index}</a> is   so.</p>`,
    ).join('\n');
    document.body.replaceChildren(...new DOMParser().parseFromString(html, 'text/html').body.childNodes);
    const host = document.body.appendChild(document.createElement('div'));
    const shadow = host.attachShadow({ mode: 'open' });
    shadow.append(Object.assign(document.createElement('p'), { textContent: 'Text in a shadow root.' }));
    return shadow;
  }
  const same = (sliced: TextModel, whole: TextModel) => {
    expect(sliced.normalized.text).toBe(whole.normalized.text);
    expect(sliced.raw).toBe(whole.raw);
    expect(sliced.nodes).toEqual(whole.nodes);
    expect([...sliced.starts]).toEqual([...whole.starts]);
  };
  /** Steps until the model is built, `between` run after each step that stopped; how many steps it took. */
  function inSteps(source: () => { root: Node; shadowRoots: ShadowRoot[] }, between = (_step: number) => {}) {
    const build = textModelInSlices(source);
    for (let step = 1; ; step++) {
      // A deadline already past: each step reads one look's worth of nodes.
      const model = build.next(-Infinity);
      if (model) return { model, steps: step };
      between(step);
    }
  }

  it('builds, a slice at a time, the model a build in one go makes', () => {
    const shadow = page(1000);
    const { model, steps } = inSteps(() => ({ root: document.body, shadowRoots: [shadow] }));
    expect(steps).toBeGreaterThan(3);
    same(model, buildTextModel(document.body, [shadow]));
    // Done in one step when the deadline allows.
    expect(textModelInSlices(() => ({ root: document.body, shadowRoots: [shadow] })).next(Infinity)).not.toBeNull();
  });

  it('keeps its own text when another model is built between two of its slices', () => {
    const shadow = page(1000);
    const other = document.createElement('section');
    other.textContent = 'Another model, built in one go.';
    const { model } = inSteps(
      () => ({ root: document.body, shadowRoots: [shadow] }),
      () => void buildTextModel(other),
    );
    same(model, buildTextModel(document.body, [shadow]));
  });

  it('starts again when the page takes out the node it stopped at, and ends with the page as it is then', () => {
    const shadow = page(1000);
    let sources = 0;
    const { model } = inSteps(
      () => (sources++, { root: document.body, shadowRoots: [shadow] }),
      (step) => {
        // The paragraph the walk reached, and every one after it, replaced by new ones.
        if (step !== 2) return;
        const paragraphs = [...document.body.querySelectorAll('p')];
        for (const paragraph of paragraphs.slice(100)) paragraph.remove();
        document.body.prepend(
          Object.assign(document.createElement('p'), { textContent: 'Added after the walk began.' }),
        );
      },
    );
    expect(sources).toBe(2);
    expect(model.normalized.text).toContain('added after the walk began.');
    same(model, buildTextModel(document.body, [shadow]));
  });
});

describe('locate', () => {
  function model(html: string) {
    document.body.replaceChildren(...new DOMParser().parseFromString(html, 'text/html').body.childNodes);
    return buildTextModel(document.body);
  }

  it('finds a claim across inline elements and returns its raw span', () => {
    const text = model('<p>Marie Curie won <a href="#">two Nobel <b>Prizes</b></a>, in <em>physics</em>.</p>');
    const anchor = locate(text, 'Marie Curie won two Nobel Prizes, in physics.');
    expect(anchor).toMatchObject({ method: 'exact', similarity: 1 });
    expect(text.raw.slice(anchor!.start, anchor!.end)).toBe('Marie Curie won two Nobel Prizes, in physics.');
  });

  it('keeps blank nodes out of the model, as one space, and each node at its own raw offset', () => {
    const text = model(
      '<div>\n  <p>One\n      two</p>\n  \n  <p>three<br>\n  <a>four</a>  <b>five</b></p>\n</div>\n<span>six</span>',
    );
    expect(text.normalized.text).toBe('one two\nthree four five\nsix');
    expect(text.nodes.map((node) => node.data)).toEqual(['One\n      two', 'three', 'four', 'five', 'six']);
    text.nodes.forEach((node, index) =>
      expect(text.raw.slice(text.starts[index], text.starts[index]! + node.data.length)).toBe(node.data),
    );
    const anchor = locate(text, 'three four five');
    expect(text.raw.slice(anchor!.start, anchor!.end)).toMatch(/^three\s+four\s+five$/);
  });

  it('the first part’s exact locator finds what locate finds exactly, and leaves the rest to it (undefined)', () => {
    const text = model('<p>Marie Curie won <b>two</b> Nobel Prizes, in physics.</p><p>The Moon is made of rock.</p>');
    for (const claim of ['Marie Curie won two Nobel Prizes, in physics.', 'the moon is made of rock'])
      expect(locateExactly(text, claim)).toEqual(locate(text, claim));
    // A word changed, a claim cut short, words left out: for the second part's strategies, which find them.
    for (const claim of [
      'Marie Curie won three Nobel Prizes, in physics.',
      'The Moon is made…',
      'Marie Curie … physics.',
    ]) {
      expect(locateExactly(text, claim)).toBeUndefined();
      expect(locate(text, claim)).not.toBeNull();
    }
    expect(locateExactly(text, 'ab')).toBeNull();
  });

  it('does not match across a block boundary, and does not match what is not there', () => {
    const text = model('<p>Light travels at about</p><p>300,000 kilometres per second.</p>');
    expect(locate(text, 'Light travels at about 300,000 kilometres per second.')).toBeNull();
    expect(locate(text, 'Bananas are berries.')).toBeNull();
  });

  it('tells the raw offset of a point in the page (a selection’s start), and finds a repeated sentence from there', () => {
    const text = model('<p>Venus is hot.</p><p id="second">It is. <b>Venus is hot.</b></p>');
    const second = document.getElementById('second')!;
    const point = document.createRange();
    point.setStart(second, 0);
    expect(offsetOf(text, point)).toBe(text.raw.indexOf('It is.'));
    point.setStart(second.firstChild!, 3);
    expect(offsetOf(text, point)).toBe(text.raw.indexOf('is.'));
    point.setStart(second.lastChild!, 0);
    const copy = text.raw.lastIndexOf('Venus');
    expect(offsetOf(text, point)).toBe(copy);
    expect(locate(text, 'Venus is hot.', { after: offsetOf(text, point)! })?.start).toBe(copy);
    expect(locate(text, 'Venus is hot.')?.start).toBe(0);
    point.setStart(document.body, document.body.childNodes.length);
    expect(offsetOf(text, point)).toBeNull();
  });

  it('skips a hidden copy when told what is visible', () => {
    const text = model('<p>Venus is hot.</p><p>Venus is hot.</p>');
    const second = text.raw.lastIndexOf('Venus');
    const anchor = locate(text, 'Venus is hot.', { isVisible: (start) => start >= second });
    expect(anchor?.start).toBe(second);
  });

  it('takes a sentence the page repeats where it follows the claim before, and finds one before that too', () => {
    const tea = 'Tea is older than coffee as a drink in most of Asia.';
    const text = model(
      `<p>${tea}</p><p>Rain fell in Lisbon all week.</p>` +
        `<p>${tea}</p><p>Snow closed the pass above Sion on Monday morning.</p>`,
    );
    const second = text.raw.lastIndexOf('Tea');
    const rain = locate(text, 'Rain fell in Lisbon all week.')!;
    // The same claim after "Rain…": its second occurrence, exact, and with a word changed near its start,
    // middle or end (found by the thirds search or, where a third is too short to tell, the approximate one:
    // the "beverage" lines fail without its preference for matches after the claim before).
    const after = { after: rain.end };
    expect(locate(text, tea, after)?.start).toBe(second);
    expect(locate(text, 'Tea is older than cocoa as a drink in most of Asia.', after)?.start).toBe(second);
    expect(locate(text, 'Tea is older than coffee as a beverage in most of Asia.', after)?.start).toBe(second);
    expect(locate(text, 'Tea is older than coffee as a drink in most of Europe.', after)?.start).toBe(second);
    expect(locate(text, 'Tea is older than coffee as a beverage.', after)?.start).toBe(second);
    expect(locate(text, tea)?.start).toBe(text.raw.indexOf('Tea'));
    // Nothing after the claim before: the one before it is found all the same.
    const snow = locate(text, 'Snow closed the pass above Sion on Monday morning.')!;
    expect(locate(text, 'Rain fell in Lisbon all week.', { after: snow.end })?.start).toBe(rain.start);
    expect(locate(text, 'Rain fell in Lisbon all month.', { after: snow.end })?.start).toBe(rain.start);
  });

  it('finds a claim with a changed word, whole', () => {
    const text = model('<p>Honey never spoils because of its low moisture content and its acidic pH.</p>');
    const anchor = locate(text, 'Honey never spoils because of its low water content and its acidic pH.');
    expect(anchor?.method).toBe('fuzzy');
    expect(text.raw.slice(anchor!.start, anchor!.end)).toBe(
      'Honey never spoils because of its low moisture content and its acidic pH.',
    );
  });

  /** A paragraph with each of the sentence's longer words more than 40 times: none of them is a seed then. */
  function commonWordsOf(sentence: string): string {
    const words = sentence
      .split(' ')
      .map((word) => word.replace(/[.,]$/, ''))
      .filter((word) => word.length >= 4);
    return `<p>${`${[...words, 'something'].join(' ')} `.repeat(41)}</p>`;
  }

  it('starts a claim whose first third changed at its own first word, not at a later copy of it', () => {
    const sentence =
      'Le projet de loi énonce les domaines que peuvent invoquer les services pour justifier leur surveillance.';
    const text = model(`<p>Introduction.</p><p>${sentence}</p>${commonWordsOf(sentence)}`);
    const anchor = locate(
      text,
      'Le projet de loi énonce something domaines que peuvent invoquer les services pour justifier leur surveillance.',
    );
    expect(anchor && text.raw.slice(anchor.start, anchor.end)).toBe(sentence);
  });

  it('finds a claim with a dropped word by its first and last thirds when the middle one is a single short word', () => {
    const sentence = 'Ces fichiers sont aujourd’hui exclus du périmètre d’action de la CNIL.';
    const text = model(`<p>La CNIL contrôle les fichiers.</p><p>${sentence}</p>${commonWordsOf(sentence)}`);
    const anchor = locate(text, 'Ces fichiers sont aujourd’hui exclus périmètre d’action de la CNIL.');
    expect(anchor && text.raw.slice(anchor.start, anchor.end)).toBe(sentence);
  });

  it('ends a claim whose last third changed at its own last word', () => {
    const sentence = 'Ces fichiers sont aujourd’hui exclus du périmètre d’action de la commission nationale.';
    const text = model(`<p>La CNIL contrôle les fichiers.</p><p>${sentence}</p>${commonWordsOf(sentence)}`);
    const anchor = locate(text, 'Ces fichiers sont aujourd’hui exclus du périmètre d’action de something nationale.');
    expect(anchor && text.raw.slice(anchor.start, anchor.end)).toBe(sentence);
  });

  it('finds a short reworded claim by a rare word when its longest word is everywhere on the page', () => {
    // Too short for the thirds; "intelligence" is the longest word, in every paragraph, and "quarterly" once.
    const filler = Array.from({ length: 12 }, (_, index) => `<p>Intelligence report ${index} was filed.</p>`).join('');
    const text = model(`${filler}<p>The intelligence office met quarterly in Oslo.</p>${filler}`);
    const anchor = locate(text, 'The intelligence office met quarterly in Bergen.');
    expect(anchor?.method).toBe('fuzzy');
    expect(text.raw.slice(anchor!.start, anchor!.end)).toBe('The intelligence office met quarterly in Oslo.');
  });

  it('tells a claim found on a part of what it says, or quoted in part, from one found whole', () => {
    const sentence =
      'It monitors and controls its drivers, demanding that they purchase services from it while guiding their movements and determining their level of earnings.';
    const text = model(`<p>Uber is a taxi company. ${sentence} And its pricing is opaque.</p>`);
    const partial = (claim: string) => locate(text, claim)?.partial;
    expect(partial(sentence)).toBe(false);
    // A word changed (a number, or not), or the claim made to stand alone: whole.
    expect(partial(sentence.replace('earnings', 'compensation'))).toBe(false);
    expect(partial(sentence.replace('It monitors', 'Uber monitors'))).toBe(false);
    // Half of it, quoted as such: whole.
    expect(partial('It monitors and controls its drivers.')).toBe(false);
    // Its clauses swapped: found on its whole sentence, made of its words in another order.
    const swapped =
      'Demanding that they purchase services from it while guiding their movements and determining their level of earnings, it monitors and controls its drivers.';
    const whole = locate(text, swapped)!;
    expect(text.raw.slice(whole.start, whole.end)).toBe(sentence);
    expect(whole.partial).toBe(false);
    // Words left out, or cut short.
    expect(partial('It monitors and controls its drivers … determining their level of earnings.')).toBe(true);
    expect(partial('It monitors and controls its drivers, demanding that they purchase…')).toBe(true);
    // Swapped, in a sentence that says more: found on one clause, which holds three quarters of the claim.
    const longer = sentence.replace('drivers,', 'drivers closely every single day of the week,');
    const found = locate(model(`<p>Uber is a taxi company. ${longer} And its pricing is opaque.</p>`), swapped)!;
    expect(document.body.textContent!.slice(found.start, found.end)).toBe(
      'demanding that they purchase services from it while guiding their movements and determining their level of earnings.',
    );
    expect(found.partial).toBe(true);
    // A short clause put last: its other clause holds enough of the claim to be taken for it, but the sentence holds
    // all of it, after a footnote's mark too.
    for (const before of ['It shipped in May.', 'It shipped in May.[12]']) {
      const page = model(`<p>${before} For instance, the user now has full control over how map axes are labeled.</p>`);
      const claim = locate(page, 'The user now has full control over how map axes are labeled, for instance.')!;
      expect(page.raw.slice(claim.start, claim.end)).toBe(
        'For instance, the user now has full control over how map axes are labeled.',
      );
      expect(claim.partial).toBe(false);
    }
    // An aside left out, with no ellipsis to say so: found on the sentence with it, in part (Apply would delete it).
    const aside = model('<p>The craft broke up at an altitude of 190 kilometers (118 miles) over the Tuva region.</p>');
    const withoutAside = locate(aside, 'The craft broke up at an altitude of 190 kilometers over the Tuva region.')!;
    expect(aside.raw.slice(withoutAside.start, withoutAside.end)).toContain('(118 miles)');
    expect(withoutAside.partial).toBe(true);
    // An ellipsis the page has too leaves nothing out.
    const page = model('<p>Name, address, age… none of these are kept beyond thirty days, the company says.</p>');
    expect(locate(page, 'Name, address, age…')?.partial).toBe(false);
    expect(
      locate(page, 'Name, address, date… none of these are kept beyond thirty days, the firm says.')?.partial,
    ).toBe(false);
  });

  it('finds a claim that says its sentence shorter (its words in order, asides and qualifiers dropped) on that sentence, in part', () => {
    const sentence =
      'The company, founded in 1998 by two Stanford students, reported revenue of five billion dollars last year.';
    const text = model(`<p>It grew fast. ${sentence} Its rivals did not.</p><p>The company reported a loss.</p>`);
    const anchor = locate(text, 'The company reported revenue of six billion dollars last year.')!;
    expect(text.raw.slice(anchor.start, anchor.end)).toBe(sentence);
    expect(anchor.partial).toBe(true);
    // Not another sentence that holds a few of its words in order.
    expect(locate(text, 'The company reported revenue of five billion euros in its first year.')).toBeNull();
  });

  it('finds a claim with three of its words changed, too many for the approximate search, on its sentence, whole', () => {
    const sentence = 'The old bridge opened in 1932 and carried trams across the harbour until 1958.';
    const text = model(`<p>Sydney grew fast. ${sentence} Ferries still run.</p><p>The tunnel opened in 1992.</p>`);
    const anchor = locate(
      text,
      'The old viaduct opened in 1932 and carried lorries across the harbour until recently.',
    )!;
    expect(anchor && text.raw.slice(anchor.start, anchor.end)).toBe(sentence);
    expect(anchor.partial).toBe(false);
    // Not a sentence that keeps fewer of its words.
    expect(locate(text, 'The new tunnel opened in 1992 and carried articulated lorries under the river.')).toBeNull();
  });

  it('does not take another text of the same length between a claim’s first words and its last for a changed third', () => {
    // A list of references, alike but for their middles: the claim's last third ("Ethnic groups in New Zealand.") is
    // not in the page as it is (a quote stands before its full stop), and another reference ends with "New Zealand."
    // about as far from the same first words.
    const text = model(
      '<ol><li>"2013 Census QuickStats about culture and identity – Ethnic groups in New Zealand". Statistics New Zealand. Retrieved 8 September 2014.</li>' +
        '<li>"2013 Census QuickStats about culture and identity – tables". Statistics New Zealand. 15 April 2014.</li></ol>',
    );
    const anchor = locate(text, 'Census QuickStats about culture and identity – Ethnic groups in New Zealand.');
    // Its own reference, and not on into the sentence after, which ends with the claim's last word too.
    expect(anchor && text.raw.slice(anchor.start, anchor.end)).toMatch(
      /^Census QuickStats about culture and identity – Ethnic groups in New Zealand("\.)?$/,
    );
  });

  it('finds a short French claim with a changed word from its seed words', () => {
    // Under 40 characters: found from its seeds ("l'assemblée", "voté"), not from its thirds.
    const text = model("<p>Le texte est adopté.</p><p>L'Assemblée a voté à main levée.</p>");
    const anchor = locate(text, "L'Assemblée a voté à main haute.");
    expect(anchor?.method).toBe('fuzzy');
    expect(text.raw.slice(anchor!.start, anchor!.end)).toBe("L'Assemblée a voté à main levée.");
  });
});
