/** The interface's words in a locale, as the extension reads them from its locale files, for tests that look for them. */
import { readLocales, substitute, type Messages } from '../unit/helpers/locales';

const locales = readLocales();

export interface Words {
  /** The locale's folder name (de, pt_BR…). */
  locale: string;
  messages: Messages;
  /** The message `key`, its $1…$9 given `substitutions` (numbers written as the language writes them). */
  t: (key: string, ...substitutions: (string | number)[]) => string;
  /** The plural message `key` for `count`, in the form the language uses for it. */
  tp: (key: string, count: number, ...substitutions: (string | number)[]) => string;
}

export function wordsIn(locale: string): Words {
  const messages = locales.get(locale);
  if (!messages) throw new Error(`no locale ${locale}`);
  const language = locale.replace('_', '-');
  const written = (value: string | number) =>
    typeof value === 'number' ? new Intl.NumberFormat(language).format(value) : value;
  const t = (key: string, ...substitutions: (string | number)[]) => {
    const entry = messages[key] ?? locales.get('en')![key];
    if (!entry) throw new Error(`no message ${key}`);
    return substitute(entry.message, substitutions.map(written));
  };
  const tp = (key: string, count: number, ...substitutions: (string | number)[]) =>
    t(`${key}_${new Intl.PluralRules(language).select(count)}`, count, ...substitutions);
  return { locale, messages, t, tp };
}

export const ENGLISH = wordsIn('en');
export const english = ENGLISH.t;

/** What the popup says about a PDF whose text the browser's viewer keeps from extensions. */
export const PDF_TEXT_UNREADABLE = english('pdfTextUnreadable', english('menuCheckSelection'));
