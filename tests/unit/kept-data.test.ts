/** What FactLens keeps of what it checked: cached results expire, Clear history clears them, pages get no raw bodies. */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { CACHE_MAX_AGE_MS, resultCache } from '@/utils/background/check/store';
import { forgetDrafts, rememberDraft, reuseDraft } from '@/utils/background/check/draft-cache';
import { withoutServiceBodies } from '@/utils/background/events';
import type { Job, JobView } from '@/utils/background/check/model';

const entry = (key: string, createdAt: number) => ({ key, createdAt, claims: [], credits: { used: 0, unreported: 0 } });

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
