/** The envelope every protocol reply travels in: the handler's value, or its error as plain data. */
import type { ServiceErrorData } from './service-error';

export type Reply = { ok: true; value: unknown } | { ok: false; error: ServiceErrorData };

/** Whether a message is one of our replies (the background built it from its schemas; the shape is still checked). */
export function isReply(raw: unknown): raw is Reply {
  if (typeof raw !== 'object' || raw === null) return false;
  const reply = raw as { ok?: unknown; value?: unknown; error?: { kind?: unknown; message?: unknown } };
  if (reply.ok === true) return 'value' in reply;
  return reply.ok === false && typeof reply.error?.kind === 'string' && typeof reply.error.message === 'string';
}
