/** Races a test must win, won on any machine: the content script's delays stretched for the test, and its steps timed against them. */
import type { E2eDelay } from '../../utils/page/e2e-delays';

/**
 * How long a race test stretches the delay it must beat (see stretchDelay): the release build's delays (250 ms before
 * the page checker looks at a change, 350 ms of hover) are shorter than a loaded machine takes for a test's few steps.
 */
export const RACE_WINDOW_MS = 2_500;

/** Something with frames that can evaluate an expression: a Playwright or a Puppeteer page. */
interface WithFrames {
  frames(): { evaluate(expression: string): Promise<unknown> }[];
}

/**
 * Stretches one of the page checker's delays in every frame of the page (see utils/page/e2e-delays.ts, e2e build
 * only), so that a race the test must win does not depend on the machine's speed.
 */
export async function stretchDelay(page: WithFrames, name: E2eDelay, ms = RACE_WINDOW_MS): Promise<void> {
  const set = `document.documentElement.setAttribute('data-factlens-e2e-${name}-ms', '${ms}')`;
  for (const frame of page.frames()) await frame.evaluate(set).catch(() => undefined);
}

/** Fails unless the test's steps ran within the stretched delay: otherwise the race it is about was not run. */
export function expectWithinRaceWindow(took: number, windowMs = RACE_WINDOW_MS): void {
  if (took >= windowMs)
    throw new Error(`The steps took ${took} ms, not within ${windowMs} ms: the race was not tested`);
}
