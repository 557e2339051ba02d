/** Builds a ServiceClient from the stored settings and key. Background only. */
import { storage } from '#imports';
import { ServiceClient } from './api/client';
import type { EndpointName } from '../shared/endpoints';
import { ServiceError } from './api/errors';
import { apiKeyItem, loadSettings } from './settings-store';
import { type Settings } from '../contract/settings';
import { t } from '../shared/i18n';

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
    // Per-endpoint timeouts that e2e tests set, so that a hanging service fails in seconds: read only by the e2e
    // build, and left out of the release build with this branch.
    timeouts:
      import.meta.env.MODE === 'e2e'
        ? ((await storage.getItem<Partial<Record<EndpointName, number>>>('local:e2eTimeouts')) ?? {})
        : undefined,
  });
}
