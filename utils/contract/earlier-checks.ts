/** Earlier fact-checks: a review published by a fact-checker of a claim that is the same as one of ours. */
import { z } from 'zod';

export const earlierReviewSchema = z.object({
  /** The publisher's name ("Full Fact"), and its site ("fullfact.org"). */
  publisher: z.string(),
  site: z.string(),
  /** The rating in the publisher's own words ("Mostly false"). */
  rating: z.string(),
  /** When it was reviewed (an ISO date), or '' when the search did not say. */
  reviewDate: z.string(),
  title: z.string(),
  /** The review's address, http(s) only; null otherwise (shown without a link). */
  url: z.string().nullable(),
  /** The claim as the fact-checker wrote it, and who made it. */
  claim: z.string(),
  claimant: z.string(),
  /** The language the review is written in ("en"), or ''. */
  languageCode: z.string(),
});
export type EarlierReview = z.infer<typeof earlierReviewSchema>;
