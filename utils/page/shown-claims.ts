/** A check's claims as the page shows them: where each was located, and how each is drawn, carded and listed. */
import type { JobClaim, JobView } from '../contract/jobs';
import { claimStatus, type ClaimStatus } from '../shared/claim-status';
import { t } from '../shared/i18n';
import { isActive } from '../shared/progress';
import type { CardClaim } from './card';
import type { ClaimEdits } from './claim-edits';
import { badgeLabel, endsRightToLeft } from './badge-label';
import type { Mark } from './highlighter';
import type { ListedClaim } from './results-list';
import type { HighlightKind } from './styles';
import type { CheckTarget, Located } from './targets/target';
import type { Locate } from './anchor/exact-anchor';
import { viewFirstOrder } from './anchor/view-first';
import { moveRange, rangeFor, releaseRange, type TextModel } from './anchor/text-model';

export interface AnchoringSummary {
  located: number;
  total: number;
  notFound: number[];
  /** Claims not located where they show, but in a section the page keeps collapsed (see collapsed.ts). */
  collapsed: number[];
  /** Claims on a part of the target not drawn yet (a Google Doc's pages away from the view: see CheckTarget.seek). */
  offView: number[];
}

/** The check shown, and where its claims are. */
export interface ShownCheck {
  job: JobView | null;
  target: CheckTarget;
}

export class ShownClaims {
  readonly located = new Map<number, Located | null>();
  /**
   * For a page check's claims not located: the collapsed sections that hide each one (see collapsed.ts), or null if
   * none does; looked for once per claim until the page changes.
   */
  readonly collapsed = new Map<number, Element[] | null>();

  /**
   * Each claim's badge label, by the words it was made of: a draw (one for each batch of verdicts, and each frame the
   * claims move in) asks for every claim's label, and each is made in the interface's words, a call into the browser.
   */
  private readonly labels = new Map<number, { words: string; label: string }>();

  constructor(
    private readonly check: () => ShownCheck,
    private readonly edits: ClaimEdits,
  ) {}

  /**
   * After the text changed (`model` is new): claims whose text is still where it was, and still shown, keep their
   * place; the others are forgotten, to be looked for again (one in a section the reader closed is then told as in a
   * collapsed section, as a new check would tell it).
   */
  keepStillThere(model: TextModel, target: CheckTarget): void {
    const shown = target.visibility(model);
    for (const [id, found] of this.located)
      if (!found || !stillThere(found, model) || !shown(found.start, found.end)) {
        if (found) releaseRange(found.range);
        this.located.delete(id);
      }
  }

  /**
   * Locates the claims not located yet with `locate`, until `deadline` (performance.now()), the first of them whatever
   * the time when `atLeastOne` (so that slices go on); `missed`, one of them was not found; `deferred`, one of them was
   * left for later (past the deadline) or for a locator with more strategies (see locateExactly), not looked for yet.
   */
  locateRest(
    model: TextModel,
    target: CheckTarget,
    locate: Locate,
    { deadline = Infinity, atLeastOne = false } = {},
  ): { missed: boolean; deferred: boolean } {
    const isVisible = target.visibility(model);
    const claims = this.check().job?.claims ?? [];
    const searchFrom = target.searchFrom(model);
    let missed = false;
    let deferred = false;
    for (const index of this.locatingOrder(claims, model, target)) {
      const claim = claims[index]!;
      const inTime = atLeastOne || performance.now() < deadline;
      atLeastOne = false;
      if (!inTime) {
        deferred = true;
        continue;
      }
      // Claims usually come in the order of the text: each is looked for after the located claim before it (the first,
      // after the start of the selection checked).
      const anchor = locate(model, claim.text, { isVisible, after: this.endBefore(claims, index) ?? searchFrom });
      if (anchor === undefined) {
        deferred = true;
        continue;
      }
      const range = anchor ? rangeFor(model, anchor.start, anchor.end) : null;
      const found =
        anchor && range
          ? { start: anchor.start, end: anchor.end, text: range.toString(), range, partial: anchor.partial }
          : null;
      this.located.set(claim.id, found);
      if (found) target.noteLocated(found);
      else missed = true;
    }
    return { missed, deferred };
  }

