/**
 * Google's Fact Check Tools API, `claims:search` (developers.google.com/fact-check/tools/api/reference/rest/v1alpha1/
 * claims/search): the published fact-checks whose claims a query finds, read leniently (every field may be missing).
 */
import { z } from 'zod';
import { t } from '../../shared/i18n';
import { safeHttpUrl } from '../../shared/urls';
import type { EarlierReview } from '../../contract/earlier-checks';

/** Results asked for per page, and pages read at most per claim: the same claim's reviews come first. */
export const PAGE_SIZE = 10;
export const MAX_PAGES = 3;
const TIMEOUT_MS = 15_000;

const text = z.string().catch('');
const searchAnswerSchema = z.object({
  claims: z
    .array(
      z.object({
        text,
        claimant: text,
        claimDate: text,
        claimReview: z
          .array(
            z.object({
              publisher: z.object({ name: text, site: text }).catch({ name: '', site: '' }),
              url: text,
              title: text,
              reviewDate: text,
              textualRating: text,
              languageCode: text,
            }),
          )
          .catch([]),
      }),
    )
    .catch([]),
  nextPageToken: text,
});

/** A published claim the search found, with its reviews. */
export interface FoundClaim {
  text: string;
  claimant: string;
  reviews: EarlierReview[];
}

/** Why a search failed: `key` (refused), `rate` (too many), `unreachable`, `answer` (not the documented shape). */
export class FactCheckToolsError extends Error {
  constructor(
    readonly kind: 'key' | 'rate' | 'unreachable' | 'answer',
    message: string,
  ) {
    super(message);
  }
}

export interface SearchRequest {
  baseUrl: string;
  key: string;
  query: string;
  /** The claim's language ("en"): reviews written in it. */
  languageCode: string;
  signal?: AbortSignal;
}

/** Every page of the search's answer, up to MAX_PAGES, as found claims with their reviews. */
export async function searchClaims(request: SearchRequest): Promise<FoundClaim[]> {
  const found: FoundClaim[] = [];
  let pageToken = '';
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await searchPage(request, pageToken);
    found.push(...answer.claims.map(foundClaim));
    pageToken = answer.nextPageToken;
    if (!pageToken) break;
  }
  return found;
}

async function searchPage(request: SearchRequest, pageToken: string): Promise<z.infer<typeof searchAnswerSchema>> {
  const url = new URL(`${request.baseUrl}/v1alpha1/claims:search`);
  url.searchParams.set('query', request.query);
  if (request.languageCode) url.searchParams.set('languageCode', request.languageCode);
  url.searchParams.set('pageSize', String(PAGE_SIZE));
  if (pageToken) url.searchParams.set('pageToken', pageToken);
  url.searchParams.set('key', request.key);
  const signals = [AbortSignal.timeout(TIMEOUT_MS), ...(request.signal ? [request.signal] : [])];
  let response: Response;
  try {
    // No cookies, no referrer: the query is the claim's text, and nothing else of the page goes with it.
    response = await fetch(url, {
      signal: AbortSignal.any(signals),
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
  } catch (error) {
    throw new FactCheckToolsError(
      'unreachable',
      error instanceof DOMException && error.name === 'TimeoutError'
        ? t('earlierTimedOut')
        : t('earlierUnreachable', new URL(request.baseUrl).host),
    );
  }
  const body = await response.text().catch(() => '');
  if (!response.ok) throw refusal(response.status, body);
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new FactCheckToolsError('answer', t('earlierNotJson', response.status));
  }
  const parsed = searchAnswerSchema.safeParse(json);
  if (!parsed.success) throw new FactCheckToolsError('answer', t('earlierNotJson', response.status));
  return parsed.data;
}

/** Google's error body: `{error: {code, message, status, details: [{reason}]}}`. */
function refusal(status: number, body: string): FactCheckToolsError {
  let said = '';
  try {
    const error = (JSON.parse(body) as { error?: { message?: unknown; status?: unknown } }).error;
    said = typeof error?.message === 'string' ? error.message.slice(0, 200) : '';
  } catch {
    // A body that is not Google's: the status alone says it.
  }
  if (status === 429) return new FactCheckToolsError('rate', t('earlierRateLimited'));
  if (status === 400 || status === 401 || status === 403)
    return new FactCheckToolsError('key', t('earlierKeyRefused', status, said || String(status)));
  return new FactCheckToolsError('unreachable', t('earlierFailed', status));
}

function foundClaim(claim: z.infer<typeof searchAnswerSchema>['claims'][number]): FoundClaim {
  return {
    text: claim.text,
    claimant: claim.claimant,
    reviews: claim.claimReview.map((review) => ({
      publisher: review.publisher.name || review.publisher.site,
      site: review.publisher.site,
      rating: review.textualRating,
      reviewDate: /^\d{4}-\d{2}-\d{2}/.test(review.reviewDate) ? review.reviewDate : '',
      title: review.title,
      url: safeHttpUrl(review.url),
      claim: claim.text,
      claimant: claim.claimant,
      languageCode: review.languageCode,
    })),
  };
}
