/**
 * The service's twelve endpoints: path, method and how long a call may take.
 * The client, the service double and the tests all read this one table.
 */
import type { MessageKey } from './i18n';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** Every POST waits as long as the vendor's own plugin does (docs/service-contract.md): the long calls can take minutes. */
const POST_TIMEOUT_MS = 5 * MINUTE;

export interface EndpointInfo {
  readonly method: 'GET' | 'POST';
  /** The documented path. */
  readonly path: string;
  /** Other paths the service is known to answer on (4.9's docs example omits `v2`), tried when the path is missing. */
  readonly aliases?: readonly string[];
  /** The call's name in error messages: its message in the locale files (see endpointTitle in the client). */
  readonly titleKey: MessageKey;
  /** How long one attempt may take before the client gives up. */
  readonly timeoutMs: number;
  /** True when the call goes to the upload base URL with a multipart body. */
  readonly upload?: boolean;
}

export const ENDPOINTS = {
  listBrandVoices: {
    method: 'GET',
    path: '/custom/api/fetch/brand/voice/user',
    titleKey: 'endpointListBrandVoices',
    timeoutMs: 30 * SECOND,
  },
  listAssets: {
    method: 'GET',
    path: '/custom/api/fetch/assets',
    titleKey: 'endpointListAssets',
    timeoutMs: 30 * SECOND,
  },
  detectClaims: {
    method: 'POST',
    path: '/custom/api/detect/claims',
    titleKey: 'endpointDetectClaims',
    timeoutMs: POST_TIMEOUT_MS,
  },
  paragraphFromBulletPoints: {
    method: 'POST',
    path: '/custom/api/generate/paragraph/bullet/points',
    titleKey: 'endpointParagraphFromBulletPoints',
    timeoutMs: POST_TIMEOUT_MS,
  },
  paragraphFromKeywords: {
    method: 'POST',
    path: '/custom/api/generate/paragraph/keywords',
    titleKey: 'endpointParagraphFromKeywords',
    timeoutMs: POST_TIMEOUT_MS,
  },
  extendText: {
    method: 'POST',
    path: '/custom/api/generate/extend/content',
    titleKey: 'endpointExtendText',
    timeoutMs: POST_TIMEOUT_MS,
  },
  rephraseText: {
    method: 'POST',
    path: '/custom/api/content/rephrase',
    titleKey: 'endpointRephraseText',
    timeoutMs: POST_TIMEOUT_MS,
  },
  detectAndVerifyClaims: {
    method: 'POST',
    path: '/custom/api/v2/detect/verify/claims',
    titleKey: 'endpointDetectAndVerifyClaims',
    timeoutMs: POST_TIMEOUT_MS,
  },
  factCheckClaims: {
    method: 'POST',
    path: '/custom/api/v2/blog/fact/check',
    aliases: ['/custom/api/blog/fact/check'],
    titleKey: 'endpointFactCheckClaims',
    timeoutMs: POST_TIMEOUT_MS,
  },
  generateGrounded: {
    method: 'POST',
    path: '/custom/api/generate/factgpt/custom',
    titleKey: 'endpointFactGroundedGeneration',
    timeoutMs: POST_TIMEOUT_MS,
  },
  productCopies: {
    method: 'POST',
    path: '/custom/api/generate/product/copies',
    titleKey: 'endpointProductCopies',
    timeoutMs: POST_TIMEOUT_MS,
  },
  uploadFile: {
    method: 'POST',
    path: '/custom/api/upload/file/factgpt',
    titleKey: 'endpointUploadFile',
    timeoutMs: POST_TIMEOUT_MS,
    upload: true,
  },
} as const satisfies Record<string, EndpointInfo>;

export type EndpointName = keyof typeof ENDPOINTS;

export const ENDPOINT_NAMES = Object.keys(ENDPOINTS) as EndpointName[];

/** The documented default base URL (docs/service-contract.md); older docs use api-v2.longshot.ai. */
export const DEFAULT_API_BASE_URL = 'https://api-az.longshot.ai';
/** Google's Fact Check Tools API, where earlier fact-checks are searched (utils/background/earlier). */
export const DEFAULT_FACT_CHECK_TOOLS_URL = 'https://factchecktools.googleapis.com';
