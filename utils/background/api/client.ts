/**
 * The service client. Background only: it holds the API key.
 *
 *   const client = new ServiceClient({ apiKey, baseUrl });
 *   const { claims } = await client.factCheckClaims({ claims, headline, language: 'English-US' }, { signal });
 *
 * Every method validates its input before sending, calls one endpoint, and returns a domain type
 * (utils/contract/results.ts) or throws a ServiceError (errors.ts). Nothing else in the extension calls `fetch` on the
 * service.
 */
import type { z } from 'zod';
import { cleanApiKey } from '../../shared/api-key';
import type {
  Asset,
  BrandVoice,
  CheckResult,
  DetectedClaims,
  GeneratedText,
  Page,
  UploadedFile,
} from '../../contract/results';
import { ENDPOINTS, type EndpointInfo, type EndpointName } from '../../shared/endpoints';
import { formatWait, redactBody, ServiceError } from './errors';
import { judgeAnswer, planRefusal, serviceWords, serviceWordsIn } from './http-response';
import { endSentence } from '../../shared/format';
import { t } from '../../shared/i18n';
import {
  isSuccessStatus,
  normalizeAsset,
  normalizeBrandVoice,
  normalizeDetectVerify,
  normalizeEnvelope,
  normalizeFactCheck,
  normalizeGrounded,
  normalizePage,
  parseClaimList,
  toCredits,
} from './read-answers';
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
  type BulletPointsRequest,
  type DetectClaimsRequest,
  type DetectVerifyRequest,
  type ExtendRequest,
  type FactCheckRequest,
  type GroundedRequest,
  type KeywordsRequest,
  type ListAssetsQuery,
  type ListBrandVoicesQuery,
  type ProductCopiesRequest,
  type RephraseRequest,
} from '../../contract/requests';
import { languageSchema } from '../../contract/language';
import {
  rawAssetsResponseSchema,
  rawBrandVoicesResponseSchema,
  rawCheckResponseSchema,
  rawEnvelopeSchema,
  rawGroundedResponseSchema,
  rawUploadResponseSchema,
  UPLOAD_FILE_FIELD,
} from './schemas';
import { checkServiceBaseUrl } from '../../shared/base-url';
import { DEFAULT_RETRY_POLICY, retryDelay, type RetryPolicy } from './retry';
import { LANGUAGE_TAGS } from '../../shared/page-language';

export interface ServiceClientConfig {
  /** The bearer: the service key, or the person's token for their organization's gateway (see `gateway`). */
  apiKey: string;
  /** The base URLs are the organization's gateway, and the bearer its token for the person (docs/teams.md). */
  gateway?: boolean;
  baseUrl: string;
  /** Where 4.12 goes; the API base URL when not set (docs/service-contract.md). */
  uploadBaseUrl?: string;
  retry?: Partial<RetryPolicy>;
  /** Per-endpoint timeout overrides, in ms. */
  timeouts?: Partial<Record<EndpointName, number>>;
  fetch?: typeof fetch;
  /** Injected for tests: jitter source and sleep. */
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Told before each wait for a retry, so a caller can say "rate limited, retrying in 5 s". */
  onRetry?: (retry: { delayMs: number; error: ServiceError; attempt: number }) => void;
}

type RequestBody =
  | { kind: 'none'; query?: Record<string, string | number | undefined> }
  | { kind: 'json'; json: unknown }
  | { kind: 'form'; form: FormData };

import { MAX_UPLOAD_BYTES, checkUploadable } from '../../shared/upload';

export { MAX_UPLOAD_BYTES };

/** The calls a plan may leave out (fact checking), while the key still works for the library. */
const PREMIUM: ReadonlySet<EndpointName> = new Set(['detectClaims', 'detectAndVerifyClaims', 'factCheckClaims']);

/**
 * Which of an endpoint's paths a base URL answers on, once one of its other paths was missing there. Kept while the
 * worker lives: a worker started again tries the documented path once more, which a 404 answers without billing.
 */
const workingPaths = new Map<string, string>();

export function forgetWorkingPaths(): void {
  workingPaths.clear();
}

