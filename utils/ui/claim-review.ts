/**
 * A past check as schema.org ClaimReview JSON-LD (schema.org/ClaimReview; Google's "Fact Check (ClaimReview)
 * markup" guide): one ClaimReview per claim with a verdict, for an editor to review before publishing. Zod-free (the
 * popup builds it).
 */
import type { HistoryEntry } from '../contract/history-entries';
import type { Verdict } from '../shared/verdicts';
import { VERDICT_LABELS } from '../shared/verdicts';
import { safeHttpUrl } from '../shared/urls';

/**
 * The rating scale: 1 (false) to 5 (true), mixed between. An unverifiable claim is on no such scale, and a model's
 * "could not verify" is no review to publish: it is left out (and counted).
 */
export const RATING_SCALE = { worstRating: 1, bestRating: 5 } as const;
const RATING_VALUES: Partial<Record<Verdict, number>> = { refuted: 1, mixed: 3, supported: 5 };

export interface ClaimReviewExport {
  /** The JSON-LD, ready to publish: an array of ClaimReview objects. */
  json: string;
  /** Claims left out: no verdict, or one on no scale. */
  leftOut: number;
}

export interface ClaimReviewOptions {
  /** Where the reviews will be published (http(s)). */
  url: string;
  /** The publisher named in the options: each review's author. */
  publisherName: string;
  /** The day of publication, YYYY-MM-DD. */
  datePublished: string;
}

export function toClaimReview(entry: HistoryEntry, options: ClaimReviewOptions): ClaimReviewExport {
  const pageUrl = safeHttpUrl(entry.pageUrl);
  const reviews = entry.claims.flatMap((claim) => {
    const verdict = claim.result?.verdict;
    const ratingValue = verdict ? RATING_VALUES[verdict] : undefined;
    if (!verdict || ratingValue === undefined) return [];
    // Who made the claim, and where it first appeared, when a fact-checker's earlier review of it says.
    const claimant = claim.earlier?.find((review) => review.claimant)?.claimant;
    return [
      {
        '@context': 'https://schema.org',
        '@type': 'ClaimReview',
        url: options.url,
        claimReviewed: claim.text,
        datePublished: options.datePublished,
        author: { '@type': 'Organization', name: options.publisherName },
        reviewRating: {
          '@type': 'Rating',
          ratingValue,
          ...RATING_SCALE,
          alternateName: VERDICT_LABELS[verdict],
        },
        itemReviewed: {
          '@type': 'Claim',
          ...(pageUrl
            ? {
                appearance: {
                  '@type': 'CreativeWork',
                  url: pageUrl,
                  ...(entry.pageTitle ? { headline: entry.pageTitle } : {}),
                },
              }
            : {}),
          ...(claimant ? { author: { '@type': 'Person', name: claimant } } : {}),
        },
      },
    ];
  });
  return { json: `${JSON.stringify(reviews, null, 2)}\n`, leftOut: entry.claims.length - reviews.length };
}
