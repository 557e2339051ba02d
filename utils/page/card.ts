/**
 * The card that explains one claim: its verdict, what is wrong, the correction, the reasoning with its
 * `^N` citations linked to the numbered sources, and the sources (domain, cited fact, score). It lives in
 * the overlay's shadow root. It opens on hover, click or keyboard; Esc closes it and gives focus back.
 *
 * "Apply" writes into the user's draft, so it is guarded: it needs a trusted click on our own button, the
 * card must have stood still for a moment with the pointer resting on the button (see ClickGuard), and nothing
 * of the page's may be faded over it or painted above it (see coveredReason).
 */
import { t, uiLanguage } from '../shared/i18n';
import type { CheckedClaim } from '../contract/results';
import type { EarlierReview } from '../contract/earlier-checks';
import { formatDate, formatScore } from '../shared/format';
import { linkToFact, supportingSource } from '../shared/urls';
import { addsToLabel, VERDICT_ICONS, VERDICT_LABELS } from '../shared/verdicts';
import { el, safeLink } from './dom';
import { intersection, viewSize, type Box } from './clip';
import { copyText } from './clipboard';
import { ClickGuard, writeRefusal, type Refused } from './click-guard';
import type { Overlay } from './overlay';

export interface CardClaim {
  id: number;
  text: string;
  result: CheckedClaim | null;
  /** Why there is no verdict, in words and an icon ("Checking", "!" and "…could not be read…"); '' with a verdict. */
  status: string;
  statusIcon: string;
  stale: boolean;
  /** Set for claims in a draft: whether the correction can be written there. */
  editable: boolean;
  /** A claim in a draft that quotes it in part only (see Anchor.partial): its correction cannot replace it. */
  partialQuote: boolean;
  /** The claims are a whole draft's, which the card may have checked again once edited (a selection's are not). */
  recheckable: boolean;
  position: { index: number; total: number };
  /** The `lang` the page declares for the claim's text, and the service's language's ('': not known). */
  lang: string;
  verdictLang: string;
  /** The claim is in a Google Doc, where FactLens cannot write: its correction can be copied, and the card says why. */
  copyOnly?: boolean;
  /** Reviews fact-checkers published of the same claim, newest first (none when not looked for). */
  earlier: readonly EarlierReview[];
}

export interface CardActions {
  /** Writes the correction (`withSource`: followed by its source); returns what to tell the user, or throws saying why. */
  apply: (id: number, withSource: boolean) => Promise<string>;
  /** Writes the claim's text back over its applied correction; as `apply`. */
  undo: (id: number) => Promise<string>;
  /** Has the edited draft checked again (its changed sentences only); throws, saying why, if it was refused. */
  recheck: () => Promise<void>;
  dismiss: (id: number) => void;
  step: (id: number, direction: 1 | -1) => void;
  list: () => void;
  closed: () => void;
}

/** The least height a card is cut to beside its badge (its claim, verdict and actions, scrolled); less room: over the claim. */
const MIN_CARD_HEIGHT = 200;
/**
 * A card less high than this (cut to a page's small compose box) scrolls its actions with its text: kept in sight at its
 * foot (see OVERLAY_CSS), two rows of buttons and a status line (90-130 px) stood over its heading and Close.
 */
const ACTIONS_PINNED_FROM_HEIGHT = 320;

/** A claim's line boxes where they are now, in client px (its Range's client rects). */
export type ClaimLines = () => ArrayLike<Box>;

/**
 * The top and bottom, in client px, of a badge and the lines of its claim that show within `bounds` (a line scrolled
 * out of them leaves no room to keep clear).
 */
