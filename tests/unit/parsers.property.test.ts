/**
 * Property tests: whatever JSON arrives, every response parser returns a typed value or throws the typed
 * error, never anything else. Inputs are arbitrary JSON, and real responses from the double with random
 * parts replaced, so that the deep normalisation paths are reached too.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ServiceClient } from '@/utils/background/api/client';
import {
  checkResultSchema,
  detectedClaimsSchema,
  generatedTextSchema,
  pageOf,
  brandVoiceSchema,
  assetSchema,
  uploadedFileSchema,
} from '@/utils/contract/results';
import { ENDPOINT_NAMES, type EndpointName } from '@/utils/shared/endpoints';
import { ServiceError } from '@/utils/background/api/errors';
import { handle, type DoubleState } from '@/service-double/handlers';
import { seedAssets, seedBrandVoices } from '@/service-double/seed';
import { EVIDENCE_FORMS } from '@/service-double/forms';
import type { z } from 'zod';
import type { FactCheckRequest, ProductCopiesRequest } from '@/utils/contract/requests';

const ARTICLE =
  'The Moon is about 384,400 kilometres from Earth on average. The far side of the Moon never receives sunlight.';

function doubleState(): DoubleState {
  return {
    brandVoices: seedBrandVoices(),
    assets: seedAssets(),
    forms: { ...EVIDENCE_FORMS, verdicts: 'mixed' },
    answered: 0,
    verdictPatch: null,
    ownPage: () => undefined,
    origin: () => 'http://double.test',
    nextUploadIndex: 0,
  };
}

const FACT_CHECK_REQUEST: FactCheckRequest = {
  claims: ['The far side of the Moon never receives sunlight.', 'x is y'],
  headline: '',
  language: 'English-US',
};
const PRODUCT_REQUEST: ProductCopiesRequest = {
  product: 'p',
  description: '',
  feature_type: 'product_review',
  language: 'en',
  serp: true,
  phrases_to_exclude: [],
};

/** One call per endpoint, and the domain schema its result must satisfy. */
const CALLS: Record<
  EndpointName,
  { call: (client: ServiceClient) => Promise<unknown>; result: z.ZodType; request: unknown }
> = {
  listBrandVoices: { call: (c) => c.listBrandVoices(), result: pageOf(brandVoiceSchema), request: {} },
  listAssets: { call: (c) => c.listAssets(), result: pageOf(assetSchema), request: {} },
  detectClaims: {
    call: (c) => c.detectClaims({ blog: ARTICLE }),
    result: detectedClaimsSchema,
    request: { blog: ARTICLE },
  },
  paragraphFromBulletPoints: {
    call: (c) => c.paragraphFromBulletPoints({ bullet_points: ['a'] }),
    result: generatedTextSchema,
    request: { bullet_points: ['a'] },
  },
  paragraphFromKeywords: {
    call: (c) => c.paragraphFromKeywords({ keywords: 'a, b' }),
    result: generatedTextSchema,
    request: { keywords: 'a, b' },
  },
  extendText: { call: (c) => c.extendText({ text: ARTICLE }), result: generatedTextSchema, request: { text: ARTICLE } },
  rephraseText: {
    call: (c) => c.rephraseText({ text: ARTICLE }),
    result: generatedTextSchema,
    request: { text: ARTICLE },
  },
  detectAndVerifyClaims: {
    call: (c) => c.detectAndVerifyClaims({ blog: ARTICLE }),
    result: checkResultSchema,
    request: { blog: ARTICLE },
  },
  factCheckClaims: {
    call: (c) => c.factCheckClaims(FACT_CHECK_REQUEST),
    result: checkResultSchema,
    request: FACT_CHECK_REQUEST,
  },
  generateGrounded: {
    call: (c) => c.generateGrounded({ instruction: 'x', mode: 'serp' }),
    result: generatedTextSchema,
    request: { instruction: 'x', mode: 'serp' },
  },
  productCopies: {
    call: (c) => c.productCopies(PRODUCT_REQUEST),
    result: generatedTextSchema,
    request: PRODUCT_REQUEST,
  },
  uploadFile: { call: (c) => c.uploadFile(new Blob(['x']), 'x.txt'), result: uploadedFileSchema, request: {} },
};

