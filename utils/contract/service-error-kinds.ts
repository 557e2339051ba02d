/** The kinds of failure a ServiceError names (zod-free: the pages and the content script read it). */
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