function claimSpan(badge: Box, lines: ArrayLike<Box>, bounds: Box): { top: number; bottom: number } {
  let { top, bottom } = badge;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (line.bottom <= bounds.top || line.top >= bounds.bottom || line.bottom === line.top) continue;
    top = Math.min(top, line.top);
    bottom = Math.max(bottom, line.bottom);
  }
  return { top, bottom };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class Card {
  private element: HTMLElement | null = null;
  /** Ends the watch for the user's return to the page (see closeOnReturnToPage), if one is on. */
  private stopWatchingOutside: (() => void) | null = null;
  private returnFocus: HTMLElement | null = null;
  /** The open card's claim's line boxes, where they are now: the card stands clear of them (see `place`). */
  private claimLines: ClaimLines | null = null;
  /** When the open card's writing buttons count a click (see ClickGuard). */
  private guard: ClickGuard | null = null;
  /** The writing buttons of the card being built, for its guard. */
  private writingButtons: HTMLElement[] = [];
  current: number | null = null;

  constructor(
    private readonly overlay: Overlay,
    private readonly actions: CardActions,
  ) {}

  get isOpen(): boolean {
    return this.element !== null;
  }

  /**
   * Opens (or replaces) the card for a claim, next to its badge, clear of the claim's `lines`. `focus` moves the
   * keyboard into it; closing gives it back to `returnTo`, else to the badge.
   */
  open(
    claim: CardClaim,
    {
      anchor,
      lines,
      focus,
      returnTo,
    }: { anchor: HTMLElement; lines?: ClaimLines; focus: boolean; returnTo?: HTMLElement },
  ): void {
    const keepReturn = this.element ? this.returnFocus : null;
    this.close(false);
    this.returnFocus = keepReturn ?? (focus ? (returnTo ?? anchor) : null);
    this.claimLines = lines ?? null;
    this.current = claim.id;
    this.writingButtons = [];
    const card = this.build(claim);
    this.element = card;
    this.overlay.cards.appendChild(card);
    this.guard = new ClickGuard(card);
    this.place(card, anchor);
    const footer = card.querySelector('.footer');
    if (footer) this.guard.observe(footer);
    for (const button of this.writingButtons) this.guard.watch(button);
    if (focus) card.querySelector<HTMLElement>('h2')?.focus();
  }

  /**
   * Moves the keyboard into the open card: one a hover opened, then clicked (its badge's click opens a card with
   * focus, and must not leave this one without). Closing gives focus back to `returnTo`.
   */
  takeFocus(returnTo: HTMLElement): void {
    if (!this.element) return;
    this.returnFocus ??= returnTo;
    this.element.querySelector<HTMLElement>('h2')?.focus();
  }

  /** Closes the card; focus goes back where it was before the keyboard opened it. */
  close(restoreFocus = true): void {
    if (!this.element) return;
    this.stopWatchingOutside?.();
    this.guard?.disconnect();
    this.guard = null;
    this.element.remove();
    this.element = null;
    this.claimLines = null;
    this.current = null;
    if (restoreFocus) {
      this.returnFocus?.focus();
      this.returnFocus = null;
      this.actions.closed();
    }
  }

  /** Moves the open card back next to its badge, which moved (its pane scrolled, or the page reflowed). */
  follow(anchor: HTMLElement): void {
    if (this.element) this.place(this.element, anchor);
  }

  /**
   * Below its badge and its claim's last line (above them and the claim's first line if there is no room below), so
   * that the claim stays in sight as its card is read: a card placed by the raised badge alone covers the lower part of
   * the line. Within the view, in client px. With room for the whole card on neither side, it goes to the side with
   * more room, made as high as that room, and scrolls within, so that its actions stay in sight. With too little room
   * on either side for a useful card, it stands over the claim instead. In a page's modal (see Overlay.modal), within
   * the modal's box too, and no wider than it: a modal clips what overflows it.
   */
  private place(card: HTMLElement, anchor: HTMLElement): void {
    const badge = anchor.getBoundingClientRect();
    const origin = this.overlay.origin();
    const modal = this.overlay.modal;
    // The view without its scroll bars: a card under one would be cut off, and would widen the page.
    const view = viewSize();
    let bounds: Box = { left: 0, top: 0, right: view.width, bottom: view.height };
    if (modal) {
      const box = modal.getBoundingClientRect();
      const inner = {
        left: box.left + modal.clientLeft,
        top: box.top + modal.clientTop,
        right: box.left + modal.clientLeft + modal.clientWidth,
        bottom: box.top + modal.clientTop + modal.clientHeight,
      };
      bounds = intersection(bounds, inner);
      card.style.maxWidth = `${Math.max(0, (bounds.right - bounds.left - 16) / origin.scaleX)}px`;
    }
    // Its full height first (448 px at most, see the CSS), then cut to the room it gets, if need be; where the
    // reader had scrolled it to is kept (taking its full height scrolls it back to its top).
    const scrolledTo = card.scrollTop;
    card.style.maxHeight = '';
    const width = card.offsetWidth * origin.scaleX;
    let height = card.offsetHeight * origin.scaleY;
    const left = Math.min(Math.max(bounds.left + 8, badge.left - width / 2), bounds.right - width - 8);
    const { top: spanTop, bottom: spanBottom } = claimSpan(badge, this.claimLines?.() ?? [], bounds);
    const roomBelow = bounds.bottom - 8 - (spanBottom + 6);
    const roomAbove = spanTop - 6 - (bounds.top + 8);
    let top = spanBottom + 6;
    if (height > roomBelow) {
      if (height <= roomAbove) top = spanTop - 6 - height;
      else if (Math.max(roomBelow, roomAbove) >= MIN_CARD_HEIGHT * origin.scaleY) {
        const room = Math.max(roomBelow, roomAbove);
        card.style.maxHeight = `${room / origin.scaleY}px`;
        height = Math.min(height, room);
        if (roomAbove > roomBelow) top = spanTop - 6 - height;
      } else {
        const most = bounds.bottom - bounds.top - 16;
        if (height > most) card.style.maxHeight = `${Math.max(0, most / origin.scaleY)}px`;
        height = Math.min(height, most);
        top = Math.max(bounds.top + 8, bounds.bottom - height - 8);
      }
    }
    card.classList.toggle('short', height / origin.scaleY < ACTIONS_PINNED_FROM_HEIGHT);
    card.style.left = `${Math.round((left - origin.left) / origin.scaleX)}px`;
    card.style.top = `${Math.round((top - origin.top) / origin.scaleY)}px`;
    if (scrolledTo) card.scrollTop = scrolledTo;
    this.guard?.notePlacement();
  }

  private build(claim: CardClaim): HTMLElement {
    const result = claim.result;
    const headingId = `factlens-card-${claim.id}`;
    const heading = el(
      'h2',
      { id: headingId, tabindex: '-1', class: result ? `verdict-${result.verdict}` : '' },
      el('span', { 'aria-hidden': 'true' }, result ? VERDICT_ICONS[result.verdict] : claim.statusIcon),
      result ? VERDICT_LABELS[result.verdict] : claim.status,
      claim.stale ? el('span', { class: 'muted' }, ` ${t('cardTextChanged')}`) : null,
    );
    const closeButton = el('button', { type: 'button', class: 'close', 'aria-label': t('close') }, '✕');
    closeButton.addEventListener('click', () => this.close());
    heading.appendChild(closeButton);

    const card = el(
      'section',
      { class: 'card', role: 'dialog', 'aria-labelledby': headingId, 'data-claim': String(claim.id) },
      heading,
      // The page's words, in their own direction (a Hebrew claim reads from the right, its full stop at its end).
      el('p', { class: 'claim', dir: 'auto', lang: claim.lang }, claim.text),
      ...(result ? verdictDetails(result, claim.verdictLang) : []),
      ...(claim.earlier.length ? earlierReviews(claim.earlier) : []),
      this.buildActions(claim),
    );
    card.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        // Used up here: a page's modal dialog around the overlay would close on it too (see Overlay.scope).
        event.preventDefault();
        event.stopPropagation();
        this.close();
      } else if (event.altKey && (event.key === 'ArrowRight' || event.key === 'ArrowDown')) {
        event.preventDefault();
        this.actions.step(claim.id, 1);
      } else if (event.altKey && (event.key === 'ArrowLeft' || event.key === 'ArrowUp')) {
        event.preventDefault();
        this.actions.step(claim.id, -1);
      }
    });
    return card;
  }

  private buildActions(claim: CardClaim): HTMLElement {
    const status = el('p', { class: 'status', role: 'status' });
    const button = (
      label: string,
      onClick: (event: MouseEvent) => void,
      attributes: Record<string, string | boolean> = {},
    ) => {
      const element = el('button', { type: 'button', ...attributes }, label);
      element.addEventListener('click', onClick);
      return element;
    };
    const correction = claim.result?.correction ?? '';
    // Edited since the check: no Apply (its text is not the claim's any more); in its place, checking the draft again.
    const stale = claim.stale && claim.editable;
    const buttons: HTMLElement[] = [];
    if (correction) {
      buttons.push(
        button(t('cardCopyCorrection'), () => {
          copyText(correction).then(
            () => (status.textContent = t('cardCorrectionCopied')),
            () => (status.textContent = t('cardCopyRefused')),
          );
        }),
      );
      if (claim.editable && !stale && !claim.partialQuote) {
        const applying: HTMLElement[] = [];
        const apply = button(t('cardApplyCorrection'), (event) => this.apply(claim, event, status, applying, false), {
          class: 'primary',
        });
        applying.push(apply);
        if (claim.result && supportingSource(claim.result))
          applying.push(button(t('cardApplyWithSource'), (event) => this.apply(claim, event, status, applying, true)));
        buttons.push(...applying);
        this.writingButtons.push(...applying);
      }
    }
    if (stale && claim.recheckable) {
      // A paid call, asked for from inside the page: guarded as Apply is. Only the changed sentences are sent.
      const recheck = button(
        t('cardCheckDraftAgain'),
        (event) => {
          if (!this.mayAct(event, status, 'refusedNotChecked')) return;
          status.textContent = t('cardCheckingDraftAgain');
          this.actions.recheck().catch((error: unknown) => (status.textContent = messageOf(error)));
        },
        { class: 'primary', 'aria-describedby': 'factlens-stale-note' },
      );
      buttons.push(recheck);
      this.writingButtons.push(recheck);
    }
    buttons.push(
      button(t('cardPrevious'), () => this.actions.step(claim.id, -1), { 'aria-keyshortcuts': 'Alt+ArrowLeft' }),
    );
    buttons.push(
      button(t('cardNext'), () => this.actions.step(claim.id, 1), { 'aria-keyshortcuts': 'Alt+ArrowRight' }),
    );
    buttons.push(button(t('cardDismiss'), () => this.actions.dismiss(claim.id)));
    buttons.push(button(t('cardAllClaims'), () => this.actions.list()));
    const wrapper = el('div', { class: 'footer' }, el('div', { class: 'actions' }, ...buttons), status);
    if (stale)
      wrapper.appendChild(
        el(
          'p',
          { id: 'factlens-stale-note', class: 'muted' },
          `${t(correction ? 'cardStaleCorrection' : 'cardStaleVerdict')}${claim.recheckable ? '' : ` ${t('cardCheckDraftAgainHint')}`}`,
        ),
      );
    if (correction && claim.partialQuote && !stale) wrapper.appendChild(el('p', { class: 'muted' }, t('partialQuote')));
    if (correction && claim.copyOnly) wrapper.appendChild(el('p', { class: 'muted' }, t('cardDocsCopyOnly')));
    // In the footer, beside Previous and Next: after it, it stood in the card's bottom padding, cut off, once the card
    // was scrolled to its end.
    wrapper.appendChild(el('p', { class: 'muted' }, t('cardPosition', claim.position.index + 1, claim.position.total)));
    return wrapper;
  }

  /**
   * Applies the claim's correction, once the click passes the guards (see `mayAct`). Applied, the card stays open
   * with an Undo in place of Apply: an editor whose own Ctrl+Z does not reach the edit can still take it back.
   */
  private apply(
    claim: CardClaim,
    event: MouseEvent,
    status: HTMLElement,
    applyButtons: HTMLElement[],
    withSource: boolean,
  ): void {
    if (!this.mayAct(event, status)) return;
    const [applyButton, ...others] = applyButtons as [HTMLElement, ...HTMLElement[]];
    this.actions.apply(claim.id, withSource).then(
      (done) => {
        status.textContent = done;
        const undo = el('button', { type: 'button', class: 'primary' }, t('cardUndoCorrection'));
        undo.addEventListener('click', (undoEvent) => {
          if (!this.mayAct(undoEvent, status)) return;
          this.actions.undo(claim.id).then(
            (undone) => {
              status.textContent = undone;
              undo.remove();
            },
            (error: unknown) => (status.textContent = messageOf(error)),
          );
        });
        const hadFocus = applyButtons.some((button) => button.matches(':focus'));
        applyButton.replaceWith(undo);
        for (const other of others) other.remove();
        this.guard?.watch(undo);
        if (hadFocus) undo.focus();
        this.closeOnReturnToPage();
      },
      (error: unknown) => (status.textContent = messageOf(error)),
    );
  }

  /**
   * Once a correction is applied, the card (kept open for its Undo) goes away as soon as the user goes back to the
   * page: a click or a key anywhere but in our overlay, as into the draft to write on. Focus stays where the user
   * put it.
   */
  private closeOnReturnToPage(): void {
    const host = this.overlay.host;
    const doc = host.ownerDocument;
    // Events from inside the overlay (the card, a badge) come with our host in their path, the shadow root closed.
    const onEvent = (event: Event) => {
      if (!event.composedPath().includes(host)) this.close(false);
    };
    doc.addEventListener('pointerdown', onEvent, true);
    doc.addEventListener('keydown', onEvent, true);
    this.stopWatchingOutside = () => {
      doc.removeEventListener('pointerdown', onEvent, true);
      doc.removeEventListener('keydown', onEvent, true);
      this.stopWatchingOutside = null;
    };
  }

  /**
   * Whether a click may write into the draft, or have it checked again: a user's own click (not a script's), with
   * nothing of the page's over the card (see coveredReason), on a card that stood still under a resting pointer
   * (see ClickGuard). If not, the status says why (`refused`: what was not done).
   */
  private mayAct(event: MouseEvent, status: HTMLElement, refused: Refused = 'refusedNothingWritten'): boolean {
    if (!event.isTrusted) return false;
    const notYet = this.element
      ? writeRefusal(event, this.element, this.overlay.host, this.guard, refused)
      : t('cardClosed');
    if (notYet) {
      status.textContent = notYet;
      return false;
    }
    return true;
  }
}