  /**
   * The indexes of the claims not located yet: in the check's order, or, for a target that knows its view (a page's),
   * those nearest the text in view first (see viewFirstOrder): when they take more than a slice, those are drawn first.
   */
  private locatingOrder(claims: readonly JobClaim[], model: TextModel, target: CheckTarget): number[] {
    const placed = claims.map((claim) => this.located.get(claim.id));
    const pending = [...placed.keys()].filter((index) => placed[index] === undefined);
    const view = pending.length > 1 ? target.viewSpan?.(model) : null;
    if (!view) return pending;
    const last = model.nodes.length - 1;
    return viewFirstOrder(placed, model.starts[last]! + model.nodes[last]!.data.length, view);
  }

  /** Where the nearest located claim before the claim at `index` (in the check's order) ends. */
  private endBefore(claims: readonly JobClaim[], index: number): number | undefined {
    for (let before = index - 1; before >= 0; before--) {
      const found = this.located.get(claims[before]!.id);
      if (found) return found.end;
    }
    return undefined;
  }

  /** Forgets every located claim, and lets go of their Ranges (see releaseRange). */
  forget(): void {
    for (const found of this.located.values()) if (found) releaseRange(found.range);
    this.located.clear();
    this.collapsed.clear();
    this.labels.clear();
  }

  private labelOf(claim: JobClaim, verdictWords: string): string {
    const earlier = !!claim.earlier?.length;
    const words = `${verdictWords}\n${claim.text}\n${earlier}`;
    const known = this.labels.get(claim.id);
    if (known?.words === words) return known.label;
    const label = badgeLabel(verdictWords, claim.text) + (earlier ? ` ${t('badgeFactCheckedBefore')}` : '');
    this.labels.set(claim.id, { words, label });
    return label;
  }

  claim(id: number): JobClaim | undefined {
    return this.check().job?.claims.find((claim) => claim.id === id);
  }

  /** The claims neither dismissed nor corrected, in the check's order. */
  visible(): JobClaim[] {
    return (this.check().job?.claims ?? []).filter((claim) => this.edits.isShown(claim.id));
  }

  /**
   * The claims whose correction "Apply all corrections" may write: located in a draft, whole (not quoted in part), not
   * stale, with a correction that changes their text; last in the text first, so that writing one moves none of those
   * still to write.
   */
  correctable(writable: boolean): number[] {
    if (!writable) return [];
    return this.visible()
      .filter((claim) => {
        const found = this.located.get(claim.id);
        const correction = claim.result?.correction;
        return correction && found && correction !== found.text && !found.partial && !this.edits.isStale(claim.id);
      })
      .sort((first, second) => this.located.get(second.id)!.start - this.located.get(first.id)!.start)
      .map((claim) => claim.id);
  }

  summary(): AnchoringSummary {
    const claims = this.visible();
    const missed = claims.filter((claim) => this.located.get(claim.id) === null).map((claim) => claim.id);
    const offView = this.check().target.seek ? missed : [];
    return {
      located: claims.filter((claim) => this.located.get(claim.id)).length,
      total: claims.length,
      notFound: missed.filter((id) => !this.collapsed.get(id) && !offView.includes(id)),
      collapsed: missed.filter((id) => this.collapsed.get(id)),
      offView,
    };
  }

  /** What the highlighter draws: a mark for each claim located. */
  marks(): Mark[] {
    const { target } = this.check();
    const field = target.field ?? target.drawnWithin;
    return this.visible().flatMap((claim) => {
      const found = this.located.get(claim.id);
      if (!found) return [];
      const status = this.statusOf(claim);
      return [
        {
          id: claim.id,
          range: found.range,
          kind: this.kindOf(claim, status),
          icon: status.icon,
          earlier: !!claim.earlier?.length,
          label: this.labelOf(claim, status.label + this.staleNote(claim)),
          rtl: endsRightToLeft(found.text),
          field,
        },
      ];
    });
  }

  cardClaim(claim: JobClaim): CardClaim {
    const { job, target } = this.check();
    const claims = this.visible().filter((entry) => this.located.get(entry.id));
    const status = this.statusOf(claim);
    return {
      id: claim.id,
      text: claim.text,
      result: claim.result,
      status: claim.result ? '' : claim.unreadable ? t('cardUnreadable') : status.label,
      statusIcon: status.icon,
      stale: this.edits.isStale(claim.id),
      editable: target.writing !== null,
      partialQuote: target.writing !== null && !!this.located.get(claim.id)?.partial,
      recheckable: target.writing !== null && job?.scope === 'draft',
      position: { index: Math.max(0, claims.indexOf(claim)), total: claims.length },
      lang: this.langOf(claim.id),
      verdictLang: job?.languageTag ?? '',
      earlier: claim.earlier ?? [],
      copyOnly: target.drawnWithin !== undefined,
    };
  }

