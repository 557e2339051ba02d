/**
 * The locale files: every locale has every message of English, in each plural form its language has, with the same
 * placeholders; each names its own language; and every message of English is used by the code.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { formatNumber, t, tp, uiLanguage } from '@/utils/shared/i18n';
import { DEFAULT_SETTINGS } from '@/utils/shared/settings-item';
import { readLocales, useLocale } from './helpers/locales';

const locales = readLocales();
const english = locales.get('en')!;
const PLURAL = /_(zero|one|two|few|many|other)$/;
const pluralBases = new Set(Object.keys(english).flatMap((key) => (PLURAL.test(key) ? [key.replace(PLURAL, '')] : [])));
const placeholders = (message: string) => [...new Set(message.match(/\$[1-9]/g) ?? [])].sort();
const languageOf = (folder: string) => folder.replace('_', '-');

describe('the locale files', () => {
  it('are the eight languages of the interface, Portuguese in both its forms', () => {
    expect([...locales.keys()].sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'nl', 'pl', 'pt_BR', 'pt_PT']);
  });

  for (const [folder, messages] of locales) {
    const language = languageOf(folder);
    const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;

    it(`${folder}: names its own language`, () => {
      expect(messages.locale?.message).toBe(language);
    });

    it(`${folder}: has every message of English, each plural in the forms ${forms.join(', ')}, and no other`, () => {
      const expected = Object.keys(english)
        .filter((key) => !PLURAL.test(key))
        .concat([...pluralBases].flatMap((base) => forms.map((form) => `${base}_${form}`)));
      expect(Object.keys(messages).sort()).toEqual(expected.sort());
    });

    it(`${folder}: gives each message English's placeholders (a plural form may omit its count), and none empty`, () => {
      for (const [key, { message }] of Object.entries(messages)) {
        expect(message.trim(), key).not.toBe('');
        if (!PLURAL.test(key)) {
          expect(placeholders(message), key).toEqual(placeholders(english[key]!.message));
          continue;
        }
        // A plural form may leave its count ($1) unsaid ("Remove it", "Eine Aussage"), but no other placeholder.
        const others = (text: string) => placeholders(text).filter((placeholder) => placeholder !== '$1');
        const englishOther = english[`${key.replace(PLURAL, '')}_other`]!.message;
        expect(others(message), key).toEqual(others(englishOther));
      }
    });
  }
});

/** Every source file of the extension (what a message's name can be used in). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? sourceFiles(file) : /\.(ts|tsx|html)$/.test(name) ? [file] : [];
  });
}

describe('the messages', () => {
  it('are each used by the code (by name, or in the manifest as __MSG_name__)', () => {
    const code = ['utils', 'components', 'entrypoints']
      .flatMap(sourceFiles)
      .concat('wxt.config.ts')
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const unused = Object.keys(english)
      .map((key) => key.replace(PLURAL, ''))
      .filter((name) => name !== 'locale' && !code.includes(`'${name}'`) && !code.includes(`__MSG_${name}__`));
    expect([...new Set(unused)]).toEqual([]);
  });

  it('read in the interface’s language, counts in its plural forms', () => {
    useLocale('pl');
    expect(uiLanguage()).toBe('pl');
    expect(t('verdictFalse')).toBe('Fałsz');
    expect([1, 2, 5, 22, 25].map((count) => tp('writeToLookAt', count))).toEqual([
      '1 twierdzenie do przejrzenia',
      '2 twierdzenia do przejrzenia',
      '5 twierdzeń do przejrzenia',
      '22 twierdzenia do przejrzenia',
      '25 twierdzeń do przejrzenia',
    ]);
    useLocale('de');
    expect(tp('toolbarToLookAt', 1234, 2000)).toBe('FactLens: 1.234 von 2.000 Aussagen sollten angesehen werden.');
    useLocale('fr');
    expect(t('cardPosition', 3, 12)).toBe('Affirmation 3 sur 12');
  });

  it('write a number as Intl does in each language, whole numbers under 1,000 without making a formatter', () => {
    const numbers = [...Array.from({ length: 1000 }, (_, index) => index), 1000, 12_345, 1.5, -3, 0.25, 2_000_000];
    for (const locale of readLocales().keys()) {
      useLocale(locale);
      const intl = new Intl.NumberFormat(uiLanguage());
      expect(numbers.map(formatNumber), locale).toEqual(numbers.map((value) => intl.format(value)));
    }
    // `format` is a getter that binds the formatter: read once for each number formatted.
    const format = vi.spyOn(Intl.NumberFormat.prototype as unknown as { format: unknown }, 'format', 'get');
    try {
      expect([0, 7, 999].map(formatNumber)).toEqual(['0', '7', '999']);
      expect(format).not.toHaveBeenCalled();
    } finally {
      format.mockRestore();
    }
  });
});

describe('the verdicts’ language before the user sets one', () => {
  it('is the interface’s, where the service writes it; for English, the browser’s region’s', () => {
    const cases: [string, string, string][] = [
      ['de', 'de-DE', 'German'],
      ['pl', 'pl', 'Polish'],
      ['pt_BR', 'pt-BR', 'Portuguese'],
      ['en', 'en-GB', 'English-UK'],
      ['en', 'en-US', 'English-US'],
      // A browser in a language of none of ours: the interface is English, and so are the verdicts.
      ['en', 'ja', 'English-US'],
    ];
    for (const [locale, browserLanguage, expected] of cases) {
      useLocale(locale);
      fakeBrowser.i18n.getUILanguage = () => browserLanguage;
      expect(DEFAULT_SETTINGS.language, `${locale} in a ${browserLanguage} browser`).toBe(expected);
    }
  });
});

describe('French typography', () => {
  const french = locales.get('fr')!;
  /** An ordinary (breaking) space or none before : ; ? ! », or after «, where French sets a narrow no-break space. */
  const breakable = / [:;?!»]|« /;

  it('sets a narrow no-break space before : ; ? ! and inside « », never an ordinary one', () => {
    const slips = Object.entries(french).flatMap(([key, { message }]) => (breakable.test(message) ? [key] : []));
    expect(slips).toEqual([]);
    // The test sees a slip when there is one.
    expect(breakable.test('Correction : la Lune')).toBe(true);
    expect(Object.values(french).filter(({ message }) => message.includes('\u202f:')).length).toBeGreaterThan(50);
  });
});
