import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { apiKeyStore } from '@/utils/api-key';
import { legacyApiKeyItem } from '@/utils/settings';

describe('the API key store', () => {
  beforeEach(async () => {
    await apiKeyStore.setValue('');
    fakeBrowser.reset();
  });

  it('keeps the key out of extension storage, where Firefox lets content scripts read', async () => {
    await apiKeyStore.setValue('sk-live-123');
    expect(await apiKeyStore.getValue()).toBe('sk-live-123');
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain('sk-live-123');
  });

  it('moves a key saved by an earlier version out of storage.local, once', async () => {
    await legacyApiKeyItem.setValue('sk-old-456');
    expect(await apiKeyStore.getValue()).toBe('sk-old-456');
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
    expect(await apiKeyStore.getValue()).toBe('sk-old-456');
  });

  it('a key saved now replaces an earlier version’s, which does not come back', async () => {
    await legacyApiKeyItem.setValue('sk-old-456');
    await apiKeyStore.setValue('sk-new-789');
    expect(await apiKeyStore.getValue()).toBe('sk-new-789');
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('an emptied key reads as none', async () => {
    await apiKeyStore.setValue('sk-live-123');
    await apiKeyStore.setValue('');
    expect(await apiKeyStore.getValue()).toBe('');
  });
});
