import { browser, defineBackground } from '#imports';
import { hostPermissionFor } from '@/utils/api/base-url';
import { ServiceError } from '@/utils/api/errors';
import { registerHandlers } from '@/utils/protocol';
import { clientFromSettings } from '@/utils/service';
import { apiKeyItem, loadSettings, settingsItem } from '@/utils/settings';

export default defineBackground(() => {
  // Keep storage.local (where the key lives) out of content scripts' reach. Chrome supports this for
  // every area; Firefox only for session, where it is already the default.
  void browser.storage.local.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' })?.catch(() => undefined);

  // Listeners are registered synchronously at the top level, so a restarted worker gets its messages.
  registerHandlers({
    async getSettings() {
      const [settings, apiKey] = await Promise.all([loadSettings(), apiKeyItem.getValue()]);
      return { settings, apiKey };
    },

    async saveSettings({ settings, apiKey }) {
      await settingsItem.setValue(settings);
      if (apiKey !== undefined) await apiKeyItem.setValue(apiKey.trim());
      const missing: string[] = [];
      for (const base of new Set([settings.apiBaseUrl, settings.uploadBaseUrl || settings.apiBaseUrl])) {
        const origin = hostPermissionFor(base);
        if (!(await browser.permissions.contains({ origins: [origin] }))) missing.push(new URL(base).host);
      }
      return missing.length
        ? {
            warning: `Saved, but the extension may not contact ${missing.join(' and ')}: allow access when asked, or calls there will fail.`,
          }
        : {};
    },

    async testConnection() {
      const client = await clientFromSettings();
      const page = await client.listBrandVoices({ start_count: 1, end_count: 1 });
      return {
        message: `Connected. Your key works; your library has ${page.total} brand voice${page.total === 1 ? '' : 's'}.`,
      };
    },

    async checkContent(source) {
      const client = await clientFromSettings();
      if (source.kind === 'text' && !source.text.trim())
        throw new ServiceError({ kind: 'invalid-input', message: 'There is no text to check.' });
      return client.detectAndVerifyClaims(
        source.kind === 'url'
          ? { url: source.url, blog_headline_topic: source.headline || undefined }
          : { blog: source.text, blog_headline_topic: source.headline || undefined },
      );
    },
  });
});
