/** Verdicts in words and icons, apart from the zod schemas so that the content script can use them without zod. */
import { t } from './i18n';

/** A claim's verdict, whatever form `factuality` arrived in. */
export const VERDICTS = ['supported', 'refuted', 'mixed', 'unverifiable'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** Each verdict in the interface's words (read when used: the messages are the browser's language's). */
export const VERDICT_LABELS: Readonly<Record<Verdict, string>> = {
  get supported() {
    return t('verdictTrue');
  },
  get refuted() {
    return t('verdictFalse');
  },
  get mixed() {
    return t('verdictMixed');
  },
  get unverifiable() {
    return t('verdictUnverifiable');
  },
};

/** The verdicts as the service words them in English, whatever the interface's language. */
const ENGLISH_LABELS: Record<Verdict, string> = {
  supported: 'true',
  refuted: 'false',
  mixed: 'partly true',
  unverifiable: 'needs more information',
};

/**
 * Whether the service's own words for a verdict add something to its label: not when they are the label in other words
 * ("Partially true" beside "Partly true", "Need more information" beside "Needs more information"), in English or in
 * the interface's language, which read as noise beside it; yes when they say more ("Need more information to verify
 * this claim").
 */
export function addsToLabel(serviceWords: string, verdict: Verdict): boolean {
  const words = serviceWords
    .toLowerCase()
    .replace(/partially/, 'partly')
    .replace(/need\b/, 'needs')
    .replace(/[^\p{L} ]/gu, '')
    .trim();
  return words !== '' && words !== ENGLISH_LABELS[verdict] && words !== VERDICT_LABELS[verdict].toLowerCase();
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
