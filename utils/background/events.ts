/**
 * The events port's server side: who watches which tab, and pushing each tab's state to its watchers.
 * A watcher from an extension page names the tab; a content script always watches its own tab.
 */
import { browser, type Browser } from '#imports';
import type { JobView } from '../contract/jobs';
import type { TabState } from '../contract/messages';
import { EVENTS_PORT, isExtensionPage } from './protocol';
import { watchRequestSchema } from '../contract/messages';

interface Watcher {
  tabId: number;
  /** Extension pages get the whole state; content scripts only the job. */
  trusted: boolean;
  /** A content script's frame: it gets only the jobs drawn there (a draft in an editor's iframe, or the page). */
  frameId: number;
}

export class EventHub {
  private readonly watchers = new Map<Browser.runtime.Port, Watcher>();

  constructor(
    private readonly stateOf: (tabId: number) => TabState,
    /** A content script asks for the check its page still shows to be its tab's again (see watchRequestSchema). */
    private readonly resume: (tabId: number, jobId: string, url: string | undefined) => Promise<void>,
  ) {}

  /** Registers the listener; call synchronously at the worker's top level. */
  listen(): void {
    browser.runtime.onConnect.addListener((port) => this.accept(port));
  }

  private accept(port: Browser.runtime.Port): void {
    if (port.name !== EVENTS_PORT) return;
    const sender = port.sender;
    const trusted = Boolean(sender && isExtensionPage(sender));
    const ownTab = sender?.id === browser.runtime.id ? sender.tab?.id : undefined;
    if (!trusted && ownTab === undefined) {
      port.disconnect();
      return;
    }
    port.onMessage.addListener((message: unknown) => {
      const request = watchRequestSchema.safeParse(message);
      if (!request.success) return;
      const tabId = trusted ? request.data.tabId : ownTab;
      if (tabId === undefined) return;
      const watcher = { tabId, trusted, frameId: sender?.frameId ?? 0 };
      const resumed =
        !trusted && request.data.resume ? this.resume(tabId, request.data.resume, sender?.url) : Promise.resolve();
      void resumed
        .catch(() => undefined)
        .then(() => {
          this.watchers.set(port, watcher);
          this.send(port, watcher);
        });
    });
    port.onDisconnect.addListener(() => this.watchers.delete(port));
  }

  /** Pushes the tab's current state to everyone watching it. */
  publish(tabId: number | null): void {
    if (tabId === null) return;
    for (const [port, watcher] of this.watchers) if (watcher.tabId === tabId) this.send(port, watcher);
  }

  /** Pushes to every watcher (e.g. when the ledger changes). */
  publishAll(): void {
    for (const [port, watcher] of this.watchers) this.send(port, watcher);
  }

  private send(port: Browser.runtime.Port, watcher: Watcher): void {
    const state = this.stateOf(watcher.tabId);
    const job = state.job && state.job.frameId === watcher.frameId ? state.job : null;
    const message: TabState = watcher.trusted
      ? state
      : { ...state, job: job && withoutServiceBodies(job), writing: null, ledger: null };
    try {
      port.postMessage(message);
    } catch {
      this.watchers.delete(port); // The other end went away between its disconnect and our send.
    }
  }
}

/**
 * A job as a content script gets it: what it draws, without the service's raw answers (an error's body, what arrived
 * for an unreadable claim), which only the extension's pages show.
 */
export function withoutServiceBodies(job: JobView): JobView {
  return {
    ...job,
    error: job.error && { ...job.error, rawBody: undefined },
    claims: job.claims.map((claim) =>
      claim.unreadable ? { ...claim, unreadable: { ...claim.unreadable, raw: '' } } : claim,
    ),
  };
}