function sampleBody(name: EndpointName): unknown {
  const upload = { name: 'x.txt', size: 1, type: 'text/plain', text: 'x' };
  return handle(name, CALLS[name].request, doubleState(), upload).body;
}

type Path = Array<string | number>;
function pathsOf(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((item, index) => pathsOf(item, [...prefix, index], out));
  else if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value)) pathsOf(item, [...prefix, key], out);
  return out;
}

function replaceAt(root: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  if (typeof root !== 'object' || root === null) return root;
  const copy: unknown = structuredClone(root);
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (typeof next !== 'object' || next === null) return copy;
    node = next as Record<string | number, unknown>;
  }
  node[path.at(-1)!] = replacement;
  return copy;
}

/** A real response with up to four of its parts replaced by arbitrary JSON (or, for 4.9, a JSON string). */
function mutatedResponse(name: EndpointName): fc.Arbitrary<unknown> {
  const sample = sampleBody(name);
  const paths = pathsOf(sample);
  const replacement = fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.constantFrom('', 'Success', 'true', 'False', '12', 'javascript:alert(1)', '^3 ^0 ^99'),
    fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)),
  );
  return fc
    .array(fc.tuple(fc.nat(paths.length - 1), replacement), { maxLength: 4 })
    .map((edits) => edits.reduce<unknown>((body, [index, value]) => replaceAt(body, paths[index]!, value), sample));
}

function clientAnswering(body: string, status = 200): ServiceClient {
  return new ServiceClient({
    apiKey: 'property-key',
    baseUrl: 'http://127.0.0.1:1',
    retry: { maxAttempts: 1 },
    fetch: async () => new Response(body, { status, headers: { 'Content-Type': 'application/json' } }),
  });
}

async function outcome(name: EndpointName, body: string, status?: number): Promise<void> {
  try {
    const value = await CALLS[name].call(clientAnswering(body, status));
    // A value that comes back must be the domain type, in full.
    expect(CALLS[name].result.safeParse(value).success).toBe(true);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    expect(error.message.length).toBeGreaterThan(10);
  }
}

describe.each(ENDPOINT_NAMES)('%s response parser', (name) => {
  it('accepts the double’s real response', async () => {
    const value = await CALLS[name].call(clientAnswering(JSON.stringify(sampleBody(name))));
    expect(CALLS[name].result.safeParse(value).success).toBe(true);
  });

  it('returns a typed value or a ServiceError for arbitrary JSON', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (json) => outcome(name, JSON.stringify(json))),
      { numRuns: 150 },
    );
  });

  it('returns a typed value or a ServiceError for damaged real responses', async () => {
    await fc.assert(
      fc.asyncProperty(
        mutatedResponse(name),
        fc.constantFrom(200, 200, 200, 400, 401, 429, 500),
        async (body, status) => outcome(name, JSON.stringify(body), status),
      ),
      { numRuns: Number(process.env.PROP_RUNS ?? 200) },
    );
  });

  it('returns a ServiceError for arbitrary text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), async (text) => outcome(name, text)),
      { numRuns: 50 },
    );
  });
});

// Found by the property above (a total of 2^53, past what a number holds exactly): the total is then unknown.
it('takes a list’s total past the largest exact integer as unknown', async () => {
  const body = { ...(sampleBody('listAssets') as object), total_count: 2 ** 53 };
  const page = await clientAnswering(JSON.stringify(body)).listAssets();
  expect(page).toMatchObject({ totalKnown: false });
  expect(pageOf(assetSchema).safeParse(page).success).toBe(true);
});
