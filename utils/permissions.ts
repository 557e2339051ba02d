/** The service's documented hosts (service-notes.md): the current one and the one older docs and callers use. */
export const RELEASE_HOST_PERMISSIONS = ['https://api-az.longshot.ai/*', 'https://api-v2.longshot.ai/*'] as const;

/**
 * Every web page, which the user may allow from the side panel: it follows the active tab, and a tab the user has not
 * opened the extension on (its toolbar button, menu or shortcut, which grant activeTab) is out of its reach. The
 * pages' text is read only when the user asks for a check, as it is with activeTab.
 */
export const ALL_SITES = ['https://*/*', 'http://*/*'];
