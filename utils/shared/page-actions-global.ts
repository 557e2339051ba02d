/** How the worker reaches the actions it injects into a page (see utils/page/injected/install-page-actions.ts). */

/** Where the actions are kept in a frame's isolated world, which the page cannot see. */
export const PAGE_ACTIONS_GLOBAL = 'factlensPageActions';

/** The unlisted script that installs them (entrypoints/page-actions.ts, as WXT builds it). */
export const PAGE_ACTIONS_FILE = '/page-actions.js';
