/**
 * The sites checked as the user writes: each one's permission and registered content script, kept in step with the
 * list (also as the worker starts), and the messages a content script there may send.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { Browser } from 'wxt/browser';
import {
  addWriteSite,
  isWriteSite,
  listWriteSites,
  removeWriteSite,
  siteOf,
  syncRegistrations,
} from '@/utils/background/write-sites';
import { SITE_CHECKS_PER_MINUTE, TAB_INTERVAL_MS } from '@/utils/background/write-pace';
import { asYouWriteHandlers } from '@/utils/background/handlers/as-you-write-messages';
import type { Controller } from '@/utils/background/controller';
import { creditLedger } from '@/utils/background/check/store';
import { settingsItem, DEFAULT_SETTINGS } from '@/utils/shared/settings-item';

type Script = { id: string; matches?: string[]; js?: string[] };

/** The browser's permissions and registered scripts, as the fake keeps them. */
let granted: Set<string>;
let registered: Map<string, Script>;

beforeEach(() => {
  fakeBrowser.reset();
  granted = new Set(['https://news.example/*']);
  registered = new Map();
  vi.spyOn(fakeBrowser.permissions, 'contains').mockImplementation(async ({ origins = [] }) =>
    origins.every((origin) => granted.has(origin)),
  );
  vi.spyOn(fakeBrowser.permissions, 'remove').mockImplementation(async ({ origins = [] }) => {
    for (const origin of origins) granted.delete(origin);
    return true;
  });
  const scripting = fakeBrowser.scripting as unknown as Record<string, unknown>;
  scripting.getRegisteredContentScripts = vi.fn(async () => [...registered.values()]);
  scripting.registerContentScripts = vi.fn(async (scripts: Script[]) => {
    for (const script of scripts) {
      if (registered.has(script.id)) throw new Error(`Duplicate script ID '${script.id}'`);
      registered.set(script.id, script);
    }
  });
  scripting.unregisterContentScripts = vi.fn(async ({ ids }: { ids: string[] }) => {
    for (const id of ids) registered.delete(id);
  });
});

