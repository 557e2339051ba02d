/**
 * The extension API as the browser itself gives it, for the scripts injected into pages: Firefox's `browser`, and
 * Chrome's `chrome`, whose MV3 calls return promises. wxt.config.ts puts it in place of webextension-polyfill in those
 * builds, which then do not carry the polyfill; their listeners answer with `sendResponse`, which both browsers take.
 */
import type { browser as polyfilled } from '@wxt-dev/webextension-polyfill/browser';

const scope = globalThis as { browser?: typeof polyfilled; chrome?: typeof polyfilled };

export const browser: typeof polyfilled = scope.browser?.runtime?.id ? scope.browser : scope.chrome!;
