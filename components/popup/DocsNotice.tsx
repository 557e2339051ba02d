/**
 * In a Google Doc: what FactLens needs there, and the click that gives it. Allowing docs.google.com (an optional host,
 * asked for in this click) registers the flag that asks Docs for its text layer (docs-access.ts); Docs reads the flag
 * as it opens, so an open document is reloaded, when the user says so (this one, or every open one). Checked, a document
 * is sent as its text.
 */
import { browser } from '#imports';
import type { TabInfo } from '@/utils/contract/messages';
import { useEffect, useState } from 'preact/hooks';
import { DOCS_DOCUMENTS, DOCS_ORIGIN } from '@/utils/shared/docs-flag';
import { t } from '@/utils/shared/i18n';
import { sendMessage } from '@/utils/shared/messaging';

interface DocsNoticeProps {
  tabId: number;
  googleDoc: NonNullable<TabInfo['googleDoc']>;
  /** Reads the tab again (its state changed). */
  inspect: (tabId: number) => void;
  onError: (message: string) => void;
}

/** Whether a Doc can be checked from the popup now: FactLens is allowed there, and the document has its layer. */
export const docReady = (googleDoc: TabInfo['googleDoc']): boolean =>
  !googleDoc || (googleDoc.allowed && googleDoc.layer);

export function DocsNotice({ tabId, googleDoc, inspect, onError }: DocsNoticeProps) {
  async function allow() {
    // Asked in the click itself, as the browser requires.
    const granted = await browser.permissions.request({ origins: [DOCS_ORIGIN] }).catch(() => false);
    if (!granted) return onError(t('docsAllowRefused'));
    await sendMessage('docsAllowed', undefined).catch(() => undefined);
    inspect(tabId);
  }
  // The other Docs open in the browser (readable once docs.google.com is allowed): they too read the flag as they open.
  const [others, setOthers] = useState<number[]>([]);
  useEffect(() => {
    if (!googleDoc.allowed || googleDoc.layer) return;
    void browser.tabs
      .query({ url: DOCS_DOCUMENTS })
      .then((tabs) => setOthers(tabs.flatMap((tab) => (tab.id === undefined || tab.id === tabId ? [] : [tab.id]))))
      .catch(() => setOthers([]));
  }, [googleDoc.allowed, googleDoc.layer, tabId]);
  function reload(alsoOthers: boolean) {
    const loaded = (id: number, change: { status?: string }) => {
      if (id !== tabId || change.status !== 'complete') return;
      browser.tabs.onUpdated.removeListener(loaded);
      inspect(tabId);
    };
    browser.tabs.onUpdated.addListener(loaded);
    void browser.tabs.reload(tabId);
    if (alsoOthers) for (const id of others) void browser.tabs.reload(id).catch(() => undefined);
  }
  if (!googleDoc.allowed)
    return (
      <section aria-label={t('docsHeading')} class="actions-panel">
        <p class="hint">{t('docsAllowPrompt')}</p>
        <button type="button" onClick={() => void allow()}>
          {t('docsAllow')}
        </button>
      </section>
    );
  if (!googleDoc.layer)
    return (
      <section aria-label={t('docsHeading')} class="actions-panel">
        <p class="hint">{t('docsReloadPrompt')}</p>
        <button type="button" onClick={() => reload(false)}>
          {t('docsReload')}
        </button>
        {others.length > 0 && (
          <button type="button" onClick={() => reload(true)}>
            {t('docsReloadAll')}
          </button>
        )}
      </section>
    );
  return googleDoc.whole ? null : <p class="hint">{t('docsPartial')}</p>;
}