export class ServiceClient {
  private readonly apiKey: string;
  private readonly gateway: boolean;
  private readonly baseUrl: string;
  private readonly uploadBaseUrl: string;
  private readonly retry: RetryPolicy;
  private readonly timeouts: Partial<Record<EndpointName, number>>;
  private readonly fetchImpl: typeof fetch;
  private readonly random: () => number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(config: ServiceClientConfig) {
    if (!config.apiKey.trim())
      throw new ServiceError({
        kind: 'auth',
        message: t('noApiKey'),
        fixInSettings: true,
      });
    this.apiKey = cleanApiKey(config.apiKey);
    this.gateway = config.gateway ?? false;
    this.baseUrl = checkedBase(config.baseUrl, t('settingApiBaseUrl'));
    this.uploadBaseUrl = checkedBase(config.uploadBaseUrl || config.baseUrl, t('settingUploadBaseUrl'));
    this.retry = { ...DEFAULT_RETRY_POLICY, ...config.retry };
    this.timeouts = config.timeouts ?? {};
    this.fetchImpl = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.random = config.random ?? Math.random;
    this.sleep = config.sleep ?? abortableSleep;
  }

  /** 4.1: one page of brand voices; `start_count`/`end_count` pick the range. */
  async listBrandVoices(query: ListBrandVoicesQuery = {}, options?: CallOptions): Promise<Page<BrandVoice>> {
    const input = validate('listBrandVoices', listBrandVoicesQuerySchema, query);
    const raw = await this.call(
      'listBrandVoices',
      { kind: 'none', query: input },
      rawBrandVoicesResponseSchema,
      options,
    );
    return normalizePage(
      raw.brand_voice_entries,
      raw.total_documents,
      normalizeBrandVoice,
      (input.start_count ?? 1) - 1,
    );
  }

  /** 4.2: one page of uploaded assets. */
  async listAssets(query: ListAssetsQuery = {}, options?: CallOptions): Promise<Page<Asset>> {
    const input = validate('listAssets', listAssetsQuerySchema, query);
    const raw = await this.call('listAssets', { kind: 'none', query: input }, rawAssetsResponseSchema, options);
    return normalizePage(raw.results, raw.total_count, normalizeAsset, (input.start_count ?? 1) - 1);
  }

  /** 4.3: the claims in a text or at an address. */
  async detectClaims(request: DetectClaimsRequest, options?: CallOptions): Promise<DetectedClaims> {
    const body = validate('detectClaims', detectClaimsRequestSchema, request);
    const raw = await this.call('detectClaims', { kind: 'json', json: body }, rawEnvelopeSchema, options);
    return { claims: parseClaimList(raw.copies), credits: toCredits(raw.credits_used, raw.credits) };
  }

  /** 4.4 */
  async paragraphFromBulletPoints(request: BulletPointsRequest, options?: CallOptions): Promise<GeneratedText> {
    return this.generate('paragraphFromBulletPoints', bulletPointsRequestSchema, request, options);
  }

  /** 4.5 */
  async paragraphFromKeywords(request: KeywordsRequest, options?: CallOptions): Promise<GeneratedText> {
    return this.generate('paragraphFromKeywords', keywordsRequestSchema, request, options);
  }

  /** 4.6 */
  async extendText(request: ExtendRequest, options?: CallOptions): Promise<GeneratedText> {
    return this.generate('extendText', extendRequestSchema, request, options);
  }

  /** 4.7 */
  async rephraseText(request: RephraseRequest, options?: CallOptions): Promise<GeneratedText> {
    return this.generate('rephraseText', rephraseRequestSchema, request, options);
  }

  /** 4.8: detect and verify in one (long) call. */
  async detectAndVerifyClaims(request: DetectVerifyRequest, options?: CallOptions): Promise<CheckResult> {
    const body = validate('detectAndVerifyClaims', detectVerifyRequestSchema, request);
    const raw = await this.call('detectAndVerifyClaims', { kind: 'json', json: body }, rawCheckResponseSchema, options);
    return normalizeDetectVerify(raw);
  }

  /** 4.9: verify a list of claims; results come back in the order sent, null where the service returned none. */
  async factCheckClaims(request: FactCheckRequest, options?: CallOptions): Promise<CheckResult> {
    const body = validate('factCheckClaims', factCheckRequestSchema, request);
    const raw = await this.call('factCheckClaims', { kind: 'json', json: body }, rawCheckResponseSchema, options);
    return normalizeFactCheck(raw, body.claims);
  }

  /** 4.10: content grounded on the web, some domains, some URLs, or an uploaded file. */
  async generateGrounded(request: GroundedRequest, options?: CallOptions): Promise<GeneratedText> {
    const checked = validate('generateGrounded', groundedRequestSchema, request);
    // Sent present and empty when unused, as the public caller sends them.
    const body = {
      ...checked,
      domain_list: checked.domain_list ?? [],
      url_list: checked.url_list ?? [],
      file_id: checked.file_id ?? '',
    };
    const raw = await this.call('generateGrounded', { kind: 'json', json: body }, rawGroundedResponseSchema, options);
    return normalizeGrounded(raw);
  }

