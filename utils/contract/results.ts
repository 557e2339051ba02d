/**
 * Domain types: what the rest of the extension sees of the service's answers, after normalisation.
 * They are zod schemas too, because they cross the message protocol and are validated there.
 */
import { z } from 'zod';
import { VERDICTS, type Verdict } from '../shared/verdicts';

const verdictSchema = z.enum(VERDICTS);
export type { Verdict };

/** Credits one response consumed; `reported` is false when the service did not say. */
const creditsSchema = z.object({ used: z.number().nonnegative(), reported: z.boolean() });
export type Credits = z.infer<typeof creditsSchema>;

/** A cited source. `url` is null unless the link is http(s): anything else is shown as text only. */
const sourceSchema = z.object({
  /** Position in the service's `relevant_links`, from 0. */
  index: z.int().nonnegative(),
  fact: z.string(),
  url: z.string().nullable(),
  /** The link as the service wrote it, for display when `url` is null. */
  linkText: z.string(),
  domain: z.string(),
  score: z.number().nullable(),
});
export type Source = z.infer<typeof sourceSchema>;

/** Reasoning split into text and citation markers (`^N`) that point at a source. */
const reasoningPartSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: z.string() }),
  z.object({ kind: z.literal('citation'), marker: z.string(), sourceIndex: z.int().nonnegative() }),
]);
export type ReasoningPart = z.infer<typeof reasoningPartSchema>;

export const checkedClaimSchema = z.object({
  claim: z.string(),
  verdict: verdictSchema,
  /** The service's own words for the verdict, e.g. a need-more-information sentence. */
  verdictText: z.string(),
  error: z.string(),
  correction: z.string(),
  reasoning: z.string(),
  reasoningParts: z.array(reasoningPartSchema),
  sources: z.array(sourceSchema),
});
export type CheckedClaim = z.infer<typeof checkedClaimSchema>;

/**
 * An item of a 4.8 or 4.9 answer that could not be read (its `copies` neither JSON nor a Python literal, its verdict
 * missing): that claim's own state, which takes no other claim's verdict with it.
 */
export const unreadableClaimSchema = z.object({
  claim: z.string(),
  unreadable: z.object({
    /** What was wrong with it, in words for the details view. */
    problem: z.string(),
    /** The item as it arrived (cut to a few KB). */
    raw: z.string(),
  }),
});
export type UnreadableClaim = z.infer<typeof unreadableClaimSchema>;

const claimOutcomeSchema = z.union([checkedClaimSchema, unreadableClaimSchema]);
export type ClaimOutcome = CheckedClaim | UnreadableClaim;

export function isUnreadable(outcome: ClaimOutcome): outcome is UnreadableClaim {
  return 'unreadable' in outcome;
}

export const checkResultSchema = z.object({
  /** In the order of the claims sent (4.9, null where the service returned nothing for one), or as listed (4.8). */
  claims: z.array(claimOutcomeSchema.nullable()),
  credits: creditsSchema,
  /** What the answer lacked as a whole, e.g. no `fact_check_results` at all; '' when nothing. */
  problem: z.string(),
});
export type CheckResult = z.infer<typeof checkResultSchema>;

export const detectedClaimsSchema = z.object({ claims: z.array(z.string()), credits: creditsSchema });
export type DetectedClaims = z.infer<typeof detectedClaimsSchema>;

export const citationSchema = z.object({ url: z.string(), title: z.string() });
export type Citation = z.infer<typeof citationSchema>;

export const generatedTextSchema = z.object({
  texts: z.array(z.string()),
  message: z.string(),
  credits: creditsSchema,
  /** Sources the service considered (4.10 only), http(s) links only. */
  citations: z.array(citationSchema),
});
export type GeneratedText = z.infer<typeof generatedTextSchema>;

const preferenceValue = z.union([z.string(), z.boolean(), z.number(), z.array(z.string())]);

export const brandVoiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  contentPolicy: z.string(),
  keywords: z.array(z.string()),
  writingGuidelines: z.string(),
  /** The `user_input` formatting preferences, as sent. */
  preferences: z.record(z.string(), preferenceValue),
  filename: z.string().nullable(),
  text: z.string(),
  deleted: z.boolean(),
  requireGuideline: z.boolean(),
});
export type BrandVoice = z.infer<typeof brandVoiceSchema>;

export const assetSchema = z.object({
  id: z.string(),
  filename: z.string(),
  assetType: z.string(),
  tagIds: z.array(z.string()),
  totalWords: z.number().nullable(),
  fileSize: z.number().nullable(),
  description: z.string(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  deleted: z.boolean(),
});
export type Asset = z.infer<typeof assetSchema>;

/** One page of a list; `totalKnown` is false when the service gave no total, and `total` is what was counted. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.int().nonnegative(), totalKnown: z.boolean() });
export interface Page<T> {
  items: T[];
  total: number;
  totalKnown: boolean;
}

export const uploadedFileSchema = z.object({ fileId: z.string(), message: z.string() });
export type UploadedFile = z.infer<typeof uploadedFileSchema>;
