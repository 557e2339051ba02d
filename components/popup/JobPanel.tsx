/** A check's progress, errors, credits and results. */
import { browser } from '#imports';
import type { ServiceErrorData } from '@/utils/shared/service-error';
import type { JobView, SourceKind } from '@/utils/background/check/model';
import { isActive, jobProgress } from '@/utils/shared/progress';
import { formatAge, formatAmount, formatCredits, plural } from '@/utils/shared/format';
import { FIRST_CLAIMS } from '@/utils/shared/check-input';
import type { Ledger } from '@/utils/background/check/model';
import { ClaimList } from './ClaimList';
import { Elapsed } from './Elapsed';

interface JobPanelProps {
  job: JobView;
  ledger: Ledger | null;
  onCancel: () => void;
  onRetry: () => void;
  /** Sends one claim again, alone (one whose answer could not be read, or got none). */
  onRetryClaim?: (claimId: number) => void;
  onRecheck: (sourceKind?: SourceKind) => void;
  /** Verifies the claims a finished detection found (see verifyDetected). */
  onVerify: () => void;
  /** Answers a check that asks before verifying (see cost-question.ts). */
  onAnswer: (answer: 'all' | 'first' | 'stop') => void;
  onReveal?: (claimId: number) => void;
}

const SCOPE_TITLES = { page: 'This page', selection: 'The selection', draft: 'Your draft' } as const;
const SCOPE_NOUNS = { page: 'this page', selection: 'the selection', draft: 'your draft' } as const;

function stageText(job: JobView): string {
  const withVerdicts = job.claims.filter((claim) => claim.result || claim.missing || claim.unreadable).length;
  switch (job.state) {
    case 'queued':
      return 'Starting…';
    case 'detecting':
      if (job.mode === 'one-call') return 'Detecting and verifying the claims in one call (this can take minutes)…';
      return job.chunks.length > 1
        ? `Detecting claims: part ${Math.min(job.chunks.filter((chunk) => chunk.state === 'done').length + 1, job.chunks.length)} of ${job.chunks.length}…`
        : 'Detecting claims…';
    case 'verifying':
      return `Verifying claims: ${withVerdicts} of ${job.claims.length} checked…`;
    case 'asking':
      return `Found ${plural(job.claims.length, 'claim')}: verifying them may cost more than you allow a check without asking.`;
    case 'done':
      if (!job.claims.length)
        return job.mode === 'detect'
          ? `No claims found in ${SCOPE_NOUNS[job.scope]}.`
          : `No claims to check: the service found no statement of fact in ${SCOPE_NOUNS[job.scope]}.`;
      return job.mode === 'detect'
        ? `Found ${plural(job.claims.length, 'claim')}.`
        : `Checked ${plural(job.claims.length, 'claim')}.`;
    case 'failed':
      return 'The check stopped.';
    case 'cancelled':
      return job.notice || 'Cancelled.';
  }
}

