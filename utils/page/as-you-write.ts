/**
 * Checking as the user writes, on a site where they turned it on: after a pause in typing (or as the user leaves the
 * field), the draft's finished sentences are sent for a check, unless they were sent already; its verdicts are drawn as
 * a checked draft's are, and the indicator at the field's corner says where it stands.
 */
import type { JobView } from '../background/check/model';
import { hasWords } from '../shared/check-input';
import { ask } from '../shared/messaging';
import { isActive } from '../shared/progress';
import type { AsYouWriteState } from '../shared/protocol-map';
import { deepActiveElement } from './anchor/shadow-roots';
import { declaredLang } from './dom';
import { editableTarget } from './draft-surface';
import { e2eDelay } from './e2e-delays';
import type { Overlay } from './overlay';
import { QuietTimer } from './schedule';
import { t } from '../shared/i18n';
import { WriteIndicator, type IndicatorState } from './write-indicator';

/** How long after the last key the draft is checked. */
const PAUSE_MS = 2000;

/** A field or an ancestor with one of these asks writing tools to leave it alone (Grammarly's, LanguageTool's, ours). */
const OPTED_OUT = [
  '[data-gramm="false"]',
  '[data-gramm_editor="false"]',
  '[data-enable-grammarly="false"]',
  '[data-lt-active="false"]',
  '[data-factlens="off"]',
].join(', ');

/** Input types that hold prose: one-line search, email, address, number and telephone fields, and passwords, do not. */
const PROSE_INPUT_TYPES = new Set(['text', '']);

/**
 * The draft an element being written in belongs to, if FactLens may check it as the user writes: a textarea, a text
 * input, or a contenteditable's draft (see editableTarget); not a field, or one inside an element, that opted out.
 */
export function writableDraft(element: Element | null, ownUi: Element): HTMLElement | null {
  if (!element || ownUi.contains(element)) return null;
  if (element instanceof HTMLInputElement && !PROSE_INPUT_TYPES.has(element.type)) return null;
  if ((element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) && element.readOnly) return null;
  const draft = editableTarget(element);
  if (!(draft instanceof HTMLElement)) return null;
  for (let at: Element | null = element; at;) {
    if (at.closest(OPTED_OUT)) return null;
    const root = at.getRootNode();
    at = root instanceof ShadowRoot ? root.host : null;
  }
  return draft;
}

/** The draft's text, as the background reads a focused draft (see read-page.ts). */
function draftText(draft: HTMLElement): string {
  return draft instanceof HTMLTextAreaElement || draft instanceof HTMLInputElement ? draft.value : draft.innerText;
}

/**
 * The draft's text up to the end of its last finished sentence (one closed by a full stop, a question or exclamation
 * mark followed by a space or the end, or by a line break): the sentence still being typed is not sent. With `whole`,
 * all of it (the user left the field).
 */
