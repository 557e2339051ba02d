/** Builds a ServiceClient from the stored settings and key. Background only. */
import { storage } from '#imports';
import { ServiceClient } from './api/client';
import type { EndpointName } from '../shared/endpoints';
import { ServiceError } from './api/errors';
import { apiKeyItem, loadSettings, type Settings } from './settings';
import { t } from '../shared/i18n';

/**
 * Per-endpoint timeouts that e2e tests set, so that a hanging service fails in seconds rather than minutes.
 * Read only by the e2e build (`wxt build --mode e2e`); the release build ignores it.
 */
const e2eTimeoutsItem = storage.defineItem<Partial<Record<EndpointName, number>>>('local:e2eTimeouts', {
  fallback: {},
});

/** The settings and the key, or a ServiceError saying that no key is set. */
export async function serviceAccess(): Promise<{ settings: Settings; apiKey: string }> {
  const [settings, apiKey] = await Promise.all([loadSettings(), apiKeyItem.getValue()]);
  if (!apiKey.trim())
    throw new ServiceError({
      kind: 'auth',
      message: t('noApiKeyOpenSettings'),
      fixInSettings: true,
    });
  return { settings, apiKey: apiKey.trim() };
}

export async function clientFromSettings(): Promise<ServiceClient> {
  const { settings, apiKey } = await serviceAccess();
  return new ServiceClient({
    apiKey,
    baseUrl: settings.apiBaseUrl,
    uploadBaseUrl: settings.uploadBaseUrl || undefined,
    timeouts: import.meta.env.MODE === 'e2e' ? await e2eTimeoutsItem.getValue() : undefined,
  });
}
