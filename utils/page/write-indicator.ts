/**
 * The indicator of checking as the user writes: a small button at the corner of the field being written in (drawn in
 * our overlay, never in the field), saying what FactLens is doing there, and its menu.
 */
import { t, tp } from '../shared/i18n';
import type { Overlay } from './overlay';
import { ClickGuard, writeRefusal } from './click-guard';

export type IndicatorState =
  | { kind: 'waiting' }
  | { kind: 'checking' }
  /** The check ended: `toLookAt` claims are not found true (false, partly true, or unverified). */
  | { kind: 'done'; toLookAt: number }
  | { kind: 'paused' }
  | { kind: 'limit' }
  | { kind: 'error'; message: string };

export interface IndicatorActions {
  /** Pauses (or resumes) checking in the field. */
  setPaused(paused: boolean): void;
  turnOffForSite(): void;
  openFactLens(): void;
}

const SIZE_PX = 22;
const INSET_PX = 4;

/** The state in words: the indicator's accessible name (after "FactLens: ") and its menu's first line. */
export function describeState(state: IndicatorState): string {
  switch (state.kind) {
    case 'waiting':
      return t('writeWaiting');
    case 'checking':
      return t('writeChecking');
    case 'done':
      return state.toLookAt ? tp('writeToLookAt', state.toLookAt) : t('writeNothingToLookAt');
    case 'paused':
      return t('writePaused');
    case 'limit':
      return t('writeLimitReached');
    case 'error':
      return state.message;
  }
}

const GLYPHS: Record<IndicatorState['kind'], string> = {
  waiting: '✎',
  checking: '…',
  done: '✓',
  paused: '‖',
  limit: '!',
  error: '!',
};

export class WriteIndicator {
  private readonly button: HTMLButtonElement;
  private readonly menu: HTMLDivElement;
  private readonly summary: HTMLParagraphElement;
  private readonly pauseItem: HTMLButtonElement;
  private field: HTMLElement | null = null;
  private state: IndicatorState = { kind: 'waiting' };
  private placing = 0;
  /** Guards the menu's items while it is open (see toggleMenu). */
  private guard: ClickGuard | null = null;

  constructor(
    private readonly overlay: Overlay,
    private readonly actions: IndicatorActions,
    signal: AbortSignal,
  ) {
    this.button = document.createElement('button');
    this.button.type = 'button';
    this.button.className = 'indicator';
    this.button.hidden = true;
    this.button.setAttribute('aria-haspopup', 'menu');
    this.button.setAttribute('aria-expanded', 'false');
    this.button.addEventListener('click', (event) => {
      // A click the page made up (a script's click()) opens nothing.
      if (!event.isTrusted) return;
      this.toggleMenu(event.detail === 0);
    });
    this.menu = document.createElement('div');
    this.menu.className = 'indicator-menu';
    this.menu.setAttribute('role', 'menu');
    this.menu.setAttribute('aria-label', t('writeMenu'));
    this.menu.hidden = true;
    this.summary = document.createElement('p');
    this.pauseItem = this.item(t('writePause'), () => this.actions.setPaused(this.state.kind !== 'paused'));
    this.menu.append(
      this.summary,
      this.pauseItem,
      this.item(t('writeTurnOff'), () => this.actions.turnOffForSite()),
      this.item(t('writeOpen'), () => this.actions.openFactLens()),
    );
    this.menu.addEventListener('keydown', (event) => this.onMenuKey(event));
    overlay.indicators.append(this.button, this.menu);
    const replace = () => this.schedulePlace();
    window.addEventListener('scroll', replace, { capture: true, passive: true, signal });
    window.addEventListener('resize', replace, { passive: true, signal });
    // A press anywhere else closes the menu.
    document.addEventListener(
      'pointerdown',
      (event) => {
        if (!this.menu.hidden && !event.composedPath().includes(this.overlay.host)) this.closeMenu(false);
      },
      { capture: true, signal },
    );
    signal.addEventListener('abort', () => {
      cancelAnimationFrame(this.placing);
      this.button.remove();
      this.menu.remove();
    });
  }

