/**
 * The one error type of the service client, without zod, so that the extension's pages and the content
 * script can use it (its data's schema, which checks it on messages, is in utils/contract/service-error-data.ts).
 */
import { SERVICE_ERROR_KINDS, type ServiceErrorKind } from '../contract/service-error-kinds';
import type { ServiceErrorData } from '../contract/service-error-data';
import { ENDS_SENTENCE } from './format';
import { t } from './i18n';

export { SERVICE_ERROR_KINDS, type ServiceErrorData, type ServiceErrorKind };

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
