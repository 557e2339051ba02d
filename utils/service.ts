/** Builds a ServiceClient from the stored settings and key. Background only. */
import { ServiceClient } from './api/client';
import { ServiceError } from './api/errors';
import { apiKeyItem, loadSettings } from './settings';

export async function clientFromSettings(): Promise<ServiceClient> {
  const [settings, apiKey] = await Promise.all([loadSettings(), apiKeyItem.getValue()]);
  if (!apiKey.trim())
    throw new ServiceError({ kind: 'auth', message: 'No API key is set. Open Settings and add your key.' });
  return new ServiceClient({
    apiKey,
    baseUrl: settings.apiBaseUrl,
    uploadBaseUrl: settings.uploadBaseUrl || undefined,
  });
}
