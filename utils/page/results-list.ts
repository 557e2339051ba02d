/**
 * The results list, in the page: every claim of the check with its verdict, a button that shows it where it was
 * located (or opens the collapsed section it is in), or the words "Not found in the page". It lives in the overlay's
 * shadow root beside the card, as a dialog that Esc closes; all claim text is rendered as text.
 */
import { el } from './dom';
import type { Overlay } from './overlay';

export interface ListedClaim {
  id: number;
  /** The verdict's icon and words, or that it is still being checked. */
  verdict: string;
  text: string;
  /** The `lang` the page declares for the claim's text ('': not known). */
  lang: string;
  where: 'located' | 'collapsed' | 'not found';
}

export interface ListSummary {
  located: number;
  total: number;
  /** Claims not located where they show, but in collapsed sections of the page. */
  collapsed: number;
}

export class ResultsList {
  private panel: HTMLElement | null = null;

  constructor(
    private readonly overlay: Overlay,
    private readonly actions: { reveal: (id: number) => void; clear: () => void },
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
      `Located ${summary.located} of ${summary.total} claims`,
    );
    const close = el('button', { type: 'button', class: 'close', 'aria-label': 'Close' }, '✕');
    close.addEventListener('click', () => this.hide());
    heading.appendChild(close);
    const clear = el('button', { type: 'button' }, 'Clear highlights');
    clear.addEventListener('click', () => this.actions.clear());
    const items = claims.map(({ id, verdict, text, lang, where }) => {
      if (where === 'not found')
        return el(
          'li',
          {},
          el('span', { class: 'label' }, verdict),
          ' ',
          el('bdi', { lang }, text),
          el('div', { class: 'muted' }, 'Not found in the page'),
        );
      // The page's words isolated from the label around them: a Hebrew claim does not pull the label's colon across.
      const button = el('button', { type: 'button' }, `${verdict}: `, el('bdi', { lang }, text));
      button.addEventListener('click', () => this.actions.reveal(id));
      return el(
        'li',
        {},
        button,
        where === 'collapsed' && el('div', { class: 'muted' }, 'In a collapsed section: opens it'),
      );
    });
    const panel = el(
      'section',
      { class: 'card list', role: 'dialog', 'aria-labelledby': 'factlens-list-heading' },
      heading,
      summary.collapsed > 0 &&
        el('p', { class: 'muted' }, `${summary.collapsed} more in collapsed sections of the page`),
      el('ol', {}, ...items),
      // In sight at the list's foot while a long list scrolls (see OVERLAY_CSS).
      el('div', { class: 'footer' }, el('div', { class: 'actions' }, clear)),
    );
    panel.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      this.hide();
    });
    if (previous) previous.replaceWith(panel);
    else this.overlay.cards.appendChild(panel);
    this.panel = panel;
    if (!previous) heading.focus();
  }

  hide(): void {
    this.panel?.remove();
    this.panel = null;
  }
}
