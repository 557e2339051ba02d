/** How much two texts share at their start and at their end: the one stretch an edit changed between them. */

/** Whether the character codes at two places are the same text (by default, the same character). */
export type SameCode = (a: number, b: number) => boolean;

const identical: SameCode = (a, b) => a === b;

/** The lengths of the longest start and end `before` and `after` share, not overlapping in either. */
export function commonEnds(
  before: string,
  after: string,
  same: SameCode = identical,
): { prefix: number; suffix: number } {
  const most = Math.min(before.length, after.length);
  let prefix = 0;
  while (prefix < most && same(before.charCodeAt(prefix), after.charCodeAt(prefix))) prefix++;
  let suffix = 0;
  while (
    suffix < most - prefix &&
    same(before.charCodeAt(before.length - 1 - suffix), after.charCodeAt(after.length - 1 - suffix))
  )
    suffix++;
  return { prefix, suffix };
}
