import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';

/** The module afresh, as a new run of the background loads it (its move out of storage.local is once per run). */
async function freshItems() {
  vi.resetModules();
  return import('@/utils/shared/trusted-item');
}

describe('trusted items', () => {
  beforeEach(() => fakeBrowser.reset());

  it('are kept out of extension storage, which Firefox lets content scripts read and write', async () => {
    const { defineTrustedItem } = await freshItems();
    const key = defineTrustedItem('apiKey', '');
    const settings = defineTrustedItem('settings', { apiBaseUrl: 'https://api-az.longshot.ai' });
    await key.setValue('sk-live-123');
    await settings.setValue({ apiBaseUrl: 'https://api-v2.longshot.ai' });
    expect(await key.getValue()).toBe('sk-live-123');
    expect(await settings.getValue()).toEqual({ apiBaseUrl: 'https://api-v2.longshot.ai' });
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('read as their fallback when nothing is stored', async () => {
    const { defineTrustedItem } = await freshItems();
    expect(await defineTrustedItem('history', []).getValue()).toEqual([]);
    expect(await defineTrustedItem('apiKey', '').getValue()).toBe('');
  });

  it('take a value an earlier version left in storage.local, and remove it from there', async () => {
    // As WXT's storage items kept them: the value, and its version under `key$`.
    await fakeBrowser.storage.local.set({ apiKey: 'sk-old-456', apiKey$: { v: 1 }, history: [{ id: 'a' }] });
    const { defineTrustedItem } = await freshItems();
    expect(await defineTrustedItem('apiKey', '').getValue()).toBe('sk-old-456');
    expect(await defineTrustedItem('history', []).getValue()).toEqual([{ id: 'a' }]);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('keep a value saved since over one an earlier version left behind', async () => {
    await fakeBrowser.storage.local.set({ apiKey: 'sk-old-456' });
    const first = await freshItems();
    await first.defineTrustedItem('apiKey', '').setValue('sk-new-789');
    const { defineTrustedItem } = await freshItems();
    expect(await defineTrustedItem('apiKey', '').getValue()).toBe('sk-new-789');
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });

  it('move what an earlier version left once ever: a value planted in storage.local later is never taken', async () => {
    const first = await freshItems();
    expect(await first.defineTrustedItem('settings', { apiBaseUrl: 'https://api-az.longshot.ai' }).getValue()).toEqual({
      apiBaseUrl: 'https://api-az.longshot.ai',
    });
    // A content script (Firefox lets it write storage.local) plants an address of its own, then the worker restarts.
    await fakeBrowser.storage.local.set({ settings: { apiBaseUrl: 'https://evil.example' } });
    const { defineTrustedItem } = await freshItems();
    expect(await defineTrustedItem('settings', { apiBaseUrl: 'https://api-az.longshot.ai' }).getValue()).toEqual({
      apiBaseUrl: 'https://api-az.longshot.ai',
    });
  });
});