describe('a site checked as you write', () => {
  it('is a web page’s origin, never a browser or extension page', () => {
    expect(siteOf('https://news.example/a/b?c#d')).toBe('https://news.example');
    expect(siteOf('http://127.0.0.1:4010/demo/draft.html')).toBe('http://127.0.0.1:4010');
    for (const url of ['chrome://settings', 'chrome-extension://abc/popup.html', 'file:///x.html', 'about:blank', ''])
      expect(siteOf(url), url).toBeNull();
  });

  it('gets the content script registered for its pages, and nothing for any other site', async () => {
    await addWriteSite('https://news.example', true);
    expect([...registered.values()]).toEqual([
      expect.objectContaining({
        id: 'factlens-write:https://news.example',
        matches: ['https://news.example/*'],
        js: ['/content-script.js', '/content-parts.js'],
      }),
    ]);
    expect(await isWriteSite('https://news.example/post/1')).toBe(true);
    expect(await isWriteSite('https://other.example/post/1')).toBe(false);
    expect(await isWriteSite('http://news.example/post/1')).toBe(false);
  });

  it('is refused without the site’s permission, and nothing is registered', async () => {
    await expect(addWriteSite('https://other.example', true)).rejects.toThrow(/not allowed on other\.example/);
    expect(registered.size).toBe(0);
    expect(await listWriteSites()).toEqual([]);
  });

  it('turned off, loses its script, and the permission FactLens asked for (not one it had already)', async () => {
    granted.add('https://blog.example/*');
    await addWriteSite('https://news.example', true);
    await addWriteSite('https://blog.example', false);
    await removeWriteSite('https://news.example');
    await removeWriteSite('https://blog.example');
    expect(registered.size).toBe(0);
    expect(granted.has('https://news.example/*')).toBe(false);
    expect(granted.has('https://blog.example/*')).toBe(true);
    expect(await listWriteSites()).toEqual([]);
  });

  it('is registered again as the worker starts (Firefox forgets), and dropped once its permission is taken back', async () => {
    granted.add('https://blog.example/*');
    await addWriteSite('https://news.example', true);
    await addWriteSite('https://blog.example', true);
    registered.clear();
    granted.delete('https://blog.example/*');
    await syncRegistrations();
    expect([...registered.keys()]).toEqual(['factlens-write:https://news.example']);
    expect((await listWriteSites()).map((site) => site.origin)).toEqual(['https://news.example']);
  });

  it('is never turned on where the organization blocks it, and a blocked site of the user’s stops', async () => {
    granted.add('https://mail.example/*');
    await addWriteSite('https://mail.example', false);
    await fakeBrowser.storage.managed.set({ writeSitesBlocked: ['https://mail.example'] });
    await syncRegistrations();
    expect(registered.size).toBe(0);
    expect(await isWriteSite('https://mail.example/inbox')).toBe(false);
    await expect(addWriteSite('https://mail.example', false)).rejects.toThrow(/does not allow checking as you write/);
  });

  it('is on where the organization turns it on, once allowed, and cannot be turned off by the user', async () => {
    await fakeBrowser.storage.managed.set({ writeSites: ['https://cms.example'] });
    await syncRegistrations();
    // Not allowed yet: listed, not registered, not on.
    expect(await listWriteSites()).toEqual([expect.objectContaining({ origin: 'https://cms.example', managed: true })]);
    expect(registered.size).toBe(0);
    expect(await isWriteSite('https://cms.example/edit/1')).toBe(false);
    granted.add('https://cms.example/*');
    await syncRegistrations();
    expect([...registered.keys()]).toEqual(['factlens-write:https://cms.example']);
    expect(await isWriteSite('https://cms.example/edit/1')).toBe(true);
    await expect(removeWriteSite('https://cms.example')).rejects.toThrow(/cannot be turned off here/);
    // The policy gone: so is the site (it was never the user's).
    await fakeBrowser.storage.managed.clear();
    await syncRegistrations();
    expect(registered.size).toBe(0);
    expect(await listWriteSites()).toEqual([]);
  });

  it('survives two changes made at once', async () => {
    granted.add('https://blog.example/*');
    await Promise.all([addWriteSite('https://news.example', true), addWriteSite('https://blog.example', true)]);
    expect((await listWriteSites()).map((site) => site.origin).sort()).toEqual([
      'https://blog.example',
      'https://news.example',
    ]);
    expect(registered.size).toBe(2);
  });
});

