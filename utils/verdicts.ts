/** Verdicts in words and icons, apart from the zod schemas so that the content script can use them without zod. */
/** A claim's verdict, whatever form `factuality` arrived in. */
export const VERDICTS = ['supported', 'refuted', 'mixed', 'unverifiable'] as const;
export type Verdict = (typeof VERDICTS)[number];

export const VERDICT_LABELS: Record<Verdict, string> = {
  supported: 'True',
  refuted: 'False',
  mixed: 'Partly true',
  unverifiable: 'Needs more information',
};

/** Verdicts are never shown by colour alone: each has an icon and words. */
export const VERDICT_ICONS: Record<Verdict, string> = {
  supported: '✓',
  refuted: '✗',
  mixed: '◐',
  unverifiable: '?',
};

/** How many claims have each verdict (claims without one are not counted). */
export function countVerdicts(claims: { result: { verdict: Verdict } | null }[]): Record<Verdict, number> {
  const counts = { supported: 0, refuted: 0, mixed: 0, unverifiable: 0 };
  for (const claim of claims) if (claim.result) counts[claim.result.verdict]++;
  return counts;
}
