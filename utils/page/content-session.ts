/**
 * One content script's life in a page: its page checker, the events port that brings its tab's check, checking as the
 * user writes where that is on, and its leaving the page as it was when the extension goes.
 */
import { browser } from '#imports';
import type { JobView } from '../contract/jobs';
import type { RevealMessage, ToggleHighlightsMessage } from '../contract/messages';
import { isActive } from '../shared/progress';
import { ask, notify } from '../shared/messaging';
import { EVENTS_PORT, isTabState } from '../shared/ports';
import type { AsYouWrite } from './as-you-write-watcher';
import { loadParts } from './parts-loader';
import { PageChecker, type AnchoringSummary } from './page-checker';

/**
 * What the content script holds, on its world's global (the isolated world, not the page's): that it is here,
 * and its tab's latest job. The e2e build adds the anchoring summary, for the extension's own tests.
 */
export interface ContentState {
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

/**
 * Whether the extension was reloaded or removed. Nothing tells an orphaned content script so, except that its
 * extension API goes away (the polyfill's wrapper may keep an old reference, so the underlying API is asked); reading
 * it may itself throw ("Extension context invalidated").
 */
function orphaned(): boolean {
  try {
    return !(globalThis as { chrome?: { runtime?: { id?: string } } }).chrome?.runtime?.id;
  } catch {
    return true;
  }
}

export class ContentSession {
  readonly state: ContentState;
  private readonly checker: PageChecker;
  private port: ReturnType<typeof browser.runtime.connect> | null = null;
  /** Left the page for good (see leave). */
  private disposed = false;
  /** Checking as the user writes, on a site where they turned it on. */
  private asYouWrite: AsYouWrite | null = null;
  private lastReport = '';
  private watchdog: ReturnType<typeof setInterval> | undefined;
  /** Removes the session's listeners as it leaves. */
  private readonly life = new AbortController();
  /** The page's address as last seen (see watchLocation). */
  private href = location.href;

  constructor() {
    this.checker = new PageChecker((jobId, summary) => {
      // Tell the popup how many claims were found in the page (only when that changes).
      const report = JSON.stringify([jobId, summary]);
      if (report === this.lastReport) return;
      this.lastReport = report;
      void notify('reportAnchoring', { jobId, ...summary });
    });
    this.state = { job: null, wake: () => this.wake() };
    if (import.meta.env.MODE === 'e2e') {
      this.state.summary = () => this.checker.summary;
      this.state.activity = () => this.checker.activity;
    }
  }

  start(): void {
    this.listenToWorker();
    this.startAsYouWrite();
    globalThis.__factlensContent = this.state;
    this.connect();
    this.watchLocation();
    // The extension was reloaded or removed: leave the page as it was (a cheap timer looks, see orphaned).
    this.watchdog = setInterval(() => {
      if (orphaned()) this.leave();
      else this.locationSeen(location.href);
    }, 1000);
    window.addEventListener('pageshow', (event) => this.backFromCache(event), { signal: this.life.signal });
  }

  /**
   * A single-page app moved to another address: its claims no longer apply. Seen as it navigates where the browser
   * has the Navigation API, else by the watchdog's look each second.
   */
  private watchLocation(): void {
    const navigation = (globalThis as { navigation?: EventTarget }).navigation;
    navigation?.addEventListener(
      'navigate',
      (event) => this.locationSeen((event as Event & { destination: { url: string } }).destination.url),
      { signal: this.life.signal },
    );
  }

  private locationSeen(href: string): void {
    if (href === this.href) return;
    this.href = href;
    this.checker.update(null);
  }

  /**
   * The popup's results list: show a claim; the hide-highlights command. Only the background may ask (never another
   * tab or the page).
   */
  private listenToWorker(): void {
    // Answered with sendResponse, which both browsers' own API takes (this script carries no polyfill: see
    // native-browser.ts); a message left to others gets no answer from here.
    browser.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
      if (sender.id !== browser.runtime.id || sender.tab !== undefined) return;
      const asked = message as Partial<RevealMessage> | Partial<ToggleHighlightsMessage> | null;
      const claimId = asked?.type === 'factlens:reveal' && 'claimId' in asked ? asked.claimId : undefined;
      if (asked?.type === 'factlens:toggle-highlights') this.checker.toggleHighlights();
      else if (claimId === 'next') this.checker.revealNext();
      else if (typeof claimId === 'number') this.checker.reveal(claimId);
      else return;
      sendResponse({ ok: true });
    });
  }

  private startAsYouWrite(): void {
    void ask('asYouWriteState', undefined)
      .then(({ state: writing }) => {
        if (writing === 'off' || this.disposed) return;
        // In the second part, which the background registered with the first on such a site (see write-sites.ts).
        return loadParts().then((parts) => {
          if (this.disposed) return;
          this.asYouWrite = parts.asYouWrite(
            { overlay: this.checker.overlay, expectDraft: (draft) => this.checker.expectDraft(draft) },
            writing,
          );
          this.asYouWrite.jobChanged(this.state.job);
        });
      })
      .catch(() => undefined);
  }

  private wake(): boolean {
    if (this.disposed) return false;
    if (orphaned()) {
      this.leave();
      return false;
    }
    if (!this.port) this.connect();
    return true;
  }

  /** `resume`: the check the page still shows, back from the back-forward cache (see backFromCache). */
  private connect(resume?: string): void {
    const opened = browser.runtime.connect({ name: EVENTS_PORT });
    this.port = opened;
    opened.onMessage.addListener((message: unknown) => {
      // Only the background can post on this port (pages cannot reach it); a shape check is enough, and keeps zod out
      // of what is injected into pages.
      if (!isTabState(message)) return;
      this.state.job = message.job;
      this.checker.update(message.job);
      this.asYouWrite?.jobChanged(message.job);
    });
    opened.onDisconnect.addListener(() => {
      if (this.port === opened) this.port = null;
      if (orphaned()) return this.leave();
      // The worker stopped. Reconnect (which wakes it) only while a check is still under way; the next check wakes
      // this script otherwise (see ContentState.wake).
      if (this.state.job && isActive(this.state.job.state)) setTimeout(() => this.state.wake(), 1000);
    });
    opened.postMessage(resume ? { type: 'watch', resume } : { type: 'watch' });
  }

  /**
   * Back (or Forward) to this page from the browser's back-forward cache: the page still shows its check, but its
   * port was closed and the tab gave the check up when it navigated away. Connected again, it asks for that check to
   * be the tab's again; if it cannot be, the background sends none, and the page is cleared, as the popup shows.
   */
  private backFromCache(event: PageTransitionEvent): void {
    if (!event.persisted || this.disposed) return;
    try {
      this.port?.disconnect();
    } catch {
      // Already closed.
    }
    this.connect(this.state.job?.id);
  }

  private leave(): void {
    if (this.disposed) return;
    this.disposed = true;
    clearInterval(this.watchdog);
    this.life.abort();
    try {
      this.port?.disconnect();
    } catch {
      // Already gone with the extension.
    }
    this.asYouWrite?.stop();
    this.checker.dispose();
    globalThis.__factlensContent = undefined;
  }
}

declare global {
  var __factlensContent: ContentState | undefined;
}
