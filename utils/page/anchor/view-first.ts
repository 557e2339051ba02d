/** The order a check's claims are located in: those nearest the part of the text in view first. */

/** Raw offsets in a text model, [start, end). */
export interface Span {
  start: number;
  end: number;
}

/**
 * The indexes of the claims not located yet (`undefined` in `placed`, which follows the check's order), nearest `view`
 * first, the check's order kept among those as near. Claims come in the order of the text: one not located yet is
 * placed between the nearest located claims before and after it in the check's order (the text's ends where there is
 * none), its run of such claims spread evenly there. A claim not found (null) tells nothing of where the others are.
 */
export function viewFirstOrder(placed: readonly (Span | null | undefined)[], textEnd: number, view: Span): number[] {
  const distances: { index: number; distance: number }[] = [];
  let runStart = 0;
  let before = 0;
  for (let index = 0; index <= placed.length; index++) {
    const span = index < placed.length ? placed[index] : { start: textEnd, end: textEnd };
    if (!span) continue;
    const run: number[] = [];
    for (let inRun = runStart; inRun < index; inRun++) if (placed[inRun] === undefined) run.push(inRun);
    const room = Math.max(0, span.start - before);
    run.forEach((pending, at) => {
      const estimate = before + (room * (at + 0.5)) / run.length;
      distances.push({ index: pending, distance: Math.max(0, view.start - estimate, estimate - view.end) });
    });
    runStart = index + 1;
    before = Math.max(before, span.end);
  }
  // Array.prototype.sort is stable: claims as near keep the check's order.
  return distances.sort((a, b) => a.distance - b.distance).map(({ index }) => index);
}
