/**
 * The content script, injected on demand, or registered for the sites where the user turned on checking as they write
 * (never declared for every page). It watches its own tab's check over the events port and shows it in the page:
 * highlights, badges, cards, and corrections in drafts; on such a site it checks drafts as the user writes. It cannot
 * see the API key or call the service, and it takes no orders from the page. Its life there: utils/page/content-session.ts.
 */
import { defineContentScript } from '#imports';
import { ContentSession } from '@/utils/page/content-session';

export default defineContentScript({
  registration: 'runtime',
  main(ctx) {
    // The background injects the script only where it is not running (see injectContentScript), and wakes it where it
    // is: a second instance would stop this one as it starts (WXT's context stops the older instances of a script),
    // and draw everything again. Two checks started at once share one injection.
    if (globalThis.__factlensContent) return;
    new ContentSession(ctx).start();
  },
});
