/**
 * The content script, injected on demand, or registered for the sites where the user turned on checking as they write
 * (never declared for every page). It watches its own tab's check over the events port and shows it in the page:
 * highlights, badges, cards, and corrections in drafts; on such a site it checks drafts as the user writes. It cannot
 * see the API key or call the service, and it takes no orders from the page.
 */
import { browser, defineContentScript } from '#imports';
import type { JobView } from '@/utils/contract/jobs';
import { isActive } from '@/utils/shared/progress';
import { AsYouWrite } from '@/utils/page/as-you-write-watcher';
import { PageChecker, type AnchoringSummary } from '@/utils/page/page-checker';
import { ask, notify } from '@/utils/shared/messaging';
import { EVENTS_PORT, isTabState } from '@/utils/shared/ports';
import type { RevealMessage, ToggleHighlightsMessage } from '@/utils/contract/messages';

/**
 * What the content script holds, on its world's global (the isolated world, not the page's): that it is here,
 * and its tab's latest job. The e2e build adds the anchoring summary, for the extension's own tests.
 */
interface ContentState {
  job: JobView | null;
  /**
   * Connects to the background again if the port is closed (the worker stopped after the last check ended): called by
   * the background as a check starts, in place of injecting the script again (see injectContentScript). False if this
   * instance is gone: left the page, or orphaned by the extension's reload (it leaves then), to be injected anew.
   */
  wake: () => boolean;
  summary?: () => AnchoringSummary;
  activity?: () => { runs: number; idle: boolean };
}

declare global {
  var __factlensContent: ContentState | undefined;
}

export default defineContentScript({
  registration: 'runtime',
  main(ctx) {
    // The background injects the script only where it is not running (see injectContentScript), and wakes it where it
    // is: a second instance would stop this one as it starts (WXT's context stops the older instances of a script),
    // and draw everything again. Two checks started at once share one injection.
    if (globalThis.__factlensContent) return;
    let lastReport = '';
    const checker = new PageChecker((jobId, summary) => {
      // Tell the popup how many claims were found in the page (only when that changes).
      const report = JSON.stringify([jobId, summary]);
      if (report === lastReport) return;
      lastReport = report;
      void notify('reportAnchoring', { jobId, ...summary });
    });
    // The popup's results list: show a claim; the hide-highlights command. Only the background may ask (never another
    // tab or the page).
    // The polyfill's contract: return a Promise to answer, undefined to leave the message to others.
    // eslint-disable-next-line @typescript-eslint/no-misused-promises
    browser.runtime.onMessage.addListener((message: unknown, sender) => {
      if (sender.id !== browser.runtime.id || sender.tab !== undefined) return undefined;
      const asked = message as Partial<RevealMessage> | Partial<ToggleHighlightsMessage> | null;
      if (asked?.type === 'factlens:toggle-highlights') {
        checker.toggleHighlights();
        return Promise.resolve({ ok: true });
      }
      if (asked?.type !== 'factlens:reveal' || !('claimId' in asked)) return undefined;
      if (asked.claimId === 'next') checker.revealNext();
      else if (typeof asked.claimId === 'number') checker.reveal(asked.claimId);
      else return undefined;
      return Promise.resolve({ ok: true });
    });
    /** Checking as the user writes, on a site where they turned it on. */
    let asYouWrite: AsYouWrite | null = null;
    void ask('asYouWriteState', undefined)
      .then(({ state: writing }) => {
        if (writing === 'off' || disposed) return;
        asYouWrite = new AsYouWrite(
          { overlay: checker.overlay, expectDraft: (draft) => checker.expectDraft(draft) },
          writing,
        );
        asYouWrite.jobChanged(state.job);
      })
      .catch(() => undefined);
    let port: ReturnType<typeof browser.runtime.connect> | null = null;
    /** Left the page for good (see leave). */
    let disposed = false;
    const state: ContentState = {
      job: null,
      wake: () => {
        if (disposed) return false;
        if (orphaned()) {
          leave();
          return false;
        }
        if (!port) connect();
        return true;
      },
    };
    if (import.meta.env.MODE === 'e2e') {
      state.summary = () => checker.summary;
      state.activity = () => checker.activity;
    }
    globalThis.__factlensContent = state;

    /** `resume`: the check the page still shows, back from the back-forward cache (see the pageshow listener). */
    const connect = (resume?: string) => {
      const opened = browser.runtime.connect({ name: EVENTS_PORT });
      port = opened;
      opened.onMessage.addListener((message: unknown) => {
        // Only the background can post on this port (pages cannot reach it); a shape check is enough,
        // and keeps zod out of what is injected into pages.
        if (!isTabState(message)) return;
        state.job = message.job;
        checker.update(message.job);
        asYouWrite?.jobChanged(message.job);
      });
      opened.onDisconnect.addListener(() => {
        if (port === opened) port = null;
        if (orphaned()) return leave();
        // The worker stopped. Reconnect (which wakes it) only while a check is still under way; the next check wakes
        // this script otherwise (see ContentState.wake).
        if (state.job && isActive(state.job.state)) ctx.setTimeout(() => state.wake(), 1000);
      });
      opened.postMessage(resume ? { type: 'watch', resume } : { type: 'watch' });
    };
    connect();

    // A single-page app moved to another page: its claims no longer apply.
    ctx.addEventListener(window, 'wxt:locationchange', () => checker.update(null));
    // The extension was reloaded or removed: leave the page as it was. Nothing tells an orphaned content
    // script so, except that its extension API goes away: a cheap timer looks (the polyfill's wrapper may
    // keep an old reference, so it asks the underlying API).
    // Reading the API of an orphaned script may itself throw ("Extension context invalidated").
    const orphaned = () => {
      try {
        return !(globalThis as { chrome?: { runtime?: { id?: string } } }).chrome?.runtime?.id;
      } catch {
        return true;
      }
    };
    const leave = () => {
      if (disposed) return;
      disposed = true;
      clearInterval(watchdog);
      try {
        port?.disconnect();
      } catch {
        // Already gone with the extension.
      }
      asYouWrite?.stop();
      checker.dispose();
      globalThis.__factlensContent = undefined;
    };
    const watchdog = setInterval(() => {
      if (orphaned()) leave();
    }, 1000);
    ctx.onInvalidated(leave);
    // Back (or Forward) to this page from the browser's back-forward cache: the page still shows its check, but its
    // port was closed and the tab gave the check up when it navigated away. Connected again, it asks for that check to
    // be the tab's again; if it cannot be, the background sends none, and the page is cleared, as the popup shows.
    ctx.addEventListener(window, 'pageshow', (event) => {
      if (!event.persisted || disposed) return;
      try {
        port?.disconnect();
      } catch {
        // Already closed.
      }
      connect(state.job?.id);
    });
  },
});
