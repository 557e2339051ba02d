/** Playwright's `expect`, its `poll` reading every 50 ms: a test waits at nearly every step, each read one quick call. */
import { test as base } from '@playwright/test';

/**
 * How often `expect.poll` reads again: every 50 ms, where Playwright's default waits 100, 250, 500 and then 1000 ms.
 * A test waits for something at nearly every step (a badge, a card, a status line, an editor's text), and each read
 * is one quick call into the page: the default's growing waits made up much of the suites' time (the Firefox file:
 * 5.4 min with them, 4.3 min without, on one machine).
 */
const POLL_INTERVALS = [50];

/** This `expect`, with its `poll` reading every POLL_INTERVALS unless told otherwise. */
export function withQuickPolls<Expect extends typeof base.expect>(expect: Expect): Expect {
  const quickPoll: typeof base.expect.poll = (generator, options) =>
    expect.poll(
      generator,
      typeof options === 'string'
        ? { message: options, intervals: POLL_INTERVALS }
        : { intervals: POLL_INTERVALS, ...options },
    );
  return new Proxy(expect, {
    get: (target, property, receiver) => (property === 'poll' ? quickPoll : Reflect.get(target, property, receiver)),
  });
}

export const expect = withQuickPolls(base.expect);
