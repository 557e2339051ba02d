/**
 * Keeps the service worker alive while a service call is pending. Chrome stops a worker that has had no
 * extension event for 30 s, even with a fetch in flight; calling a cheap extension API every 25 s resets
 * that timer, which is Chrome's documented remedy for long requests. Jobs are
 * persisted too, so a worker stopped anyway loses only the calls that were out.
 */
import { browser } from '#imports';

const KEEPALIVE_INTERVAL_MS = 25_000;

let pending = 0;
let timer: ReturnType<typeof setInterval> | undefined;

export function keepAlive<T>(work: Promise<T>): Promise<T> {
  pending++;
  timer ??= setInterval(() => {
    browser.runtime.getPlatformInfo().catch(() => undefined);
  }, KEEPALIVE_INTERVAL_MS);
  return work.finally(() => {
    pending--;
    if (pending === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  });
}
