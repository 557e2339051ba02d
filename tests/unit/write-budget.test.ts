/**
 * The day's budget of checking as the user writes: estimates from the ledger, bookings made before each call and
 * settled by its answer, and a runner that sends nothing the budget refused.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { Job } from '@/utils/contract/jobs';
import { newJob } from '@/utils/background/check/new-job';
import { JobRunner, type Booking } from '@/utils/background/check/runner';
import { createJobStore, creditLedger } from '@/utils/background/check/store';
import { countSentences, DEFAULT_RATES, estimateCall, type PlannedCall } from '@/utils/background/check/write-budget';
import { ServiceError } from '@/utils/background/api/errors';
import { localDay } from '@/utils/shared/format';
import { clientFor, useServiceDouble } from './helpers/double';

const doubleHolder = useServiceDouble();

beforeEach(() => fakeBrowser.reset());

describe('the estimate of a call made as the user writes', () => {
  it('uses the stated defaults before any answer said its cost, a call’s credit included', async () => {
    const ledger = await creditLedger.get();
    expect(estimateCall(ledger, { kind: 'detect', sentences: 3 })).toBe(3 * DEFAULT_RATES.perSentence + 1);
    expect(estimateCall(ledger, { kind: 'verify', claims: 2 })).toBe(2 * DEFAULT_RATES.perClaim + 1);
    expect(estimateCall(ledger, { kind: 'one-call', sentences: 2 })).toBe(
      2 * (DEFAULT_RATES.perSentence + DEFAULT_RATES.perClaim) + 1,
    );
  });

  it('learns from the user’s own answers, with a margin above their average', async () => {
    await creditLedger.add({ credits: { used: 4, unreported: 0 }, detectedSentences: 8 });
    await creditLedger.add({ credits: { used: 6, unreported: 0 }, verifiedClaims: 3 });
    // An answer without its cost teaches nothing.
    await creditLedger.add({ credits: { used: 0, unreported: 1 }, verifiedClaims: 30, detectedSentences: 30 });
    const ledger = await creditLedger.get();
    expect(ledger.detected).toEqual({ sentences: 8, credits: 4 });
    expect(estimateCall(ledger, { kind: 'detect', sentences: 8 })).toBe(Math.ceil(8 * 0.5 * 1.25) + 1);
    expect(estimateCall(ledger, { kind: 'verify', claims: 3 })).toBe(Math.ceil(3 * 2 * 1.25) + 1);
  });

  it('counts a text’s sentences by their ends, at least one', () => {
    expect(countSentences('The Moon is round. Mars is red! Is Venus hot?')).toBe(3);
    expect(countSentences('A title\nThe Moon is round.')).toBe(2);
    expect(countSentences('no end at all')).toBe(1);
  });
});

describe('the day’s bookings', () => {
  const today = () => localDay(Date.now());

  it('refuse a call that would pass the limit, and book nothing for it', async () => {
    expect(await creditLedger.reserveWriting(15, 20)).not.toBeNull();
    expect(await creditLedger.reserveWriting(6, 20)).toBeNull();
    expect((await creditLedger.get()).writing).toEqual({ day: today(), credits: 15 });
    expect(await creditLedger.reserveWriting(5, 20)).not.toBeNull();
  });

  it('hold across calls made at once: never more than the limit is booked', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => creditLedger.reserveWriting(3, 20)));
    expect(results.filter((booked) => booked !== null)).toHaveLength(6);
    expect((await creditLedger.get()).writing.credits).toBe(18);
  });

  it('settle at the reported cost, keep the estimate when the answer said none, and give back a refusal', async () => {
    const at = Date.now();
    await creditLedger.reserveWriting(5, 50, at);
    await creditLedger.add({ credits: { used: 2, unreported: 0 }, writing: { at, booked: 5 } });
    expect((await creditLedger.get()).writing.credits).toBe(2);
    await creditLedger.reserveWriting(5, 50, at);
    await creditLedger.add({ credits: { used: 0, unreported: 1 }, writing: { at, booked: 5 } });
    expect((await creditLedger.get()).writing.credits).toBe(7);
    // A cost above the estimate is counted whole.
    await creditLedger.reserveWriting(1, 50, at);
    await creditLedger.add({ credits: { used: 4, unreported: 0 }, writing: { at, booked: 1 } });
    expect((await creditLedger.get()).writing.credits).toBe(11);
    await creditLedger.reserveWriting(3, 50, at);
    await creditLedger.release(3, at);
    expect((await creditLedger.get()).writing.credits).toBe(11);
  });

  it('start afresh each day; a booking of yesterday settled today owes today nothing', async () => {
    const yesterday = Date.now() - 24 * 60 * 60 * 1000;
    await creditLedger.reserveWriting(20, 20, yesterday);
    expect(await creditLedger.reserveWriting(20, 20)).not.toBeNull();
    await creditLedger.add({ credits: { used: 0, unreported: 1 }, writing: { at: yesterday, booked: 20 } });
    expect((await creditLedger.get()).writing).toEqual({ day: today(), credits: 20 });
  });
});

describe('a check made as the user writes', () => {
  async function draftJob(text: string): Promise<Job> {
    const job = await newJob(
      { tabId: 1, scope: 'draft', asYouWrite: true },
      {
        url: 'https://news.example/post',
        title: 'A post',
        headline: '',
        mainText: '',
        selection: '',
        selectionEditable: false,
        draft: text,
        signedIn: false,
      },
      { apiBaseUrl: doubleHolder.double.url, language: 'English-US', checkMode: 'progressive' },
      Date.now(),
    );
    return job;
  }

  function runnerWith(book: (call: PlannedCall) => Promise<number>) {
    const jobs = createJobStore();
    const booked: PlannedCall[] = [];
    const unbooked: Booking[] = [];
    const spent: number[] = [];
    const runner = new JobRunner({
      jobs,
      client: async () => clientFor(doubleHolder.double),
      publish: () => undefined,
      spend: ({ credits, writing }) => spent.push(writing ? credits.used : -1),
      book: async (call) => {
        booked.push(call);
        return book(call);
      },
      unbook: (booking) => unbooked.push(booking),
      finished: () => undefined,
      keepAlive: (work) => work,
    });
    return { jobs, runner, booked, unbooked, spent };
  }

  it('books every call before it is sent, and settles each with its answer', async () => {
    const { jobs, runner, booked, spent } = runnerWith(async () => 9);
    const job = await draftJob(
      'The Moon is about 384,400 kilometres from Earth. Twelve astronauts walked on the Moon.',
    );
    await runner.start(job);
    expect(jobs.get(job.id)?.state).toBe('done');
    expect(booked[0]).toEqual({ kind: 'detect', sentences: 2 });
    expect(booked.slice(1).every((call) => call.kind === 'verify')).toBe(true);
    expect(booked).toHaveLength(doubleHolder.double.endpointCalls().length);
    expect(spent.every((used) => used >= 0)).toBe(true);
  });

  it('sends nothing the budget refused: the job ends on the day’s limit, its detected claims kept', async () => {
    let left = 1;
    const { jobs, runner } = runnerWith(async () => {
      if (left-- <= 0) throw new ServiceError({ kind: 'limit', message: 'The day’s limit is reached.' });
      return 3;
    });
    const job = await draftJob(
      'The Moon is about 384,400 kilometres from Earth. Twelve astronauts walked on the Moon.',
    );
    await runner.start(job);
    const ended = jobs.get(job.id);
    expect(ended?.state).toBe('failed');
    expect(ended?.error?.kind).toBe('limit');
    expect(ended?.claims.length).toBeGreaterThan(0);
    expect(doubleHolder.double.endpointCalls('factCheckClaims')).toHaveLength(0);
  });

  it('gives a booking back only when the service refused the call before doing any work', async () => {
    doubleHolder.double.faults.add({ kind: 'unauthorized', endpoint: 'detectClaims' });
    const { runner, unbooked } = runnerWith(async () => 4);
    await runner.start(await draftJob('The Moon is about 384,400 kilometres from Earth.'));
    expect(unbooked.map((booking) => booking.booked)).toEqual([4]);
    doubleHolder.double.faults.clear();
    doubleHolder.double.faults.add({ kind: 'server-error', endpoint: 'detectClaims', httpStatus: 500 });
    const failing = runnerWith(async () => 4);
    await failing.runner.start(await draftJob('Mars is the fourth planet from the Sun.'));
    expect(failing.unbooked).toEqual([]);
  });
});
