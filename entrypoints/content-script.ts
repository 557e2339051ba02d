/**
 * The content script's first part, injected on demand, or registered for the sites where the user turned on checking
 * as they write (never declared for every page). It watches its own tab's check over the events port and shows it in
 * the page: highlights and badges; its second part (utils/page/content-parts.ts) brings cards, the results list,
 * drafts and corrections, and checking as the user writes. It cannot see the API key or call the service, and it takes
 * no orders from the page. Its life there: utils/page/content-session.ts.
 */
import { defineUnlistedScript } from '#imports';
import { ContentSession } from '@/utils/page/content-session';

export default defineUnlistedScript(() => {
  // The background injects the script only where it is not running (see injectContentScript), and wakes it where it
  // is: a second instance would draw everything again. Two checks started at once share one injection.
  if (globalThis.__factlensContent) return;
  new ContentSession().start();
});
