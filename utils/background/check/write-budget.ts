/**
 * The day's budget of checking as the user writes: what a call may cost, booked against the day's limit before it is
 * sent and settled by its answer, so that the limit holds across tabs, frames and worker restarts, and fails closed.
 */
import type { Ledger } from '../../contract/jobs';

/** What one call of an as-you-write check is about to send: detection of sentences, verification of claims, or both. */
export type PlannedCall =
  { kind: 'detect'; sentences: number } | { kind: 'verify'; claims: number } | { kind: 'one-call'; sentences: number };

/**
 * What a call costs before this user's answers have said: a sentence's detection 1 credit, a claim's verification 3,
 * and 1 more for each call. The service publishes no prices (docs/service-contract.md); these stand above every cost it has
 * been seen to report, and give way to what the user's own answers cost, once they say.
 */
export const DEFAULT_RATES = { perSentence: 1, perClaim: 3, perCall: 1 } as const;

/** Learnt rates are raised by this much: an average is not a bound, and the estimate must not fall short of a call. */
const LEARNT_MARGIN = 1.25;

const rate = (learnt: { units: number; credits: number }, fallback: number) =>
  learnt.units > 0 ? (learnt.credits / learnt.units) * LEARNT_MARGIN : fallback;

/** The credits a planned call may cost, from the ledger's rates (or the defaults before it has any), rounded up. */
export function estimateCall(ledger: Ledger, call: PlannedCall): number {
  const perSentence = rate(
    { units: ledger.detected.sentences, credits: ledger.detected.credits },
    DEFAULT_RATES.perSentence,
  );
  const perClaim = rate({ units: ledger.verified.claims, credits: ledger.verified.credits }, DEFAULT_RATES.perClaim);
  const units =
    call.kind === 'detect'
      ? call.sentences * perSentence
      : call.kind === 'verify'
        ? call.claims * perClaim
        : call.sentences * (perSentence + perClaim);
  return Math.ceil(units) + DEFAULT_RATES.perCall;
}

/**
 * How many sentences a text holds, for an estimate: its sentence ends (a full stop, a question or exclamation mark
 * before a space or the end, a line break), at least one.
 */
export function countSentences(text: string): number {
  const ends = text.trim().match(/[.!?…]+["”’)\]]*(?=\s|$)|[。！？]+|\n+/g)?.length ?? 0;
  return Math.max(1, ends);
}

/** The credits spent checking as the user writes on `day` (booked estimates included), from the ledger. */
export const spentOn = (ledger: Pick<Ledger, 'writing'>, day: string): number =>
  ledger.writing.day === day ? ledger.writing.credits : 0;
