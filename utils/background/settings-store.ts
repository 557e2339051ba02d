/**
 * Settings, declared once, under the organization's policy. The API key is a separate item so that nothing that reads
 * settings for display can carry it by accident; only the background reads it, and hands it to the options page and
 * the popup (extension pages) when they ask. Both are kept where no content script can reach them (see
 * trusted-item.ts). The policy is the browser's managed storage, read each time (see managed-read.ts): a change
 * applies at once.
 */
import { settingsSchema, type Settings } from '../contract/settings';
import { readPolicy, withPolicy, type ManagedPolicy, type SettingsInForce } from '../contract/managed-policy';
import { DEFAULT_SETTINGS, settingsItem } from '../shared/settings-item';
import { defineTrustedItem } from '../shared/trusted-item';
import { readManaged } from './managed-read';

export const apiKeyItem = defineTrustedItem<string>('apiKey', '');
/** The user's key for Google's Fact Check Tools API (earlier fact-checks): kept as the service key is. */
export const factCheckKeyItem = defineTrustedItem<string>('factCheckKey', '');

/** The organization's policy, each value checked (see readPolicy); empty where there is none. */
export async function loadPolicy(): Promise<{ policy: ManagedPolicy; dropped: string[] }> {
  return readPolicy((await readManaged()) ?? {});
}

/** The user's own settings as stored, falling back to defaults if what is stored no longer validates. */
export async function loadUserSettings(): Promise<Settings> {
  const stored = await settingsItem.getValue();
  const parsed = settingsSchema.safeParse({ ...DEFAULT_SETTINGS, ...stored });
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

/** The settings in force: the user's, under the organization's policy. */
export async function loadSettings(): Promise<SettingsInForce> {
  const [settings, { policy }] = await Promise.all([loadUserSettings(), loadPolicy()]);
  return withPolicy(settings, policy);
}

/** The bearer FactLens sends: a gateway token the policy gives, else what the user saved (a key, or their token). */
export async function loadCredential(policy?: ManagedPolicy): Promise<string> {
  const token = (policy ?? (await loadPolicy()).policy).gatewayToken;
  return token ?? (await apiKeyItem.getValue()).trim();
}
