/**
 * The interface's own words, in the browser's language: messages from the extension's locale files
 * (public/_locales/<lang>/messages.json, read by browser.i18n), counts in each language's plural forms, and numbers
 * and dates through Intl in that language.
 */
import { browser } from 'wxt/browser';
import type english from '../../public/_locales/en/messages.json';

/** A message's name in the locale files. */
export type MessageKey = keyof typeof english;

/**
 * A message with plural forms: one message per form the language has (`<name>_one`, `<name>_few`, `<name>_many`,
 * `<name>_other`, by Intl.PluralRules), each given the count, formatted, as $1.
 */
export type PluralKey = { [Key in MessageKey]: Key extends `${infer Name}_other` ? Name : never }[MessageKey];

type Substitution = string | number;

/** The message `key`, its $1…$9 given `substitutions` (numbers formatted in the interface's language). */
export function t(key: MessageKey, ...substitutions: Substitution[]): string {
  return message(key, substitutions) ?? key;
}

/**
 * The message `key` cut where its $1 goes, for a $1 that is an element of its own (a title in its `<bdi>`): the words
 * before it and after it.
 */
export function tAround(key: MessageKey): [before: string, after: string] {
  const marker = '\uE000';
  const [before = '', after = ''] = t(key, marker).split(marker);
  return [before, after];
}

/** The plural message `key` for `count` (its $1), in the form the interface's language uses for that count. */
export function tp(key: PluralKey, count: number, ...substitutions: Substitution[]): string {
  const form = pluralRules().select(count);
  const all = [count, ...substitutions];
  return message(`${key}_${form}`, all) ?? message(`${key}_other`, all) ?? key;
}

type GetMessage = (name: string, substitutions: string[]) => string;

/**
 * The messages without substitutions read so far (the language's tag, the verdicts' names), by the browser's lookup
 * that gave them: each lookup is a call into the browser, and a draw names them for every claim. The browser's language
 * does not change while a page is open; a test that changes it gives another lookup (tests/unit/helpers/locales.ts).
 */
let plain: { from: GetMessage; texts: Map<string, string | null> } | null = null;

function message(key: string, substitutions: Substitution[]): string | null {
  // Typed by name here (a plural message's form is built), not by WXT's overloads, made from the files at build.
  const getMessage = browser.i18n.getMessage as GetMessage;
  if (!substitutions.length) {
    if (plain?.from !== getMessage) plain = { from: getMessage, texts: new Map() };
    const known = plain.texts.get(key);
    if (known !== undefined) return known;
    const text = getMessage(key, []) || null;
    plain.texts.set(key, text);
    return text;
  }
  const text = getMessage(
    key,
    substitutions.map((value) => (typeof value === 'number' ? formatNumber(value) : value)),
  );
  // An unknown message reads as '' (its name is checked to be in every locale by the unit tests).
  return text || null;
}

/**
 * The interface's language, as a BCP 47 tag ("de", "pl", "pt-BR"): that of the messages the browser picked (each
 * locale file names its own), so that plurals and numbers agree with the words around them; English where the
 * browser's language is none of ours.
 */
export function uiLanguage(): string {
  return message('locale', []) ?? 'en';
}

/**
 * One of Intl's formatters for the interface's language, made once per language: making the first one in a page loads
 * the language's data, which is slow enough to show in a click's task.
 */
function perLanguage<Made>(make: (language: string) => Made): () => Made {
  let made: { language: string; value: Made } | null = null;
  return () => {
    const language = uiLanguage();
    if (made?.language !== language) made = { language, value: make(language) };
    return made.value;
  };
}

const pluralRules = perLanguage((language) => new Intl.PluralRules(language));
const numberFormat = perLanguage((language) => new Intl.NumberFormat(language));

/**
 * A number as the interface's language writes it (1,234.5; 1.234,5; 1 234,5). Every language of ours writes a whole
 * number under 1,000 in ASCII digits with no separator (a unit test holds each to Intl): such a number, most counts a
 * page shows, needs no formatter, whose making costs a page's first draw a task of its own.
 */
export function formatNumber(value: number): string {
  if (Number.isInteger(value) && value >= 0 && value < 1000) return String(value);
  return numberFormat().format(value);
}
