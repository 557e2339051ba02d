/** The options page's messages: the settings, the key, and a test of the connection, under the organization's policy. */
import { browser } from '#imports';
import { hostPermissionFor } from '../../shared/base-url';
import type { Handlers } from '../protocol';
import { clientFromSettings } from '../service';
import { apiKeyItem, factCheckKeyItem, loadCredential, loadPolicy, loadUserSettings } from '../settings-store';
import { cleanApiKey } from '../../shared/api-key';
import { settingsItem } from '../../shared/settings-item';
import { t, tp, uiLanguage } from '../../shared/i18n';
import { formatCredits } from '../../shared/format';
import type { ManagedView } from '../../contract/messages';
import {
  capsOf,
  isManaged,
  overCaps,
  SETTING_POLICIES,
  withPolicy,
  type ManagedPolicy,
} from '../../contract/managed-policy';
import type { Settings } from '../../contract/settings';

/** What the organization sets, as the popup and the options page show it. */
export function managedView(policy: ManagedPolicy, dropped: string[] = []): ManagedView {
  return {
    managed: isManaged(policy) || dropped.length > 0,
    set: (Object.keys(SETTING_POLICIES) as (keyof typeof SETTING_POLICIES)[]).filter(
      (field) => policy[SETTING_POLICIES[field]] !== undefined,
    ),
    caps: capsOf(policy),
    tokenByPolicy: policy.gatewayToken !== undefined,
    disabledFeatures: policy.disabledFeatures ?? [],
    sendPageAddresses: policy.sendPageAddresses ?? true,
    writeSitesBlocked: policy.writeSitesBlocked ?? [],
    historyDays: policy.historyDays ?? null,
    dropped,
  };
}

/** The user's settings with what the organization sets outright in place; their own values under a cap, as they are. */
function shownSettings(user: Settings, policy: ManagedPolicy): Settings {
  const applied = withPolicy(user, policy);
  return { ...user, apiBaseUrl: applied.apiBaseUrl, uploadBaseUrl: applied.uploadBaseUrl, authMode: applied.authMode };
}

export const settingsHandlers: Pick<Handlers, 'getSettings' | 'saveSettings' | 'keyStatus' | 'testConnection'> = {
  async getSettings() {
    const [user, { policy, dropped }, apiKey, factCheckKey] = await Promise.all([
      loadUserSettings(),
      loadPolicy(),
      apiKeyItem.getValue(),
      factCheckKeyItem.getValue(),
    ]);
    // A token the policy gives stays in the worker: the page shows that it is set, not what it is.
    return { settings: shownSettings(user, policy), apiKey, factCheckKey, managed: managedView(policy, dropped) };
  },

  async saveSettings({ settings, apiKey, factCheckKey }) {
    const [stored, { policy }] = await Promise.all([loadUserSettings(), loadPolicy()]);
    // Over a cap: refused, as the form refuses it (a message from any of the extension's pages meets the same rule).
    const over = Object.values(overCaps(settings, capsOf(policy)));
    if (over.length) throw new Error(t('capHint', formatCredits(Math.min(...over))));
    // What the organization sets is not the user's to save: their own values stay as they were, for the day the
    // policy goes.
    const saved = { ...settings };
    for (const field of managedView(policy).set) Object.assign(saved, { [field]: stored[field] });
    await settingsItem.setValue(saved);
    if (apiKey !== undefined && policy.gatewayToken === undefined) await apiKeyItem.setValue(cleanApiKey(apiKey));
    if (factCheckKey !== undefined) await factCheckKeyItem.setValue(cleanApiKey(factCheckKey));
    const inForce = withPolicy(saved, policy);
    const missing: string[] = [];
    for (const base of new Set([inForce.apiBaseUrl, inForce.uploadBaseUrl || inForce.apiBaseUrl])) {
      const origin = hostPermissionFor(base);
      if (!(await browser.permissions.contains({ origins: [origin] }))) missing.push(new URL(base).host);
    }
    return missing.length
      ? {
          warning: t('savedWithoutAccess', new Intl.ListFormat(uiLanguage(), { type: 'conjunction' }).format(missing)),
        }
      : {};
  },

  async keyStatus() {
    const [user, { policy, dropped }] = await Promise.all([loadUserSettings(), loadPolicy()]);
    return {
      saved: (await loadCredential(policy)) !== '',
      authMode: withPolicy(user, policy).authMode,
      managed: managedView(policy, dropped),
    };
  },

  async testConnection() {
    const client = await clientFromSettings();
    // A normal page, as the docs' samples ask for (1 to 10): a service may treat a one-item range as odd.
    const page = await client.listBrandVoices({ start_count: 1, end_count: 10 });
    return {
      message: page.totalKnown ? tp('connectedLibrary', page.total) : tp('connectedFirstPage', page.items.length),
    };
  },
};
