/** The claims of a check, each with its verdict (icon and words), correction, reasoning and sources. */
import { useState } from 'preact/hooks';
import type { Source } from '@/utils/contract/results';
import type { EarlierReview } from '@/utils/contract/earlier-checks';
import { claimStatus } from '@/utils/shared/claim-status';
import {
  addsToLabel,
  VERDICT_ICONS,
  VERDICT_LABELS,
  VERDICTS,
  countVerdicts,
  type Verdict,
} from '@/utils/shared/verdicts';
import type { JobClaim, JobMode } from '@/utils/contract/jobs';
import { formatDate, formatScore } from '@/utils/shared/format';
import { t, tp } from '@/utils/shared/i18n';
import { linkToFact } from '@/utils/shared/urls';

type Filter = Verdict | 'all';

interface ClaimListProps {
  claims: JobClaim[];
  mode: JobMode;
  active: boolean;
  /**
   * Where the content script found each claim, once it has looked (null before): the ids it did not find, and those
   * it found in a section the page keeps collapsed.
   */
  anchoring: { notFound: number[]; collapsed: number[]; offView: number[] } | null;
  /** Scrolls the page to a claim and opens its card; absent when the page cannot be reached. */
  reveal?: (claimId: number) => void;
  /** Sends one claim again, alone; absent while the check runs, and where it cannot be sent again (the history). */
  retryClaim?: (claimId: number) => void;
  /**
   * The tags of the language the service wrote in (the check's), and of the one the page declared for the checked text
   * ('': none): the `lang` of each, so that a screen reader reads them in their own voices, and the popup's in English.
   * Undefined: not known (a check kept from before they were), and the attribute is left out.
   */
  verdictLang: string | undefined;
  textLang: string | undefined;
}

export function ClaimList({
  claims,
  mode,
  active,
  anchoring,
  reveal,
  retryClaim,
  verdictLang,
  textLang,
}: ClaimListProps) {
  const [filter, setFilter] = useState<Filter>('all');
  if (!claims.length) return null;
  const counts = countVerdicts(claims);
  const shown = filter === 'all' ? claims : claims.filter((claim) => claim.result?.verdict === filter);
  return (
    <section aria-labelledby="claims-heading">
      <h2 id="claims-heading">{tp('claimCount', claims.length)}</h2>
      {mode !== 'detect' && (
        <div class="filters" role="group" aria-label={t('showClaims')}>
          {(['all', ...VERDICTS] as Filter[]).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={filter === option}
              onClick={() => setFilter(option)}
              disabled={option !== 'all' && counts[option] === 0}
            >
              {option === 'all'
                ? t('filterAll')
                : `${VERDICT_ICONS[option]} ${VERDICT_LABELS[option]} (${counts[option]})`}
            </button>
          ))}
        </div>
      )}
      <ol class="claims">
        {shown.map((claim) => (
          <ClaimItem
            key={claim.id}
            claim={claim}
            mode={mode}
            active={active}
            place={placeOf(claim.id, anchoring)}
            reveal={reveal}
            retry={retryClaim}
            langs={{ text: textLang, verdict: verdictLang }}
          />
        ))}
      </ol>
    </section>
  );
}

/**
 * Where a claim stands in the page: located, in a collapsed section, on a part not drawn yet (a Google Doc's page away
 * from the view), not found, or not known yet (null).
 */
type Place = 'located' | 'collapsed' | 'off-view' | 'not-found' | null;

function placeOf(id: number, anchoring: ClaimListProps['anchoring']): Place {
  if (!anchoring) return null;
  if (anchoring.collapsed.includes(id)) return 'collapsed';
  if (anchoring.offView.includes(id)) return 'off-view';
  return anchoring.notFound.includes(id) ? 'not-found' : 'located';
}

interface ClaimItemProps {
  claim: JobClaim;
  mode: JobMode;
  active: boolean;
  place: Place;
  reveal?: (claimId: number) => void;
  retry?: (claimId: number) => void;
  langs: { text: string | undefined; verdict: string | undefined };
}

