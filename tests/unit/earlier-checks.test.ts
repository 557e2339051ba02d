/**
 * Earlier fact-checks: the Fact Check Tools client against the double's claims:search, and the lookup beside a check
 * (with WXT's in-memory storage standing in for the extension's).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { Job } from '@/utils/contract/jobs';
import { newJob } from '@/utils/background/check/new-job';
import { JobRunner } from '@/utils/background/check/runner';
import { createJobStore } from '@/utils/background/check/store';
import { FactCheckToolsError, MAX_PAGES, PAGE_SIZE, searchClaims } from '@/utils/background/earlier/fact-check-tools';
import { claimLanguage, createEarlierLookup, reviewsOfSameClaim } from '@/utils/background/earlier/earlier-lookup';
import { earlierCache } from '@/utils/background/earlier/earlier-cache';
import { searchAnswer, PUBLISHED_CLAIMS } from '@/service-double/fact-check-search';
import { clientFor, failureOf, useServiceDouble } from './helpers/double';

const FC_KEY = 'fc-demo-key';
const doubleHolder = useServiceDouble();
const base = () => doubleHolder.double.url;

const GREAT_WALL =
  'Many people still repeat that the Great Wall of China is clearly visible from the Moon with the naked eye.';
const FAR_SIDE = 'The far side of the Moon never receives sunlight.';
const DISTANCE = 'The Moon is about 384,400 kilometres from Earth on average.';

beforeEach(() => fakeBrowser.reset());

describe('claims:search', () => {
  it('reads every page of the answer, each review with its publisher, rating, date and an http(s) link', async () => {
    const found = await searchClaims({
      baseUrl: base(),
      key: FC_KEY,
      query: 'Great Wall China Moon naked eye',
      languageCode: 'en',
    });
    const wall = found.find((claim) => claim.text.startsWith('The Great Wall'));
    expect(wall?.reviews.map((review) => [review.publisher, review.rating, review.reviewDate.slice(0, 10)])).toEqual([
      ['Demo Fact Desk', 'False', '2021-06-14'],
      ['Check Weekly', 'Pants on Fire', '2023-02-01'],
    ]);
    expect(wall?.reviews[0]?.url).toBe('https://factdesk.example/fact-check/great-wall-moon');
    const searches = doubleHolder.double.searches();
    expect(searches[0]?.query).toMatchObject({
      query: 'Great Wall China Moon naked eye',
      languageCode: 'en',
      pageSize: String(PAGE_SIZE),
    });
    // The key is in the query, as Google wants it; the double logs a fingerprint of it.
    expect(JSON.stringify(searches)).not.toContain(FC_KEY);
  });

  it('follows nextPageToken, up to its page limit', async () => {
    // "Moon" alone finds every published claim about it: more than one page of two.
    expect(Object.keys(searchAnswer('Moon Earth far side', 'en', 2, ''))).toContain('nextPageToken');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    try {
      const found = await searchClaims({
        baseUrl: base(),
        key: FC_KEY,
        query: 'Moon Earth far side landed',
        languageCode: 'en',
      });
      expect(found.length).toBeGreaterThan(0);
      expect(fetchSpy.mock.calls.length).toBeLessThanOrEqual(MAX_PAGES);
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it('reads an empty answer ({}) as nothing found', async () => {
    expect(await searchClaims({ baseUrl: base(), key: FC_KEY, query: 'zebra crossings', languageCode: 'en' })).toEqual(
      [],
    );
  });

  it('says what went wrong: a refused key in Google’s words, the quota, an unreadable answer', async () => {
    const refused = await failureOf(searchClaims({ baseUrl: base(), key: 'wrong', query: 'Moon', languageCode: 'en' }));
    expect(refused).toBeInstanceOf(FactCheckToolsError);
    expect(refused).toMatchObject({ kind: 'key' });
    expect((refused as Error).message).toContain('API key not valid. Please pass a valid API key.');
    expect((refused as Error).message).not.toContain('wrong');

    doubleHolder.double.setSearchFault({ kind: 'rate-limit', count: 1 });
    expect(
      await failureOf(searchClaims({ baseUrl: base(), key: FC_KEY, query: 'Moon sunlight', languageCode: 'en' })),
    ).toMatchObject({
      kind: 'rate',
    });
    doubleHolder.double.setSearchFault({ kind: 'malformed', count: 1 });
    expect(
      await failureOf(searchClaims({ baseUrl: base(), key: FC_KEY, query: 'Moon sunlight', languageCode: 'en' })),
    ).toMatchObject({
      kind: 'answer',
    });
    expect(
      await failureOf(searchClaims({ baseUrl: 'http://127.0.0.1:9', key: FC_KEY, query: 'Moon', languageCode: 'en' })),
    ).toMatchObject({
      kind: 'unreachable',
    });
  });

  it('shows a link only when it is http(s)', () => {
    const found = [
      {
        text: FAR_SIDE,
        claimant: '',
        reviews: [
          {
            publisher: 'A',
            site: 'a.example',
            rating: 'False',
            reviewDate: '2020-01-01',
            title: 'T',
            url: null,
            claim: FAR_SIDE,
            claimant: '',
            languageCode: 'en',
          },
        ],
      },
    ];
    expect(reviewsOfSameClaim(FAR_SIDE, found, 'en')[0]?.url).toBeNull();
  });
});

describe('the reviews of the same claim', () => {
  it('keeps the same claim’s reviews, newest first, and drops the near misses', () => {
    const found = (query: string) =>
      (searchAnswer(query, 'en', 100, '') as { claims?: typeof PUBLISHED_CLAIMS }).claims?.map((claim) => ({
        text: claim.text,
        claimant: claim.claimant ?? '',
        reviews: claim.claimReview.map((review) => ({
          publisher: review.publisher.name,
          site: review.publisher.site,
          rating: review.textualRating,
          reviewDate: review.reviewDate,
          title: review.title,
          url: review.url,
          claim: claim.text,
          claimant: claim.claimant ?? '',
          languageCode: review.languageCode,
        })),
      })) ?? [];
    const wall = reviewsOfSameClaim(GREAT_WALL, found('Great Wall China Moon naked eye'), 'en');
    expect(wall.map((review) => review.publisher)).toEqual(['Check Weekly', 'Demo Fact Desk']);
    expect(reviewsOfSameClaim(FAR_SIDE, found('far side Moon never receives sunlight'), 'en')).toHaveLength(1);
    // The same claim with another number, and other claims about the Moon, are found by the search and not shown.
    expect(found('Moon 384,400 kilometres Earth average').length).toBeGreaterThan(0);
    expect(reviewsOfSameClaim(DISTANCE, found('Moon 384,400 kilometres Earth average'), 'en')).toEqual([]);
  });

  it('searches in the language of the checked text', () => {
    expect(claimLanguage({ textLang: 'de-AT', titleLang: 'en', language: 'English-US' })).toBe('de');
    expect(claimLanguage({ textLang: '', titleLang: 'fr', language: 'English-US' })).toBe('fr');
    expect(claimLanguage({ textLang: undefined, titleLang: undefined, language: 'Polish' })).toBe('pl');
  });
});

describe('the lookup beside a check', () => {
  const TEXT = [GREAT_WALL, FAR_SIDE, DISTANCE].join(' ');

  async function setup(options: { on?: boolean; privateWindow?: boolean } = {}) {
    const jobs = createJobStore();
    const finished = vi.fn();
    const published: Job[] = [];
    const lookup = createEarlierLookup({
      jobs,
      publish: (job) => published.push(job),
      finished,
      access: async () => ({ on: options.on ?? true, baseUrl: base(), key: FC_KEY }),
      keepAlive: (work) => work,
    });
    const runner = new JobRunner({
      jobs,
      client: async () => clientFor(doubleHolder.double),
      publish: (job) => {
        published.push(job);
        lookup.follow(job);
      },
      spend: () => undefined,
      book: async () => 0,
      unbook: () => undefined,
      finished,
      keepAlive: (work) => work,
    });
    const job = await newJob(
      { tabId: 1, scope: 'page', detectOnly: false },
      {
        url: 'http://localhost:8080/moon',
        title: 'Moon',
        headline: 'Moon',
        mainText: TEXT,
        selection: '',
        selectionEditable: false,
        draft: '',
        signedIn: false,
      },
      { apiBaseUrl: base(), language: 'English-US', checkMode: 'progressive' },
      Date.now(),
    );
    return { jobs, runner, finished, published, job: { ...job, privateWindow: options.privateWindow ?? false } };
  }

  /** Until every claim of the job was looked for. */
  async function lookedUp(jobs: ReturnType<typeof createJobStore>, id: string): Promise<Job> {
    await vi.waitFor(() => {
      const job = jobs.get(id);
      if (!job?.claims.length || job.claims.some((claim) => claim.earlier == null) || job.state !== 'done')
        throw new Error('not yet');
    });
    return jobs.get(id)!;
  }

  it('puts each claim’s reviews on it, searches each claim once, and keeps the finished check again', async () => {
    const { jobs, runner, finished, job } = await setup();
    await runner.start(job);
    const done = await lookedUp(jobs, job.id);
    const byText = new Map(done.claims.map((claim) => [claim.text, claim.earlier]));
    expect([...byText.entries()].find(([text]) => text.includes('Great Wall'))?.[1]).toHaveLength(2);
    expect([...byText.entries()].find(([text]) => text.includes('384,400'))?.[1]).toEqual([]);
    expect(doubleHolder.double.searches()).toHaveLength(done.claims.length);
    // The verdicts are whole.
    expect(done.claims.every((claim) => claim.result !== null)).toBe(true);
    await vi.waitFor(() =>
      expect(
        finished.mock.calls.at(-1)?.[0].claims.every((claim: Job['claims'][number]) => claim.earlier),
      ).toBeTruthy(),
    );

    // The same claims again (another page, the same language): from the cache, nothing sent.
    const again = await setup();
    await again.runner.start(again.job);
    await lookedUp(again.jobs, again.job.id);
    expect(doubleHolder.double.searches()).toHaveLength(done.claims.length);
  });

  it('sends nothing while the user has not turned it on', async () => {
    const { jobs, runner, job } = await setup({ on: false });
    await runner.start(job);
    await vi.waitFor(() => expect(jobs.get(job.id)?.state).toBe('done'));
    expect(jobs.get(job.id)?.claims.every((claim) => claim.earlier == null)).toBe(true);
    expect(doubleHolder.double.searches()).toEqual([]);
  });

  it('says a failed search once on the check, and leaves its verdicts whole', async () => {
    doubleHolder.double.setSearchFault({ kind: 'rate-limit' });
    const { jobs, runner, job } = await setup();
    await runner.start(job);
    await vi.waitFor(() => expect(jobs.get(job.id)?.earlierProblem).toMatch(/limiting how often your key can search/));
    await vi.waitFor(() => expect(jobs.get(job.id)?.state).toBe('done'));
    expect(jobs.get(job.id)?.claims.every((claim) => claim.result !== null)).toBe(true);
    // Given up for this check: not searched again at each change.
    const searched = doubleHolder.double.searches().length;
    expect(searched).toBeLessThanOrEqual(2);
  });

  it('keeps nothing of a private window’s check', async () => {
    const { jobs, runner, job } = await setup({ privateWindow: true });
    await runner.start(job);
    await lookedUp(jobs, job.id);
    // The cache is a trusted item (IndexedDB): asked for the claim, it holds nothing.
    expect(await earlierCache.get('en\nthe far side of the moon never receives sunlight.')).toBeUndefined();
  });
});
