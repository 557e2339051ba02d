/** What a test reads or does through the extension's service worker: menu clicks, commands, the toolbar's badge and title, raw messages. */
import { type Locator, type Page, type Worker } from '@playwright/test';
import { expect } from './quick-expect';

/**
 * Dispatches a context-menu click through the real onClicked listener, with what the menu's event carries (a test
 * cannot open the native menu).
 */
export async function clickMenuItem(
  worker: Worker,
  tabId: number,
  menuItemId: string,
  selectionText: string,
  editable = false,
): Promise<void> {
  await worker.evaluate(
    async ({ tabId, menuItemId, selectionText, editable }) => {
      const tab = await chrome.tabs.get(tabId);
      const event = chrome.contextMenus.onClicked as unknown as { dispatch: (...args: unknown[]) => void };
      event.dispatch({ menuItemId, selectionText, editable, pageUrl: tab.url }, tab);
    },
    { tabId, menuItemId, selectionText, editable },
  );
}

/** Dispatches a keyboard command through the real onCommand listener. */
/**
 * The toolbar badge's text on a tab. The badge, its colour and the title are set one after the other: poll each
 * (`expect.poll`), not one once the other shows.
 */
export function badgeText(worker: Worker, tabId: number): Promise<string> {
  return worker.evaluate((id) => chrome.action.getBadgeText({ tabId: id }), tabId);
}

/**
 * Whether an element's language is `tag` (or a variant of it): its `lang`, or the nearest around it, through shadow
 * hosts; what a screen reader reads it as.
 */
export function inLanguage(locator: Locator, tag: string): Promise<boolean> {
  return locator.evaluate((element, language) => element.matches(`:lang(${language})`), tag);
}

/** The toolbar button's title on a tab: its tooltip, and its name to a screen reader. */
export function actionTitle(worker: Worker, tabId: number): Promise<string> {
  return worker.evaluate((id) => chrome.action.getTitle({ tabId: id }), tabId);
}

export async function runCommand(worker: Worker, tabId: number, command: string): Promise<void> {
  await worker.evaluate(
    async ({ tabId, command }) => {
      const tab = await chrome.tabs.get(tabId);
      const event = chrome.commands.onCommand as unknown as { dispatch: (...args: unknown[]) => void };
      event.dispatch(command, tab);
    },
    { tabId, command },
  );
}

/** The ids of the context menu's items, on selected text. */
export const MENU_ITEM_IDS = [
  'factlens-check-selection',
  'factlens-detect-selection',
  'factlens-rephrase-selection',
  'factlens-extend-selection',
];

/**
 * Sends these messages to the background from an extension page, all at once (as a double click, or the shortcut
 * pressed twice, would ask), and returns the ids of what each started; each must have been accepted.
 */
export async function sendAtOnce(page: Page, messages: { type: string; data: unknown }[]): Promise<string[]> {
  const replies = (await page.evaluate(
    (all) => Promise.all(all.map((message) => chrome.runtime.sendMessage(message))),
    messages,
  )) as { ok: boolean; value?: { id: string } }[];
  expect(replies.map((reply) => reply.ok)).toEqual(messages.map(() => true));
  return replies.map((reply) => reply.value!.id);
}
