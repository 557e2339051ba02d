/**
 * The one error type of the service client, without zod, so that the extension's pages and the content
 * script can use it (errors.ts adds the schema that checks it on messages).
 */
import { ENDS_SENTENCE } from './format';
import { t } from './i18n';

export const SERVICE_ERROR_KINDS = [
  'auth',
  'rate-limit',
  'service',
  'network',
  'timeout',
  'cancelled',
  'invalid-input',
  'contract',
  /** The day's limit of credits for checking as the user writes would be passed: nothing was sent. */
  'limit',
] as const;
export type ServiceErrorKind = (typeof SERVICE_ERROR_KINDS)[number];

/** What a ServiceError carries across the message protocol (it is a plain object there). */
export interface ServiceErrorData {
  kind: ServiceErrorKind;
  message: string;
  endpoint?: string;
  httpStatus?: number;
  /** For contract errors: the field that did not match, as a dotted path. */
  field?: string;
  retryAfterMs?: number;
  /** The response body as received (the API key redacted), for a details view. */
  rawBody?: string;
  /** The fix is in the extension's settings (the key, the service's address): the popup offers a way there. */
  fixInSettings?: boolean;
}

export class ServiceError extends Error {
  readonly kind: ServiceErrorKind;
  readonly endpoint?: string;
  readonly httpStatus?: number;
  readonly field?: string;
  readonly retryAfterMs?: number;
  readonly rawBody?: string;
  readonly fixInSettings?: boolean;

  constructor(data: ServiceErrorData, options?: { cause?: unknown }) {
    super(data.message, options);
    this.name = 'ServiceError';
    this.kind = data.kind;
    this.endpoint = data.endpoint;
    this.httpStatus = data.httpStatus;
    this.field = data.field;
    this.retryAfterMs = data.retryAfterMs;
    this.rawBody = data.rawBody;
    this.fixInSettings = data.fixInSettings;
  }

  toData(): ServiceErrorData {
    return {
      kind: this.kind,
      message: this.message,
      endpoint: this.endpoint,
      httpStatus: this.httpStatus,
      field: this.field,
      retryAfterMs: this.retryAfterMs,
      rawBody: this.rawBody,
      fixInSettings: this.fixInSettings,
    };
  }

  static fromData(data: ServiceErrorData): ServiceError {
    return new ServiceError(data);
  }
}

/** Formats a wait for a person: "12 s", "3 min". */
export function formatWait(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return seconds < 120 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`;
}

/** What a call waiting to be sent again says meanwhile: "The service is busy: trying again in 5 s." */
export function retryNotice(delayMs: number, error: ServiceError): string {
  return t(error.httpStatus === 429 ? 'retrySlowDown' : 'retryBusy', formatWait(delayMs));
}

/**
 * What the service said, quoted for an error message (" The service said: “…”."), or nothing; the closing full stop is
 * left out where the words end a sentence of their own ("…and try again.”", not "…and try again.”.").
 */
export function serviceSaid(words: string | undefined): string {
  if (!words) return '';
  return ` ${t(ENDS_SENTENCE.test(words) ? 'serviceSaidSentence' : 'serviceSaid', words)}`;
}
