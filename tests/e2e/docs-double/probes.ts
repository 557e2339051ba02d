/** What the Docs tests read in a Doc's page (run in the page, in either browser). */

/** Each highlighted claim's text, and whether its first line box starts at a run of the layer whose label starts it. */
export function claimsAtTheirRuns(): Array<{ text: string; atRun: boolean }> {
  const runs = [...document.querySelectorAll('.kix-appview-editor rect[aria-label]')].map((rect) => ({
    label: rect.getAttribute('aria-label') ?? '',
    box: rect.getBoundingClientRect(),
  }));
  const ranges = [...CSS.highlights.entries()]
    .filter(([name]) => name.startsWith('factlens-'))
    .flatMap(([, highlight]) => [...highlight] as Range[]);
  return ranges.map((range) => {
    const text = range.toString().replace(/\s+/g, ' ').trim();
    const first = range.getClientRects()[0];
    const atRun =
      !!first &&
      runs.some(
        (run) =>
          Math.abs(run.box.left - first.left) < 2 &&
          Math.abs(run.box.top + run.box.height / 2 - (first.top + first.height / 2)) < run.box.height / 2 &&
          text.startsWith(run.label.trim().slice(0, 8)),
      );
    return { text, atRun };
  });
}
