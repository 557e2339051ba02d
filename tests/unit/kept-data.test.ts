/**
 * What FactLens keeps of what it checked: cached results expire, Clear history clears them, a private window's checks
 * leave nothing on disk, pages get no raw bodies.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createController } from '@/utils/background/controller';
import { fakeBrowser } from 'wxt/testing';
import { CACHE_MAX_AGE_MS, resultCache } from '@/utils/background/check/store';
import { forgetDrafts, rememberDraft, reuseDraft } from '@/utils/background/check/draft-cache';
import { withoutServiceBodies } from '@/utils/background/events';
import { jobSchema, type Job, type JobView } from '@/utils/contract/jobs';
import { keepFinished } from '@/utils/background/check/save-finished';
import { history } from '@/utils/background/check/history-store';

const entry = (key: string, createdAt: number) => ({ key, createdAt, claims: [], credits: { used: 0, unreported: 0 } });

/** A finished check of a draft, as the session keeps it; `extra` overrides its fields. */
const draftCheck = (extra: Partial<Job>): Job =>
  jobSchema.parse({
    id: 'job-1',
    tabId: 1,
    pageUrl: 'https://example.org/post',
    privateWindow: false,
    pageTitle: 'A post',
    scope: 'draft',
    sourceKind: 'text',
    sourceReason: '',
    canSwitchSource: false,
    url: '',
    headline: '',
    textLength: 18,
    language: 'English-US',
    textLang: '',
    titleLang: '',
    mode: 'progressive',
    state: 'done',
    createdAt: Date.now(),
    updatedAt: Date.now(),
    finishedAt: Date.now(),
    cacheKey: 'key-1',
    cachedAt: null,
    chunks: [],
    batches: [],
    claims: [{ id: 0, text: 'The Moon is round.', result: null, missing: false }],
    credits: { used: 3, unreported: 0 },
    draftText: 'The Moon is round.',
    notice: '',
    error: null,
    ...extra,
  });

describe('the result cache', () => {
  beforeEach(() => fakeBrowser.reset());

  it('keeps a result for 30 days, then forgets it', async () => {
    const now = Date.UTC(2026, 10, 27);
    await resultCache.put(entry('old', now - CACHE_MAX_AGE_MS - 1), now);
    await resultCache.put(entry('recent', now - CACHE_MAX_AGE_MS + 60_000), now);
    expect(await resultCache.get('old', now)).toBeUndefined();
    expect(await resultCache.get('recent', now)).toMatchObject({ key: 'recent' });
  });

  it('is emptied with the draft sentences, as Clear history does', async () => {
    await resultCache.put(entry('a', Date.now()));
    const job = {
      state: 'done',
      mode: 'progressive',
      language: 'English-US',
      headline: '',
      claims: [{ id: 0, text: 'The Moon is round.', result: null, missing: false }],
    } as unknown as Job;
    await rememberDraft(job, 'The Moon is round.');
    expect((await reuseDraft('The Moon is round.', 'English-US', '')).reusedSentences).toBe(1);
    await Promise.all([resultCache.clear(), forgetDrafts()]);
    expect(await resultCache.get('a')).toBeUndefined();
    expect((await reuseDraft('The Moon is round.', 'English-US', '')).reusedSentences).toBe(0);
  });
});

describe('a finished check', () => {
  beforeEach(() => fakeBrowser.reset());

  const finishedDraftCheck = (privateWindow: boolean): Job =>
    draftCheck({
      id: `job-${String(privateWindow)}`,
      tabId: 1,
      privateWindow,
      cacheKey: `key-${String(privateWindow)}`,
    });

  it('is kept in the cache, the history and the draft sentences', async () => {
    const job = finishedDraftCheck(false);
    await keepFinished(job);
    expect(await resultCache.get(job.cacheKey)).toBeDefined();
    expect(await history.list()).toHaveLength(1);
    expect((await reuseDraft('The Moon is round.', 'English-US', '')).reusedSentences).toBe(1);
  });

  it('made in a private window, leaves nothing on disk: no cache, no history, no draft sentences', async () => {
    const job = finishedDraftCheck(true);
    await keepFinished(job);
    expect(await resultCache.get(job.cacheKey)).toBeUndefined();
    expect(await history.list()).toEqual([]);
    expect((await reuseDraft('The Moon is round.', 'English-US', '')).reusedSentences).toBe(0);
    expect(await fakeBrowser.storage.local.get(null)).not.toHaveProperty('history');
  });
});

describe('a job as a content script gets it', () => {
  it('holds no raw service body: neither an error’s nor an unreadable claim’s', () => {
    const job = {
      error: { kind: 'contract', message: 'm', rawBody: '{"secret": "body"}' },
      claims: [
        { id: 0, text: 'a', result: null, missing: false, unreadable: { problem: 'p', raw: '{bad' } },
        { id: 1, text: 'b', result: null, missing: true },
      ],
    } as unknown as JobView;
    const seen = withoutServiceBodies(job);
    expect(JSON.stringify(seen)).not.toMatch(/secret|\{bad/);
    expect(seen.claims[0]?.unreadable).toEqual({ problem: 'p', raw: '' });
    expect(seen.error).toEqual({ kind: 'contract', message: 'm', rawBody: undefined });
  });
});

describe('what the session holds of a private window', () => {
  beforeEach(() => fakeBrowser.reset());

  const sessionJob = (id: string, privateWindow: boolean) =>
    draftCheck({ id, tabId: null, privateWindow, cacheKey: id, claims: [], credits: { used: 0, unreported: 0 } });

  it('goes when the last private window closes; the other windows’ checks stay', async () => {
    await fakeBrowser.storage.session.set({ jobs: [sessionJob('private', true), sessionJob('normal', false)] });
    const controller = createController();
    await controller.ready;
    const incognito = vi.spyOn(fakeBrowser.windows, 'getAll');
    incognito.mockResolvedValueOnce([{ id: 2, incognito: true, focused: true, alwaysOnTop: false }]);
    await controller.windowClosed();
    expect(((await fakeBrowser.storage.session.get('jobs')).jobs as Job[]).map((job) => job.id)).toEqual([
      'private',
      'normal',
    ]);
    incognito.mockResolvedValueOnce([{ id: 1, incognito: false, focused: true, alwaysOnTop: false }]);
    await controller.windowClosed();
    expect(((await fakeBrowser.storage.session.get('jobs')).jobs as Job[]).map((job) => job.id)).toEqual(['normal']);
  });
});
