/** What the popup is told of a tab before a check: what it can check there, and why not when it cannot. */
import type { SettingsInForce } from '../contract/managed-policy';
import { browser, type Browser } from '#imports';
import { hasWords } from '../shared/check-input';
import type { PageSnapshot } from '../contract/page-actions';
import { chooseSource, drawnOnCanvas } from './check/source';
import type { TabInfo } from '../contract/messages';
import { allowingSitesWouldHelp } from './tab-access';
import { t } from '../shared/i18n';

/** How much of the selection the popup shows. */
const PREVIEW_CHARS = 280;

export function tabInfoOf(
  tabId: number,
  snapshot: PageSnapshot,
  settings: Pick<SettingsInForce, 'apiBaseUrl' | 'sendPageAddresses'>,
  /** FactLens is allowed in Google Docs (see docs-access.ts). */
  allowed = false,
): TabInfo {
  return {
    tabId,
    url: snapshot.url,
    title: snapshot.title,
    headline: snapshot.headline,
    selectionPreview: snapshot.selection.slice(0, PREVIEW_CHARS),
    selectionLength: snapshot.selection.length,
    selectionEditable: snapshot.selectionEditable,
    draftLength: hasWords(snapshot.draft) ? snapshot.draft.length : 0,
    drawnOnCanvas: drawnOnCanvas(snapshot),
    pdf: !!snapshot.pdf,
    mainTextLength: snapshot.mainText.length,
    pageSource: chooseSource('page', snapshot, settings.apiBaseUrl, settings.sendPageAddresses),
    unreadable: null,
    canAllowSites: false,
    googleDoc: snapshot.googleDoc ? { allowed, ...snapshot.googleDoc } : null,
  };
}

/** A tab the extension could not read: why, and whether allowing every site would help. */
export async function unreadableTabInfo(tabId: number, tab: Browser.tabs.Tab | null, error: unknown): Promise<TabInfo> {
  return {
    tabId,
    url: tab?.url ?? '',
    title: tab?.title ?? '',
    headline: '',
    selectionPreview: '',
    selectionLength: 0,
    selectionEditable: false,
    draftLength: 0,
    drawnOnCanvas: false,
    pdf: false,
    mainTextLength: 0,
    pageSource: { kind: 'text', reason: '', canSwitch: false },
    unreadable: error instanceof Error ? error.message : t('pageUnreadable'),
    canAllowSites: await allowingSitesWouldHelp(tab?.url, error instanceof Error ? error.cause : undefined),
    googleDoc: null,
  };
}

/** Whether the tab is in a private (incognito) window, where nothing of a check is kept on disk (see keepFinished). */
export async function inPrivateWindow(tabId: number | null): Promise<boolean> {
  if (tabId === null) return false;
  const tab = await browser.tabs.get(tabId).catch(() => null);
  return tab?.incognito === true;
}
