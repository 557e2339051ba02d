/**
 * Settings, declared once. The API key is kept apart (see api-key.ts), so that nothing that reads settings for
 * display can carry it by accident; only the background reads it, and hands it to the options page and the popup
 * (extension pages) when they ask.
 */
import { storage } from '#imports';
import { z } from 'zod';
import { DEFAULT_API_BASE_URL } from './api/endpoints';
import { languageSchema } from './api/schemas';
import { checkServiceBaseUrl } from './api/base-url';

export const CHECK_MODES = ['progressive', 'one-call'] as const;
export const checkModeSchema = z.enum(CHECK_MODES);

const baseUrlField = z.string().superRefine((value, ctx) => {
  const checked = checkServiceBaseUrl(value);
  if (!checked.ok) ctx.addIssue({ code: 'custom', message: `The address is not usable: ${checked.reason}` });
});

export const settingsSchema = z.object({
  apiBaseUrl: baseUrlField,
  /** Empty means "same as the API base URL" (service-notes.md documents no separate upload host). */
  uploadBaseUrl: z.union([z.literal(''), baseUrlField]),
  language: languageSchema,
  checkMode: checkModeSchema,
});
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  apiBaseUrl: DEFAULT_API_BASE_URL,
  uploadBaseUrl: '',
  language: 'English-US',
  checkMode: 'progressive',
};

export const settingsItem = storage.defineItem<Settings>('local:settings', {
  fallback: DEFAULT_SETTINGS,
  version: 1,
});

/** Where versions before api-key.ts kept the key: read once, to move it there, and then emptied. */
export const legacyApiKeyItem = storage.defineItem<string>('local:apiKey', { fallback: '', version: 1 });

/** Reads settings, falling back to defaults field by field if what is stored no longer validates. */
export async function loadSettings(): Promise<Settings> {
  const stored = await settingsItem.getValue();
  const parsed = settingsSchema.safeParse({ ...DEFAULT_SETTINGS, ...stored });
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}
