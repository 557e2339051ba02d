/** What a ServiceError carries across the message protocol, where it is a plain object. */
import { z } from 'zod';
import { SERVICE_ERROR_KINDS } from './service-error-kinds';

export const serviceErrorDataSchema = z.object({
  kind: z.enum(SERVICE_ERROR_KINDS),
  message: z.string(),
  endpoint: z.string().optional(),
  httpStatus: z.int().optional(),
  /** For contract errors: the field that did not match, as a dotted path. */
  field: z.string().optional(),
  retryAfterMs: z.number().optional(),
  /** The response body as received (the API key redacted), for a details view. */
  rawBody: z.string().optional(),
  /** The fix is in the extension's settings (the key, the service's address): the popup offers a way there. */
  fixInSettings: z.boolean().optional(),
});
export type ServiceErrorData = z.infer<typeof serviceErrorDataSchema>;
