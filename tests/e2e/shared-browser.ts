/**
 * One Chromium for each Playwright worker, with the e2e build loaded, set back between tests to the state a fresh one
 * has: every page closed (popups and side panels included), the routes gone, and the extension's stored data, granted
 * sites, registered scripts and alarms cleared, its worker stopped (so that nothing of the last test stays in its
 * memory) and started again: a browser launched for each test would cost each one a browser's start on the CPUs the
 * tests share. After a failed test Playwright starts a new worker, and so a new browser.
 */
import type { BrowserContext, Page } from '@playwright/test';

/** Runs in the extension's service worker: clears what the extension keeps, and what the browser keeps for it. */
async function clearExtension(): Promise<void> {
  const api = chrome as unknown as {
    storage: Record<'local' | 'session' | 'sync', { clear: () => Promise<void> }>;
    alarms: { clearAll: () => Promise<boolean> };
    permissions: {
      getAll: () => Promise<{ origins?: string[] }>;
      remove: (permissions: { origins: string[] }) => Promise<boolean>;
    };
    scripting: {
      getRegisteredContentScripts: () => Promise<{ id: string }[]>;
      unregisterContentScripts: (filter: { ids: string[] }) => Promise<void>;
    };
    runtime: { getManifest: () => { host_permissions?: string[] } };
  };
  await Promise.all([api.storage.local.clear(), api.storage.session.clear(), api.storage.sync.clear()]);
  await api.alarms.clearAll();
  const registered = await api.scripting.getRegisteredContentScripts();
  if (registered.length) await api.scripting.unregisterContentScripts({ ids: registered.map((script) => script.id) });
  const required = new Set(api.runtime.getManifest().host_permissions ?? []);
  const granted = ((await api.permissions.getAll()).origins ?? []).filter((origin) => !required.has(origin));
  if (granted.length) await api.permissions.remove({ origins: granted });
  // The trusted items (see utils/shared/trusted-item.ts): their stores emptied, the database kept (the worker holds
  // it open, and deleting it would wait for the worker to stop).
  for (const { name } of await indexedDB.databases()) {
    if (!name) continue;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open(name);
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error ?? new Error(`could not open ${name}`));
    });
    const stores = [...db.objectStoreNames];
    if (stores.length)
      await new Promise<void>((resolve, reject) => {
        const transaction = db.transaction(stores, 'readwrite');
        for (const store of stores) transaction.objectStore(store).clear();
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error ?? new Error(`could not clear ${name}`));
      });
    db.close();
  }
}

/**
 * Runs in the worker: whether the extension's storage areas, and its databases' stores (the trusted items: the history,
 * the key), hold nothing but what a worker's start writes (the marks of legacy items moved, see trusted-item.ts; the
 * policy it read, see managed-read.ts).
 */
// Opens each database as clearExtension does: a function handed to the worker takes nothing from this module.
async function storesNothing(): Promise<boolean> {
  const areas = [chrome.storage.local, chrome.storage.session, chrome.storage.sync];
  const held = await Promise.all(areas.map((area) => area.get(null)));
  if (!held.every((items) => Object.keys(items).length === 0)) return false;
  for (const { name } of await indexedDB.databases()) {
    if (!name) continue;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const opening = indexedDB.open(name);
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(opening.error ?? new Error(`could not open ${name}`));
    });
    const stores = [...db.objectStoreNames];
    const keys = !stores.length
      ? []
      : await new Promise<IDBValidKey[]>((resolve, reject) => {
          const transaction = db.transaction(stores, 'readonly');
          const read = stores.map((store) => transaction.objectStore(store).getAllKeys());
          transaction.oncomplete = () => resolve(read.flatMap((request) => request.result));
          transaction.onerror = () => reject(transaction.error ?? new Error(`could not read ${name}`));
        });
    db.close();
    if (keys.some((key) => !String(key).startsWith('legacyMoved:') && key !== 'keptPolicy')) return false;
  }
  return true;
}

/**
 * The extension's lightest page (no script of its own), kept open between tests for the calls a test makes to the
 * extension's API as one of its pages (configure's): a page opened for each call cost about a second of the CPUs.
 */
