/**
 * The context menu on selected text and the keyboard commands. Each runs the same controller call as
 * the popup. There is no UI of ours on screen when they fire, so the outcome shows on the toolbar badge,
 * and the popup is opened where the browser allows it; the result waits in the popup either way.
 */
import { loadPolicy } from './settings-store';
import { featureOff } from '../contract/managed-policy';
import { t, type MessageKey } from '../shared/i18n';
import { browser, type Browser } from '#imports';
import { ServiceError } from './api/errors';
import type { PageSnapshot } from '../contract/page-actions';
import type { Controller } from './controller';

/** Each menu item's id, and its words' message. */
const MENU_ITEMS = {
  'factlens-check-selection': 'menuCheckSelection',
  'factlens-detect-selection': 'menuDetectSelection',
  'factlens-rephrase-selection': 'menuRephraseSelection',
  'factlens-extend-selection': 'menuExtendSelection',
} as const satisfies Record<string, MessageKey>;
export type MenuItemId = keyof typeof MENU_ITEMS;

/** The menu items of the writing tools, which the organization may turn off. */
const GENERATION_ITEMS = new Set<string>(['factlens-rephrase-selection', 'factlens-extend-selection']);

/**
 * Creates the menu items. Menus persist across worker restarts, so this runs on install and update, and as the
 * organization's policy changes (the writing tools' items go when it turns them off).
 */
export async function createMenus(): Promise<void> {
  const generationOff = featureOff((await loadPolicy()).policy, 'generation');
  browser.contextMenus.removeAll(() => {
    for (const [id, title] of Object.entries(MENU_ITEMS))
      if (!(generationOff && GENERATION_ITEMS.has(id)))
        browser.contextMenus.create(
          { id, title: t(title), contexts: ['selection'] },
          () => void browser.runtime.lastError,
        );
  });
}

/** What the menu event says about the selection, for pages the extension cannot read (a PDF, a store page). */
function snapshotFromMenu(info: Browser.contextMenus.OnClickData, tab: Browser.tabs.Tab | undefined): PageSnapshot {
  return {
    url: tab?.url ?? info.pageUrl ?? '',
    title: tab?.title ?? '',
    headline: tab?.title ?? '',
    mainText: '',
    selection: info.selectionText ?? '',
    selectionEditable: Boolean(info.editable),
    draft: '',
    signedIn: false,
    frameId: info.frameId ?? 0,
  };
}

async function openPopup(): Promise<void> {
  // Chrome 127+ opens it without a user gesture in the toolbar; elsewhere the badge has to do.
  const action = browser.action as (typeof browser.action & { openPopup?: () => Promise<void> }) | undefined;
  await action?.openPopup?.().catch(() => undefined);
}

/** Runs an entry point's work. Refusals are recorded on the tab by the controller (badge and popup). */
async function run(work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof ServiceError))
      console.error('[factlens] entry point failed', error instanceof Error ? error.message : error);
  }
  await openPopup();
}

export async function onMenuClicked(
  controller: Controller,
  info: Browser.contextMenus.OnClickData,
  tab: Browser.tabs.Tab | undefined,
): Promise<void> {
  const tabId = tab?.id;
  if (tabId === undefined || tabId < 0 || !(info.menuItemId in MENU_ITEMS)) return;
  const fallback = snapshotFromMenu(info, tab);
  const id = info.menuItemId as MenuItemId;
  switch (id) {
    case 'factlens-check-selection':
    case 'factlens-detect-selection':
      return run(() =>
        controller.startCheck({ tabId, scope: 'selection', detectOnly: id === 'factlens-detect-selection', fallback }),
      );
    case 'factlens-rephrase-selection':
    case 'factlens-extend-selection':
      return run(() =>
        controller.startWriting(tabId, id === 'factlens-rephrase-selection' ? 'rephrase' : 'extend', fallback),
      );
  }
}

export async function onCommand(
  controller: Controller,
  command: string,
  tab: Browser.tabs.Tab | undefined,
): Promise<void> {
  const tabId = tab?.id ?? (await browser.tabs.query({ active: true, currentWindow: true }))[0]?.id;
  if (tabId === undefined) return;
  if (command === 'check-page') return run(() => controller.startCheck({ tabId, scope: 'page' }));
  if (command === 'toggle-highlights') return controller.toggleHighlights(tabId);
  if (command === 'next-claim') {
    // The card opens with the keyboard in it: the popup is not opened over it. A page with no check drawn (no content
    // script to answer) gets the popup, which says there is nothing checked yet and offers the check.
    await controller.revealClaim(tabId, 'next').catch(openPopup);
    return;
  }
  if (command !== 'check-selection') return;
  // The selection if there is one, else the draft being written, else a message saying what to do.
  const info = await controller.inspectTab(tabId);
  const scope = info.selectionLength > 0 ? 'selection' : info.draftLength > 0 ? 'draft' : 'selection';
  return run(() => controller.startCheck({ tabId, scope }));
}
