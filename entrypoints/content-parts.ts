/**
 * The content script's second part (see utils/page/content-parts.ts), injected by the background into a frame where
 * the first part runs, in the same isolated world: it adds no listener and no UI of its own, and hands its makers over.
 */
import { defineUnlistedScript } from '#imports';
import { contentParts } from '@/utils/page/content-parts';

export default defineUnlistedScript(() => {
  globalThis.__factlensParts ??= contentParts;
});
