/** A check's progress, errors, credits and results. */
import { browser } from '#imports';
import type { ServiceErrorData } from '@/utils/shared/service-error';
import type { JobView, SourceKind } from '@/utils/contract/jobs';
import { isActive, jobProgress } from '@/utils/shared/progress';
import { formatAge, formatCredits, roundAmount } from '@/utils/shared/format';
import { t, tp, type MessageKey } from '@/utils/shared/i18n';
import { languageName } from '@/utils/shared/page-language';
import { FIRST_CLAIMS } from '@/utils/shared/check-input';
import type { Ledger } from '@/utils/contract/jobs';
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

/** What a check of each scope is called, and says it found nothing in, or took its verdicts' language from. */
const SCOPE_WORDS = {
  page: { title: 'scopePage', noneFound: 'noClaimsFoundPage', noFacts: 'noFactsPage', language: 'languageOfPage' },
  selection: {
    title: 'scopeSelection',
    noneFound: 'noClaimsFoundSelection',
    noFacts: 'noFactsSelection',
    language: 'languageOfSelection',
  },
  draft: { title: 'scopeDraft', noneFound: 'noClaimsFoundDraft', noFacts: 'noFactsDraft', language: 'languageOfDraft' },
} as const satisfies Record<JobView['scope'], Record<string, MessageKey>>;

