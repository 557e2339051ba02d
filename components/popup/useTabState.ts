/** The popup's view of a tab: pushed by the background over the events port, kept in step while open. */
import { useEffect, useState } from 'preact/hooks';
import { browser } from '#imports';
import { EVENTS_PORT, isTabState } from '@/utils/shared/ports';
import type { TabInfo, TabState } from '@/utils/contract/messages';
import { sendMessage } from '@/utils/shared/messaging';

/** Which tab this page serves: `?tabId=` when given (the side panel, tests), else the active tab. */
export async function targetTabId(): Promise<number | null> {
  const fromQuery = Number(new URLSearchParams(location.search).get('tabId'));
  if (Number.isInteger(fromQuery) && fromQuery > 0) return fromQuery;
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id ?? null;
}

/** What the popup's first paint shows: its tab, what can be checked there, and the tab's last check and task. */
export interface FirstView {
  tabId: number;
  info: TabInfo;
  state: TabState;
}

/**
 * The tab's view, asked for before the popup's first render so that its first paint shows it, not an empty view:
 * undefined if it takes longer than `waitMs` (a worker slow to wake) or fails; the popup then asks again as it shows.
 */
export async function firstTabView(waitMs: number): Promise<FirstView | undefined> {
  let timer = 0;
  let port: ReturnType<typeof browser.runtime.connect> | undefined;
  const view = (async () => {
    const tabId = await targetTabId();
    if (tabId === null) return undefined;
    const state = new Promise<TabState>((resolve, reject) => {
      port = browser.runtime.connect({ name: EVENTS_PORT });
      port.onMessage.addListener((message: unknown) => {
        if (isTabState(message) && message.tabId === tabId) resolve(message);
      });
      port.onDisconnect.addListener(() => reject(new Error('closed')));
      port.postMessage({ type: 'watch', tabId });
    });
    const [info, first] = await Promise.all([sendMessage('inspectTab', { tabId }), state]);
    return { tabId, info, state: first };
  })();
  const late = new Promise<undefined>((resolve) => (timer = window.setTimeout(resolve, waitMs)));
  try {
    return await Promise.race([view, late]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
    port?.disconnect();
    view.catch(() => undefined);
  }
}

/** `initial`: the tab's last state, shown from the first paint (see firstTabView). */
export function useTabState(tabId: number | null, initial: TabState | null = null): TabState | null {
  const [state, setState] = useState<TabState | null>(initial);
  useEffect(() => {
    if (tabId === null) return;
    let closed = false;
    let port: ReturnType<typeof browser.runtime.connect> | null = null;
    const connect = () => {
      port = browser.runtime.connect({ name: EVENTS_PORT });
      port.onMessage.addListener((message: unknown) => {
        if (isTabState(message) && message.tabId === tabId) setState(message);
      });
      // The worker was stopped: connecting again wakes it, and it resumes its jobs.
      port.onDisconnect.addListener(() => {
        if (!closed) setTimeout(connect, 300);
      });
      port.postMessage({ type: 'watch', tabId });
    };
    connect();
    return () => {
      closed = true;
      port?.disconnect();
    };
  }, [tabId]);
  return state;
}