export function JobPanel({
  job,
  ledger,
  onCancel,
  onRetry,
  onRetryClaim,
  onRecheck,
  onVerify,
  onAnswer,
  onReveal,
}: JobPanelProps) {
  const active = isActive(job.state);
  const progress = jobProgress(job);
  const other: SourceKind = job.sourceKind === 'url' ? 'text' : 'url';
  return (
    <section class="job" aria-labelledby="job-heading" aria-busy={active}>
      <h2 id="job-heading">{SCOPE_TITLES[job.scope]}</h2>
      {job.sourceReason && (
        <p class="source">
          <span class="tag">
            {job.sourceKind === 'url'
              ? 'Sent by address'
              : `Sent as text (${job.textLength.toLocaleString('en-US')} characters)`}
          </span>{' '}
          {job.sourceReason}{' '}
          {job.canSwitchSource && !active && (
            <button type="button" class="link" onClick={() => onRecheck(other)}>
              {other === 'text' ? 'Send the page’s text instead' : 'Send the address instead'}
            </button>
          )}
        </p>
      )}
      {job.languageFromPage && (
        <p class="hint">
          Verdicts in {job.language}, the language {SCOPE_NOUNS[job.scope]} declares.
        </p>
      )}
      <p role="status" class="stage">
        {stageText(job)}
      </p>
      {active && (
        <div class="row">
          <progress max={progress.total} value={progress.done} aria-label="Progress" />
          <Elapsed since={job.startedAt ?? job.createdAt} />
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      )}
      {job.state === 'asking' && job.question && (
        <div class="question" role="group" aria-labelledby="question-text">
          <p id="question-text">
            Verify {plural(job.question.claims, 'claim')} (about {formatCredits(job.question.estimate)})?
          </p>
          <div class="row wrap">
            <button type="button" class="primary" onClick={() => onAnswer('all')}>
              Verify all
            </button>
            {job.question.claims > FIRST_CLAIMS && (
              <button type="button" onClick={() => onAnswer('first')}>
                Verify the first {FIRST_CLAIMS}
              </button>
            )}
            <button type="button" onClick={() => onAnswer('stop')}>
              Stop
            </button>
          </div>
        </div>
      )}
      {job.mode === 'detect' && job.state === 'done' && job.claims.length > 0 && (
        <div class="row">
          <button type="button" onClick={onVerify}>
            {job.claims.length === 1 ? 'Verify this claim' : `Verify these ${job.claims.length} claims`}
          </button>
          <span class="hint">Only they are sent; nothing is detected again.</span>
        </div>
      )}
      {job.notice && active && <p class="status warning">{job.notice}</p>}
      {job.problem && !active && <p class="status warning">{job.problem}</p>}
      {job.error && <ErrorBox error={job.error} onRetry={job.chunks.length ? onRetry : undefined} />}
      {job.cachedAt !== null && (
        <p class="cached">
          From your check {formatAge(job.cachedAt)}; no credits used now.{' '}
          <button type="button" class="link" onClick={() => onRecheck(job.sourceKind)}>
            Re-check
          </button>
        </p>
      )}
      <p class="credits">
        This check: {formatCredits(job.credits.used, job.credits.unreported)}
        {ledger && <> · All checks: {formatCredits(ledger.total, ledger.unreported)}</>}
      </p>
      {ledger && (
        <p class="hint estimate">
          {ledger.verified.claims
            ? `A claim verified costs about ${formatAmount(ledger.verified.credits / ledger.verified.claims)} credits here.`
            : 'No estimate of a check’s cost yet: it is learnt from what your checks cost.'}
        </p>
      )}
      {job.anchoring && job.anchoring.total > 0 && (
        <p class="located">
          Located {job.anchoring.located} of {job.anchoring.total} claims
          {job.scope === 'page' ? ' in the page' : ''}
          {job.anchoring.collapsed.length > 0 && `; ${job.anchoring.collapsed.length} more in collapsed sections`}.
        </p>
      )}
      <ClaimList
        claims={job.claims}
        mode={job.mode}
        active={active}
        anchoring={job.anchoring}
        reveal={onReveal}
        retryClaim={active || job.mode === 'detect' ? undefined : onRetryClaim}
        verdictLang={job.languageTag}
        textLang={job.textLang}
      />
    </section>
  );
}

/** Opens the options page, where the key and the service's address are set (the popup closes as it opens). */
export function openSettings(): void {
  void browser.runtime.openOptionsPage();
}

export function ErrorBox({ error, onRetry }: { error: ServiceErrorData; onRetry?: () => void }) {
  return (
    <div class="status error" role="alert">
      <p>{error.message}</p>
      {(onRetry || error.fixInSettings) && (
        <div class="row wrap">
          {onRetry && (
            <button type="button" onClick={onRetry}>
              Retry
            </button>
          )}
          {/* No key, a key the service rejected, an address that is not the service's: the message says to go to Settings. */}
          {error.fixInSettings && (
            <button type="button" onClick={openSettings}>
              Open Settings
            </button>
          )}
        </div>
      )}
      {(error.rawBody || error.httpStatus) && (
        <details>
          <summary>Details</summary>
          <p>
            {error.endpoint && <>Endpoint: {error.endpoint}. </>}
            {error.httpStatus && <>HTTP status: {error.httpStatus}. </>}
            {error.field && <>Field: {error.field}.</>}
          </p>
          {error.rawBody && <pre class="raw">{error.rawBody}</pre>}
        </details>
      )}
    </div>
  );
}
