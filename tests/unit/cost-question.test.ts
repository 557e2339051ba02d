/** Asking before a costly check: the estimate learnt from the ledger, when to ask, and what each answer does. */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { answeredJob, costQuestion } from '@/utils/background/check/cost-question';
import { creditLedger, estimateVerifying } from '@/utils/background/check/store';
import { jobSchema, type Job } from '@/utils/contract/jobs';

const detected = (claims: number, extra: Partial<Job> = {}): Job =>
  jobSchema.parse({
    id: 'job-1',
    tabId: 1,
    pageUrl: 'https://example.org/post',
    pageTitle: 'A post',
    scope: 'page',
    sourceKind: 'url',
    sourceReason: '',
    canSwitchSource: false,
    url: 'https://example.org/post',
    headline: '',
    textLength: 0,
    language: 'English-US',
    mode: 'progressive',
    state: 'detecting',
    createdAt: 0,
    updatedAt: 0,
    finishedAt: null,
    cacheKey: 'k',
    cachedAt: null,
    chunks: [{ text: '', state: 'done' }],
    batches: [],
    claims: Array.from({ length: claims }, (_, id) => ({ id, text: `Claim ${id}.`, result: null, missing: false })),
    credits: { used: 0, unreported: 0 },
    notice: '',
    error: null,
    ...extra,
  });

describe('the estimate of a check’s cost', () => {
  beforeEach(() => fakeBrowser.reset());

  it('is learnt from the verifications that said what they cost; there is none before', async () => {
    expect(estimateVerifying(await creditLedger.get(), 40)).toBeNull();
    await creditLedger.add({ credits: { used: 2, unreported: 0 }, verifiedClaims: 3 });
    await creditLedger.add({ credits: { used: 1, unreported: 0 }, verifiedClaims: 0 });
    // An answer that did not say its cost teaches nothing.
    await creditLedger.add({ credits: { used: 0, unreported: 1 }, verifiedClaims: 5 });
    await creditLedger.add({ credits: { used: 4, unreported: 0 }, verifiedClaims: 5 });
    const ledger = await creditLedger.get();
    expect(ledger.verified).toEqual({ claims: 8, credits: 6 });
    expect(estimateVerifying(ledger, 40)).toBe(30);
  });

  it('asks only over the limit, never without one, before an estimate, or for a check made as the user writes', async () => {
    await creditLedger.add({ credits: { used: 2, unreported: 0 }, verifiedClaims: 1 });
    const ledger = await creditLedger.get();
    expect(costQuestion(detected(40), ledger, 50)).toEqual({ kind: 'verify', claims: 40, estimate: 80 });
    expect(costQuestion(detected(20), ledger, 50)).toBeNull();
    expect(costQuestion(detected(40), ledger, null)).toBeNull();
    expect(costQuestion(detected(40, { asYouWrite: true }), ledger, 50)).toBeNull();
    expect(costQuestion(detected(40), { ...ledger, verified: { claims: 0, credits: 0 } }, 50)).toBeNull();
  });
});

describe('the answer to the question', () => {
  const asking = detected(40, { state: 'asking', question: { kind: 'verify', claims: 40, estimate: 80 } });

  it('“Verify all” verifies every claim', () => {
    const job = answeredJob(asking, 'all', 5);
    expect(job).toMatchObject({ state: 'verifying', question: null, notice: '' });
    expect(job.batches.flatMap((batch) => batch.claimIds)).toHaveLength(40);
  });

  it('“Verify the first 10” keeps and verifies those, and says so', () => {
    const job = answeredJob(asking, 'first', 5);
    expect(job.claims.map((claim) => claim.text)).toEqual(asking.claims.slice(0, 10).map((claim) => claim.text));
    expect(job.batches.flatMap((batch) => batch.claimIds).sort((a, b) => a - b)).toEqual([...Array(10).keys()]);
    expect(job.notice).toBe('Verifying the first 10 of 40 claims, as you chose.');
  });

  it('“Stop” ends it as a detection, whose claims can be verified later, with nothing sent', () => {
    const job = answeredJob(asking, 'stop', 5);
    expect(job).toMatchObject({ state: 'done', mode: 'detect', question: null, finishedAt: 5, batches: [] });
    expect(job.claims).toHaveLength(40);
  });
});

describe('the question on every path that may spend past the limit', () => {
  beforeEach(() => fakeBrowser.reset());

  const oneCall = (text: string) =>
    detected(0, {
      mode: 'one-call',
      sourceKind: 'text',
      chunks: [{ text, state: 'pending' }],
      textLength: text.length,
    });
  const byAddress = detected(0, { mode: 'one-call', chunks: [{ text: '', state: 'pending' }], readableLength: 1200 });

  it('asks before a one-call check’s one call, from its text’s sentences; and checks, or stops, as answered', async () => {
    await creditLedger.add({ credits: { used: 2, unreported: 0 }, verifiedClaims: 1 });
    const ledger = await creditLedger.get();
    const long = oneCall('The Moon is round. Mars is red. Venus is hot. The Sun is a star.');
    expect(costQuestion(long, ledger, 5)).toEqual({ kind: 'check', claims: 4, estimate: 8 });
    expect(costQuestion(oneCall('The Moon is round.'), ledger, 5)).toBeNull();
    // A page sent by its address: from the length of its readable text.
    expect(costQuestion(byAddress, ledger, 5)).toEqual({ kind: 'check', claims: 10, estimate: 20 });
    const asking = { ...long, state: 'asking' as const, question: costQuestion(long, ledger, 5) };
    expect(answeredJob(asking, 'all', 5)).toMatchObject({ state: 'detecting', question: null, costApproved: true });
    expect(answeredJob(asking, 'stop', 5)).toMatchObject({ state: 'cancelled', finishedAt: 5 });
  });

  it('counts only the claims still without a verdict (a draft checked again keeps its earlier verdicts)', async () => {
    await creditLedger.add({ credits: { used: 2, unreported: 0 }, verifiedClaims: 1 });
    const job = detected(10);
    job.claims.slice(0, 8).forEach((claim) => (claim.result = {} as never));
    expect(costQuestion(job, await creditLedger.get(), 3)).toEqual({ kind: 'verify', claims: 2, estimate: 4 });
  });

  it('keeps a Retry’s planned batches, cut to the first claims kept', () => {
    const retried = detected(20, {
      state: 'asking',
      question: { kind: 'verify', claims: 20, estimate: 40 },
      batches: [
        { claimIds: [0], state: 'done' },
        { claimIds: [9, 10, 11], state: 'pending' },
        { claimIds: [12, 13, 14], state: 'pending' },
      ],
    });
    expect(answeredJob(retried, 'first', 5).batches).toEqual([
      { claimIds: [0], state: 'done' },
      { claimIds: [9], state: 'pending' },
    ]);
  });
});
