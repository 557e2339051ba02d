/**
 * Settings, declared once. The API key is a separate item so that nothing that reads settings for display can
 * carry it by accident; only the background reads it, and hands it to the options page and the popup (extension
 * pages) when they ask. Both are kept where no content script can reach them (see trusted-item.ts).
 */
import { z } from 'zod';
import { languageSchema } from './api/schemas';
import { checkServiceBaseUrl } from '../shared/base-url';
import { DEFAULT_SETTINGS, settingsItem, type Settings } from '../shared/settings-item';
import { defineTrustedItem } from '../shared/trusted-item';
import { t } from '../shared/i18n';

export { DEFAULT_SETTINGS, settingsItem };

export const CHECK_MODES = ['progressive', 'one-call'] as const;
const MAX_CREDITS = 100_000;
const checkModeSchema = z.enum(CHECK_MODES);

/** A base URL, checked and kept as checkServiceBaseUrl writes it (https added to a host name alone, no trailing slash). */
const baseUrlField = z.string().transform((value, ctx) => {
  const checked = checkServiceBaseUrl(value);
  if (checked.ok) return checked.url;
  ctx.addIssue({ code: 'custom', message: t('addressNotUsable', checked.reason) });
  return z.NEVER;
});

export const settingsSchema = z.object({
  apiBaseUrl: baseUrlField,
  /** Empty means "same as the API base URL" (no separate upload host is documented). */
  uploadBaseUrl: z.union([z.literal(''), baseUrlField]),
  language: languageSchema,
  /** Verdicts in the checked text's own language (its `lang`) when the service writes it; `language` otherwise. */
  languageFromPage: z.boolean(),
  checkMode: checkModeSchema,
  // Messages as functions: read when a value fails, in the interface's language, not as the module loads.
  writeDailyLimit: z
    .int({ error: () => t('creditsWhole') })
    .min(1, { error: () => t('creditsAtLeastOne') })
    .max(MAX_CREDITS, { error: () => t('creditsAtMost', MAX_CREDITS) }),
  askAboveCredits: z
    .int({ error: () => t('creditsWholeOrEmpty') })
    .min(1, { error: () => t('creditsAtLeastOneOrEmpty') })
    .max(MAX_CREDITS, { error: () => t('creditsAtMost', MAX_CREDITS) })
    .nullable(),
});
export type { Settings };
// The schema and the zod-free interface must describe the same thing.
type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const sameShape: SameShape<z.output<typeof settingsSchema>, Settings> = true;
void sameShape;

export const apiKeyItem = defineTrustedItem<string>('apiKey', '');

/** Reads settings, falling back to defaults field by field if what is stored no longer validates. */
export async function loadSettings(): Promise<Settings> {
  const stored = await settingsItem.getValue();
  const parsed = settingsSchema.safeParse({ ...DEFAULT_SETTINGS, ...stored });
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

export { cleanApiKey } from './api/api-key';