  /** What the results list shows of each claim. */
  listed(): ListedClaim[] {
    const seeks = !!this.check().target.seek;
    const whereOf = (id: number): ListedClaim['where'] => {
      const found = this.located.get(id);
      if (found) return 'located';
      if (this.collapsed.get(id)) return 'collapsed';
      return found === null && seeks ? 'off view' : 'not found';
    };
    return this.visible().map((claim) => {
      const status = this.statusOf(claim);
      return {
        id: claim.id,
        verdict: `${status.icon} ${status.label}${this.staleNote(claim)}`,
        text: claim.text,
        lang: this.langOf(claim.id),
        where: whereOf(claim.id),
        earlier: claim.earlier?.length
          ? t(
              'listEarlier',
              claim.earlier
                .map((review) => t('earlierRatedBy', review.publisher || review.site, review.rating))
                .join('; '),
            )
          : '',
      };
    });
  }

  /**
   * The located claim after (or before) this one, round the end; from a claim no longer listed (its correction just
   * applied), its neighbour in the check's order.
   */
  neighbour(id: number, direction: 1 | -1): number | undefined {
    const claims = this.visible().filter((claim) => this.located.get(claim.id));
    if (!claims.length) return undefined;
    const index = claims.findIndex((claim) => claim.id === id);
    if (index >= 0) return claims[(index + direction + claims.length) % claims.length]!.id;
    const order = this.check().job?.claims.map((claim) => claim.id) ?? [];
    const at = order.indexOf(id);
    const after = claims.filter((claim) => order.indexOf(claim.id) > at);
    const before = claims.filter((claim) => order.indexOf(claim.id) < at);
    return (direction > 0 ? (after[0] ?? claims[0]) : (before.at(-1) ?? claims.at(-1)))!.id;
  }

  /**
   * The first located claim, in the page's order (a check lists its claims in the service's), whose text starts at or
   * below the view's top; the first of all past the last. One box read a claim, on a key press, not on a frame.
   */
  firstInView(): number | undefined {
    const placed = this.visible()
      .flatMap((claim) => {
        const found = this.located.get(claim.id);
        return found ? [{ id: claim.id, box: found.range.getBoundingClientRect() }] : [];
      })
      .sort((a, b) => a.box.top - b.box.top || a.box.left - b.box.left);
    return (placed.find(({ box }) => box.bottom > 0) ?? placed[0])?.id;
  }

  /**
   * The language the page declares where a claim stands (for a text field's, the field's: its mirror is ours); for a
   * claim not found, where the checked text was.
   */
  private langOf(id: number): string {
    const { job, target } = this.check();
    return target.langAt(this.located.get(id)?.range) ?? job?.textLang ?? '';
  }

  /** A claim's verdict or why it has none, in the words of the popup (see claim-status.ts). */
  private statusOf(claim: JobClaim): ClaimStatus {
    const job = this.check().job;
    return claimStatus(claim, { running: job ? isActive(job.state) : false });
  }

  private kindOf(claim: JobClaim, status: ClaimStatus): HighlightKind {
    if (this.edits.isStale(claim.id)) return 'stale';
    if (claim.result) return claim.result.verdict;
    return status.kind === 'checking' ? 'checking' : 'unverifiable';
  }

  /** What a claim's verdict is followed by where its text was edited since the check (badge and results list). */
  private staleNote(claim: JobClaim): string {
    return this.edits.isStale(claim.id) ? ` ${t('staleNote')}` : '';
  }
}

/**
 * Whether a claim's text is still at its offsets in a new model. Its Range is moved there either way: a page that
 * renders a paragraph again replaces its nodes with identical ones, and the Range collapsed when the old nodes left
 * (moved, not made anew, so that the highlights and the card that hold it keep it).
 */
function stillThere(found: Located, model: TextModel): boolean {
  return moveRange(found.range, model, found.start, found.end) && found.range.toString() === found.text;
}
