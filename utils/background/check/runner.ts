/**
 * Runs check jobs: the progressive pipeline (4.3, then 4.9 in batches with bounded concurrency), the
 * one-call pipeline (4.8) and detection alone (4.3). Every step is recorded in the job store before and
 * after its call, so that a worker stopped at any point resumes by sending only the units not yet answered.
 */
import type { CallOptions, ServiceClient } from '../api/client';
import { isUnreadable, type ClaimOutcome, type Credits } from '../../contract/results';
import { ServiceError, retryNotice } from '../api/errors';
import { isActive } from '../../shared/progress';
import { type Batch, type Job, type JobClaim } from '../../contract/jobs';
import { canonicalText } from './source';
import type { JobStore, Spending } from './store';
import { countSentences, type PlannedCall } from './write-budget';
import { t } from '../../shared/i18n';

/** The first batch holds one claim, so its verdict arrives as early as possible; the others hold three. */
const FIRST_BATCH_SIZE = 1;
const BATCH_SIZE = 3;
/** 4.9 calls in flight at once, per job. */
export const VERIFY_CONCURRENCY = 3;

export interface RunnerDeps {
  jobs: JobStore;
  client: () => Promise<ServiceClient>;
  /** Told of every change to a job, to publish it. */
  publish: (job: Job) => void;
  /** Told of what each answer cost, for the ledger. */
  spend: (spending: Spending) => void;
  /**
   * Books a call of a check made as the user writes against the day's limit before it is sent: the credits booked.
   * Throws a ServiceError of kind 'limit' when they would pass it (see write-budget.ts).
   */
  book: (call: PlannedCall) => Promise<number>;
  /** Gives back a booking whose call the service refused before doing any work. */
  unbook: (booking: Booking) => void;
  /**
   * Whether verifying a job's detected claims may cost more than the user allows a check without asking: the question
   * to ask them (see Job.question), or null to go on.
   */
  question?: (job: Job) => Promise<Job['question']>;
  /** Told when a job finishes with a result worth caching. */
  finished: (job: Job) => void;
  /** Wraps each service call, to keep the worker alive while it is pending. */
  keepAlive: <T>(work: Promise<T>) => Promise<T>;
  now?: () => number;
}

/** A call's booking against the day's limit of checking as the user writes (see RunnerDeps.book). */
export type Booking = NonNullable<Spending['writing']>;

/**
 * Errors after which the service did no work, so a booking is given back: it refused the key, the input or the pace
 * with an HTTP answer. A timeout, a dropped connection, a cancel or a server error may have been billed: they keep it.
 */
const releasable = (error: unknown) =>
  error instanceof ServiceError &&
  error.httpStatus !== undefined &&
  (error.kind === 'auth' || error.kind === 'invalid-input' || error.kind === 'rate-limit');

export class JobRunner {
  private readonly running = new Map<string, AbortController>();
  private readonly now: () => number;

