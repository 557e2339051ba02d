/** The options page's messages: the settings, the key, and a test of the connection. */
import { browser } from '#imports';
import { hostPermissionFor } from '../../shared/base-url';
import type { Handlers } from '../protocol';
import { clientFromSettings } from '../service';
import { apiKeyItem, loadSettings } from '../settings-store';
import { cleanApiKey } from '../../shared/api-key';
import { settingsItem } from '../../shared/settings-item';
import { t, tp, uiLanguage } from '../../shared/i18n';

export const settingsHandlers: Pick<Handlers, 'getSettings' | 'saveSettings' | 'keyStatus' | 'testConnection'> = {
  async getSettings() {
    const [settings, apiKey] = await Promise.all([loadSettings(), apiKeyItem.getValue()]);
    return { settings, apiKey };
  },

  async saveSettings({ settings, apiKey }) {
    await settingsItem.setValue(settings);
    if (apiKey !== undefined) await apiKeyItem.setValue(cleanApiKey(apiKey));
    const missing: string[] = [];
    for (const base of new Set([settings.apiBaseUrl, settings.uploadBaseUrl || settings.apiBaseUrl])) {
      const origin = hostPermissionFor(base);
      if (!(await browser.permissions.contains({ origins: [origin] }))) missing.push(new URL(base).host);
    }
    return missing.length
      ? {
          warning: t('savedWithoutAccess', new Intl.ListFormat(uiLanguage(), { type: 'conjunction' }).format(missing)),
        }
      : {};
  },

  keyStatus: async () => ({ saved: (await apiKeyItem.getValue()).trim() !== '' }),

  async testConnection() {
    const client = await clientFromSettings();
    // A normal page, as the docs' samples ask for (1 to 10): a service may treat a one-item range as odd.
    const page = await client.listBrandVoices({ start_count: 1, end_count: 10 });
    return {
      message: page.totalKnown ? tp('connectedLibrary', page.total) : tp('connectedFirstPage', page.items.length),
    };
  },
};
