/**
 * The content script's first part, injected on demand, or registered for the sites where the user turned on checking
 * as they write (never declared for every page). It watches its own tab's check over the events port and shows it in
 * the page: highlights and badges; its second part (utils/page/content-parts.ts) brings cards, the results list,
 * drafts and corrections, and checking as the user writes. It cannot see the API key or call the service, and it takes
 * no orders from the page. Its life there: utils/page/content-session.ts.
 */
import { defineUnlistedScript } from '#imports';
import { ContentSession } from '@/utils/page/content-session';
import { yieldToPage } from '@/utils/page/injected/sliced-pause';

export default defineUnlistedScript(() => {
  // The background injects the script only where it is not running (see injectContentScript), and wakes it where it
  // is: a second instance would draw everything again. Two checks started at once share one injection.
  if (globalThis.__factlensContent) return;
  // Claimed at once, so that a second injection returns and a wake finds it; the session is made and started in a task
  // of its own, so that the script's evaluation (the browser's parse and compile) and the session's start are not one
  // long task for the page.
  const claimed = { job: null, wake: () => true };
  globalThis.__factlensContent = claimed;
  void yieldToPage().then(() => {
    if (globalThis.__factlensContent === claimed) new ContentSession().start();
  });
});