function ClaimItem({ claim, mode, active, place, reveal, retry, langs }: ClaimItemProps) {
  const result = claim.result;
  const status = claimStatus(claim, { running: active, detectOnly: mode === 'detect' });
  const canRetry = retry && !result && mode !== 'detect' && (claim.unreadable || claim.missing) && claim.text.trim();
  return (
    <li class={`claim verdict-${status.kind}`}>
      <p class="verdict">
        <span aria-hidden="true" class="verdict-icon">
          {status.icon}
        </span>{' '}
        <strong>{status.label}</strong>
        {result && addsToLabel(result.verdictText, result.verdict) && (
          <span class="hint" lang={langs.verdict}>
            {' '}
            ({result.verdictText})
          </span>
        )}
      </p>
      {claim.text ? (
        <blockquote class="claim-text" dir="auto" lang={langs.text}>
          {claim.text}
        </blockquote>
      ) : (
        <p class="hint">{t('claimUnknown')}</p>
      )}
      {claim.unreadable && (
        <details class="unreadable">
          <summary>{t('whatArrived')}</summary>
          <p>{t('answerUnreadable', claim.unreadable.problem)}</p>
          <pre class="raw" dir="ltr">
            {claim.unreadable.raw}
          </pre>
        </details>
      )}
      {canRetry && (
        <button type="button" onClick={() => retry(claim.id)}>
          {t('retryClaim')}
        </button>
      )}
      {place === 'not-found' && <p class="hint">{t('listNotFound')}</p>}
      {place === 'collapsed' && <p class="hint">{t('inCollapsedSection')}</p>}
      {place === 'off-view' && <p class="hint">{t('claimOffView')}</p>}
      {place !== 'not-found' && place !== null && reveal && (
        <button type="button" class="link" onClick={() => reveal(claim.id)}>
          {t(place === 'collapsed' ? 'openAndShowInPage' : 'showInPage')}
        </button>
      )}
      {result?.error && (
        <p>
          <strong>{t('cardWhatIsWrong')}</strong> <span lang={langs.verdict}>{result.error}</span>
        </p>
      )}
      {result?.correction && (
        <p>
          <strong>{t('cardCorrection')}</strong> <span lang={langs.verdict}>{result.correction}</span>
        </p>
      )}
      {!!claim.earlier?.length && <EarlierReviews reviews={claim.earlier} />}
      {result?.reasoning && (
        <details>
          <summary>{tp('reasoningAndSources', result.sources.length)}</summary>
          <p class="reasoning" lang={langs.verdict}>
            {result.reasoningParts.map((part, index) =>
              part.kind === 'text' ? (
                part.text
              ) : (
                <Citation key={index} source={result.sources[part.sourceIndex]} marker={part.sourceIndex + 1} />
              ),
            )}
          </p>
          <Sources sources={result.sources} />
        </details>
      )}
    </li>
  );
}

function Citation({ source, marker }: { source: Source | undefined; marker: number }) {
  if (!source?.url) return <sup>[{marker}]</sup>;
  return (
    <sup>
      <a
        href={linkToFact(source.url, source.fact)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('cardSourceNumberAt', marker, source.domain)}
      >
        [{marker}]
      </a>
    </sup>
  );
}

function Sources({ sources }: { sources: Source[] }) {
  if (!sources.length) return <p class="hint">{t('noSourcesCited')}</p>;
  return (
    <ol class="sources">
      {sources.map((source) => (
        <li key={source.index} value={source.index + 1}>
          {source.url ? (
            <a href={linkToFact(source.url, source.fact)} target="_blank" rel="noopener noreferrer">
              {source.domain || source.url}
            </a>
          ) : (
            <span>{source.linkText || t('unlinkedSource')}</span>
          )}
          {source.score !== null && <span class="hint"> · {t('cardScore', formatScore(source.score))}</span>}
          {/* The source's own words, in a language not known (lang=""), not the popup's English. */}
          {source.fact && (
            <p class="fact" dir="auto" lang="">
              {source.fact}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}

/** What fact-checkers published of the same claim, newest first: publisher, rating in their words, date, title. */
function EarlierReviews({ reviews }: { reviews: EarlierReview[] }) {
  return (
    <div class="earlier">
      <p>
        <strong>{t('earlierHeading')}</strong>
      </p>
      <ul>
        {reviews.map((review, index) => (
          <li key={index}>
            <strong>{review.publisher || review.site}</strong>{' '}
            <span lang={review.languageCode}>{t('earlierRated', review.rating || '?')}</span>
            {review.reviewDate && <span class="hint"> · {formatDate(review.reviewDate)}</span>}
            <br />
            {review.url ? (
              <a href={review.url} target="_blank" rel="noopener noreferrer" dir="auto" lang={review.languageCode}>
                {review.title || review.url}
              </a>
            ) : (
              <span dir="auto" lang={review.languageCode}>
                {review.title}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
