/**
 * Hears a switch between the page's light and dark themes, which changes none of its text, only its colours: a class or
 * a data attribute on its root or its body, or the system's scheme, which the page may follow. Calls `changed` once a
 * frame at most, until `signal` aborts.
 */
export function watchTheme(changed: () => void, signal: AbortSignal): void {
  let frame = 0;
  const schedule = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      changed();
    });
  };
  const themes = new MutationObserver(schedule);
  themes.observe(document.documentElement, { attributes: true });
  if (document.body) themes.observe(document.body, { attributes: true });
  const systemScheme = matchMedia('(prefers-color-scheme: dark)');
  systemScheme.addEventListener('change', schedule, { signal });
  signal.addEventListener('abort', () => {
    themes.disconnect();
    cancelAnimationFrame(frame);
  });
}