  /** Shows the indicator at `field`'s corner, in `state`. */
  show(field: HTMLElement, state: IndicatorState): void {
    if (this.field !== field) this.closeMenu(false);
    this.field = field;
    this.state = state;
    const words = describeState(state);
    this.button.className = `indicator ${state.kind === 'done' ? (state.toLookAt ? 'found' : 'clear') : state.kind}`;
    this.button.textContent = state.kind === 'done' && state.toLookAt ? String(state.toLookAt) : GLYPHS[state.kind];
    const named = t('writeNamed', words);
    this.button.setAttribute('aria-label', named);
    this.button.title = named;
    this.summary.textContent = named;
    this.pauseItem.textContent = t(state.kind === 'paused' ? 'writeResume' : 'writePause');
    this.button.hidden = false;
    this.place();
  }

  /** What the indicator says. */
  get kind(): IndicatorState['kind'] {
    return this.state.kind;
  }

  /** Where the indicator is shown, if it is. */
  get shownAt(): HTMLElement | null {
    return this.button.hidden ? null : this.field;
  }

  hide(): void {
    this.closeMenu(false);
    this.button.hidden = true;
    this.field = null;
  }

  private item(label: string, run: () => void): HTMLButtonElement {
    const item = document.createElement('button');
    item.type = 'button';
    item.setAttribute('role', 'menuitem');
    item.tabIndex = -1;
    item.textContent = label;
    item.addEventListener('click', (event) => {
      if (!event.isTrusted) return;
      // As the card's buttons are: nothing of the page's over the menu, the menu standing still, the pointer rested.
      const refusal = writeRefusal(event, this.menu, this.overlay.host, this.guard, 'refusedNothingChanged');
      if (refusal) {
        this.summary.textContent = refusal;
        return;
      }
      this.closeMenu(true);
      run();
    });
    return item;
  }

  private get items(): HTMLButtonElement[] {
    return [...this.menu.querySelectorAll<HTMLButtonElement>('[role="menuitem"]')];
  }

  private toggleMenu(byKeyboard: boolean): void {
    if (!this.menu.hidden) return this.closeMenu(true);
    this.menu.hidden = false;
    this.button.setAttribute('aria-expanded', 'true');
    this.place();
    // Its clicks count from this opening on (see ClickGuard).
    this.guard?.disconnect();
    this.guard = new ClickGuard(this.menu);
    for (const item of this.items) this.guard.watch(item);
    if (byKeyboard) this.items[0]?.focus();
  }

  private closeMenu(refocus: boolean): void {
    if (this.menu.hidden) return;
    this.guard?.disconnect();
    this.guard = null;
    this.menu.hidden = true;
    this.button.setAttribute('aria-expanded', 'false');
    if (refocus) this.button.focus();
  }

  private onMenuKey(event: KeyboardEvent): void {
    const items = this.items;
    const at = items.indexOf(this.overlay.root.activeElement as HTMLButtonElement);
    if (event.key === 'Escape') this.closeMenu(true);
    else if (event.key === 'ArrowDown') items[(at + 1) % items.length]?.focus();
    else if (event.key === 'ArrowUp') items[(at - 1 + items.length) % items.length]?.focus();
    else if (event.key === 'Home') items[0]?.focus();
    else if (event.key === 'End') items.at(-1)?.focus();
    else return;
    event.preventDefault();
    event.stopPropagation();
  }

  private schedulePlace(): void {
    if (this.button.hidden || this.placing) return;
    this.placing = requestAnimationFrame(() => {
      this.placing = 0;
      this.place();
    });
  }

  /** At the field's bottom right corner, inside it; the menu under it. */
  private place(): void {
    const field = this.field;
    if (!field || this.button.hidden) return;
    if (!field.isConnected) return this.hide();
    const box = field.getBoundingClientRect();
    const origin = this.overlay.origin();
    const left = (box.right - INSET_PX - origin.left) / origin.scaleX;
    const top = (box.bottom - INSET_PX - origin.top) / origin.scaleY;
    this.button.style.left = `${left}px`;
    this.button.style.top = `${top}px`;
    this.menu.style.left = `${left}px`;
    this.menu.style.top = `${top}px`;
    // Under a field too small to hold it, it stands outside, at its right.
    this.button.style.translate = box.height < SIZE_PX + 2 * INSET_PX ? `${INSET_PX * 2}px -100%` : '';
  }
}