export const extensionApiPageUrl = (extensionId: string): string => `chrome-extension://${extensionId}/privacy.html`;

/** The kept extension page (see extensionApiPageUrl), opened if this worker's first test has not yet. */
export async function extensionApiPage(context: BrowserContext, extensionId: string): Promise<Page> {
  const url = extensionApiPageUrl(extensionId);
  const pages = context.pages();
  const kept = pages.find((page) => page.url() === url);
  if (kept) return kept;
  // The empty page a browser starts with, the one the reset keeps, else a new one.
  const page = pages[0]?.url() === 'about:blank' ? pages[0] : await context.newPage();
  await page.goto(url);
  return page;
}

/**
 * Opens one of the extension's pages (`url`) in a new tab, made by its kept page (chrome.tabs.create), once loaded;
 * returns it with its tab id. Playwright's newPage makes the tab on an empty page first, in a process of its own, and
 * then leaves it: the popup opened so cost the CPUs 578 ms, made at its address 283 ms. Not for a web page whose
 * address a test routes: the tab's first request may go out before Playwright has attached to it.
 */
export async function openTab(
  context: BrowserContext,
  extensionId: string,
  url: string,
): Promise<{ page: Page; tabId: number }> {
  const api = await extensionApiPage(context, extensionId);
  const known = new Set(context.pages());
  const opened = new Promise<Page>((resolve) => {
    const added = (page: Page) => {
      if (known.has(page)) return;
      context.off('page', added);
      resolve(page);
    };
    context.on('page', added);
  });
  const tabId = await api.evaluate(async (address) => (await chrome.tabs.create({ url: address })).id ?? -1, url);
  const page = await opened;
  await page.waitForURL(url, { waitUntil: 'load' });
  return { page, tabId };
}

/**
 * Sets the browser back for the next test (see the module comment); returns once the extension's worker runs again,
 * with nothing stored.
 */
export async function resetForNextTest(context: BrowserContext, extensionId: string): Promise<void> {
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.clearCookies();
  await context.clearPermissions();
  // One page kept (a new one costs more than a navigation), on the extension's page for calls to its API (see
  // extensionApiPage); every other one closed.
  const [kept, ...others] = context.pages();
  const apiPage = kept ?? (await context.newPage());
  await Promise.all(others.map((page) => page.close({ runBeforeUnload: false })));
  const apiPageUrl = extensionApiPageUrl(extensionId);
  if (apiPage.url() !== apiPageUrl) await apiPage.goto(apiPageUrl);
  const cdp = await context.newCDPSession(apiPage);
  try {
    const { targetInfo: own } = await cdp.send('Target.getTargetInfo');
    // The pages Playwright does not list: the toolbar's popup (opened by the extension), side panels.
    const { targetInfos } = await cdp.send('Target.getTargets');
    await Promise.all(
      targetInfos
        .filter(
          (target) =>
            target.type !== 'service_worker' &&
            target.targetId !== own.targetId &&
            target.url.startsWith(`chrome-extension://${extensionId}/`),
        )
        .map((target) => cdp.send('Target.closeTarget', { targetId: target.targetId }).catch(() => undefined)),
    );
    const worker = context.serviceWorkers().at(-1);
    await cdp.send('ServiceWorker.enable');
    // The old worker may still write what it held (a check that ended meanwhile) between the clear and its stop, and
    // the new one would load it: cleared and started again until the new one starts with nothing stored.
    for (let attempt = 0; attempt < 3; attempt++) {
      if (worker) await worker.evaluate(clearExtension);
      await cdp.send('ServiceWorker.stopAllWorkers');
      // Started again as an event would start it, without an extension page to load (Playwright keeps the same Worker
      // for it); it has run its script once it answers an evaluation, after a turn of its event loop.
      await cdp.send('ServiceWorker.startWorker', { scopeURL: `chrome-extension://${extensionId}/` });
      if (!worker) break;
      await worker.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
      if (await worker.evaluate(storesNothing)) break;
    }
  } finally {
    await cdp.detach();
  }
}