  /**
   * 4.11: product descriptions or reviews, in a language sent by its documented name; a service that refuses the name
   * (422 about `language`) is asked once more with the short code ("de"), as the public app sends it.
   */
  async productCopies(request: ProductCopiesRequest, options?: CallOptions): Promise<GeneratedText> {
    try {
      return await this.generate('productCopies', productCopiesRequestSchema, request, options);
    } catch (error: unknown) {
      const name = languageSchema.safeParse(request.language);
      const refusedLanguage =
        error instanceof ServiceError &&
        error.httpStatus === 422 &&
        /\blanguage\b/i.test(`${error.field ?? ''} ${error.rawBody ?? ''}`);
      if (!refusedLanguage || !name.success) throw error;
      return this.generate(
        'productCopies',
        productCopiesRequestSchema,
        { ...request, language: LANGUAGE_TAGS[name.data].split('-')[0] ?? 'en' },
        options,
      );
    }
  }

  /** 4.12: upload a file as a knowledge source, to the upload base URL. */
  async uploadFile(file: Blob, filename: string, options?: CallOptions): Promise<UploadedFile> {
    checkUploadable({ name: filename, size: file.size });
    const form = new FormData();
    form.append(UPLOAD_FILE_FIELD, file, filename);
    const raw = await this.call('uploadFile', { kind: 'form', form }, rawUploadResponseSchema, options);
    return { fileId: raw.file_id, message: raw.message ?? '' };
  }

  private async generate<S extends z.ZodType>(
    name: EndpointName,
    schema: S,
    request: z.input<S>,
    options?: CallOptions,
  ): Promise<GeneratedText> {
    const body = validate(name, schema, request);
    const raw = await this.call(name, { kind: 'json', json: body }, rawEnvelopeSchema, options);
    return normalizeEnvelope(raw);
  }

  /** One call, with retries where they are safe; returns the parsed (and optionally normalised) body. */
  private async call<S extends z.ZodType, R = z.infer<S>>(
    name: EndpointName,
    body: RequestBody,
    schema: S,
    options: CallOptions = {},
    normalize?: (raw: z.infer<S>) => R,
  ): Promise<R> {
    const endpoint: EndpointInfo = ENDPOINTS[name];
    const title = t(endpoint.titleKey);
    const pathKey = `${this.baseUrl} ${name}`;
    const paths = [
      ...new Set([workingPaths.get(pathKey) ?? endpoint.path, endpoint.path, ...(endpoint.aliases ?? [])]),
    ];
    for (let attempt = 1; ; attempt++) {
      try {
        const json = await this.attempt(name, body, options.signal, paths[0]);
        if (paths[0] !== endpoint.path) workingPaths.set(pathKey, paths[0] ?? endpoint.path);
        return this.parse(name, json, schema, normalize);
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        // A missing path (404, 405) was not processed, so nothing is billed twice: its other known path is tried.
        if ((error.httpStatus === 404 || error.httpStatus === 405) && paths.length > 1) {
          paths.shift();
          attempt--;
          continue;
        }
        if (
          error.kind === 'auth' &&
          (error.httpStatus === 401 || error.httpStatus === 403) &&
          PREMIUM.has(name) &&
          (await this.keyWorksForLists(options.signal))
        )
          throw planRefusal(
            title,
            { httpStatus: error.httpStatus, rawBody: error.rawBody, said: serviceWordsIn(error.rawBody) },
            true,
          );
        const delay = retryDelay(this.retry, this.random, endpoint.method, error, attempt);
        if (delay === null) throw error;
        options.onRetry?.({ delayMs: delay, error, attempt });
        await this.sleep(delay, options.signal).catch(() => {
          throw cancelledError(title);
        });
      }
    }
  }

  /** Whether the key is accepted for a page of the library (a call that costs nothing), after a refusal elsewhere. */
  private async keyWorksForLists(signal?: AbortSignal): Promise<boolean> {
    try {
      await this.attempt('listBrandVoices', { kind: 'none', query: { start_count: 1, end_count: 1 } }, signal);
      return true;
    } catch {
      return false;
    }
  }