/** What the service said of a claim: its own verdict's words, what is wrong, the correction, the reasoning, the sources. */
function verdictDetails(result: NonNullable<CardClaim['result']>, verdictLang: string | undefined): HTMLElement[] {
  // The service's words, in its language, after the card's own label (in the interface's).
  const told = (label: string, text: string) =>
    el('p', {}, el('span', { class: 'label' }, label), el('span', { lang: verdictLang }, text));
  const details: (HTMLElement | null)[] = [
    addsToLabel(result.verdictText, result.verdict)
      ? el('p', { class: 'muted' }, `${t('cardServiceSaid')} `, el('span', { lang: verdictLang }, result.verdictText))
      : null,
    result.error ? told(`${t('cardWhatIsWrong')} `, result.error) : null,
    result.correction ? told(`${t('cardCorrection')} `, result.correction) : null,
    result.reasoning ? reasoningOf(result, verdictLang) : null,
    ...(result.sources.length ? sourcesOf(result.sources) : []),
  ];
  return details.filter((detail): detail is HTMLElement => detail !== null);
}

/** The reasoning, its citation markers each a link to the fact its source states. */
function reasoningOf(result: NonNullable<CardClaim['result']>, verdictLang: string | undefined): HTMLElement {
  const reasoning = el(
    'p',
    { lang: verdictLang },
    el('span', { class: 'label', lang: uiLanguage() }, `${t('cardReasoning')} `),
  );
  for (const part of result.reasoningParts) {
    if (part.kind === 'text') {
      reasoning.appendChild(document.createTextNode(part.text));
      continue;
    }
    const source = result.sources[part.sourceIndex];
    const marker = `[${part.sourceIndex + 1}]`;
    const label = source?.domain
      ? t('cardSourceNumberAt', part.sourceIndex + 1, source.domain)
      : t('cardSourceNumber', part.sourceIndex + 1);
    const link = safeLink(source?.url ? linkToFact(source.url, source.fact) : null, marker, {
      'aria-label': label,
      lang: uiLanguage(),
    });
    reasoning.appendChild(el('sup', {}, link));
  }
  return reasoning;
}

