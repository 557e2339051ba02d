// What `chrome` is inside page.evaluate / serviceWorker.evaluate callbacks: the extension API, whose
// promise-returning shape webextension-polyfill's types describe.
import type { Browser } from 'webextension-polyfill';

declare global {
  const chrome: Browser;
}
