/** The message protocol's one listener: who may send what, and what comes back. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ServiceError } from '@/utils/background/api/errors';
import { fakeBrowser } from 'wxt/testing';
import { registerHandlers, type Handlers } from '@/utils/background/protocol';
import { MESSAGES as protocol } from '@/utils/contract/messages';
import { DEFAULT_SETTINGS } from '@/utils/shared/settings-item';
import { managedView } from '@/utils/background/handlers/settings-messages';

const EXTENSION_ID = 'test-extension-id';
const optionsPage = { id: EXTENSION_ID, url: `chrome-extension://${EXTENSION_ID}/options.html` };
const contentScript = { id: EXTENSION_ID, url: 'https://news.example/article', tab: { id: 7 } as never };
const otherExtension = { id: 'someone-else', url: 'chrome-extension://someone-else/page.html' };

function makeHandlers(): Handlers {
  return {
    getSettings: vi.fn(async () => ({
      settings: DEFAULT_SETTINGS,
      apiKey: 'secret',
      factCheckKey: '',
      managed: managedView({}),
    })),
    saveSettings: vi.fn(async () => ({})),
    docsAllowed: vi.fn(async () => ({})),
    keyStatus: vi.fn(async () => ({ saved: true, authMode: 'key' as const, managed: managedView({}) })),
    testConnection: vi.fn(async () => {
      throw new Error('internal detail that must not leak');
    }),
    inspectTab: vi.fn(async () => {
      throw new Error('not called in these tests');
    }),
    startCheck: vi.fn(async () => {
      throw new Error('not called in these tests');
    }),
    verifyDetected: vi.fn(async () => {
      throw new Error('not called in these tests');
    }),
    answerQuestion: vi.fn(async () => {
      throw new Error('not called in these tests');
    }),
    cancelJob: vi.fn(async () => ({})),
    retryJob: vi.fn(async () => ({})),
    startWriting: vi.fn(async () => {
      throw new Error('not called in these tests');
    }),
    replaceSelection: vi.fn(async () => ({ message: 'Replaced.' })),
    undoReplace: vi.fn(async () => ({ message: 'Undone: your text is back.' })),
    startGeneration: vi.fn(async () => {
      throw new Error('not called in these tests');
    }),
    retryClaim: vi.fn(async () => ({})),
    checkDraftAgain: vi.fn(async () => ({ jobId: 'job-2' })),
    writeSiteOf: vi.fn(async () => ({
      site: null,
      on: false,
      sitePolicy: 'none' as const,
      spentToday: 0,
      dailyLimit: 50,
      limitReached: false,
    })),
    setWriteSite: vi.fn(async () => ({ sites: [] })),
    listWriteSites: vi.fn(async () => ({ sites: [] })),
    asYouWriteState: vi.fn(async () => ({ state: 'off' as const })),
    checkAsIWrite: vi.fn(async () => ({ outcome: 'off' as const })),
    turnOffWriteSite: vi.fn(async () => ({})),
    openFactLens: vi.fn(async () => ({})),
    getLedger: vi.fn(async () => ({
      total: 0,
      unreported: 0,
      since: 0,
      writing: { day: '', credits: 0 },
      detected: { sentences: 0, credits: 0 },
      verified: { claims: 0, credits: 0 },
    })),
    listBrandVoices: vi.fn(async () => ({ items: [], total: 0, totalKnown: true })),
    listAssets: vi.fn(async () => ({ items: [], total: 0, totalKnown: true })),
    getUploadTarget: vi.fn(async () => ({ url: 'https://api.example/upload', apiKey: 'secret' })),
    getHistory: vi.fn(async () => []),
    getHistoryEntry: vi.fn(async () => {
      throw new Error('not called in these tests');
    }),
    removeHistoryEntry: vi.fn(async () => {
      throw new Error('not called in these tests');
    }),
    restoreHistoryEntry: vi.fn(async () => ({})),
    clearHistory: vi.fn(async () => ({})),
    revealClaim: vi.fn(async () => ({})),
    reportAnchoring: vi.fn(async () => ({})),
    loadContentParts: vi.fn(async () => ({})),
  };
}

async function send(message: unknown, sender: object): Promise<unknown> {
  const replies = await fakeBrowser.runtime.onMessage.trigger(message, sender);
  return replies.find((reply) => reply !== undefined);
}

describe('registerHandlers', () => {
  let handlers: Handlers;
  beforeEach(() => {
    fakeBrowser.reset();
    handlers = makeHandlers();
    registerHandlers(handlers);
  });

  it('answers the extension’s own pages', async () => {
    expect(await send({ type: 'getSettings' }, optionsPage)).toEqual({
      ok: true,
      value: { settings: DEFAULT_SETTINGS, apiKey: 'secret', factCheckKey: '', managed: managedView({}) },
    });
  });

  it.each([
    ['a content script', contentScript],
    ['another extension', otherExtension],
    ['a sender without a URL', { id: EXTENSION_ID }],
  ])('refuses privileged messages from %s without calling the handler', async (_name, sender) => {
    const reply = (await send({ type: 'getSettings' }, sender)) as { ok: boolean; error: { message: string } };
    expect(reply.ok).toBe(false);
    expect(reply.error.message).toContain('only accepted from the extension’s own pages');
    expect(JSON.stringify(reply)).not.toContain('secret');
    expect(handlers.getSettings).not.toHaveBeenCalled();
  });

  it('validates the data before the handler sees it', async () => {
    const reply = (await send({ type: 'startCheck', data: { tabId: -1, scope: 'everything' } }, optionsPage)) as {
      ok: boolean;
      error: { kind: string };
    };
    expect(reply).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    expect(handlers.startCheck).not.toHaveBeenCalled();
  });

  it('takes only its own few messages from a content script: its draft checked again, with nothing else in it', async () => {
    const unprivileged = Object.entries(protocol).filter(([, definition]) => !definition.privileged);
    expect(unprivileged.map(([name]) => name).sort()).toEqual([
      'asYouWriteState',
      'checkAsIWrite',
      'checkDraftAgain',
      'loadContentParts',
      'openFactLens',
      'reportAnchoring',
      'turnOffWriteSite',
    ]);
    expect(await send({ type: 'checkDraftAgain' }, contentScript)).toEqual({ ok: true, value: { jobId: 'job-2' } });
    expect(handlers.checkDraftAgain).toHaveBeenCalledWith(undefined, contentScript);
    // The tab is the sender's: a content script cannot name another tab, or a scope.
    const named = await send({ type: 'checkDraftAgain', data: { tabId: 8, scope: 'page' } }, contentScript);
    expect(named).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    expect(handlers.checkDraftAgain).toHaveBeenCalledTimes(1);
  });

  it('takes a draft checked as the user writes from a content script, its text bounded, and no tab or scope', async () => {
    const asked = { text: 'The Moon is round.', lang: 'en' };
    expect(await send({ type: 'checkAsIWrite', data: asked }, contentScript)).toEqual({
      ok: true,
      value: { outcome: 'off' },
    });
    expect(handlers.checkAsIWrite).toHaveBeenCalledWith(asked, contentScript);
    for (const data of [
      { text: '' },
      { text: 'x'.repeat(100_001) },
      { ...asked, tabId: 8 },
      { ...asked, scope: 'page' },
    ])
      expect(await send({ type: 'checkAsIWrite', data }, contentScript)).toMatchObject({ ok: false });
    expect(handlers.checkAsIWrite).toHaveBeenCalledTimes(1);
  });

  it('takes the anchoring report from a content script, with its sender, and nothing privileged', async () => {
    const report = { jobId: 'job-1', located: 1, total: 4, notFound: [1], collapsed: [3], offView: [2] };
    expect(await send({ type: 'reportAnchoring', data: report }, contentScript)).toEqual({ ok: true, value: {} });
    expect(handlers.reportAnchoring).toHaveBeenCalledWith(report, contentScript);
    // From a content script of an earlier version, which does not tell of collapsed sections nor of parts not drawn.
    const { collapsed: _none, offView: _noneEither, ...earlier } = report;
    expect(await send({ type: 'reportAnchoring', data: earlier }, contentScript)).toEqual({ ok: true, value: {} });
    expect(handlers.reportAnchoring).toHaveBeenLastCalledWith(
      { ...earlier, collapsed: [], offView: [] },
      contentScript,
    );
    const refused = (await send({ type: 'revealClaim', data: { tabId: 8, claimId: 0 } }, contentScript)) as {
      ok: boolean;
    };
    expect(refused.ok).toBe(false);
    expect(handlers.revealClaim).not.toHaveBeenCalled();
    // Bounded data: a content script cannot flood the background.
    const flood = { ...report, notFound: Array.from({ length: 20_000 }, (_, index) => index) };
    expect(await send({ type: 'reportAnchoring', data: flood }, contentScript)).toMatchObject({ ok: false });
  });

  it('leaves messages that are not ours unanswered', async () => {
    expect(await send({ type: 'somethingElse' }, optionsPage)).toBeUndefined();
    expect(await send('hello', optionsPage)).toBeUndefined();
    expect(await send({ type: 'toString' }, optionsPage)).toBeUndefined();
  });

  it('gives the service’s raw answer to the extension’s pages only, never in a reply to a content script', async () => {
    const refused = new ServiceError({ kind: 'service', message: 'The service failed.', rawBody: '{"detail":"boom"}' });
    vi.mocked(handlers.checkDraftAgain).mockRejectedValue(refused);
    vi.mocked(handlers.startCheck).mockRejectedValue(refused);
    const toPage = (await send({ type: 'checkDraftAgain' }, contentScript)) as { error: Record<string, unknown> };
    expect(toPage.error).toMatchObject({ kind: 'service', message: 'The service failed.' });
    expect(toPage.error).not.toHaveProperty('rawBody');
    const toPopup = (await send({ type: 'startCheck', data: { tabId: 3, scope: 'page' } }, optionsPage)) as {
      error: Record<string, unknown>;
    };
    expect(toPopup.error.rawBody).toBe('{"detail":"boom"}');
  });

  it('turns an unexpected failure into a plain message, without internals', async () => {
    const reply = (await send({ type: 'testConnection' }, optionsPage)) as { ok: boolean; error: { message: string } };
    expect(reply.ok).toBe(false);
    expect(reply.error.message).toBe(
      'Something went wrong in the extension while handling “testConnection”. Try again.',
    );
  });
});
