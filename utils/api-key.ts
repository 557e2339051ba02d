/**
 * Where the API key is kept: the extension's own IndexedDB, which only its own pages and background can open.
 *
 * Not extension storage: Firefox lets content scripts read `storage.local`, and has no way to close it to them
 * (Chrome's `setAccessLevel` works only there), so a content script subverted by a page could have read the key.
 * A content script's IndexedDB is the page's, never the extension's. Firefox keeps `storage.local` itself in
 * the extension's IndexedDB, so the key is kept as durably as it was.
 */
import { createStore, del, get, set } from 'idb-keyval';
import { legacyApiKeyItem } from './settings';

const KEY = 'apiKey';
let store: ReturnType<typeof createStore> | undefined;
/** Opened on first use: the content script bundles nothing of this, and the other pages open it only if they ask. */
const secrets = () => (store ??= createStore('factlens-secrets', 'secrets'));

/**
 * The key from before it was kept here, moved over once: a key saved by an earlier version is in `storage.local`,
 * and it is taken out of there as soon as it is kept here.
 */
async function moveLegacyKey(): Promise<string | undefined> {
  const legacy = await legacyApiKeyItem.getValue();
  if (!legacy) return undefined;
  await set(KEY, legacy, secrets());
  await legacyApiKeyItem.removeValue({ removeMeta: true });
  return legacy;
}

export const apiKeyStore = {
  /** The saved key, '' if none. */
  async getValue(): Promise<string> {
    const kept = await get<string>(KEY, secrets());
    if (kept !== undefined) return kept;
    return (await moveLegacyKey()) ?? '';
  },

  async setValue(apiKey: string): Promise<void> {
    if (apiKey) await set(KEY, apiKey, secrets());
    else await del(KEY, secrets());
    // A key left in storage.local by an earlier version must not outlive the one saved now.
    await legacyApiKeyItem.removeValue({ removeMeta: true });
  },
};
