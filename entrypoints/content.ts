/**
 * The content script, injected on demand (never declared for every page). It watches its own tab's
 * check over the events port; the highlights and cards that draw those claims in the page build on it.
 * It cannot see the API key or call the service, and it takes no orders from the page.
 */
import { browser, defineContentScript } from '#imports';
import type { JobView } from '@/utils/check/model';
import type { TabState } from '@/utils/protocol';
import { EVENTS_PORT } from '@/utils/ports';

/** Lets the extension (not the page: this is the isolated world) see what the content script holds. */
interface ContentState {
  job: JobView | null;
  updates: number;
}

declare global {
  var __factlensContent: ContentState | undefined;
}

export default defineContentScript({
  registration: 'runtime',
  main(ctx) {
    // Injected again on every check; the first instance keeps the page.
    if (globalThis.__factlensContent) return;
    const state: ContentState = { job: null, updates: 0 };
    globalThis.__factlensContent = state;

    const connect = () => {
      const port = browser.runtime.connect({ name: EVENTS_PORT });
      port.onMessage.addListener((message: unknown) => {
        // Only the background can post on this port (pages cannot reach it); a shape check is enough,
        // and keeps zod out of what is injected into pages.
        if (!isTabState(message)) return;
        state.job = message.job;
        state.updates++;
      });
      port.onDisconnect.addListener(() => {
        // The worker stopped. Reconnect (which wakes it) only while a check is still under way.
        const active = state.job && !['done', 'failed', 'cancelled'].includes(state.job.state);
        if (active && ctx.isValid) ctx.setTimeout(connect, 1000);
      });
      port.postMessage({ type: 'watch' });
      ctx.onInvalidated(() => port.disconnect());
    };
    connect();
  },
});

function isTabState(message: unknown): message is TabState {
  if (typeof message !== 'object' || message === null) return false;
  const { type, job } = message as Partial<TabState>;
  return type === 'state' && (job === null || (typeof job === 'object' && Array.isArray(job?.claims)));
}
