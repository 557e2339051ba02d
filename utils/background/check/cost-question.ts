/**
 * Asking before a costly check: whether verifying a check's detected claims may cost more than the user allows a check
 * without asking (the options' "Ask before a check that may cost more than N credits"), and what their answer does.
 */
import type { Job, Ledger } from '../../contract/jobs';
import { planBatches } from './runner';
import { estimateVerifying } from './store';
import { countSentences } from './write-budget';
import { FIRST_CLAIMS } from '../../shared/check-input';
import { t, tp } from '../../shared/i18n';

export type QuestionAnswer = 'all' | 'first' | 'stop';

/**
 * The question to ask before `job` spends more (verifying its claims still without a verdict, or a one-call check's one
 * call, estimated from its text's sentences), or null to go on: none without a limit, for a check made as the user
 * writes (the day's limit bounds those), or before any verification said what a claim costs (no estimate).
 */
export function costQuestion(job: Job, ledger: Ledger, askAbove: number | null): Job['question'] {
  if (askAbove === null || job.asYouWrite) return null;
  const check = job.mode === 'one-call';
  const claims = check ? claimsAtMost(job) : job.claims.filter((claim) => !claim.result).length;
  const estimate = estimateVerifying(ledger, claims);
  return estimate !== null && estimate > askAbove ? { kind: check ? 'check' : 'verify', claims, estimate } : null;
}

/** A text's claims, at most, before it is sent: one a sentence (a page sent by address: one per 120 characters). */
function claimsAtMost(job: Job): number {
  const texts = job.chunks.filter((chunk) => chunk.state !== 'done').map((chunk) => chunk.text);
  if (texts.some((text) => text.trim())) return texts.reduce((sum, text) => sum + countSentences(text), 0);
  return Math.max(1, Math.round(job.readableLength / 120));
}

/**
 * The job as the user's answer leaves it. Before verifying: verifying all its claims, the first FIRST_CLAIMS, or none
 * (then ended as a detection). Before a one-call check: checked, or not at all.
 */
export function answeredJob(job: Job, answer: QuestionAnswer, now: number): Job {
  const asked = { ...job, question: null, costApproved: true, updatedAt: now };
  if (job.question?.kind === 'check')
    return answer === 'stop'
      ? { ...asked, state: 'cancelled', finishedAt: now, notice: t('cancelled') }
      : { ...asked, state: 'detecting' };
  if (answer === 'stop')
    // Ended as a detection: its claims stand unverified, and the popup offers to verify them later.
    return {
      ...asked,
      mode: 'detect',
      state: 'done',
      finishedAt: now,
      notice: tp('notVerifiedAsChosen', job.claims.length),
    };
  const claims = answer === 'first' ? job.claims.slice(0, FIRST_CLAIMS) : job.claims;
  const kept = { ...asked, claims, state: 'verifying' as const };
  // Batches planned already (a Retry) keep their order, cut to the claims kept.
  const batches = job.batches.length
    ? job.batches
        .map((batch) => ({ ...batch, claimIds: batch.claimIds.filter((id) => id < claims.length) }))
        .filter((batch) => batch.claimIds.length)
    : planBatches(kept);
  return {
    ...kept,
    batches,
    notice: claims.length < job.claims.length ? t('verifyingFirstAsChosen', claims.length, job.claims.length) : '',
  };
}
