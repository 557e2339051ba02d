/** The extension's locale files, read as browser.i18n reads them, for unit tests (fakeBrowser has no i18n). */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fakeBrowser } from 'wxt/testing';

export const LOCALES_DIR = path.resolve('public/_locales');

export type Messages = Record<string, { message: string; description?: string }>;

/** Each locale folder's messages, by the folder's name (en, de, pt_BR…). */
export function readLocales(): Map<string, Messages> {
  return new Map(
    readdirSync(LOCALES_DIR).map((locale) => [
      locale,
      JSON.parse(readFileSync(path.join(LOCALES_DIR, locale, 'messages.json'), 'utf8')) as Messages,
    ]),
  );
}

/** Chrome's substitutions: $1…$9 from `substitutions`, and $$ for a dollar sign. */
export function substitute(message: string, substitutions: string[] = []): string {
  return message.replace(/\$(\$|[1-9])/g, (_, which: string) =>
    which === '$' ? '$' : (substitutions[Number(which) - 1] ?? ''),
  );
}

const locales = readLocales();
let current = 'en';

/**
 * Unit tests read the interface's words in this locale (English unless a test says otherwise). The browser's lookup is
 * a new function, as in a browser started in another language: what the interface kept of the last one is not used.
 */
export function useLocale(locale: string): void {
  if (!locales.has(locale)) throw new Error(`no locale ${locale}`);
  current = locale;
  fakeBrowser.i18n.getMessage = ((key: string, substitutions?: string | string[]) =>
    getMessage(key, substitutions)) as typeof fakeBrowser.i18n.getMessage;
}

/** browser.i18n.getMessage over the current locale, falling back to English as the browser does. */
export function getMessage(key: string, substitutions?: string | string[]): string {
  const entry = locales.get(current)?.[key] ?? locales.get('en')?.[key];
  if (!entry) return '';
  return substitute(entry.message, typeof substitutions === 'string' ? [substitutions] : substitutions);
}
