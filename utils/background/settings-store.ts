/**
 * Settings, declared once. The API key is a separate item so that nothing that reads settings for display can
 * carry it by accident; only the background reads it, and hands it to the options page and the popup (extension
 * pages) when they ask. Both are kept where no content script can reach them (see trusted-item.ts).
 */
import { settingsSchema, type Settings } from '../contract/settings';
import { DEFAULT_SETTINGS, settingsItem } from '../shared/settings-item';
import { defineTrustedItem } from '../shared/trusted-item';

export const apiKeyItem = defineTrustedItem<string>('apiKey', '');

/** Reads settings, falling back to defaults field by field if what is stored no longer validates. */
export async function loadSettings(): Promise<Settings> {
  const stored = await settingsItem.getValue();
  const parsed = settingsSchema.safeParse({ ...DEFAULT_SETTINGS, ...stored });
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}
