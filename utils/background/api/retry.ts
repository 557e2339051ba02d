/** When a failed call is tried again, and after how long: never a POST that may have been billed. */
import type { ServiceError } from './errors';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** First back-off delay; it doubles each attempt, with full jitter. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the caller gets a rate-limit error instead. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 3,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
};

/** How long to wait before the next attempt, or null when this error must not be retried. */
export function retryDelay(
  policy: RetryPolicy,
  random: () => number,
  method: 'GET' | 'POST',
  error: ServiceError,
  attempt: number,
): number | null {
  if (attempt >= policy.maxAttempts) return null;
  // A POST that may have reached the service is never repeated: it could be billed twice.
  // 429 and 503 say the request was not processed, so they are safe for every method.
  const retryable =
    error.httpStatus === 429 ||
    error.httpStatus === 503 ||
    (method === 'GET' && (error.kind === 'network' || error.kind === 'timeout' || (error.httpStatus ?? 0) >= 500));
  if (!retryable) return null;
  if (error.retryAfterMs !== undefined) {
    if (error.retryAfterMs > policy.maxRetryAfterMs) return null;
    return error.retryAfterMs + random() * 250;
  }
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return random() * ceiling;
}