function stageText(job: JobView): string {
  const withVerdicts = job.claims.filter((claim) => claim.result || claim.missing || claim.unreadable).length;
  switch (job.state) {
    case 'queued':
      return t('stageStarting');
    case 'detecting':
      if (job.mode === 'one-call') return t('stageOneCall');
      return job.chunks.length > 1
        ? t(
            'stageDetectingPart',
            Math.min(job.chunks.filter((chunk) => chunk.state === 'done').length + 1, job.chunks.length),
            job.chunks.length,
          )
        : t('stageDetecting');
    case 'verifying':
      return t('stageVerifying', withVerdicts, job.claims.length);
    case 'asking':
      return tp('stageAsking', job.claims.length);
    case 'done':
      if (!job.claims.length)
        return t(job.mode === 'detect' ? SCOPE_WORDS[job.scope].noneFound : SCOPE_WORDS[job.scope].noFacts);
      return tp(job.mode === 'detect' ? 'stageFound' : 'stageChecked', job.claims.length);
    case 'failed':
      return t('stageFailed');
    case 'cancelled':
      return job.notice || t('cancelled');
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
  return (
    <section class="job" aria-labelledby="job-heading" aria-busy={active}>
      <h2 id="job-heading">{t(SCOPE_WORDS[job.scope].title)}</h2>
      {job.sourceReason && <SourceLine job={job} active={active} onRecheck={onRecheck} />}
      {job.languageFromPage && <p class="hint">{t(SCOPE_WORDS[job.scope].language, languageName(job.language))}</p>}
      <p role="status" class="stage">
        {stageText(job)}
      </p>
      {active && (
        <div class="row">
          <progress max={progress.total} value={progress.done} aria-label={t('progress')} />
          <Elapsed since={job.startedAt ?? job.createdAt} />
          <button type="button" onClick={onCancel}>
            {t('cancel')}
          </button>
        </div>
      )}
      {job.state === 'asking' && job.question && <CostQuestion question={job.question} onAnswer={onAnswer} />}
      {job.mode === 'detect' && job.state === 'done' && job.claims.length > 0 && (
        <div class="row">
          <button type="button" onClick={onVerify}>
            {job.claims.length === 1 ? t('verifyThisClaim') : tp('verifyThese', job.claims.length)}
          </button>
          <span class="hint">{t('onlyTheyAreSent')}</span>
        </div>
      )}
      {job.notice && active && <p class="status warning">{job.notice}</p>}
      {job.problem && !active && <p class="status warning">{job.problem}</p>}
      {job.earlierProblem && <p class="status warning">{job.earlierProblem}</p>}
      {job.error && <ErrorBox error={job.error} onRetry={job.chunks.length ? onRetry : undefined} />}
      {job.cachedAt !== null && (
        <p class="cached">
          {t('fromYourCheck', formatAge(job.cachedAt))}{' '}
          <button type="button" class="link" onClick={() => onRecheck(job.sourceKind)}>
            {t('recheck')}
          </button>
        </p>
      )}
      <Credits job={job} ledger={ledger} />
      {job.anchoring && job.anchoring.total > 0 && (
        <p class="located">
          {t(job.scope === 'page' ? 'locatedInPage' : 'listLocated', job.anchoring.located, job.anchoring.total)}
          {job.anchoring.collapsed.length > 0 && `; ${tp('moreCollapsed', job.anchoring.collapsed.length)}`}.
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

/** How the check's text went (by address, or as text), why, and the offer to send it the other way. */
function SourceLine({
  job,
  active,
  onRecheck,
}: {
  job: JobView;
  active: boolean;
  onRecheck: JobPanelProps['onRecheck'];
}) {
  const other: SourceKind = job.sourceKind === 'url' ? 'text' : 'url';
  return (
    <p class="source">
      <span class="tag">{job.sourceKind === 'url' ? t('sentByAddress') : tp('sentAsText', job.textLength)}</span>{' '}
      {job.sourceReason}{' '}
      {job.canSwitchSource && !active && (
        <button type="button" class="link" onClick={() => onRecheck(other)}>
          {t(other === 'text' ? 'sendPageTextInstead' : 'sendAddressInstead')}
        </button>
      )}
    </p>
  );
}

/** A costly check's question: verify all its claims (or send the check), the first few, or none. */
function CostQuestion({
  question,
  onAnswer,
}: {
  question: NonNullable<JobView['question']>;
  onAnswer: JobPanelProps['onAnswer'];
}) {
  return (
    <div class="question" role="group" aria-labelledby="question-text">
      <p id="question-text">
        {question.kind === 'check'
          ? t('checkQuestion', formatCredits(question.estimate))
          : tp('verifyQuestion', question.claims, formatCredits(question.estimate))}
      </p>
      <div class="row wrap">
        <button type="button" class="primary" onClick={() => onAnswer('all')}>
          {question.kind === 'check' ? t('checkGo') : t('verifyAll')}
        </button>
        {question.kind === 'verify' && question.claims > FIRST_CLAIMS && (
          <button type="button" onClick={() => onAnswer('first')}>
            {t('verifyFirst', FIRST_CLAIMS)}
          </button>
        )}
        <button type="button" onClick={() => onAnswer('stop')}>
          {t('stop')}
        </button>
      </div>
    </div>
  );
}

/** What this check and all checks cost, and what a claim verified costs here. */
function Credits({ job, ledger }: { job: JobView; ledger: Ledger | null }) {
  return (
    <>
      <p class="credits">
        {t('creditsThisCheck', formatCredits(job.credits.used, job.credits.unreported))}
        {ledger && <> · {t('creditsAllChecks', formatCredits(ledger.total, ledger.unreported))}</>}
      </p>
      {ledger && (
        <p class="hint estimate">
          {ledger.verified.claims
            ? tp('claimCostEstimate', roundAmount(ledger.verified.credits / ledger.verified.claims))
            : t('noEstimateYet')}
        </p>
      )}
    </>
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
              {t('retry')}
            </button>
          )}
          {/* No key, a key the service rejected, an address that is not the service's: the message says to go to Settings. */}
          {error.fixInSettings && (
            <button type="button" onClick={openSettings}>
              {t('openSettings')}
            </button>
          )}
        </div>
      )}
      {(error.rawBody || error.httpStatus) && (
        <details>
          <summary>{t('details')}</summary>
          <p>
            {[
              error.endpoint && t('detailsEndpoint', error.endpoint),
              error.httpStatus && t('detailsHttpStatus', String(error.httpStatus)),
              error.field && t('detailsField', error.field),
            ]
              .filter(Boolean)
              .join(' ')}
          </p>
          {error.rawBody && <pre class="raw">{error.rawBody}</pre>}
        </details>
      )}
    </div>
  );
}
