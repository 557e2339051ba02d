/**
 * Stored values that only the extension's own pages and background may read or write: the API key, the settings,
 * the history, the caches of verdicts and the credit ledger. They are kept in the extension's IndexedDB.
 *
 * Not in `storage.local`: Firefox lets content scripts read and write it, and has no way to close it to them
 * (Chrome's `setAccessLevel` works only there). A content script subverted by a page could then have read the key,
 * pointed the service address at its own host so that the next call carried the key there, or planted verdicts in
 * the caches. A content script's IndexedDB is the page's, never the extension's. (`storage.session`, where jobs
 * live, is closed to content scripts in both browsers by default.) Firefox keeps `storage.local` itself in the
 * extension's IndexedDB, so these values are kept as durably as they were.
 */
import { storage } from '#imports';
import { createStore, get, set } from 'idb-keyval';

/** The extension's IndexedDB database and object store that hold the items (written out in tests/unit/helpers/setup.ts). */
const TRUSTED_DB = { name: 'factlens', store: 'items' } as const;

/** The prefix of the record that an item's move out of storage.local ran (see defineTrustedItem). */
const LEGACY_MOVED = 'legacyMoved:';

let items: ReturnType<typeof createStore> | undefined;
/** Opened on first use, so that a page that imports this and never reads an item opens nothing. */
const itemStore = () => (items ??= createStore(TRUSTED_DB.name, TRUSTED_DB.store));

export interface TrustedItem<T> {
  /** The stored value, or the fallback when none is stored. */
  getValue(): Promise<T>;
  setValue(value: T): Promise<void>;
}

/**
 * An item named `key`. A value an earlier version stored in `storage.local` under the same key is moved here on
 * first use (and removed from there), once ever: that it ran is recorded beside the item, so that a value a content
 * script plants in `storage.local` later (Firefox lets it) is never taken for the user's.
 */
export function defineTrustedItem<T>(key: string, fallback: T): TrustedItem<T> {
  const legacyKey = `local:${key}` as const;
  let legacyMoved: Promise<void> | undefined;
  const moveLegacy = () =>
    (legacyMoved ??= (async () => {
      const marker = `${LEGACY_MOVED}${key}`;
      if (await get(marker, itemStore())) return;
      const legacy = await storage.getItem<T>(legacyKey);
      if (legacy !== null) {
        if ((await get(key, itemStore())) === undefined) await set(key, legacy, itemStore());
        await storage.removeItem(legacyKey, { removeMeta: true });
      }
      await set(marker, true, itemStore());
    })().catch((error: unknown) => {
      // The item works without it; the move is tried again on the next run of the background.
      console.error(
        `[factlens] could not move ${key} out of storage.local`,
        error instanceof Error ? error.message : error,
      );
    }));
  return {
    async getValue() {
      await moveLegacy();
      const value = await get<T>(key, itemStore());
      return value === undefined ? fallback : value;
    },
    async setValue(value) {
      await moveLegacy();
      await set(key, value, itemStore());
    },
  };
}
