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

/**
 * Whether the service's own words for a verdict add something to its label: not when they are the label in other words
 * ("Partially true" beside "Partly true", "Need more information" beside "Needs more information"), which read as noise
 * beside it; yes when they say more ("Need more information to verify this claim").
 */
export function addsToLabel(serviceWords: string, label: string): boolean {
  const words = serviceWords
    .toLowerCase()
    .replace(/partially/, 'partly')
    .replace(/need\b/, 'needs')
    .replace(/[^a-z ]/g, '')
    .trim();
  return words !== '' && words !== label.toLowerCase();
}

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
