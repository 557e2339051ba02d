/** Access to every site, which the user may allow from the side panel, the popup or the options page. */
import { browser } from '#imports';

/**
 * Every web page, which the user may allow from the side panel: it follows the active tab, and a tab the user has not
 * opened the extension on (its toolbar button, menu or shortcut, which grant activeTab) is out of its reach. The
 * pages' text is read only when the user asks for a check, as it is with activeTab.
 */
export const ALL_SITES = ['https://*/*', 'http://*/*'];

/** Asks the browser for every site; call it first in a click, as the browser requires a user gesture. Whether granted. */
export function requestAllSites(): Promise<boolean> {
  return browser.permissions.request({ origins: ALL_SITES }).catch(() => false);
}

/** The match pattern of a site's pages, from its origin (a pattern names a host, not a port). */
export function sitePattern(origin: string): string {
  const { protocol, hostname } = new URL(origin);
  return `${protocol}//${hostname}/*`;
}
