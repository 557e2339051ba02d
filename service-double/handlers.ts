/**
 * What the double answers on each endpoint, given a request body that passed validation. The response shapes follow
 * docs/service-contract.md in the forms the evidence about the real service shows, and the other forms
 * the client accepts where the state's `forms` ask for them (forms.ts).
 */
import {
  bulletPointsBody,
  keywordsBody,
  languageCode,
  REQUEST_CHECKS,
  sourceBody,
  textBody,
  type RouteName,
} from './routes';
import {
  countWords,
  detectClaims,
  extend,
  groundedText,
  paragraphFromBulletPoints,
  paragraphFromKeywords,
  productCopy,
  readableText,
  rephrase,
  verifyClaim,
  type DoubleSource,
  type DoubleVerdictRecord,
} from './content';
import {
  asHtml,
  detectVerifyItem,
  claimListFor,
  factCheckItem,
  seededRandom,
  type ClaimListFormat,
  type DoubleForms,
} from './forms';
import { DOUBLE_USER_ID, objectId, type SeedAsset, type SeedBrandVoice } from './seed';

export type { ClaimListFormat, DoubleForms };

/** Outcome of a handler: an HTTP status, a JSON body, and the credits to charge when it succeeded. */
export interface HandlerResult {
  status: number;
  body: unknown;
  credits: number;
}

export interface DoubleState {
  brandVoices: SeedBrandVoice[];
  assets: SeedAsset[];
  /** The form of each answer (forms.ts): the evidence's by default. */
  forms: DoubleForms;
  /** Requests answered so far, which varies the seed of `mixed` forms from one answer to the next. */
  answered: number;
  /** Reads a page the double serves itself, by its path; undefined when there is none. */
  ownPage: (url: URL) => string | undefined;
  /** The double's own origin, e.g. http://127.0.0.1:4010. */
  origin: () => string;
  nextUploadIndex: number;
  /** Replaces parts of every verdict (e.g. hostile text for security tests); null for the normal ones. */
  verdictPatch: VerdictPatch | null;
}

export interface VerdictPatch {
  error?: string;
  /** The same for every claim, or made from each claim's text (a correction that keeps its words, say). */
  correction?: string | ((claim: string) => string);
  /** Reasoning as sent, `^N` markers included. */
  reasoning?: string;
  sources?: DoubleSource[];
}

