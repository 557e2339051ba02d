/**
 * Looks for earlier fact-checks of a check's claims, beside the check and never in its way: each claim once per
 * language (earlier-cache.ts), a few searches at a time, the reviews of the same claim only (same-claim.ts), put on
 * the claim as they arrive. A failure is said once on the job, and leaves its verdicts as they are.
 */
import type { Job } from '../../contract/jobs';
import type { EarlierReview } from '../../contract/earlier-checks';
import { LANGUAGE_TAGS } from '../../shared/page-language';
import type { JobStore } from '../check/store';
import { earlierCache, earlierKey } from './earlier-cache';
import { FactCheckToolsError, searchClaims, type FoundClaim, type SearchRequest } from './fact-check-tools';
import { isSameClaim, primaryLanguage, searchQuery } from './same-claim';
import { t } from '../../shared/i18n';

/** Searches out at once, across checks: Google's default quota is per minute, and the verdicts come first. */
const CONCURRENCY = 2;

export interface EarlierAccess {
  /** The user turned the lookup on, and gave a key. */
  on: boolean;
  baseUrl: string;
  key: string;
}

export interface EarlierLookupDeps {
  jobs: Pick<JobStore, 'get' | 'update'>;
  /** Told of every change to a job, to publish it. */
  publish: (job: Job) => void;
  /** Told when a finished check's claims gained their reviews, to keep it again (cache, history). */
  finished: (job: Job) => void;
  access: () => Promise<EarlierAccess>;
  keepAlive: <T>(work: Promise<T>) => Promise<T>;
  search?: (request: SearchRequest) => Promise<FoundClaim[]>;
}

/** The language the claims of a job are written in: the page's where the text is, else its own, else the verdicts'. */
export function claimLanguage(job: Pick<Job, 'textLang' | 'titleLang' | 'language'>): string {
  return primaryLanguage(job.textLang || job.titleLang || LANGUAGE_TAGS[job.language]);
}

/** The reviews of `claim` among what a search found: those of the same claim, each once, newest first. */
export function reviewsOfSameClaim(claim: string, found: FoundClaim[], languageCode: string): EarlierReview[] {
  const seen = new Set<string>();
  return found
    .filter((published) => isSameClaim(claim, published.text, languageCode, published.claimant))
    .flatMap((published) => published.reviews)
    .filter((review) => {
      const key = review.url ?? `${review.publisher}\n${review.title}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => b.reviewDate.localeCompare(a.reviewDate));
}

export function createEarlierLookup(deps: EarlierLookupDeps) {
  const search = deps.search ?? searchClaims;
  /** `job:claim` of the claims queued or being searched. */
  const underWay = new Set<string>();
  /** Jobs whose lookup failed: not tried again while this worker lives (the job says why). */
  const givenUp = new Set<string>();
  const queue: Array<{ jobId: string; claimId: number }> = [];
  let running = 0;

  const needsLookup = (job: Job) =>
    !givenUp.has(job.id) &&
    job.state !== 'cancelled' &&
    job.claims.some((claim) => claim.earlier == null && claim.text && !underWay.has(`${job.id}:${claim.id}`));

  async function setEarlier(jobId: string, claimId: number, reviews: EarlierReview[]): Promise<void> {
    const next = await deps.jobs.update(jobId, (job) => ({
      ...job,
      claims: job.claims.map((claim) => (claim.id === claimId ? { ...claim, earlier: reviews } : claim)),
    }));
    if (!next) return;
    deps.publish(next);
    if (next.state === 'done' && next.cachedAt === null) deps.finished(next);
  }

  async function giveUp(jobId: string, problem: string): Promise<void> {
    givenUp.add(jobId);
    for (let at = queue.length - 1; at >= 0; at -= 1)
      if (queue[at]?.jobId === jobId) {
        underWay.delete(`${jobId}:${queue[at]?.claimId}`);
        queue.splice(at, 1);
      }
    const next = await deps.jobs.update(jobId, (job) => ({ ...job, earlierProblem: problem }));
    if (next) deps.publish(next);
  }

  async function lookUp(jobId: string, claimId: number): Promise<void> {
    const job = deps.jobs.get(jobId);
    const claim = job?.claims[claimId];
    if (!job || !claim || givenUp.has(jobId)) return;
    const access = await deps.access();
    if (!access.on) return;
    const languageCode = claimLanguage(job);
    const key = earlierKey(claim.text, languageCode);
    const cached = await earlierCache.get(key);
    if (cached) return setEarlier(jobId, claimId, cached);
    try {
      const found = await deps.keepAlive(
        search({
          baseUrl: access.baseUrl,
          key: access.key,
          query: searchQuery(claim.text, languageCode),
          languageCode,
        }),
      );
      const reviews = reviewsOfSameClaim(claim.text, found, languageCode);
      // A private window's check keeps nothing, not even what was found for it.
      if (!job.privateWindow) await earlierCache.put(key, reviews).catch(() => undefined);
      await setEarlier(jobId, claimId, reviews);
    } catch (error) {
      await giveUp(jobId, error instanceof FactCheckToolsError ? error.message : t('earlierFailed', '?'));
    }
  }

  function pump(): void {
    while (running < CONCURRENCY && queue.length) {
      const next = queue.shift();
      if (!next) return;
      running += 1;
      void lookUp(next.jobId, next.claimId)
        .catch(() => undefined)
        .finally(() => {
          underWay.delete(`${next.jobId}:${next.claimId}`);
          running -= 1;
          pump();
        });
    }
  }

  return {
    /** Looks for the claims of `job` not yet looked for (called on every change to a job). */
    follow(job: Job): void {
      if (!needsLookup(job)) return;
      void deps.access().then(
        (access) => {
          if (!access.on) return;
          const current = deps.jobs.get(job.id);
          if (!current || !needsLookup(current)) return;
          for (const claim of current.claims) {
            const id = `${current.id}:${claim.id}`;
            if (claim.earlier != null || !claim.text || underWay.has(id)) continue;
            underWay.add(id);
            queue.push({ jobId: current.id, claimId: claim.id });
          }
          pump();
        },
        () => undefined,
      );
    },
  };
}

export type EarlierLookup = ReturnType<typeof createEarlierLookup>;
