/**
 * A claim's state in words and an icon, the same in the popup, the side panel, the history, the in-page badge, card
 * and list, and the Markdown report: its verdict, or why it has none.
 */
import { VERDICT_ICONS, VERDICT_LABELS, type Verdict } from './verdicts';

export type ClaimStatusKind = Verdict | 'checking' | 'not-checked' | 'missing' | 'unreadable' | 'detected';

export interface ClaimStatus {
  kind: ClaimStatusKind;
  icon: string;
  label: string;
}

/** A claim whose answer came but could not be read (see JobClaim.unreadable). */
export const UNREADABLE_LABEL = 'The service’s answer for this claim could not be read';

const WITHOUT_VERDICT: Record<Exclude<ClaimStatusKind, Verdict>, Omit<ClaimStatus, 'kind'>> = {
  checking: { icon: '…', label: 'Checking' },
  'not-checked': { icon: '–', label: 'Not checked' },
  missing: { icon: '–', label: 'No verdict returned' },
  unreadable: { icon: '!', label: UNREADABLE_LABEL },
  detected: { icon: '•', label: 'Detected' },
};

export interface StatusOf {
  result: { verdict: Verdict } | null;
  missing?: boolean;
  unreadable?: unknown;
}

/**
 * `running`: the check is still under way (a claim without a verdict is then being checked). `detectOnly`: the check
 * only detected claims, which have no verdict to give.
 */
export function claimStatus(
  claim: StatusOf,
  { running, detectOnly = false }: { running: boolean; detectOnly?: boolean },
): ClaimStatus {
  if (claim.result)
    return {
      kind: claim.result.verdict,
      icon: VERDICT_ICONS[claim.result.verdict],
      label: VERDICT_LABELS[claim.result.verdict],
    };
  const kind: Exclude<ClaimStatusKind, Verdict> = detectOnly
    ? 'detected'
    : claim.unreadable
      ? 'unreadable'
      : claim.missing
        ? 'missing'
        : running
          ? 'checking'
          : 'not-checked';
  return { kind, ...WITHOUT_VERDICT[kind] };
}
