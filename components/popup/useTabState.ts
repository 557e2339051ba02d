/** The popup's view of a tab: pushed by the background over the events port, kept in step while open. */
import { useEffect, useState } from 'preact/hooks';
import { browser } from '#imports';
import { EVENTS_PORT, isTabState } from '@/utils/shared/ports';
import type { TabState } from '@/utils/contract/messages';

/** Which tab this page serves: `?tabId=` when given (the side panel, tests), else the active tab. */
export async function targetTabId(): Promise<number | null> {
  const fromQuery = Number(new URLSearchParams(location.search).get('tabId'));
  if (Number.isInteger(fromQuery) && fromQuery > 0) return fromQuery;
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id ?? null;
}

export function useTabState(tabId: number | null): TabState | null {
  const [state, setState] = useState<TabState | null>(null);
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
