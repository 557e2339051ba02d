/** A past check as the history keeps it, and a line of the history list. */
import { z } from 'zod';
import { checkScopeSchema, declaredLangSchema, jobCreditsSchema, sourceKindSchema } from './jobs';
import { checkedClaimSchema } from './results';
import { earlierReviewSchema } from './earlier-checks';
import { VERDICTS } from '../shared/verdicts';

export const historyEntrySchema = z.object({
  id: z.string(),
  pageUrl: z.string(),
  pageTitle: z.string(),
  headline: z.string(),
  scope: checkScopeSchema,
  sourceKind: sourceKindSchema,
  language: z.string(),
  /** The language the page declared for the checked text (see Job). */
  textLang: declaredLangSchema,
  /** The language the page declared for itself, its title's (see Job); absent in entries kept before it was. */
  titleLang: declaredLangSchema,
  finishedAt: z.number(),
  credits: jobCreditsSchema,
  claims: z.array(
    z.object({
      text: z.string(),
      result: checkedClaimSchema.nullable(),
      earlier: z.array(earlierReviewSchema).nullish(),
    }),
  ),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** A line of the history list: the entry without its claims, with its verdict counts. */
export const historySummarySchema = historyEntrySchema.omit({ claims: true }).extend({
  claimCount: z.int().nonnegative(),
  counts: z.record(z.enum(VERDICTS), z.int().nonnegative()),
});
export type HistorySummary = z.infer<typeof historySummarySchema>;
