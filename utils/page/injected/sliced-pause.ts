/** Work done in slices of a few milliseconds, the page's own tasks let run between them. */

/** Awaited often in a long loop: it lets the page run once the current slice has used its time. */
export type Pause = () => Promise<void>;

export const SLICE_MS = 8;

/**
 * Yields to the page: scheduler.yield() puts the rest first among the tasks that wait (Chromium); a message through a
 * channel is a task of its own, without the 4 ms clamp of nested timers, and without timer throttling.
 */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** A pause for one piece of work: its first slice starts now. */
export function slicedPause(): Pause {
  let sliceEnd = performance.now() + SLICE_MS;
  return async () => {
    if (performance.now() < sliceEnd) return;
    await yieldToPage();
    sliceEnd = performance.now() + SLICE_MS;
  };
}
