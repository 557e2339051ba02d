/**
 * What the extension asks the service for, checked before it is sent (strict, in the documented form: see
 * docs/service-contract.md). The popup's generation requests are made of these, so they cross from the popup to the
 * worker too.
 */
import { z } from 'zod';
import { languageSchema } from './language';

const nonBlank = (what: string) =>
  z.string().refine((value) => value.trim().length > 0, { message: `${what} is empty` });

const httpUrl = (what: string) => z.url({ protocol: /^https?$/, error: `${what} must be an http(s) address` });

const rangeBound = z.int().min(1, { error: 'start_count and end_count start at 1' });

/** Pagination (4.1, 4.2): both bounds are at least 1, and the range may not run backwards. */
const rangeQuery = {
  start_count: rangeBound.optional(),
  end_count: rangeBound.optional(),
};
const rangeIsOrdered = (query: { start_count?: number; end_count?: number }) =>
  query.start_count === undefined || query.end_count === undefined || query.end_count >= query.start_count;
const rangeOrderError = { message: 'end_count is before start_count', path: ['end_count'] };

export const listBrandVoicesQuerySchema = z
  .object({ name: z.string().optional(), ...rangeQuery })
  .refine(rangeIsOrdered, rangeOrderError);
export type ListBrandVoicesQuery = z.infer<typeof listBrandVoicesQuerySchema>;

export const listAssetsQuerySchema = z
  .object({ file_name: z.string().optional(), ...rangeQuery })
  .refine(rangeIsOrdered, rangeOrderError);
export type ListAssetsQuery = z.infer<typeof listAssetsQuerySchema>;

/** 4.3 and 4.8 take the content as text (`blog`) or as an address (`url`): exactly one of them. */
const contentSource = {
  blog: nonBlank('The text to check').optional(),
  url: httpUrl('The page address').optional(),
};
const hasOneSource = (body: { blog?: string; url?: string }) => (body.blog === undefined) !== (body.url === undefined);
const oneSourceError = { message: 'Send either the text (blog) or the page address (url), not both or neither' };

export const detectClaimsRequestSchema = z.object(contentSource).refine(hasOneSource, oneSourceError);
export type DetectClaimsRequest = z.infer<typeof detectClaimsRequestSchema>;

export const bulletPointsRequestSchema = z.object({
  bullet_points: z.array(nonBlank('A bullet point')).min(1, { error: 'Give at least one bullet point' }),
});
export type BulletPointsRequest = z.infer<typeof bulletPointsRequestSchema>;

export const keywordsRequestSchema = z.object({ keywords: nonBlank('The keyword list') });
export type KeywordsRequest = z.infer<typeof keywordsRequestSchema>;

export const extendRequestSchema = z.object({ text: nonBlank('The text to extend') });
export type ExtendRequest = z.infer<typeof extendRequestSchema>;

export const rephraseRequestSchema = z.object({ text: nonBlank('The text to rephrase') });
export type RephraseRequest = z.infer<typeof rephraseRequestSchema>;

export const detectVerifyRequestSchema = z
  .object({ ...contentSource, blog_headline_topic: z.string().optional() })
  .refine(hasOneSource, oneSourceError);
export type DetectVerifyRequest = z.infer<typeof detectVerifyRequestSchema>;

export const factCheckRequestSchema = z.object({
  claims: z.array(nonBlank('A claim')).min(1, { error: 'Give at least one claim to check' }),
  headline: z.string(),
  language: languageSchema,
});
export type FactCheckRequest = z.infer<typeof factCheckRequestSchema>;

export const GROUNDING_MODES = ['serp', 'domain', 'url', 'file'] as const;
export const groundingModeSchema = z.enum(GROUNDING_MODES);
export type GroundingMode = z.infer<typeof groundingModeSchema>;

export const groundedRequestSchema = z
  .object({
    instruction: nonBlank('The instruction'),
    topic: z.string().optional(),
    mode: groundingModeSchema,
    domain_list: z.array(nonBlank('A domain')).optional(),
    url_list: z.array(httpUrl('A reference URL')).optional(),
    file_id: z.string().optional(),
    brand_voice: z.string().optional(),
  })
  .superRefine((body, ctx) => {
    // The spec requires domain_list for `domain`; the same reasoning holds for `url` and `file`,
    // which have nothing to ground on without their list or file.
    if (body.mode === 'domain' && !body.domain_list?.length)
      ctx.addIssue({ code: 'custom', path: ['domain_list'], message: 'Domain mode needs at least one domain' });
    if (body.mode === 'url' && !body.url_list?.length)
      ctx.addIssue({ code: 'custom', path: ['url_list'], message: 'URL mode needs at least one URL' });
    if (body.mode === 'file' && !body.file_id?.trim())
      ctx.addIssue({ code: 'custom', path: ['file_id'], message: 'File mode needs an uploaded file' });
  });
export type GroundedRequest = z.infer<typeof groundedRequestSchema>;

export const PRODUCT_FEATURES = ['product_review', 'product_description'] as const;
export const productFeatureSchema = z.enum(PRODUCT_FEATURES);

export const productCopiesRequestSchema = z.object({
  product: nonBlank('The product name'),
  description: z.string(),
  feature_type: productFeatureSchema,
  /** A documented name ("German"); a short code ("de") is taken too. */
  language: z.union([languageSchema, z.string().regex(/^[a-z]{2}(-[A-Za-z]{2})?$/)]),
  serp: z.boolean(),
  phrases_to_exclude: z.array(z.string()),
});
export type ProductCopiesRequest = z.infer<typeof productCopiesRequestSchema>;
