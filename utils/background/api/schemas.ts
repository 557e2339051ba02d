/**
 * zod schemas for the request and the raw response of every call in docs/service-contract.md.
 *
 * Requests are what the extension sends: strict, in the documented form. Responses are what the service
 * may send: lenient where the evidence says the service varies. `read-answers.ts` turns the
 * raw responses into domain types; nothing else should import the `Raw*` types.
 */
import { z } from 'zod';
import type { EndpointName } from '../../shared/endpoints';
import {
  bulletPointsRequestSchema,
  detectClaimsRequestSchema,
  detectVerifyRequestSchema,
  extendRequestSchema,
  factCheckRequestSchema,
  groundedRequestSchema,
  keywordsRequestSchema,
  listAssetsQuerySchema,
  listBrandVoicesQuerySchema,
  productCopiesRequestSchema,
  rephraseRequestSchema,
} from '../../contract/requests';

/** The upload's one form field (4.12). */
export const UPLOAD_FILE_FIELD = 'file';

/** What the client sends on each call, by the endpoint's name (the upload's form aside). */
export const REQUEST_SCHEMAS = {
  listBrandVoices: listBrandVoicesQuerySchema,
  listAssets: listAssetsQuerySchema,
  detectClaims: detectClaimsRequestSchema,
  paragraphFromBulletPoints: bulletPointsRequestSchema,
  paragraphFromKeywords: keywordsRequestSchema,
  extendText: extendRequestSchema,
  rephraseText: rephraseRequestSchema,
  detectAndVerifyClaims: detectVerifyRequestSchema,
  factCheckClaims: factCheckRequestSchema,
  generateGrounded: groundedRequestSchema,
  productCopies: productCopiesRequestSchema,
} as const satisfies Partial<Record<EndpointName, z.ZodObject>>;

// ---------------------------------------------------------------------------------------------------------
// Raw responses: only the frame of each answer is checked here; its items are read one by one in read-answers.ts, so
// that one odd item never fails the rest.

/** `status` is `success`, `Success`, or something else on failure; some answers leave it out. */
const rawStatus = z.string().nullish();

export const rawEnvelopeSchema = z.object({
  status: rawStatus,
  copies: z.array(z.unknown()),
  message: z.unknown().optional(),
  credits_used: z.unknown().optional(),
  credits: z.unknown().optional(),
});
export type RawEnvelope = z.infer<typeof rawEnvelopeSchema>;

export const rawBrandVoicesResponseSchema = z.object({
  brand_voice_entries: z.array(z.unknown()),
  total_documents: z.unknown().optional(),
});

export const rawAssetsResponseSchema = z.object({
  results: z.array(z.unknown()),
  total_count: z.unknown().optional(),
});

/** 4.8 and 4.9: `fact_check_results` is read item by item (read-answers.ts), and may be missing. */
export const rawCheckResponseSchema = z.object({
  status: rawStatus,
  fact_check_results: z.unknown().optional(),
  message: z.unknown().optional(),
  credits: z.unknown().optional(),
  credits_used: z.unknown().optional(),
});

export const rawGroundedResponseSchema = rawEnvelopeSchema.extend({ citations: z.unknown().optional() });

export const rawUploadResponseSchema = z.object({
  status: rawStatus,
  message: z.string().nullish(),
  file_id: z.string(),
});
