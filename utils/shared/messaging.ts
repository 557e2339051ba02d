/**
 * Sending a protocol message from an extension page, without zod: the popup must open fast, and a reply
 * can only come from our own background, which validated the request and built the reply from its
 * schemas (protocol.ts). The envelope is still checked, so that a missing or broken background gives a
 * clear error instead of undefined.
 */
import { browser } from '#imports';
import { ServiceError } from './service-error';
import { isReply, type Reply } from './envelope';
import type { MessageData, MessageName, MessageReply } from '../contract/messages';
import { t } from './i18n';

const noBackground = (): string => t('noBackground');

/** Sends a message to the background; its reply, or null when none came in our envelope. */
async function exchange<K extends MessageName>(type: K, data: MessageData<K>): Promise<Reply | null> {
  const raw: unknown = await browser.runtime.sendMessage({ type, data });
  return isReply(raw) ? raw : null;
}

/** Sends a message to the background and returns its reply, or throws a ServiceError. */
export async function sendMessage<K extends MessageName>(type: K, data: MessageData<K>): Promise<MessageReply<K>> {
  const reply = await exchange(type, data);
  if (!reply) throw new ServiceError({ kind: 'contract', message: noBackground() });
  if (!reply.ok) throw ServiceError.fromData(reply.error);
  return reply.value as MessageReply<K>;
}

/**
 * As sendMessage, for the content script: a refusal is a plain Error with the background's words, which is all the
 * page's card shows. ServiceError's class and its helpers stay out of what every checked page is given.
 */
export async function ask<K extends MessageName>(type: K, data: MessageData<K>): Promise<MessageReply<K>> {
  const reply = await exchange(type, data);
  if (!reply) throw new Error(noBackground());
  if (!reply.ok) throw new Error(reply.error.message);
  return reply.value as MessageReply<K>;
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
