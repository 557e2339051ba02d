/** Asking before a costly check: the estimate learnt from the ledger, when to ask, and what each answer does. */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { answeredJob, costQuestion } from '@/utils/background/check/cost-question';
import { creditLedger, estimateVerifying } from '@/utils/background/check/store';
import { jobSchema, type Job } from '@/utils/background/check/model';

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
    expect(costQuestion(detected(40), ledger, 50)).toEqual({ claims: 40, estimate: 80 });
    expect(costQuestion(detected(20), ledger, 50)).toBeNull();
    expect(costQuestion(detected(40), ledger, null)).toBeNull();
    expect(costQuestion(detected(40, { asYouWrite: true }), ledger, 50)).toBeNull();
    expect(costQuestion(detected(40), { ...ledger, verified: { claims: 0, credits: 0 } }, 50)).toBeNull();
  });
});

describe('the answer to the question', () => {
  const asking = detected(40, { state: 'asking', question: { claims: 40, estimate: 80 } });

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