/** The sources, numbered as the reasoning cites them: each a link, its relevance, and the fact it states. */
function sourcesOf(sources: NonNullable<CardClaim['result']>['sources']): HTMLElement[] {
  const item = (source: (typeof sources)[number]) =>
    el(
      'li',
      { value: String(source.index + 1) },
      safeLink(
        source.url ? linkToFact(source.url, source.fact) : null,
        source.domain || source.linkText || t('cardSource'),
      ),
      source.score !== null ? el('span', { class: 'muted' }, ` · ${t('cardScore', formatScore(source.score))}`) : null,
      // The source's own words, in a language not known (lang=""), not the card's.
      source.fact ? el('div', { class: 'muted', dir: 'auto', lang: '' }, source.fact) : null,
    );
  return [el('p', { class: 'label' }, t('cardSources')), el('ol', {}, ...sources.map(item))];
}

/**
 * What fact-checkers published of the same claim: each publisher, its rating in its own words, the date and the
 * review's title, a link (http(s) only). Their words are in their language, not the card's.
 */
export function earlierReviews(reviews: readonly EarlierReview[]): HTMLElement[] {
  const item = (review: EarlierReview) =>
    el(
      'li',
      {},
      el('strong', {}, review.publisher || review.site),
      ' ',
      el('span', { lang: review.languageCode }, t('earlierRated', review.rating || '?')),
      review.reviewDate ? el('span', { class: 'muted' }, ` · ${formatDate(review.reviewDate)}`) : null,
      el(
        'div',
        { dir: 'auto', lang: review.languageCode },
        safeLink(review.url, review.title || review.url || review.site),
      ),
    );
  return [el('p', { class: 'label' }, t('earlierHeading')), el('ul', { class: 'earlier' }, ...reviews.map(item))];
}
