/**
 * Where the settings are kept, and what they are before any is saved: apart from their schema (settings.ts), so that
 * a page that only reads one of them (the popup, for the language a product copy is written in) loads no zod.
 */
import { DEFAULT_API_BASE_URL } from './api/endpoints';
import type { Settings } from './settings';
import { defineTrustedItem } from './trusted-item';

export const DEFAULT_SETTINGS: Settings = {
  apiBaseUrl: DEFAULT_API_BASE_URL,
  uploadBaseUrl: '',
  language: 'English-US',
  languageFromPage: false,
  checkMode: 'progressive',
};

export const settingsItem = defineTrustedItem<Settings>('settings', DEFAULT_SETTINGS);