  constructor(private readonly deps: RunnerDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** Stores a new job and runs it. */
  async start(job: Job): Promise<void> {
    await this.deps.jobs.put(job);
    this.deps.publish(job);
    if (isActive(job.state)) await this.run(job.id);
  }

  /** Resumes every job a stopped worker left unfinished: calls that were out are sent again. */
  async resumeAll(): Promise<void> {
    const unfinished = this.deps.jobs.all().filter((job) => isActive(job.state) && !this.running.has(job.id));
    await Promise.all(
      unfinished.map(async (job) => {
        await this.change(job.id, (current) => ({ ...current, ...resetSentUnits(current), notice: '' }));
        await this.run(job.id);
      }),
    );
  }

  /** Stops a job at whatever stage it is in, and aborts its pending calls. */
  async cancel(id: string, reason = 'Cancelled.'): Promise<void> {
    const job = this.deps.jobs.get(id);
    if (!job || !isActive(job.state)) return;
    await this.change(id, (current) => ({
      ...current,
      state: 'cancelled',
      finishedAt: this.now(),
      notice: reason,
    }));
    this.running.get(id)?.abort();
  }

  /** Runs a failed job again from where it stopped: only the units without an answer are sent. */
  async retry(id: string): Promise<void> {
    const job = this.deps.jobs.get(id);
    if (!job || job.state !== 'failed') return;
    await this.change(id, (current) => ({
      ...current,
      ...resetSentUnits(current),
      state:
        current.chunks.every((chunk) => chunk.state === 'done') && current.mode === 'progressive'
          ? 'verifying'
          : 'detecting',
      error: null,
      notice: '',
      // A Retry spends again: the user's limit is looked at again.
      costApproved: false,
      startedAt: this.now(),
      finishedAt: null,
    }));
    await this.run(id);
  }

  /**
   * Sends one claim of a finished job to 4.9 again, alone: one whose answer could not be read, or that got none. The
   * rest of the job keeps its verdicts; only this claim is paid for again.
   */
  async retryClaim(id: string, claimId: number): Promise<void> {
    const job = this.deps.jobs.get(id);
    const claim = job?.claims[claimId];
    if (!job || !claim || isActive(job.state) || job.mode === 'detect' || claim.result || !claim.text.trim()) return;
    await this.change(id, (current) => ({
      ...current,
      state: 'verifying',
      error: null,
      notice: '',
      finishedAt: null,
      startedAt: this.now(),
      claims: current.claims.map((entry) =>
        entry.id === claimId ? { ...entry, missing: false, unreadable: null } : entry,
      ),
      batches: [...current.batches, { claimIds: [claimId], state: 'pending' }],
    }));
    await this.run(id);
  }

  /** Runs a job to its end (or until cancelled). Safe to call twice: the second call returns at once. */
  async run(id: string): Promise<void> {
    if (this.running.has(id)) return;
    const controller = new AbortController();
    this.running.set(id, controller);
    try {
      await this.pipeline(id, controller.signal);
    } catch (error) {
      await this.fail(id, error);
    } finally {
      this.running.delete(id);
    }
  }

  private async pipeline(id: string, signal: AbortSignal): Promise<void> {
    let job = this.deps.jobs.get(id);
    if (!job || !isActive(job.state)) return;
    const client = await this.deps.client();
    if (job.state === 'queued') job = await this.change(id, (current) => ({ ...current, state: 'detecting' }));
    if (job?.state === 'detecting') {
      // A one-call check verifies as it detects: asked before its call, from its text's length.
      if (job.mode === 'one-call' && (await this.asked(id, job))) return;
      await this.sendChunks(id, client, signal);
      job = this.deps.jobs.get(id);
      if (!job || !isActive(job.state)) return;
      if (job.mode !== 'progressive') return this.complete(id);
      if (job.claims.length && (await this.asked(id, job))) return;
      job = await this.change(id, (current) => ({ ...current, state: 'verifying', batches: planBatches(current) }));
    }
    if (job?.state === 'verifying') {
      // Verifying claims detected earlier (Verify these claims), or again after a failure (Retry).
      if (await this.asked(id, job)) return;
      await this.sendBatches(id, client, signal);
      return this.complete(id);
    }
  }

  /**
   * Whether the job now waits for the user's answer to what it may cost (see cost-question.ts), asked once a run: a
   * job whose spend they answered for, or that is within their limit, goes on.
   */
  private async asked(id: string, job: Job): Promise<boolean> {
    if (job.costApproved) return false;
    const question = (await this.deps.question?.(job)) ?? null;
    // It waits for the answer (see the controller's answerQuestion), kept like any job.
    await this.change(id, (current) =>
      !isActive(current.state)
        ? current
        : question
          ? { ...current, state: 'asking', question }
          : { ...current, costApproved: true },
    );
    return question !== null;
  }

  /** Sends each chunk not yet answered: to 4.8 in one-call mode, to 4.3 otherwise. One at a time, in order. */
  private async sendChunks(id: string, client: ServiceClient, signal: AbortSignal): Promise<void> {
    for (;;) {
      const job = this.deps.jobs.get(id);
      if (!job || !isActive(job.state)) return;
      const index = job.chunks.findIndex((chunk) => chunk.state !== 'done');
      if (index < 0) return;
      const chunk = job.chunks[index];
      if (!chunk) return;
      const content = job.sourceKind === 'url' ? { url: job.url } : { blog: chunk.text };
      // A page sent by its address has no sentences of ours to count; nothing is learnt from it.
      const sentences = job.sourceKind === 'url' ? 0 : countSentences(chunk.text);
      const writing = await this.book(job, { kind: job.mode === 'one-call' ? 'one-call' : 'detect', sentences });
      await this.change(id, (current) => withChunkState(current, index, 'sent'));
      if (job.mode === 'one-call') {
        const result = await this.call(id, signal, writing, (options) =>
          client.detectAndVerifyClaims({ ...content, blog_headline_topic: job.headline || undefined }, options),
        );
        await this.answered(id, { credits: result.credits, writing }, (current) => ({
          ...withChunkState(current, index, 'done'),
          claims: mergeClaims(current.claims, result.claims.filter((claim) => claim !== null).map(foundClaim)),
          problem: result.problem || current.problem,
        }));
      } else {
        const detected = await this.call(id, signal, writing, (options) => client.detectClaims(content, options));
        await this.answered(id, { credits: detected.credits, writing, detectedSentences: sentences }, (current) => ({
          ...withChunkState(current, index, 'done'),
          claims: mergeClaims(
            current.claims,
            detected.claims.map((text) => ({ text, result: null })),
          ),
        }));
      }
    }
  }

  /** Sends the batches not yet answered to 4.9, a few at a time; each verdict is published as it lands. */
  private async sendBatches(id: string, client: ServiceClient, signal: AbortSignal): Promise<void> {
    let failure: unknown = null;
    const lane = async () => {
      for (;;) {
        const job = this.deps.jobs.get(id);
        if (!job || !isActive(job.state) || failure || signal.aborted) return;
        const index = job.batches.findIndex((batch) => batch.state === 'pending');
        if (index < 0) return;
        const batch = job.batches[index];
        if (!batch) return;
        const claims = batch.claimIds.map((claimId) => job.claims[claimId]?.text ?? '');
        // Marked sent at once, before any wait, so that no other lane takes it; a refusal puts it back (below).
        const sent = this.change(id, (current) => withBatchState(current, index, 'sent'));
        try {
          await sent;
          const writing = await this.book(job, { kind: 'verify', claims: claims.length });
          const result = await this.call(id, signal, writing, (options) =>
            client.factCheckClaims({ claims, headline: job.headline, language: job.language }, options),
          );
          await this.answered(id, { credits: result.credits, writing, verifiedClaims: claims.length }, (current) => ({
            ...withVerdicts(current, index, batch, result.claims),
            problem: result.problem || current.problem,
          }));
        } catch (error) {
          // The other lanes finish what they have in flight (their answers are paid for), then stop.
          failure ??= error;
          await this.change(id, (current) => withBatchState(current, index, 'pending'));
        }
      }
    };
    await Promise.all(Array.from({ length: VERIFY_CONCURRENCY }, lane));
    if (failure) throw failure;
  }

  private async complete(id: string): Promise<void> {
    const job = this.deps.jobs.get(id);
    if (!job || !isActive(job.state)) return;
    const done = await this.change(id, (current) => ({
      ...current,
      state: 'done',
      finishedAt: this.now(),
      notice: '',
    }));
    if (done) this.deps.finished(done);
  }

  private async fail(id: string, error: unknown): Promise<void> {
    const job = this.deps.jobs.get(id);
    if (!job || !isActive(job.state)) return; // Cancelled meanwhile: the abort is not a failure.
    const data =
      error instanceof ServiceError ? error.toData() : { kind: 'service' as const, message: t('checkStoppedByBug') };
    if (!(error instanceof ServiceError))
      console.error('[factlens] check job failed', error instanceof Error ? error.message : error);
    await this.change(id, (current) => ({
      ...current,
      ...resetSentUnits(current),
      state: 'failed',
      error: data,
      finishedAt: this.now(),
      notice: '',
    }));
  }

  /**
   * Makes one service call for a job, kept alive while pending. A retry wait shows as the job's notice
   * ("trying again in 5 s") until this call ends; other calls of the job do not clear it.
   */
  private async call<T>(
    id: string,
    signal: AbortSignal,
    writing: Booking | undefined,
    work: (options: CallOptions) => Promise<T>,
  ): Promise<T> {
    let shown = '';
    const onRetry = ({ delayMs, error }: { delayMs: number; error: ServiceError }) => {
      const notice = retryNotice(delayMs, error);
      shown = notice;
      void this.change(id, (current) => ({ ...current, notice }));
    };
    // Cancelled while its booking was made: nothing goes, and nothing is owed.
    if (signal.aborted) {
      if (writing) this.deps.unbook(writing);
      throw new ServiceError({ kind: 'cancelled', message: t('cancelled') });
    }
    try {
      return await this.deps.keepAlive(work({ signal, onRetry }));
    } catch (error) {
      if (writing && releasable(error)) this.deps.unbook(writing);
      throw error;
    } finally {
      const ended = shown;
      if (ended) void this.change(id, (current) => (current.notice === ended ? { ...current, notice: '' } : current));
    }
  }

  /**
   * A call of a check made as the user writes is booked against the day's limit before it is sent (see
   * RunnerDeps.book); other checks book nothing.
   */
  private async book(job: Job, call: PlannedCall): Promise<Booking | undefined> {
    if (!job.asYouWrite) return undefined;
    const at = this.now();
    return { at, booked: await this.deps.book(call) };
  }

  /** Records an answer and its credits in one change. */
  private async answered(
    id: string,
    { credits, ...rest }: Omit<Spending, 'credits'> & { credits: Credits },
    change: (job: Job) => Job,
  ): Promise<void> {
    const spent = { used: credits.used, unreported: credits.reported ? 0 : 1 };
    this.deps.spend({ ...rest, credits: spent });
    await this.change(id, (current) => ({
      ...change(current),
      credits: { used: current.credits.used + spent.used, unreported: current.credits.unreported + spent.unreported },
    }));
  }

  private async change(id: string, change: (job: Job) => Job): Promise<Job | undefined> {
    const next = await this.deps.jobs.update(id, (job) => ({ ...change(job), updatedAt: this.now() }));
    if (next) this.deps.publish(next);
    return next;
  }
}

function withChunkState(job: Job, index: number, state: Job['chunks'][number]['state']): Job {
  return { ...job, chunks: job.chunks.map((chunk, at) => (at === index ? { ...chunk, state } : chunk)) };
}

function withBatchState(job: Job, index: number, state: Batch['state']): Job {
  return { ...job, batches: job.batches.map((batch, at) => (at === index ? { ...batch, state } : batch)) };
}

/** Units whose call was out when the worker stopped (or the job failed) go back to pending. */
function resetSentUnits(job: Job): Pick<Job, 'chunks' | 'batches'> {
  return {
    chunks: job.chunks.map((chunk) => (chunk.state === 'sent' ? { ...chunk, state: 'pending' } : chunk)),
    batches: job.batches.map((batch) => (batch.state === 'sent' ? { ...batch, state: 'pending' } : batch)),
  };
}

type FoundClaim = Pick<JobClaim, 'text' | 'result' | 'unreadable'>;

/** A 4.8 item as a claim of the job: with its verdict, or unreadable. */
function foundClaim(outcome: ClaimOutcome): FoundClaim {
  return isUnreadable(outcome)
    ? { text: outcome.claim, result: null, unreadable: outcome.unreadable }
    : { text: outcome.claim, result: outcome, unreadable: null };
}

/**
 * Adds claims found in another chunk, skipping ones already listed (same words, case and spacing aside). An unreadable
 * item that does not even name its claim is kept all the same, so that the list shows it.
 */
export function mergeClaims(existing: JobClaim[], found: FoundClaim[]): JobClaim[] {
  const seen = new Set(existing.map((claim) => canonicalText(claim.text).toLowerCase()));
  const merged = [...existing];
  for (const { text, result, unreadable = null } of found) {
    const key = canonicalText(text).toLowerCase();
    if ((!key && !unreadable) || (key && seen.has(key))) continue;
    if (key) seen.add(key);
    merged.push({ id: merged.length, text: text.trim(), result, missing: false, unreadable });
  }
  return merged;
}

/** Groups the claims still without a verdict into batches: one claim first, then BATCH_SIZE at a time. */
export function planBatches(job: Pick<Job, 'claims' | 'batches'>): Batch[] {
  if (job.batches.length) return job.batches;
  const open = job.claims.filter((claim) => !claim.result).map((claim) => claim.id);
  const batches: Batch[] = [];
  for (let at = 0; at < open.length;) {
    const size = batches.length === 0 ? FIRST_BATCH_SIZE : BATCH_SIZE;
    batches.push({ claimIds: open.slice(at, at + size), state: 'pending' });
    at += size;
  }
  return batches;
}

/**
 * Puts a batch's verdicts on its claims; 4.9 answers in the order sent. A claim left without one is marked missing; one
 * whose answer could not be read keeps that as its own state.
 */
function withVerdicts(job: Job, index: number, batch: Batch, results: Array<ClaimOutcome | null>): Job {
  const claims = [...job.claims];
  batch.claimIds.forEach((claimId, position) => {
    const claim = claims[claimId];
    if (!claim) return;
    const outcome = results[position] ?? null;
    claims[claimId] =
      outcome === null
        ? { ...claim, result: null, missing: true, unreadable: null }
        : isUnreadable(outcome)
          ? { ...claim, result: null, missing: false, unreadable: outcome.unreadable }
          : { ...claim, result: outcome, missing: false, unreadable: null };
  });
  return { ...withBatchState(job, index, 'done'), claims };
}
