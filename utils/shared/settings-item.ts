/**
 * Where the settings are kept, and what they are before any is saved: apart from their schema (settings.ts), so that
 * a page that only reads one of them (the popup, for the language a product copy is written in) loads no zod.
 */
import { verdictLanguageOfInterface } from './page-language';
import { DEFAULT_API_BASE_URL } from './endpoints';
import type { Language } from '../background/api/schemas';
import { defineTrustedItem } from './trusted-item';

/** The settings, as stored; settings.ts holds their schema, which a type check keeps to this shape. */
export interface Settings {
  apiBaseUrl: string;
  /** Empty means "same as the API base URL" (no separate upload host is documented). */
  uploadBaseUrl: string;
  language: Language;
  /** Verdicts in the checked text's own language (its `lang`) when the service writes it; `language` otherwise. */
  languageFromPage: boolean;
  checkMode: 'progressive' | 'one-call';
  /** Credits that checking as the user writes may spend in a day, on every site together. */
  writeDailyLimit: number;
  /** A check whose verification may cost more credits than this asks first; null: never asks. */
  askAboveCredits: number | null;
}

export const DEFAULT_SETTINGS: Settings = {
  apiBaseUrl: DEFAULT_API_BASE_URL,
  uploadBaseUrl: '',
  /** The interface's language, where the service writes it (see verdictLanguageOfInterface): read when used. */
  get language() {
    return verdictLanguageOfInterface();
  },
  languageFromPage: false,
  checkMode: 'progressive',
  writeDailyLimit: 50,
  askAboveCredits: null,
};

export const settingsItem = defineTrustedItem<Settings>('settings', DEFAULT_SETTINGS);
