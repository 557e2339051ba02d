/**
 * A claim's state in words and an icon, the same in the popup, the side panel, the history, the in-page badge, card
 * and list, and the Markdown report: its verdict, or why it has none.
 */
import { t, type MessageKey } from './i18n';
import { VERDICT_ICONS, VERDICT_LABELS, type Verdict } from './verdicts';

export type ClaimStatusKind = Verdict | 'checking' | 'not-checked' | 'missing' | 'unreadable' | 'detected';

export interface ClaimStatus {
  kind: ClaimStatusKind;
  icon: string;
  label: string;
}

/** Each state without a verdict: its icon, and its words' message. */
const WITHOUT_VERDICT: Record<Exclude<ClaimStatusKind, Verdict>, { icon: string; label: MessageKey }> = {
  checking: { icon: '…', label: 'statusChecking' },
  'not-checked': { icon: '–', label: 'statusNotChecked' },
  missing: { icon: '–', label: 'statusMissing' },
  unreadable: { icon: '!', label: 'statusUnreadable' },
  detected: { icon: '•', label: 'statusDetected' },
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
  return { kind, icon: WITHOUT_VERDICT[kind].icon, label: t(WITHOUT_VERDICT[kind].label) };
}
