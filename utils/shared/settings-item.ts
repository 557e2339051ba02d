/**
 * Where the settings are kept, and what they are before any is saved: apart from their schema
 * (utils/contract/settings.ts), so that a page that only reads one of them (the popup, for the language a product copy
 * is written in) loads no zod.
 */
import { verdictLanguageOfInterface } from './page-language';
import { DEFAULT_API_BASE_URL, DEFAULT_FACT_CHECK_TOOLS_URL } from './endpoints';
import type { Settings } from '../contract/settings';
import { defineTrustedItem } from './trusted-item';

export const DEFAULT_SETTINGS: Settings = {
  apiBaseUrl: DEFAULT_API_BASE_URL,
  uploadBaseUrl: '',
  /** The interface's language, where the service writes it (see verdictLanguageOfInterface): read when used. */
  get language() {
    return verdictLanguageOfInterface();
  },
  languageFromPage: false,
  checkMode: 'progressive',
  authMode: 'key',
  writeDailyLimit: 50,
  askAboveCredits: null,
  earlierChecks: false,
  factCheckToolsUrl: DEFAULT_FACT_CHECK_TOOLS_URL,
  publisherName: '',
};

export const settingsItem = defineTrustedItem<Settings>('settings', DEFAULT_SETTINGS);
