/**
 * Loads the content script's second part (see content-parts.ts) on first use: the background injects it into this
 * frame. Asked for early, once the first highlights are drawn and the page is idle, so that a card opens at its click.
 */
import { t } from '../shared/i18n';
import { ask } from '../shared/messaging';
import type { ContentParts } from './content-parts';

let loading: Promise<ContentParts> | null = null;

/** The second part, injected now if it is not here yet; rejects if it could not be (the next call tries again). */
export function loadParts(): Promise<ContentParts> {
  const here = globalThis.__factlensParts;
  if (here) return Promise.resolve(here);
  loading ??= ask('loadContentParts', undefined)
    .then(() => {
      const parts = globalThis.__factlensParts;
      if (!parts) throw new Error(t('pagePartMissing'));
      return parts;
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** The second part, already here, or undefined. */
export function partsHere(): ContentParts | undefined {
  return globalThis.__factlensParts;
}

/**
 * Loads the second part once the page is idle (the first highlights come first), then hands it to `arrived` at the
 * next idle time; at the next idle time at once if it is here.
 */
export function prefetchParts(arrived: (parts: ContentParts) => void): void {
  const whenIdle = (then: () => void) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(then, { timeout: 2000 }) : setTimeout(then, 200);
  const here = globalThis.__factlensParts;
  if (here) return void whenIdle(() => arrived(here));
  whenIdle(() => {
    loadParts().then(
      (parts) => whenIdle(() => arrived(parts)),
      () => undefined,
    );
  });
}
