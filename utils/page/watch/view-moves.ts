/** Hears the view move: a scroll anywhere in the page (a pane's too) or a resize of the window, until `signal` aborts. */
export function watchView(moved: () => void, signal: AbortSignal): void {
  window.addEventListener('scroll', moved, { capture: true, passive: true, signal });
  window.addEventListener('resize', moved, { passive: true, signal });
}
