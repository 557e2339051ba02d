/**
 * The service's calls as the double answers them: routes, request checks and the documented values, written from
 * docs/service-contract.md and never imported from the client, so that a wrong path or field in either shows up in
 * tests/unit/service-contract.test.ts instead of being copied.
 */
import { z } from 'zod';

export interface Route {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  /** Other paths the real service is seen to answer on (the fact check's docs sample leaves out `v2`). */
  readonly also?: readonly string[];
  /** Multipart form data instead of JSON. */
  readonly upload?: boolean;
}

export const ROUTES = {
  listBrandVoices: { method: 'GET', path: '/custom/api/fetch/brand/voice/user' },
  listAssets: { method: 'GET', path: '/custom/api/fetch/assets' },
  detectClaims: { method: 'POST', path: '/custom/api/detect/claims' },
  paragraphFromBulletPoints: { method: 'POST', path: '/custom/api/generate/paragraph/bullet/points' },
  paragraphFromKeywords: { method: 'POST', path: '/custom/api/generate/paragraph/keywords' },
  extendText: { method: 'POST', path: '/custom/api/generate/extend/content' },
  rephraseText: { method: 'POST', path: '/custom/api/content/rephrase' },
  detectAndVerifyClaims: { method: 'POST', path: '/custom/api/v2/detect/verify/claims' },
  factCheckClaims: { method: 'POST', path: '/custom/api/v2/blog/fact/check', also: ['/custom/api/blog/fact/check'] },
  generateGrounded: { method: 'POST', path: '/custom/api/generate/factgpt/custom' },
  productCopies: { method: 'POST', path: '/custom/api/generate/product/copies' },
  uploadFile: { method: 'POST', path: '/custom/api/upload/file/factgpt', upload: true },
} as const satisfies Record<string, Route>;

export type RouteName = keyof typeof ROUTES;
export const ROUTE_NAMES = Object.keys(ROUTES) as [RouteName, ...RouteName[]];

/** The route a request path reaches, by its documented path or another it is seen on. */
export const ROUTE_OF_PATH = new Map<string, RouteName>(
  Object.entries(ROUTES).flatMap(([name, route]: [string, Route]) =>
    [route.path, ...(route.also ?? [])].map((path) => [path, name as RouteName] as const),
  ),
);

/** The nine documented output languages, by name. */
export const LANGUAGE_NAMES = [
  'English-US',
  'English-UK',
  'Spanish',
  'French',
  'Italian',
  'Dutch',
  'Portuguese',
  'German',
  'Polish',
] as const;
export const GROUNDING_MODES = ['serp', 'domain', 'url', 'file'] as const;
export const PRODUCT_FEATURES = ['product_review', 'product_description'] as const;

// Request checks: the documented forms, plus the variants real callers send (language codes, url_list as a string,
// mode left out). A break answers 422 with FastAPI's `detail` list.

const filled = (what: string) => z.string().refine((value) => value.trim() !== '', { error: `${what} is required` });
/** A documented name, or the short code the samples send ("en", "de-DE"). */
export const languageCode = z.string().regex(/^[a-z]{2}(-[A-Za-z]{2})?$/, { error: 'unknown language' });
const language = z.union([z.enum(LANGUAGE_NAMES), languageCode]);
const rangeParam = z.coerce.number().int().min(1, { error: 'ensure this value is greater than or equal to 1' });
const listQuery = { start_count: rangeParam.optional(), end_count: rangeParam.optional() };

/** The content of 4.3 and 4.8: as text (`blog`) or as an address (`url`). */
export const sourceBody = z
  .object({ blog: z.string().optional(), url: z.string().optional() })
  .refine((body) => Boolean(body.blog?.trim() || body.url?.trim()), {
    message: 'either blog or url is required',
    path: ['blog'],
  });

export const bulletPointsBody = z.object({
  bullet_points: z.array(filled('a bullet point')).min(1, { error: 'bullet_points must not be empty' }),
});
export const keywordsBody = z.object({ keywords: filled('keywords') });
export const textBody = z.object({ text: filled('text') });

const detectVerifyBody = z
  .object({ blog: z.string().optional(), url: z.string().optional(), blog_headline_topic: z.string().optional() })
  .refine((body) => Boolean(body.blog?.trim() || body.url?.trim()), {
    message: 'either blog or url is required',
    path: ['blog'],
  });

const factCheckBody = z.object({
  claims: z.array(z.string().min(1)).min(1, { error: 'claims must not be empty' }),
  headline: z.string(),
  language,
});

const groundedBody = z
  .object({
    instruction: filled('instruction'),
    topic: z.string().optional(),
    mode: z.enum(GROUNDING_MODES).default('serp'),
    domain_list: z.array(z.string()).optional(),
    url_list: z.union([z.array(z.string()), z.string()]).optional(),
    file_id: z.string().optional(),
    brand_voice: z.string().optional(),
  })
  .refine((body) => body.mode !== 'domain' || (body.domain_list?.length ?? 0) > 0, {
    message: 'domain_list is required when mode is domain',
    path: ['domain_list'],
  });

const productBody = z.object({
  product: filled('product'),
  description: z.string(),
  feature_type: z.enum(PRODUCT_FEATURES),
  /** The documented default is English-US (the handler's). */
  language: language.optional(),
  serp: z.boolean().default(true),
  phrases_to_exclude: z.array(z.string()).default([]),
});

/** The upload's form: its one field, checked by the server as it reads the multipart body. */
const uploadForm = z.object({ file: z.object({ name: z.string(), size: z.number(), type: z.string() }) });

export const REQUEST_CHECKS = {
  listBrandVoices: z.object({ name: z.string().optional(), ...listQuery }),
  listAssets: z.object({ file_name: z.string().optional(), ...listQuery }),
  detectClaims: sourceBody,
  paragraphFromBulletPoints: bulletPointsBody,
  paragraphFromKeywords: keywordsBody,
  extendText: textBody,
  rephraseText: textBody,
  detectAndVerifyClaims: detectVerifyBody,
  factCheckClaims: factCheckBody,
  generateGrounded: groundedBody,
  productCopies: productBody,
  uploadFile: uploadForm,
} as const satisfies Record<RouteName, z.ZodObject>;
