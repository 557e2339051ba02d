/**
 * Asking before a costly check: whether verifying a check's detected claims may cost more than the user allows a check
 * without asking (the options' "Ask before a check that may cost more than N credits"), and what their answer does.
 */
import type { Job, Ledger } from './model';
import { planBatches } from './runner';
import { estimateVerifying } from './store';
import { FIRST_CLAIMS } from '../../shared/check-input';
import { t, tp } from '../../shared/i18n';

export type QuestionAnswer = 'all' | 'first' | 'stop';

/**
 * The question to ask before verifying `job`'s claims, or null to go on: none without a limit, for a check made as the
 * user writes (the day's limit bounds those), or before any verification said what a claim costs (no estimate).
 */
export function costQuestion(job: Job, ledger: Ledger, askAbove: number | null): Job['question'] {
  if (askAbove === null || job.asYouWrite) return null;
  const estimate = estimateVerifying(ledger, job.claims.length);
  return estimate !== null && estimate > askAbove ? { claims: job.claims.length, estimate } : null;
}

/** The job as the user's answer leaves it: verifying all its claims, the first FIRST_CLAIMS, or none (then ended). */
export function answeredJob(job: Job, answer: QuestionAnswer, now: number): Job {
  const asked = { ...job, question: null, updatedAt: now };
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
  return {
    ...kept,
    batches: planBatches(kept),
    notice: claims.length < job.claims.length ? t('verifyingFirstAsChosen', claims.length, job.claims.length) : '',
  };
}
