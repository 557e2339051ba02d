/**
 * The one error type of the service client. Every failure (before sending, on the wire, or in the answer)
 * becomes a ServiceError whose message a person can act on, and whose raw body is kept for a details view.
 */
import {
  SERVICE_ERROR_KINDS,
  ServiceError,
  formatWait,
  retryNotice,
  type ServiceErrorData,
  type ServiceErrorKind,
} from '../../shared/service-error';

export { SERVICE_ERROR_KINDS, ServiceError, formatWait, retryNotice, type ServiceErrorData, type ServiceErrorKind };
export { serviceErrorDataSchema } from '../../contract/service-error-data';

/** The longest raw body kept for the details view; a huge HTML error page is not worth more. */
const RAW_BODY_LIMIT = 20_000;

/** Keeps the body for the details view, without the key, and bounded in size. */
export function redactBody(body: string, apiKey: string): string {
  const redacted = apiKey.length >= 4 ? body.split(apiKey).join('[redacted]') : body;
  return redacted.length > RAW_BODY_LIMIT
    ? `${redacted.slice(0, RAW_BODY_LIMIT)}\n… (${redacted.length - RAW_BODY_LIMIT} more characters)`
    : redacted;
}

/** Reads the service's own words from an error body: `message`, or FastAPI's `detail` (string or list). */
export function messageFromBody(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  const detail = record.detail;
  if (typeof detail === 'string' && detail.trim()) return detail.trim();
  if (Array.isArray(detail)) {
    const parts = detail
      .map((item: unknown) => {
        if (typeof item !== 'object' || item === null) return typeof item === 'string' ? item : '';
        const { loc, msg } = item as { loc?: unknown; msg?: unknown };
        const where = Array.isArray(loc) ? loc.filter((part) => part !== 'body').join('.') : '';
        const what = typeof msg === 'string' ? msg : '';
        return where && what ? `${where}: ${what}` : what;
      })
      .filter(Boolean);
    if (parts.length) return parts.join('; ');
  }
  for (const key of ['message', 'error', 'msg'] as const) {
    const value = record[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return undefined;
}
