/** Builds a ServiceClient from the stored settings and key. Background only. */
import { storage } from '#imports';
import { ServiceClient } from './api/client';
import type { EndpointName } from '../shared/endpoints';
import { ServiceError } from './api/errors';
import { loadCredential, loadPolicy, loadUserSettings } from './settings-store';
import { withPolicy } from '../contract/managed-policy';
import { type Settings } from '../contract/settings';
import { t } from '../shared/i18n';

/** The settings in force and the bearer (a key, or a gateway token), or a ServiceError saying that none is set. */
export async function serviceAccess(): Promise<{ settings: Settings; apiKey: string }> {
  const [user, { policy }] = await Promise.all([loadUserSettings(), loadPolicy()]);
  const settings = withPolicy(user, policy);
  const apiKey = await loadCredential(policy);
  if (!apiKey)
    throw new ServiceError({
      kind: 'auth',
      message: t(settings.authMode === 'gateway' ? 'noGatewayTokenOpenSettings' : 'noApiKeyOpenSettings'),
      fixInSettings: true,
    });
  return { settings, apiKey };
}

export async function clientFromSettings(): Promise<ServiceClient> {
  const { settings, apiKey } = await serviceAccess();
  return new ServiceClient({
    apiKey,
    gateway: settings.authMode === 'gateway',
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
