/**
 * The results list, in the page: every claim of the check with its verdict, a button that shows it where it was
 * located (or opens the collapsed section it is in), or the words "Not found in the page". It lives in the overlay's
 * shadow root beside the card, as a dialog that Esc closes; all claim text is rendered as text.
 */
import { t, tp } from '../shared/i18n';
import { ClickGuard, writeRefusal } from './click-guard';
import { el } from './dom';
import type { Overlay } from './overlay';

export interface ListedClaim {
  id: number;
  /** The verdict's icon and words, or that it is still being checked. */
  verdict: string;
  text: string;
  /** The `lang` the page declares for the claim's text ('': not known). */
  lang: string;
  where: 'located' | 'collapsed' | 'off view' | 'not found';
  /** Who fact-checked the same claim before, and their ratings, in a line ('': none). */
  earlier: string;
}

export interface ListSummary {
  located: number;
  total: number;
  /** Claims not located where they show, but in collapsed sections of the page. */
  collapsed: number;
  /** How many corrections "Apply all corrections" would write (0: no such button, as on a page). */
  correctable: number;
}

export interface ListActions {
  reveal: (id: number) => void;
  clear: () => void;
  /** Writes every correction that can be; returns what to tell the user. */
  applyAll: () => Promise<string>;
}

export class ResultsList {
  private panel: HTMLElement | null = null;
  private guard: ClickGuard | null = null;
  /** What the list last told (Apply all's outcome), kept as the list is drawn again with each change. */
  private told = '';

  constructor(
    private readonly overlay: Overlay,
    private readonly actions: ListActions,
  ) {}

  get isOpen(): boolean {
    return this.panel !== null;
  }

  /** Shows the list, or shows it again with these claims in place of the one open (its focus left where it is). */
  show(summary: ListSummary, claims: ListedClaim[]): void {
    const previous = this.panel;
    const heading = el(
      'h2',
      { id: 'factlens-list-heading', tabindex: '-1' },
      t('listLocated', summary.located, summary.total),
    );
    const close = el('button', { type: 'button', class: 'close', 'aria-label': t('close') }, '✕');
    close.addEventListener('click', () => this.hide());
    heading.appendChild(close);
    const clear = el('button', { type: 'button' }, t('listClearHighlights'));
    clear.addEventListener('click', () => this.actions.clear());
    const status = el('p', { class: 'status', role: 'status' }, this.told);
    // It writes into the draft: guarded as the card's Apply is (see ClickGuard and coveredReason).
    const applyAll =
      summary.correctable > 0
        ? el('button', { type: 'button', class: 'primary' }, t('listApplyAll', summary.correctable))
        : null;
    applyAll?.addEventListener('click', (event) => {
      if (!event.isTrusted || !this.panel) return;
      const notYet = writeRefusal(event, this.panel, this.overlay.host, this.guard, 'refusedNothingWritten');
      if (notYet) {
        status.textContent = notYet;
        return;
      }
      applyAll.setAttribute('disabled', '');
      this.tell(tp('listWriting', summary.correctable));
      void this.actions.applyAll().then((told) => this.tell(told));
    });
    const items = claims.map(({ id, verdict, text, lang, where, earlier }) => {
      const earlierLine = earlier && el('div', { class: 'muted' }, earlier);
      if (where === 'not found')
        return el(
          'li',
          {},
          el('span', { class: 'label' }, verdict),
          ' ',
          el('bdi', { lang }, text),
          el('div', { class: 'muted' }, t('listNotFound')),
          earlierLine,
        );
      // The page's words isolated from the label around them: a Hebrew claim does not pull the label's colon across.
      const button = el('button', { type: 'button' }, `${t('verdictColon', verdict)} `, el('bdi', { lang }, text));
      button.addEventListener('click', () => this.actions.reveal(id));
      return el(
        'li',
        {},
        button,
        where === 'collapsed' && el('div', { class: 'muted' }, t('listInCollapsed')),
        where === 'off view' && el('div', { class: 'muted' }, t('claimOffView')),
        earlierLine,
      );
    });
    const panel = el(
      'section',
      { class: 'card list', role: 'dialog', 'aria-labelledby': 'factlens-list-heading' },
      heading,
      summary.collapsed > 0 && el('p', { class: 'muted' }, tp('listMoreCollapsed', summary.collapsed)),
      el('ol', {}, ...items),
      // In sight at the list's foot while a long list scrolls (see OVERLAY_CSS).
      el('div', { class: 'footer' }, el('div', { class: 'actions' }, applyAll, clear), status),
    );
    panel.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      this.hide();
    });
    if (previous) previous.replaceWith(panel);
    else this.overlay.cards.appendChild(panel);
    this.panel = panel;
    this.guard?.disconnect();
    this.guard = new ClickGuard(panel);
    if (applyAll) this.guard.watch(applyAll);
    if (!previous) heading.focus();
  }

  /** Says something in the list's status line, which stays as the list is drawn again. */
  tell(text: string): void {
    this.told = text;
    const status = this.panel?.querySelector('.status');
    if (status) status.textContent = text;
  }

  hide(): void {
    this.told = '';
    this.guard?.disconnect();
    this.guard = null;
    this.panel?.remove();
    this.panel = null;
  }
}