function patched(state: DoubleState, record: DoubleVerdictRecord): DoubleVerdictRecord {
  const patch = state.verdictPatch;
  if (!patch) return record;
  return {
    ...record,
    error: patch.error ?? record.error,
    correction:
      typeof patch.correction === 'function' ? patch.correction(record.claim) : (patch.correction ?? record.correction),
    reasoning: patch.reasoning !== undefined ? () => patch.reasoning ?? '' : record.reasoning,
    sources: patch.sources ?? record.sources,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Helpers

const failure = (message: string, status = 200): HandlerResult => ({
  status,
  body: { status: 'failed', message },
  credits: 0,
});

/** The text to work on: the blog, or the readable text of a page the double serves itself. */
function sourceText(
  state: DoubleState,
  body: { blog?: string; url?: string; blog_headline_topic?: string },
): { text: string; title: string } | { error: string } {
  if (body.blog?.trim()) return { text: body.blog, title: body.blog_headline_topic ?? '' };
  let url: URL;
  try {
    url = new URL(body.url ?? '');
  } catch {
    return { error: `“${body.url}” is not a valid URL` };
  }
  const html = url.origin === state.origin() ? state.ownPage(url) : undefined;
  if (html === undefined) return { error: `Could not fetch content from ${url.href}` };
  return readableText(html);
}

/** Fuzzy name match: every query word appears in the name, or the query's letters appear in order. */
export function fuzzyMatches(name: string, query: string | undefined): boolean {
  const needle = (query ?? '').trim().toLowerCase();
  if (!needle) return true;
  const haystack = name.toLowerCase();
  if (needle.split(/\s+/).every((word) => haystack.includes(word))) return true;
  let position = 0;
  for (const char of needle.replace(/\s+/g, '')) {
    position = haystack.indexOf(char, position);
    if (position < 0) return false;
    position++;
  }
  return needle.length >= 3;
}

/** Range semantics the spec leaves open: 1-based, inclusive at both ends, ten items when unspecified. */
export const DEFAULT_PAGE_SIZE = 10;
function range<T>(items: T[], start?: number, end?: number): T[] {
  const first = start ?? 1;
  const last = end ?? first + DEFAULT_PAGE_SIZE - 1;
  return last < first ? [] : items.slice(first - 1, last);
}

function envelope(content: string[], credits: number, message: string, extra: Record<string, unknown> = {}) {
  return {
    status: 'success',
    copies: content.map((text) => ({ content: text })),
    message,
    credits_used: credits,
    ...extra,
  };
}

const CREDITS_PER_VERIFIED_CLAIM = 2;

/** Credits for generated text: one per 50 words, at least one. */
function wordCredits(text: string): number {
  return Math.max(1, Math.ceil(countWords(text) / 50));
}

/** How much work a request asks for, for latency that scales with it. */
export function requestItems(name: RouteName, body: unknown, state: DoubleState): number {
  const record = (body ?? {}) as Record<string, unknown>;
  if (name === 'factCheckClaims' && Array.isArray(record.claims)) return record.claims.length;
  if (name === 'paragraphFromBulletPoints' && Array.isArray(record.bullet_points)) return record.bullet_points.length;
  if (name === 'detectAndVerifyClaims') {
    const parsed = sourceBody.safeParse(body);
    if (!parsed.success) return 0;
    const source = sourceText(state, parsed.data);
    return 'text' in source ? detectClaims(source.text).length : 0;
  }
  return 0;
}

// ---------------------------------------------------------------------------------------------------------
// Handlers

export function handle(
  name: RouteName,
  body: unknown,
  state: DoubleState,
  upload?: { name: string; size: number; type: string; text: string },
): HandlerResult {
  switch (name) {
    case 'listBrandVoices': {
      const query = REQUEST_CHECKS.listBrandVoices.parse(body);
      const matches = state.brandVoices.filter((voice) => !voice.deleted && fuzzyMatches(voice.name, query.name));
      return {
        status: 200,
        body: {
          brand_voice_entries: range(matches, query.start_count, query.end_count),
          total_documents: matches.length,
        },
        credits: 0,
      };
    }
    case 'listAssets': {
      const query = REQUEST_CHECKS.listAssets.parse(body);
      const matches = state.assets.filter((asset) => !asset.deleted && fuzzyMatches(asset.filename, query.file_name));
      return {
        status: 200,
        body: {
          results: range(matches, query.start_count, query.end_count).map(({ content: _content, ...asset }) => asset),
          total_count: matches.length,
        },
        credits: 0,
      };
    }
    case 'detectClaims': {
      const source = sourceText(state, sourceBody.parse(body));
      if ('error' in source) return failure(source.error);
      const claims = detectClaims(source.text);
      const credits = 1 + Math.ceil(claims.length / 5);
      return {
        status: 200,
        body: envelope(
          claimListFor(claims, state.forms, seededRandom(state.forms.seed + state.answered)),
          credits,
          'Claims detected successfully',
        ),
        credits,
      };
    }
    case 'paragraphFromBulletPoints': {
      const { bullet_points } = bulletPointsBody.parse(body);
      const text = paragraphFromBulletPoints(bullet_points);
      const credits = wordCredits(text);
      return { status: 200, body: envelope([text], credits, 'Content generated successfully'), credits };
    }
    case 'paragraphFromKeywords': {
      const { keywords } = keywordsBody.parse(body);
      const text = paragraphFromKeywords(keywords);
      const credits = wordCredits(text);
      return { status: 200, body: envelope([text], credits, 'Content generated successfully'), credits };
    }
    case 'extendText': {
      // The success sample of 4.6 omits the echoed `text`.
      const text = extend(textBody.parse(body).text);
      const credits = wordCredits(text);
      const content = state.forms.generatedHtml ? asHtml(text) : text;
      return { status: 200, body: envelope([content], credits, 'Generated successfully'), credits };
    }
    case 'rephraseText': {
      const input = textBody.parse(body).text;
      const text = rephrase(input);
      const credits = wordCredits(text);
      // 4.7 echoes the input; its credits come as a string here, one of the forms the evidence shows.
      return {
        status: 200,
        body: {
          copies: [{ content: state.forms.generatedHtml ? asHtml(text) : text }],
          text: input,
          status: 'success',
          message: 'Content rephrased successfully',
          credits_used: String(credits),
        },
        credits,
      };
    }
    case 'detectAndVerifyClaims': {
      const source = sourceText(state, REQUEST_CHECKS.detectAndVerifyClaims.parse(body));
      if ('error' in source) return failure(source.error);
      const records = detectClaims(source.text).map((claim) => patched(state, verifyClaim(claim)));
      const credits = 1 + records.length * CREDITS_PER_VERIFIED_CLAIM;
      const random = seededRandom(state.forms.seed + state.answered);
      // The evidence's 4.8 answer has no credits field at all; the double's first form sent them as a string.
      const legacy = state.forms.verdicts === 'legacy';
      return {
        status: 200,
        body: {
          status: 'Success',
          fact_check_results: records.map((record) => detectVerifyItem(record, state.forms, random)),
          ...(legacy ? { credits_used: String(credits) } : {}),
        },
        credits,
      };
    }
    case 'factCheckClaims': {
      const { claims } = REQUEST_CHECKS.factCheckClaims.parse(body);
      const credits = claims.length * CREDITS_PER_VERIFIED_CLAIM;
      const random = seededRandom(state.forms.seed + state.answered);
      return {
        status: 200,
        body: {
          status: 'Success',
          fact_check_results: claims.map((claim) =>
            factCheckItem(patched(state, verifyClaim(claim)), state.forms, random),
          ),
          credits: String(credits),
        },
        credits,
      };
    }
    case 'generateGrounded': {
      const request = REQUEST_CHECKS.generateGrounded.parse(body);
      const urls = typeof request.url_list === 'string' ? [request.url_list] : (request.url_list ?? []);
      let fileName: string | undefined;
      if (request.mode === 'file') {
        const asset = state.assets.find((item) => item._id === request.file_id && !item.deleted);
        if (!asset)
          return {
            status: 404,
            body: { status: 'failed', message: `File ${request.file_id ?? '(none)'} not found` },
            credits: 0,
          };
        fileName = asset.filename;
      }
      if (request.mode === 'url' && urls.length === 0)
        return {
          status: 422,
          body: {
            detail: [{ loc: ['body', 'url_list'], msg: 'url_list is required when mode is url', type: 'value_error' }],
          },
          credits: 0,
        };
      let voice;
      if (request.brand_voice) {
        const found = state.brandVoices.find((item) => item._id === request.brand_voice && !item.deleted);
        if (!found)
          return {
            status: 404,
            body: { status: 'failed', message: `Brand voice ${request.brand_voice} not found` },
            credits: 0,
          };
        voice = { name: found.name, tone: String(found.user_input.tone), emoji: found.user_input.emoji === true };
      }
      const sources = request.mode === 'domain' ? (request.domain_list ?? []) : urls;
      const text = groundedText({
        instruction: request.instruction,
        topic: request.topic ?? '',
        mode: request.mode,
        sources,
        fileName,
        voice,
      });
      const citations =
        request.mode === 'serp'
          ? ['https://en.wikipedia.org/wiki/Special:Search', 'https://www.reuters.com/', 'https://apnews.com/']
          : request.mode === 'domain'
            ? sources.map((domain) => `https://${domain.replace(/^https?:\/\//, '').replace(/\/.*$/, '')}/`)
            : request.mode === 'url'
              ? sources
              : [];
      const credits = 5;
      const cited =
        state.forms.citations === 'strings'
          ? citations
          : citations.map((link) => ({ content: `From ${new URL(link).hostname}`, reference_link: link }));
      return {
        status: 200,
        body: envelope([text], credits, 'Content generated successfully', { citations: cited }),
        credits,
      };
    }
    case 'productCopies': {
      const request = REQUEST_CHECKS.productCopies.parse(body);
      if (
        state.forms.productLanguage === 'code-only' &&
        request.language !== undefined &&
        !languageCode.safeParse(request.language).success
      )
        return {
          status: 422,
          body: {
            detail: [
              { loc: ['body', 'language'], msg: 'language must be a language code such as "en"', type: 'value_error' },
            ],
          },
          credits: 0,
        };
      const html = productCopy({
        product: request.product,
        description: request.description,
        featureType: request.feature_type,
        language: request.language ?? 'English-US',
        serp: request.serp,
        exclude: request.phrases_to_exclude,
      });
      const credits = request.serp ? 4 : 3;
      return { status: 200, body: envelope([html], credits, 'Content generated successfully'), credits };
    }
    case 'uploadFile': {
      if (!upload)
        return {
          status: 422,
          body: { detail: [{ loc: ['body', 'file'], msg: 'field required', type: 'value_error.missing' }] },
          credits: 0,
        };
      const index = state.nextUploadIndex++;
      const now = new Date().toISOString().replace('Z', '000');
      const asset: SeedAsset = {
        _id: objectId(0x67c3d4e5, index),
        unique_id: DOUBLE_USER_ID,
        created_at: now,
        updated_at: now,
        deleted: false,
        asset_type: 'file',
        tag_ids: [],
        filename: upload.name,
        total_words: countWords(upload.text),
        file_size: upload.size,
        file_description: `Uploaded ${upload.type || 'file'}`,
        content: upload.text,
      };
      // Newest first, as a library listing would show it.
      state.assets.unshift(asset);
      return {
        status: 200,
        body: { status: 'success', message: `File ${upload.name} uploaded successfully`, file_id: asset._id },
        credits: 0,
      };
    }
  }
}