export function finishedPart(text: string, whole = false): string {
  if (whole) return text.trim();
  let end = 0;
  for (const match of text.matchAll(/[.!?…]["”’)\]]*(?=\s|$)|[。！？][」』”’）)]*|\n/g))
    end = match.index + match[0].length;
  return text.slice(0, end).trim();
}

/** Claims whose verdict is not "true": the number the indicator shows. */
const toLookAt = (job: JobView) =>
  job.claims.filter((claim) => claim.result && claim.result.verdict !== 'supported').length;

export interface AsYouWriteDeps {
  overlay: Overlay;
  /** The draft the next check's verdicts are drawn in (the page checker's; see PageChecker.expectDraft). */
  expectDraft: (draft: HTMLElement) => void;
}

export class AsYouWrite {
  private readonly indicator: WriteIndicator;
  /** The field typed in last, which a pause checks. */
  private current: HTMLElement | null = null;
  /** What each draft last had sent (its finished part), so that the same text is not sent again. */
  private readonly sent = new WeakMap<HTMLElement, string>();
  private readonly paused = new WeakSet<HTMLElement>();
  /** The check this sent and its draft, while it runs; a pause in the meantime is checked after it. */
  private running: { jobId: string; draft: HTMLElement } | null = null;
  private pending: { draft: HTMLElement; whole: boolean } | null = null;
  /** The element last typed in, and its draft (see the input listener). */
  private typedIn: { element: Element | null; draft: HTMLElement | null } = { element: null, draft: null };
  /** The tab's latest check as last told (see jobChanged). */
  private lastJob: JobView | null = null;
  private limitReached: boolean;
  private readonly pause = new QuietTimer(
    () => this.checkSoon(false),
    () => e2eDelay('write-pause', PAUSE_MS),
  );
  private readonly stopped = new AbortController();

  constructor(
    private readonly deps: AsYouWriteDeps,
    state: Exclude<AsYouWriteState, 'off'>,
  ) {
    this.limitReached = state === 'limit';
    const { signal } = this.stopped;
    this.indicator = new WriteIndicator(
      deps.overlay,
      {
        setPaused: (paused) => this.setPaused(paused),
        turnOffForSite: () => void ask('turnOffWriteSite', undefined).finally(() => this.stop()),
        openFactLens: () => void ask('openFactLens', undefined).catch(() => undefined),
      },
      signal,
    );
    const ownUi = deps.overlay.host;
    document.addEventListener('focusin', () => this.focused(writableDraft(deepActiveElement(), ownUi)), {
      capture: true,
      signal,
    });
    document.addEventListener(
      'input',
      (event) => {
        // Typed by the user, not written by a script (ours, or the page's).
        if (!event.isTrusted) return;
        // The draft is looked for once per focused element (a block editor's is a walk up the page), not per key.
        const active = deepActiveElement();
        if (active !== this.typedIn.element) this.typedIn = { element: active, draft: writableDraft(active, ownUi) };
        const draft = this.typedIn.draft;
        if (!draft) return;
        this.current = draft;
        if (this.paused.has(draft)) return;
        // Shown again only when it changes: placing it reads the layout, which a key has just changed.
        const shown = this.indicator.shownAt === draft && this.indicator.kind === 'waiting';
        if (!this.limitReached && this.running?.draft !== draft && !shown)
          this.indicator.show(draft, { kind: 'waiting' });
        this.pause.schedule();
      },
      { capture: true, signal },
    );
    document.addEventListener(
      'focusout',
      (event) => {
        const left = this.current;
        if (!left || !event.composedPath().includes(left)) return;
        // Focus going into our own indicator or its menu (seen from here as our host) is not leaving the field.
        if (event.relatedTarget instanceof Node && ownUi.contains(event.relatedTarget)) return;
        this.pause.cancel();
        this.checkSoon(true);
      },
      { capture: true, signal },
    );
    this.focused(writableDraft(deepActiveElement(), ownUi));
  }

  /** The tab's check changed (see the content script): the indicator follows the check this sent. */
  jobChanged(job: JobView | null): void {
    this.lastJob = job;
    const running = this.running;
    if (running && job?.id === running.jobId) {
      if (isActive(job.state)) return this.indicator.show(running.draft, { kind: 'checking' });
      this.running = null;
      if (this.paused.has(running.draft)) this.indicator.show(running.draft, { kind: 'paused' });
      else if (job.state === 'done') this.indicator.show(running.draft, { kind: 'done', toLookAt: toLookAt(job) });
      else this.indicator.show(running.draft, { kind: 'error', message: job.error?.message ?? t('writeCheckStopped') });
      // The sentences it did not check are sent again at the next pause.
      if (job.state !== 'done') this.sent.delete(running.draft);
    } else if (running) {
      // Another check took the tab's place (one the user asked for): this one was given up.
      this.running = null;
      this.sent.delete(running.draft);
      this.indicator.show(running.draft, { kind: 'waiting' });
    } else if (job && isActive(job.state)) return;
    const next = this.pending;
    this.pending = null;
    if (next) void this.check(next.draft, next.whole);
  }

  stop(): void {
    this.pause.cancel();
    this.stopped.abort();
  }

  private focused(draft: HTMLElement | null): void {
    if (!draft) return;
    this.current = draft;
    if (this.running?.draft === draft) return;
    const state: IndicatorState = this.paused.has(draft)
      ? { kind: 'paused' }
      : this.limitReached
        ? { kind: 'limit' }
        : { kind: 'waiting' };
    if (this.indicator.shownAt !== draft || state.kind !== 'waiting') this.indicator.show(draft, state);
  }

  private setPaused(paused: boolean): void {
    const draft = this.indicator.shownAt;
    if (!draft) return;
    if (paused) {
      this.paused.add(draft);
      if (this.current === draft) this.pause.cancel();
    } else this.paused.delete(draft);
    this.indicator.show(draft, paused ? { kind: 'paused' } : { kind: 'waiting' });
    if (!paused) this.pause.schedule();
  }

  /** A pause, or the user left the field: checks the draft typed in, now or once the running check ends. */
  private checkSoon(whole: boolean): void {
    const draft = this.current;
    if (!draft) return;
    if (this.running) this.pending = { draft, whole };
    else void this.check(draft, whole);
  }

  private async check(draft: HTMLElement, whole: boolean): Promise<void> {
    if (this.paused.has(draft) || !draft.isConnected || this.stopped.signal.aborted) return;
    const text = finishedPart(draftText(draft), whole);
    if (!hasWords(text) || this.sent.get(draft) === text) return;
    if (this.limitReached) return this.indicator.show(draft, { kind: 'limit' });
    this.sent.set(draft, text);
    this.deps.expectDraft(draft);
    this.indicator.show(draft, { kind: 'checking' });
    try {
      const reply = await ask('checkAsIWrite', { text, lang: declaredLang(draft) || undefined });
      if (reply.outcome === 'started') {
        this.running = { jobId: reply.jobId, draft };
        // Its news may have come before the answer (a check whose sentences were all checked before ends at once).
        if (this.lastJob?.id === reply.jobId) this.jobChanged(this.lastJob);
      } else {
        this.sent.delete(draft);
        if (reply.outcome === 'limit') {
          this.limitReached = true;
          this.indicator.show(draft, { kind: 'limit' });
        } else if (reply.outcome === 'busy') {
          // Checked once the user's own check ends (see jobChanged).
          this.pending = { draft, whole };
          this.indicator.show(draft, { kind: 'waiting' });
        } else this.stop();
      }
    } catch (error) {
      this.sent.delete(draft);
      this.indicator.show(draft, { kind: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }
}
