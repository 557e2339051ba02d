/** The check pipelines against the double, with WXT's in-memory storage standing in for storage.session. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { Job } from '@/utils/contract/jobs';
import { newJob } from '@/utils/background/check/new-job';
import { JobRunner, type RunnerDeps } from '@/utils/background/check/runner';
import { createJobStore } from '@/utils/background/check/store';
import { clientFor, useServiceDouble } from './helpers/double';

const TEXT = [
  'The Moon is about 384,400 kilometres from Earth on average. It formed roughly 4.5 billion years ago.',
  'Neil Armstrong and Buzz Aldrin landed on the Moon on 20 July 1969 during the Apollo 11 mission.',
  'Twelve astronauts walked on the Moon between 1969 and 1972. The far side of the Moon never receives sunlight.',
  'The Moon moves about 3.8 centimetres farther from Earth every year.',
].join('\n\n');

const doubleHolder = useServiceDouble();

function snapshot(text = TEXT) {
  return {
    url: 'http://localhost:8080/notes',
    title: 'Notes',
    headline: 'Moon notes',
    mainText: text,
    selection: '',
    selectionEditable: false,
    draft: '',
    signedIn: false,
  };
}

async function makeJob(mode: 'progressive' | 'one-call' | 'detect' = 'progressive'): Promise<Job> {
  return newJob(
    { tabId: 1, scope: 'page', detectOnly: mode === 'detect' },
    snapshot(),
    {
      apiBaseUrl: doubleHolder.double.url,
      language: 'English-US',
      checkMode: mode === 'one-call' ? 'one-call' : 'progressive',
    },
    Date.now(),
  );
}

function setup(question?: RunnerDeps['question']) {
  const jobs = createJobStore();
  const published: Job[] = [];
  const spent: number[] = [];
  const finished = vi.fn();
  const runner = new JobRunner({
    jobs,
    client: async () => clientFor(doubleHolder.double),
    publish: (job) => published.push(job),
    spend: ({ credits }) => spent.push(credits.used),
    book: async () => {
      throw new Error('no check here is made as the user writes');
    },
    unbook: () => undefined,
    finished,
    keepAlive: (work) => work,
    ...(question ? { question } : {}),
  });
  return { jobs, runner, published, spent, finished };
}

const claimsSent = () =>
  doubleHolder.double
    .endpointCalls('factCheckClaims')
    // Answered and billed (a "failed" status also comes with HTTP 200, but bills nothing).
    .filter((call) => call.outcome === 200 && call.credits > 0)
    .flatMap((call) => (call.body as { claims: string[] }).claims);

beforeEach(() => fakeBrowser.reset());

describe('JobRunner', () => {
  it('progressive: detects, then verifies in batches of 1, then 3; every claim once; credits add up', async () => {
    const { jobs, runner, published, spent, finished } = setup();
    const job = await makeJob();
    await runner.start(job);
    const done = jobs.get(job.id)!;
    expect(done.state).toBe('done');
    expect(done.claims.length).toBe(6);
    expect(done.claims.every((claim) => claim.result !== null)).toBe(true);
    expect(done.batches.map((batch) => batch.claimIds.length)).toEqual([1, 3, 2]);
    expect(claimsSent().sort()).toEqual(done.claims.map((claim) => claim.text).sort());
    expect(done.credits.used).toBe(doubleHolder.double.credits.total);
    expect(spent.reduce((sum, value) => sum + value, 0)).toBe(doubleHolder.double.credits.total);
    expect(finished).toHaveBeenCalledOnce();
    // Published in order: detecting, then claims shown as checking before any verdict arrives.
    const firstWithClaims = published.find((update) => update.claims.length > 0)!;
    expect(firstWithClaims.claims.every((claim) => claim.result === null)).toBe(true);
    expect(published.at(-1)?.state).toBe('done');
    // And what was persisted to storage.session is the same.
    const stored = (await fakeBrowser.storage.session.get('jobs')).jobs as Job[];
    expect(stored.find((entry) => entry.id === job.id)?.state).toBe('done');
  });

  it('one-call: a single 4.8 call', async () => {
    const { jobs, runner } = setup();
    const job = await makeJob('one-call');
    await runner.start(job);
    expect(jobs.get(job.id)?.state).toBe('done');
    expect(doubleHolder.double.endpointCalls().map((call) => call.endpoint)).toEqual(['detectAndVerifyClaims']);
  });

  it('detect: 4.3 alone, claims without verdicts', async () => {
    const { jobs, runner } = setup();
    const job = await makeJob('detect');
    await runner.start(job);
    expect(jobs.get(job.id)?.claims.every((claim) => claim.result === null)).toBe(true);
    expect(doubleHolder.double.endpointCalls().map((call) => call.endpoint)).toEqual(['detectClaims']);
  });

  it('a restarted worker resends only the batches that had no answer', async () => {
    const first = setup();
    const job = await makeJob();
    await first.runner.start(job);
    const done = first.jobs.get(job.id)!;
    // What a worker stopped mid-verification leaves behind: batch 0 answered, batch 1 out, batch 2 not sent.
    const interrupted: Job = {
      ...done,
      state: 'verifying',
      finishedAt: null,
      batches: done.batches.map((batch, index) => ({
        ...batch,
        state: index === 0 ? 'done' : index === 1 ? 'sent' : 'pending',
      })),
      claims: done.claims.map((claim) =>
        done.batches[0]!.claimIds.includes(claim.id) ? claim : { ...claim, result: null },
      ),
    };
    await first.jobs.put(interrupted);
    await first.jobs.flushed;
    doubleHolder.double.reset();

    const second = setup();
    await second.jobs.load();
    await second.runner.resumeAll();
    const resumed = second.jobs.get(job.id)!;
    expect(resumed.state).toBe('done');
    const resent = claimsSent();
    expect(resent.sort()).toEqual(
      [...done.batches[1]!.claimIds, ...done.batches[2]!.claimIds].map((id) => done.claims[id]!.text).sort(),
    );
    expect(doubleHolder.double.endpointCalls('detectClaims')).toHaveLength(0);
  });

  it('cancel aborts the pending call and ends the job as cancelled', async () => {
    const { jobs, runner } = setup();
    doubleHolder.double.faults.add({ kind: 'latency', endpoint: 'factCheckClaims', delayMs: 2000 });
    const job = await makeJob();
    const running = runner.start(job);
    await vi.waitFor(() => expect(doubleHolder.double.endpointCalls('factCheckClaims').length).toBeGreaterThan(0));
    await runner.cancel(job.id);
    await running;
    expect(jobs.get(job.id)).toMatchObject({ state: 'cancelled', error: null });
    await vi.waitFor(() =>
      expect(doubleHolder.double.endpointCalls('factCheckClaims').every((call) => call.outcome === 'aborted')).toBe(
        true,
      ),
    );
  });

  it('a failed batch fails the job, keeps the answered claims, and retry sends only the rest', async () => {
    const { jobs, runner } = setup();
    doubleHolder.double.faults.add({
      kind: 'status-failure',
      endpoint: 'factCheckClaims',
      message: 'Out of credits',
      count: 1,
    });
    const job = await makeJob();
    await runner.start(job);
    const failed = jobs.get(job.id)!;
    expect(failed.state).toBe('failed');
    expect(failed.error?.message).toContain('Out of credits');
    const answeredBefore = claimsSent();
    const retriedAt = Date.now();
    await runner.retry(job.id);
    expect(jobs.get(job.id)?.state).toBe('done');
    // The popup's clock counts from the retry, not from when the job was first made.
    expect(failed.startedAt).toBeUndefined();
    expect(jobs.get(job.id)?.startedAt).toBeGreaterThanOrEqual(retriedAt);
    const all = claimsSent();
    expect(all).toHaveLength(6);
    expect(new Set(all).size).toBe(6);
    expect(answeredBefore.length).toBeLessThan(6);
  });

  it('asks before each spend the user has not answered for: a one-call check’s call, and a Retry’s batches', async () => {
    const asked: string[] = [];
    const { jobs, runner } = setup(async (job) => {
      asked.push(job.state);
      return { kind: job.mode === 'one-call' ? 'check' : 'verify', claims: job.claims.length, estimate: 99 };
    });
    const oneCall = await makeJob('one-call');
    await runner.start(oneCall);
    expect(jobs.get(oneCall.id)).toMatchObject({ state: 'asking', question: { kind: 'check' } });
    expect(doubleHolder.double.endpointCalls()).toHaveLength(0);

    doubleHolder.double.faults.add({ kind: 'status-failure', endpoint: 'factCheckClaims', count: 1 });
    const progressive = await makeJob();
    await jobs.put({ ...progressive, costApproved: true });
    await runner.run(progressive.id);
    expect(jobs.get(progressive.id)?.state).toBe('failed');
    const sent = claimsSent().length;
    await runner.retry(progressive.id);
    expect(jobs.get(progressive.id)).toMatchObject({ state: 'asking', question: { kind: 'verify' } });
    expect(claimsSent()).toHaveLength(sent);
    expect(asked).toEqual(['detecting', 'verifying']);
  });
});
