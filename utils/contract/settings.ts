/** The settings, as the options page edits them and the worker keeps them. */
import { z } from 'zod';
import { languageSchema } from './language';
import { checkServiceBaseUrl } from '../shared/base-url';
import { t } from '../shared/i18n';

export const CHECK_MODES = ['progressive', 'one-call'] as const;
/** How FactLens signs in: the user's own service key, or their token for their organization's gateway (docs/teams.md). */
export const AUTH_MODES = ['key', 'gateway'] as const;
export type AuthMode = (typeof AUTH_MODES)[number];
export const MAX_CREDITS = 100_000;
const checkModeSchema = z.enum(CHECK_MODES);

/** A base URL, checked and kept as checkServiceBaseUrl writes it (https added to a host name alone, no trailing slash). */
export const baseUrlField = z.string().transform((value, ctx) => {
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
  authMode: z.enum(AUTH_MODES),
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
  /** Look for earlier fact-checks of each claim (Google's Fact Check Tools): off until the user turns it on. */
  earlierChecks: z.boolean(),
  /** Where Fact Check Tools is reached (https, or loopback for the double). */
  factCheckToolsUrl: baseUrlField,
  /** Who publishes the checks exported as ClaimReview (their `author`); '' until the user names one. */
  publisherName: z.string().trim().max(200),
});
export type Settings = z.output<typeof settingsSchema>;
