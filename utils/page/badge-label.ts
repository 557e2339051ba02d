/** What a claim's badge says (its accessible name), and at which end of the claim's last line it stands. */
import { t } from '../shared/i18n';
import { endSentence } from '../shared/format';

/**
 * A badge's accessible name: the verdict, the claim (shortened with "…" past 60 characters), and what the badge
 * does, e.g. "False: The far side of the Moon never receives sunlight. Show details".
 */
export function badgeLabel(verdict: string, claim: string): string {
  // Not between the two halves of a character beyond the BMP (an emoji, a rare Chinese character): half is no character.
  const cut = 57 - (claim.charCodeAt(56) >> 10 === 0x36 ? 1 : 0);
  const words = claim.length > 60 ? `${claim.slice(0, cut)}…` : claim;
  // The claim's own full stop (or the ellipsis of a shortened one) ends it: no second one.
  return `${endSentence(t('verdictAndClaim', verdict, words))} ${t('badgeShowDetails')}`;
}

/**
 * Whether a claim's text ends in right-to-left script (Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, their
 * presentation forms), so that its last line ends on the left: by its last letter, not by the page's direction
 * (an English sentence in a right-to-left page still ends on the right).
 */
const ENDS_IN_RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]\P{L}*$/u;
export const endsRightToLeft = (text: string): boolean => ENDS_IN_RTL_LETTER.test(text);
