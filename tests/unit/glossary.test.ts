/**
 * The glossary's words, read from docs/i18n.md: each message that names an object in English names it in each locale
 * with a form the glossary lists; the card, the tab and the popup are never named by one another's words; no form
 * stands for two objects; and no long message is left in English.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readLocales, type Messages } from './helpers/locales';

const locales = readLocales();
const english = locales.get('en')!;
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** The English message a locale's message translates (a plural form of its own: English's `_other`). */
const englishOf = (key: string): string | undefined =>
  (english[key] ?? english[key.replace(PLURAL, '_other')])?.message;

interface GlossaryRow {
  object: string;
  english: RegExp;
  forms: Map<string, string[]>;
}

/** The table between the glossary-forms markers of docs/i18n.md. */
function readGlossary(): GlossaryRow[] {
  const document = readFileSync('docs/i18n.md', 'utf8');
  const table = /<!-- glossary-forms[^>]*-->([\s\S]*?)<!-- \/glossary-forms -->/.exec(document)?.[1] ?? '';
  // A cell's own `|` is written `\|`, as Markdown has it.
  const cells = (line: string) =>
    line
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((cell) => cell.replace(/\\\|/g, '|').trim());
  const [header, , ...rows] = table.trim().split('\n');
  const languages = cells(header!).slice(2);
  return rows.map((line) => {
    const [object, pattern, ...forms] = cells(line);
    return {
      object: object!,
      english: new RegExp(pattern!.replace(/^`|`$/g, ''), 'i'),
      forms: new Map(languages.map((language, index) => [language, forms[index]!.split(/,\s*/)])),
    };
  });
}

/** Whether `text` holds one of `forms` as whole words, in any case. */
function holdsForm(text: string, forms: readonly string[]): boolean {
  const escaped = forms.map((form) => form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(?<![\\p{L}\\p{N}])(${escaped.join('|')})(?![\\p{L}\\p{N}])`, 'iu').test(text);
}

/** The objects a user could take for one another, whose words must not stand where the object is not meant. */
const EXCLUSIVE = ['card', 'tab', 'popup'];

const glossary = readGlossary();
const translated = [...locales].filter(([folder]) => folder !== 'en') as [string, Messages][];

describe('the glossary', () => {
  it('lists the card, the tab, the popup, the side panel, checking as you write, claims, drafts, badges and highlights, in every locale', () => {
    expect(glossary.map((row) => row.object)).toEqual([
      'card',
      'tab',
      'popup',
      'side panel',
      'check as I write',
      'claim',
      'draft',
      'badge',
      'highlight',
    ]);
    for (const row of glossary)
      expect([...row.forms.keys()].sort()).toEqual(translated.map(([folder]) => folder).sort());
  });

  for (const [folder, messages] of translated)
    describe(folder, () => {
      for (const row of glossary)
        it(`names the ${row.object} with a form the glossary lists, wherever English names it`, () => {
          const forms = row.forms.get(folder)!;
          const stray = Object.entries(messages).filter(
            ([key, { message }]) => row.english.test(englishOf(key) ?? '') && !holdsForm(message, forms),
          );
          expect(stray.map(([key, { message }]) => `${key}: ${message}`)).toEqual([]);
        });

      for (const object of EXCLUSIVE)
        it(`uses the ${object}'s words only where English names the ${object}`, () => {
          const row = glossary.find((candidate) => candidate.object === object)!;
          const stray = Object.entries(messages).filter(
            ([key, { message }]) =>
              englishOf(key) !== undefined &&
              holdsForm(message, row.forms.get(folder)!) &&
              !row.english.test(englishOf(key)!),
          );
          expect(stray.map(([key, { message }]) => `${key}: ${message}`)).toEqual([]);
        });

      it('has no form that stands for two objects', () => {
        const owners = new Map<string, string>();
        for (const row of glossary)
          for (const form of row.forms.get(folder)!) {
            const owner = owners.get(form.toLowerCase());
            expect(owner === undefined || owner === row.object, `${form}: ${owner} and ${row.object}`).toBe(true);
            owners.set(form.toLowerCase(), row.object);
          }
      });

      it('leaves no message of more than three words as English has it, product names aside', () => {
        const productNames = /\b(FactLens|Google Docs|Chrome|Firefox|PDF|HTTP|URL|API)\b/g;
        const words = (text: string) => text.replace(productNames, '').match(/\p{L}+/gu) ?? [];
        const same = Object.entries(messages).filter(
          ([key, { message }]) => key !== 'locale' && englishOf(key) === message && words(message).length > 3,
        );
        expect(same.map(([key, { message }]) => `${key}: ${message}`)).toEqual([]);
      });
    });
});

describe('the glossary test', () => {
  it('fails on a form the glossary does not list, and on the tab’s word for the card', () => {
    const card = glossary.find((row) => row.object === 'card')!;
    const tab = glossary.find((row) => row.object === 'tab')!;
    expect(holdsForm('Karta jest zamknięta.', card.forms.get('pl')!)).toBe(false);
    expect(holdsForm('Karta jest zamknięta.', tab.forms.get('pl')!)).toBe(true);
    expect(holdsForm('Dymek jest zamknięty.', card.forms.get('pl')!)).toBe(true);
    // Whole words: "abaixo" (below) is not the Brazilian tab, "aba".
    expect(holdsForm('na lista abaixo', tab.forms.get('pt_BR')!)).toBe(false);
  });
});