  /** Sends one request and returns the parsed JSON body of a 2xx answer; throws a ServiceError otherwise. */
  private async attempt(name: EndpointName, body: RequestBody, signal?: AbortSignal, path?: string): Promise<unknown> {
    const endpoint = ENDPOINTS[name];
    const title = t(endpoint.titleKey);
    const timeoutMs = this.timeouts[name] ?? endpoint.timeoutMs;
    if (signal?.aborted) throw cancelledError(title);

    const upload = 'upload' in endpoint && endpoint.upload;
    const base = upload ? this.uploadBaseUrl : this.baseUrl;
    /** The setting that names `base`, for the messages that send the user there. */
    const baseSetting = t(upload ? 'settingUploadBaseUrl' : 'settingApiBaseUrl');
    const url = new URL(base + (path ?? endpoint.path));
    const headers: Record<string, string> = {
      Authorization: `Bearer ${this.apiKey}`,
      Accept: 'application/json',
    };
    let requestBody: string | FormData | undefined;
    if (body.kind === 'none') {
      for (const [key, value] of Object.entries(body.query ?? {}))
        if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
    } else if (body.kind === 'json') {
      headers['Content-Type'] = 'application/json';
      requestBody = JSON.stringify(body.json);
    } else {
      // fetch writes `multipart/form-data; boundary=…` itself; setting it by hand would drop the boundary.
      requestBody = body.form;
    }

    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal;
    let response: Response | undefined;
    let text: string;
    try {
      response = await this.fetchImpl(url, {
        method: endpoint.method,
        headers,
        body: requestBody,
        signal: combined,
        credentials: 'omit',
        cache: 'no-store',
        // A redirect would carry the key to wherever it points: it is refused below, never followed.
        redirect: 'manual',
      });
      text = await response.text();
    } catch (error) {
      if (signal?.aborted) throw cancelledError(title);
      if (timeout.signal.aborted)
        throw new ServiceError({
          kind: 'timeout',
          endpoint: title,
          message:
            endpoint.method === 'POST'
              ? `${t('noAnswerWithin', title, formatWait(timeoutMs))} ${t('mayHaveCharged')}`
              : `${t('noAnswerWithin', title, formatWait(timeoutMs))} ${t('mayBeBusy')}`,
        });
      throw new ServiceError(
        {
          kind: 'network',
          endpoint: title,
          httpStatus: response?.status,
          fixInSettings: !response,
          message: response
            ? t('connectionClosed', title)
            : `${t('unreachable', url.host, errorText(error))} ${t('checkConnection', baseSetting)}`,
        },
        { cause: error },
      );
    } finally {
      clearTimeout(timer);
    }

    return judgeAnswer(response, text, { title, base, baseSetting, apiKey: this.apiKey, gateway: this.gateway });
  }

  /** The service's own words about a failure, with the key redacted (a proxy may echo the header). */
  private serviceWords(body: unknown): string | undefined {
    return serviceWords(body, this.apiKey);
  }

  private parse<S extends z.ZodType, R>(
    name: EndpointName,
    json: unknown,
    schema: S,
    normalize?: (raw: z.infer<S>) => R,
  ): R {
    const title = t(ENDPOINTS[name].titleKey);
    const rawBody = redactBody(JSON.stringify(json), this.apiKey);
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      // A body that says "success" but has the wrong shape is a contract break, whatever its message says.
      const claimsSuccess = isSuccessStatus((json as { status?: string } | null)?.status);
      const said = claimsSuccess ? undefined : this.serviceWords(json);
      if (said)
        throw new ServiceError({
          kind: 'service',
          endpoint: title,
          rawBody,
          message: endSentence(t('couldNotComplete', title, said)),
        });
      const issue = parsed.error.issues[0];
      const field = issue?.path.length ? issue.path.join('.') : '(body)';
      throw new ServiceError({
        kind: 'contract',
        endpoint: title,
        field,
        rawBody,
        message: `${t('contractBroken', title, field, issue ? lowerFirst(issue.message) : t('fieldIsWrong'))} ${t('serviceMayHaveChanged')}`,
      });
    }
    return normalize ? normalize(parsed.data) : (parsed.data as R);
  }
}

function checkedBase(raw: string, what: string): string {
  const checked = checkServiceBaseUrl(raw);
  if (!checked.ok)
    throw new ServiceError({ kind: 'invalid-input', message: t('settingNotUsable', what, checked.reason) });
  return checked.url;
}

function validate<S extends z.ZodType>(name: EndpointName, schema: S, input: z.input<S>): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const title = t(ENDPOINTS[name].titleKey);
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? ` (${issue.path.join('.')})` : '';
  throw new ServiceError({
    kind: 'invalid-input',
    endpoint: title,
    field: issue?.path.join('.') || undefined,
    message: t('nothingSent', title, `${issue?.message ?? t('inputNotValid')}${where}`),
  });
}

function cancelledError(title: string): ServiceError {
  return new ServiceError({ kind: 'cancelled', endpoint: title, message: t('callCancelled', title) });
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error('aborted'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function errorText(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    const causeText = cause instanceof Error ? cause.message : '';
    return causeText && causeText !== error.message ? `${error.message}: ${causeText}` : error.message;
  }
  return String(error);
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
