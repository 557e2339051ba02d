/**
 * Languages and their tags: the output language a page's own language tag asks for (the `lang` declared where the
 * checked text is), among the nine the service writes (4.9), for the "same as the page" setting, so that a German
 * article's verdicts are in German; and the other way, the tag of what the service wrote, and of the checked text.
 */
import { browser } from 'wxt/browser';
import type { Language } from '../contract/language';
import { uiLanguage } from './i18n';

/**
 * Each language the service writes, as a BCP 47 tag: for the `lang` of what it wrote, so that a screen reader reads a
 * French reasoning in a French voice, and not in the English one of the extension's own words around it.
 */
export const LANGUAGE_TAGS: Readonly<Record<Language, string>> = {
  'English-US': 'en-US',
  'English-UK': 'en-GB',
  Spanish: 'es',
  French: 'fr',
  Italian: 'it',
  Dutch: 'nl',
  Portuguese: 'pt',
  German: 'de',
  Polish: 'pl',
};

/** English as written in Britain and the Commonwealth, whose spelling is British; every other English is US. */
const BRITISH_SPELLING = new Set(['gb', 'uk', 'ie', 'au', 'nz', 'za', 'in']);

/** The service's language for a BCP 47 tag ("de-AT", "en_GB", "pt-BR"), or null when it writes no such language. */
export function languageForTag(tag: string): Language | null {
  const [primary = '', ...rest] = tag.trim().toLowerCase().split(/[-_]/);
  if (primary === 'en') return rest.some((subtag) => BRITISH_SPELLING.has(subtag)) ? 'English-UK' : 'English-US';
  const entry = Object.entries(LANGUAGE_TAGS).find(([, own]) => own === primary);
  return (entry?.[0] as Language | undefined) ?? null;
}

/**
 * The service's language for the interface's, where it writes it: the verdicts' language until the user sets one. The
 * interface's English is the browser's own, for its region (British or US spelling); a language of the interface's
 * the service does not write, or the browser's when the interface fell back to English, gives US English.
 */
export function verdictLanguageOfInterface(): Language {
  const language = uiLanguage();
  return languageForTag(language === 'en' ? browser.i18n.getUILanguage() : language) ?? 'English-US';
}

/**
 * A `lang` value the page declared, kept only if it has a language tag's shape ("de", "pt-BR", "zh-Hant-TW"; "en_GB"
 * as "en-GB"); '' (the language is not known) for anything else, and for nothing declared.
 */
export function languageTagOrUnknown(declared: string | undefined): string {
  const tag = declared?.trim().replaceAll('_', '-') ?? '';
  return /^[a-z]{2,3}(?:-[a-z0-9]{1,8}){0,4}$/i.test(tag) ? tag : '';
}

/** A language of the service's, named in the interface's language ("German" → "Deutsch"); an unknown one as it is. */
export function languageName(language: string): string {
  const tag = LANGUAGE_TAGS[language as Language];
  if (!tag) return language;
  return new Intl.DisplayNames([uiLanguage()], { type: 'language' }).of(tag) ?? language;
}
