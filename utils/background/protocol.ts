/**
 * The worker's side of the message protocol (utils/contract/messages.ts): one listener that checks each message's
 * sender and data against its schema, and hands it to its handler.
 *
 * Replies are envelopes, `{ ok: true, value }` or `{ ok: false, error }`, so that a ServiceError crosses
 * the boundary intact. Privileged messages are accepted only from the extension's own pages.
 */
import { browser, type Browser } from '#imports';
import { z } from 'zod';
import { ServiceError, type ServiceErrorData } from './api/errors';
import { MESSAGES, type MessageName, type MessageReply, type Messages } from '../contract/messages';
import type { Reply } from '../shared/envelope';
import { t } from '../shared/i18n';

export { EVENTS_PORT } from '../shared/ports';

// Message passing drops `undefined`, so a message without data arrives without the key.
const envelopeSchema = z.object({ type: z.string(), data: z.unknown().optional() });

export type Handlers = {
  [K in MessageName]: (
    data: z.output<Messages[K]['data']>,
    sender: Browser.runtime.MessageSender,
  ) => Promise<MessageReply<K>>;
};

/** True when the sender is one of this extension's own pages (popup, options, side panel), not a content script. */
export function isExtensionPage(sender: Browser.runtime.MessageSender): boolean {
  if (sender.id !== browser.runtime.id || !sender.url) return false;
  return new URL(sender.url).origin === new URL(browser.runtime.getURL('/')).origin;
}

/** Registers every handler behind one listener, which validates the message, its sender, and the data. */
export function registerHandlers(handlers: Handlers): void {
  // The polyfill's contract: return a Promise to answer, undefined to leave the message to others.
  // eslint-disable-next-line @typescript-eslint/no-misused-promises
  browser.runtime.onMessage.addListener((message: unknown, sender: Browser.runtime.MessageSender) => {
    const envelope = envelopeSchema.safeParse(message);
    // Not ours: leave it for another listener (and do not answer an unknown sender at all).
    if (!envelope.success || !Object.hasOwn(MESSAGES, envelope.data.type)) return undefined;
    const type = envelope.data.type as MessageName;
    return dispatch(type, envelope.data.data, sender, handlers);
  });
}

async function dispatch(
  type: MessageName,
  data: unknown,
  sender: Browser.runtime.MessageSender,
  handlers: Handlers,
): Promise<Reply> {
  const definition = MESSAGES[type];
  if (sender.id !== browser.runtime.id || (definition.privileged && !isExtensionPage(sender)))
    return failure({ kind: 'invalid-input', message: t('messageFromPagesOnly', type) });
  const parsed = definition.data.safeParse(data);
  if (!parsed.success)
    return failure({
      kind: 'invalid-input',
      message: t('messageInvalid', type, z.prettifyError(parsed.error)),
    });
  try {
    const handler = handlers[type] as (data: unknown, sender: Browser.runtime.MessageSender) => Promise<unknown>;
    return { ok: true, value: await handler(parsed.data, sender) };
  } catch (error) {
    if (error instanceof ServiceError) {
      // The service's raw answer is for the extension's own pages (a details view); a content script's page gets none.
      const { rawBody, ...rest } = error.toData();
      return failure(isExtensionPage(sender) ? { ...rest, rawBody } : rest);
    }
    console.error(`[factlens] handler for ${type} failed`, error instanceof Error ? error.message : error);
    return failure({
      kind: 'service',
      message: t('handlerFailed', type),
    });
  }
}

function failure(error: ServiceErrorData) {
  return { ok: false as const, error };
}
