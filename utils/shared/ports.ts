/** Port names, kept apart from the protocol's schemas so that the content script can use them without zod. */
export const EVENTS_PORT = 'factlens:events';

/** The events port's state message, checked by shape: only our background can post on the port. */
export function isTabState(message: unknown): message is import('../contract/messages').TabState {
  if (typeof message !== 'object' || message === null) return false;
  const { type, job, tabId } = message as { type?: unknown; job?: unknown; tabId?: unknown };
  return (
    type === 'state' &&
    typeof tabId === 'number' &&
    (job === null || (typeof job === 'object' && Array.isArray((job as { claims?: unknown }).claims)))
  );
}
