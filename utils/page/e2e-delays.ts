/**
 * Delays a test may stretch in the e2e build, so that a race it must win (typing before the page checker looks, a
 * click before the hover delay ends, a click before a card's button is armed) does not depend on the machine's speed: it sets
 * `data-factlens-e2e-<name>-ms` on the page's root. The release build compiles this down to the delay itself.
 */
export type E2eDelay = 'reanchor' | 'hover' | 'arming' | 'rest' | 'write-pause';

export function e2eDelay(name: E2eDelay, ms: number): number {
  if (import.meta.env.MODE !== 'e2e') return ms;
  const set = Number(document.documentElement.getAttribute(`data-factlens-e2e-${name}-ms`));
  return set > 0 ? set : ms;
}
