/**
 * Sending a protocol message from an extension page, without zod: the popup must open fast, and a reply
 * can only come from our own background, which validated the request and built the reply from its
 * schemas (protocol.ts). The envelope is still checked, so that a missing or broken background gives a
 * clear error instead of undefined.
 */
import { browser } from '#imports';
import { ServiceError, type ServiceErrorData } from './api/service-error';
import type { MessageData, MessageName, MessageReply } from './protocol';

type Reply = { ok: true; value: unknown } | { ok: false; error: ServiceErrorData };

function isReply(raw: unknown): raw is Reply {
  if (typeof raw !== 'object' || raw === null) return false;
  const reply = raw as { ok?: unknown; value?: unknown; error?: { kind?: unknown; message?: unknown } };
  if (reply.ok === true) return 'value' in reply;
  return reply.ok === false && typeof reply.error?.kind === 'string' && typeof reply.error.message === 'string';
}

/** Sends a message to the background and returns its reply, or throws a ServiceError. */
export async function sendMessage<K extends MessageName>(type: K, data: MessageData<K>): Promise<MessageReply<K>> {
  const raw: unknown = await browser.runtime.sendMessage({ type, data });
  if (!isReply(raw))
    throw new ServiceError({
      kind: 'contract',
      message: 'The extension’s background did not answer. Reload the extension and try again.',
    });
  if (!raw.ok) throw ServiceError.fromData(raw.error);
  return raw.value as MessageReply<K>;
}

/**
 * Sends a message whose reply nobody reads (the content script's reports), and drops any failure: a
 * background that is restarting misses one report, which the next one makes up for. Async, so that a
 * synchronous throw (an extension context gone with a reload) is dropped as well.
 */
export async function notify<K extends MessageName>(type: K, data: MessageData<K>): Promise<void> {
  try {
    await browser.runtime.sendMessage({ type, data });
  } catch {
    // Dropped, as above.
  }
}
