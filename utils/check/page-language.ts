/**
 * The output language a page's own language tag asks for (the `lang` declared where the checked text is), among the
 * nine the service writes (4.9): for the "same as the page" setting, so that a German article's verdicts are in German.
 */
import type { Language } from '../api/schemas';

const BY_PRIMARY_SUBTAG: Readonly<Record<string, Language>> = {
  es: 'Spanish',
  fr: 'French',
  it: 'Italian',
  nl: 'Dutch',
  pt: 'Portuguese',
  de: 'German',
  pl: 'Polish',
};

/** English as written in Britain and the Commonwealth, whose spelling is British; every other English is US. */
const BRITISH_SPELLING = new Set(['gb', 'uk', 'ie', 'au', 'nz', 'za', 'in']);

/** The service's language for a BCP 47 tag ("de-AT", "en_GB", "pt-BR"), or null when it writes no such language. */
export function languageForTag(tag: string): Language | null {
  const [primary = '', ...rest] = tag.trim().toLowerCase().split(/[-_]/);
  if (primary === 'en') return rest.some((subtag) => BRITISH_SPELLING.has(subtag)) ? 'English-UK' : 'English-US';
  return BY_PRIMARY_SUBTAG[primary] ?? null;
}
