/**
 * Hears the page's top layer change where no attribute does: an element going full screen or back, and popovers
 * opening and closing, whose `toggle` event does not bubble (caught on its way down). Until `signal` aborts.
 */
export function watchTopLayer(changed: (event: Event) => void, signal: AbortSignal): void {
  document.addEventListener('fullscreenchange', changed, { signal });
  document.addEventListener('toggle', changed, { capture: true, signal });
}
