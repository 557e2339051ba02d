/**
 * Delays a test may stretch in the e2e build, so that a race it must win (typing before the page checker looks, a
 * click before the hover delay ends, a click before a card's button is armed) does not depend on the machine's speed: it sets
 * `data-factlens-e2e-<name>-ms` on the page's root (a slice of 0 ms: one claim per slice). The release build compiles this down to the delay itself.
 */
export type E2eDelay = 'reanchor' | 'hover' | 'arming' | 'rest' | 'write-pause' | 'slice';

export function e2eDelay(name: E2eDelay, ms: number): number {
  if (import.meta.env.MODE !== 'e2e') return ms;
  const set = document.documentElement.getAttribute(`data-factlens-e2e-${name}-ms`);
  return set !== null && Number(set) >= 0 ? Number(set) : ms;
}