describe('a content script’s check as the user writes', () => {
  const sender = (url: string, frameId = 0): Browser.runtime.MessageSender => ({
    id: fakeBrowser.runtime.id,
    url,
    frameId,
    tab: { id: 7, url: 'https://news.example/post/1', title: 'A post' } as Browser.tabs.Tab,
  });

  function controllerWith(latest: { state: string; asYouWrite: boolean } | null) {
    const startCheck = vi.fn(async () => ({ id: 'job-1' }));
    const controller = {
      getLedger: () => creditLedger.get(),
      latestJob: async () => latest,
      startCheck,
    } as unknown as Controller;
    return { handlers: asYouWriteHandlers(controller), startCheck };
  }

  it('is started on a listed site, with the sentences it sent as the draft, in the sender’s frame', async () => {
    await addWriteSite('https://news.example', true);
    const { handlers, startCheck } = controllerWith(null);
    const reply = await handlers.checkAsIWrite(
      { text: 'The Moon is round.', lang: 'en' },
      sender('https://news.example/post/1'),
    );
    expect(reply).toEqual({ outcome: 'started', jobId: 'job-1' });
    expect(startCheck).toHaveBeenCalledWith(
      expect.objectContaining({
        tabId: 7,
        scope: 'draft',
        asYouWrite: true,
        given: expect.objectContaining({ draft: 'The Moon is round.', frameId: 0, selectionLang: 'en' }),
      }),
    );
  });

  it('is refused off the listed sites, and sends nothing', async () => {
    await addWriteSite('https://news.example', true);
    const { handlers, startCheck } = controllerWith(null);
    expect(await handlers.checkAsIWrite({ text: 'The Moon is round.' }, sender('https://other.example/'))).toEqual({
      outcome: 'off',
    });
    expect(await handlers.asYouWriteState(undefined, sender('https://other.example/'))).toEqual({ state: 'off' });
    expect(startCheck).not.toHaveBeenCalled();
  });

  it('waits for a check the user asked for, and does not replace it', async () => {
    await addWriteSite('https://news.example', true);
    const { handlers, startCheck } = controllerWith({ state: 'verifying', asYouWrite: false });
    expect(await handlers.checkAsIWrite({ text: 'The Moon is round.' }, sender('https://news.example/'))).toEqual({
      outcome: 'busy',
    });
    expect(startCheck).not.toHaveBeenCalled();
  });

  it('never replaces another frame’s check as the user writes, even one asked for at the same moment', async () => {
    await addWriteSite('https://news.example', true);
    const running = controllerWith({ state: 'verifying', asYouWrite: true });
    expect(
      await running.handlers.checkAsIWrite({ text: 'The Moon is round.' }, sender('https://news.example/', 3)),
    ).toEqual({ outcome: 'busy' });
    expect(running.startCheck).not.toHaveBeenCalled();
    // Two frames at once: the second is busy while the first is being started, and cancels nothing.
    const { handlers, startCheck } = controllerWith(null);
    const [first, second] = await Promise.all([
      handlers.checkAsIWrite({ text: 'The Moon is round.' }, sender('https://news.example/', 0)),
      handlers.checkAsIWrite({ text: 'Mars is red.' }, sender('https://news.example/', 4)),
    ]);
    expect([first.outcome, second.outcome].sort()).toEqual(['started', 'wait']);
    expect(startCheck).toHaveBeenCalledTimes(1);
  });

  it('starts no faster than a person writes, per tab and per site, whatever the content script asks', async () => {
    await addWriteSite('https://news.example', true);
    const { handlers, startCheck } = controllerWith(null);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now);
    try {
      expect((await handlers.checkAsIWrite({ text: 'One.' }, sender('https://news.example/'))).outcome).toBe('started');
      const again = await handlers.checkAsIWrite({ text: 'Two.' }, sender('https://news.example/'));
      expect(again).toEqual({ outcome: 'wait', retryInMs: TAB_INTERVAL_MS });
      // Other tabs of the site, each at its own pace, until the site's minute is full.
      for (let tab = 100; tab < 100 + SITE_CHECKS_PER_MINUTE - 1; tab++) {
        const other = { ...sender('https://news.example/'), tab: { id: tab, url: 'https://news.example/' } };
        expect((await handlers.checkAsIWrite({ text: 'More.' }, other as Browser.runtime.MessageSender)).outcome).toBe(
          'started',
        );
      }
      const full = { ...sender('https://news.example/'), tab: { id: 999, url: 'https://news.example/' } };
      expect((await handlers.checkAsIWrite({ text: 'Last.' }, full as Browser.runtime.MessageSender)).outcome).toBe(
        'wait',
      );
      expect(startCheck).toHaveBeenCalledTimes(SITE_CHECKS_PER_MINUTE);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('pauses once the day’s spend reaches the limit, and starts again the next day', async () => {
    await addWriteSite('https://news.example', true);
    await settingsItem.setValue({ ...DEFAULT_SETTINGS, writeDailyLimit: 5 });
    const { handlers, startCheck } = controllerWith(null);
    const now = Date.now();
    // Booked before each call (see write-budget.ts); a check that is not made as the user writes books nothing.
    expect(await creditLedger.reserveWriting(3, 5, now)).not.toBeNull();
    await creditLedger.add({ credits: { used: 4, unreported: 0 } });
    // 3 spent, and the smallest check (a sentence's detection, 2 at the default rates) still fits.
    expect(await handlers.asYouWriteState(undefined, sender('https://news.example/'))).toEqual({ state: 'on' });
    expect(await creditLedger.reserveWriting(1, 5, now)).not.toBeNull();
    expect(await handlers.asYouWriteState(undefined, sender('https://news.example/'))).toEqual({ state: 'limit' });
    expect(await handlers.checkAsIWrite({ text: 'The Moon is round.' }, sender('https://news.example/'))).toEqual({
      outcome: 'limit',
    });
    expect(startCheck).not.toHaveBeenCalled();
    // Yesterday's spend does not count today.
    const tomorrow = now + 24 * 60 * 60 * 1000;
    expect(await creditLedger.reserveWriting(1, 5, tomorrow)).not.toBeNull();
    expect((await creditLedger.get()).writing.credits).toBe(1);
  });
});
