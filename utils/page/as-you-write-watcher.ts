/**
 * Checking as the user writes, on a site where they turned it on: after a pause in the person's typing (or as they
 * leave a field they typed in), the finished sentences they typed are sent for a check, unless they were sent already;
 * its verdicts are drawn as a checked draft's are, and the indicator at the field's corner says where it stands. The
 * page's own scripts are not trusted: text they set, and focus or events they make, neither are sent nor make a field
 * due for sending (see TypedText and beforeInput).
 */
import type { JobView } from '../contract/jobs';
import { hasWords } from '../shared/check-input';
import { ask } from '../shared/messaging';
import { isActive } from '../shared/progress';
import type { AsYouWriteState } from '../contract/messages';
import { deepActiveElement } from './anchor/shadow-roots';
import { declaredLang } from './dom';
import { editableTarget } from './draft-surface';
import { e2eDelay } from './e2e-delays';
import type { Overlay } from './overlay';
import { QuietTimer } from './schedule';
import { finishedEnd, TypedText } from './typed-text';
import { DOCS_EDITOR, isGoogleDoc } from './docs/docs-layer';
import { docsKeys, DocsTyping } from './docs/docs-typing';
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

/**
 * `autocomplete` tokens that name a person's details (WHATWG's autofill field names): a field that asks for one is a
 * form, not a draft, whatever its shape.
 */
const PERSONAL_AUTOCOMPLETE =
  /^(?:name|honorific-(?:prefix|suffix)|given-name|additional-name|family-name|nickname|email|username|new-password|current-password|one-time-code|organization(?:-title)?|street-address|address-line[123]|address-level[1-4]|country(?:-name)?|postal-code|cc-.+|transaction-.+|bday(?:-.+)?|sex|tel(?:-.+)?|impp|webauthn)$/;

/** `inputmode` values of fields that take numbers, telephone numbers or addresses, not prose. */
const NOT_PROSE_INPUTMODES = new Set(['numeric', 'decimal', 'tel', 'email']);

/** Whether a field says it holds a person's details (its `autocomplete` tokens) or is no place for prose (`inputmode`). */
function asksForDetails(element: Element): boolean {
  const tokens = (element.getAttribute('autocomplete') ?? '').toLowerCase().split(/\s+/);
  if (tokens.some((token) => PERSONAL_AUTOCOMPLETE.test(token))) return true;
  return NOT_PROSE_INPUTMODES.has((element.getAttribute('inputmode') ?? '').trim().toLowerCase());
}

/**
 * The draft an element being written in belongs to, if FactLens may check it as the user writes: a textarea or a
 * contenteditable's draft (see editableTarget). Never a one-line input (a form's name, street or card number), a field
 * that asks for a person's details, nor a field, or one inside an element, that opted out.
 */
export function writableDraft(element: Element | null, ownUi: Element): HTMLElement | null {
  if (!element || ownUi.contains(element) || element instanceof HTMLInputElement) return null;
  if (element instanceof HTMLTextAreaElement && element.readOnly) return null;
  const draft = editableTarget(element);
  if (!(draft instanceof HTMLElement) || draft instanceof HTMLInputElement) return null;
  if (asksForDetails(element) || asksForDetails(draft)) return null;
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

/** The draft's text up to the end of its last finished sentence (see finishedEnd); with `whole`, all of it. */
export function finishedPart(text: string, whole = false): string {
  return text.slice(0, finishedEnd(text, whole)).trim();
}

/** Events by which a person acts on a field: only right after one does a `beforeinput` count as theirs. */
const GESTURES = ['keydown', 'paste', 'drop', 'cut', 'compositionstart', 'compositionupdate', 'compositionend'];

/**
 * Whether an input is what the person's act does: a key types its own character, Enter a line, Backspace and Delete
 * delete; a paste pastes, a drop drops, a cut cuts; a composition composes. An input of another kind, or another text,
 * made while the act is dispatched is a script's.
 */
function comesOf(input: InputEvent, gesture: Event): boolean {
  const type = input.inputType;
  if (gesture instanceof KeyboardEvent) {
    const key = gesture.key;
    if (type === 'insertText') return input.data === key || (key === 'Tab' && input.data === '\t');
    if (type === 'insertParagraph' || type === 'insertLineBreak') return key === 'Enter';
    if (type.startsWith('delete')) return key === 'Backspace' || key === 'Delete';
    if (type === 'insertReplacementText') return false;
    return type.startsWith('format') || type.startsWith('history');
  }
  if (gesture.type === 'paste') return type.startsWith('insertFromPaste');
  if (gesture.type === 'drop') return type === 'insertFromDrop' || type === 'deleteByDrag';
  if (gesture.type === 'cut') return type === 'deleteByCut';
  return type.includes('Composition');
}

/** How long after the person's input an editor may take to put it in its text (some do it at the next frame). */
const EDIT_SETTLES_MS = 100;

/**
 * What the person's own `beforeinput` will insert: its text, a paste's or a drop's, a line break; '' for a deletion;
 * null where the browser does not say. Undefined for an edit that is not theirs to count: an undo or a redo brings back
 * text whoever wrote it.
 */
function expectedInsert(event: InputEvent, gesture: Event): string | null | undefined {
  const type = event.inputType;
  if (type.startsWith('history')) return undefined;
  if (type.startsWith('delete') || type.startsWith('format')) return '';
  if (type === 'insertParagraph' || type === 'insertLineBreak') return '\n';
  const carried =
    gesture instanceof ClipboardEvent
      ? gesture.clipboardData
      : typeof DragEvent !== 'undefined' && gesture instanceof DragEvent
        ? gesture.dataTransfer
        : null;
  return event.data ?? event.dataTransfer?.getData('text/plain') ?? carried?.getData('text/plain') ?? null;
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
  private readonly ownUi: Element;
  /** The field typed in last, which a pause checks. */
  private current: HTMLElement | null = null;
  /** What the person typed in each draft, as it changes. */
  private readonly typed = new WeakMap<HTMLElement, TypedText>();
  /** Drafts the person changed since their last send: only these are sent, at a pause or as the person leaves them. */
  private readonly due = new WeakSet<HTMLElement>();
  /** What each draft last had sent, so that the same text is not sent again. */
  private readonly sent = new WeakMap<HTMLElement, string>();
  private readonly paused = new WeakSet<HTMLElement>();
  /** The check this sent and its draft, while it runs; a pause in the meantime is checked after it. */
  private running: { jobId: string; draft: HTMLElement } | null = null;
  private pending: { draft: HTMLElement; whole: boolean } | null = null;
  /** The person's last act on a field (a key, a paste, a drop), until the task it came in ends. */
  private gesture: { event: Event; draft: HTMLElement } | null = null;
  /** The person's press or Tab, until the task it came in ends: a focus leaving a field then is theirs. */
  private leaving: Event | null = null;
  /** How many times the window lost the focus (a trusted blur of the window, which no script can make). */
  private windowBlurs = 0;
  /** The person's input that a draft is about to take (see personalEdit), until it is seen in the draft's text. */
  private edit: { draft: HTMLElement; expected: string | null; settles: ReturnType<typeof setTimeout> } | null = null;
  /** The element last acted on, and its draft: looked for once per element (a block editor's is a walk up the page). */
  private lastTarget: { element: Element | null; draft: HTMLElement | null } = { element: null, draft: null };
  /** The tab's latest check as last told (see jobChanged). */
  private lastJob: JobView | null = null;
  private limitReached: boolean;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly pause = new QuietTimer(
    () => this.checkSoon(false),
    () => e2eDelay('write-pause', PAUSE_MS),
  );
  private readonly stopped = new AbortController();
  /** In a Google Doc: the person's typing there (see DocsTyping); its editor stands for the draft. */
  private docs: DocsTyping | null = null;

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
    this.ownUi = ownUi;
    const listen = (type: string, listener: (event: Event) => void) =>
      document.addEventListener(type, listener, { capture: true, signal });
    listen('focusin', () => this.focused(writableDraft(deepActiveElement(), ownUi)));
    for (const type of GESTURES)
      listen(type, (event) => {
        if (!event.isTrusted) return;
        const draft = this.draftOf(event);
        if (!draft) return;
        this.gesture = { event, draft };
        // Over at the end of this task: a script's input made later, in a timer, has no person's act behind it.
        setTimeout(() => {
          if (this.gesture?.event === event) this.gesture = null;
        }, 0);
      });
    // The person leaves a field by a press elsewhere or by Tab, or by leaving the window; a script's blur() is none.
    for (const type of ['pointerdown', 'mousedown', 'touchstart', 'keydown'])
      listen(type, (event) => {
        if (!event.isTrusted || (event instanceof KeyboardEvent && event.key !== 'Tab')) return;
        this.leaving = event;
        setTimeout(() => {
          if (this.leaving === event) this.leaving = null;
        }, 0);
      });
    listen('beforeinput', (event) => this.beforeInput(event as InputEvent));
    listen('input', (event) => {
      const draft = this.draftOf(event);
      if (draft) this.observe(draft);
    });
    listen('focusout', (event) => {
      const left = this.current;
      if (!left || !event.composedPath().includes(left)) return;
      // Focus going into our own indicator or its menu (seen from here as our host) is not leaving the field.
      if (
        (event as FocusEvent).relatedTarget instanceof Node &&
        ownUi.contains((event as FocusEvent).relatedTarget as Node)
      )
        return;
      this.observe(left);
      // Leaving a field sends it all only if the person changed it and left it: a script's blur() sends nothing (the
      // person's finished sentences still go at the pause).
      if (!this.due.has(left)) return;
      const leave = () => {
        this.pause.cancel();
        this.checkSoon(true);
      };
      if (this.leaving) return leave();
      // Leaving the window (another tab, another program) blurs the field first, then the window, in one task; a
      // script's focus() into one of the page's frames blurs the window too, but the document keeps the focus.
      const blurredAt = this.windowBlurs;
      setTimeout(() => {
        if (this.windowBlurs !== blurredAt && !document.hasFocus() && this.current === left) leave();
      }, 0);
    });
    window.addEventListener(
      'blur',
      (event) => {
        if (event.isTrusted && event.target === window) this.windowBlurs++;
      },
      { capture: true, signal },
    );
    this.focused(writableDraft(deepActiveElement(), ownUi));
    if (isGoogleDoc(location.href)) this.watchDoc();
  }

  /** A Google Doc's keys go to Docs' text event iframe, made with its editor, maybe after this script starts. */
  private watchDoc(): void {
    const attach = () => {
      const editor = document.querySelector<HTMLElement>(DOCS_EDITOR);
      const keys = docsKeys();
      if (!editor || !keys || this.docs) return !!this.docs;
      this.docs = new DocsTyping(editor, keys, () => this.personTyped(editor), this.stopped.signal);
      // The person is in the Doc as its key iframe has the focus: the indicator shows at the editor's corner.
      keys.addEventListener('focusin', () => this.focused(editor), { capture: true, signal: this.stopped.signal });
      if (keys.hasFocus()) this.focused(editor);
      return true;
    };
    if (attach()) return;
    const waiting = new MutationObserver(() => {
      if (attach()) waiting.disconnect();
    });
    waiting.observe(document.documentElement, { childList: true, subtree: true });
    this.stopped.signal.addEventListener('abort', () => waiting.disconnect());
  }

  /** The tab's check changed (see the content script): the indicator follows the check this sent. */
  jobChanged(job: JobView | null): void {
    this.lastJob = job;
    const running = this.running;
    if (running && job?.id === running.jobId) {
      if (isActive(job.state)) return this.indicator.show(running.draft, { kind: 'checking' });
      this.running = null;
      if (job.error?.kind === 'limit') this.limitReached = true;
      if (this.paused.has(running.draft)) this.indicator.show(running.draft, { kind: 'paused' });
      else if (job.state === 'done') this.indicator.show(running.draft, { kind: 'done', toLookAt: toLookAt(job) });
      else if (this.limitReached) this.indicator.show(running.draft, { kind: 'limit' });
      else this.indicator.show(running.draft, { kind: 'error', message: job.error?.message ?? t('writeCheckStopped') });
      // The sentences it did not check are sent again at the next pause.
      if (job.state !== 'done') this.sendAgain(running.draft);
    } else if (running) {
      // Another check took the tab's place (one the user asked for): this one was given up.
      this.running = null;
      this.sendAgain(running.draft);
      this.indicator.show(running.draft, { kind: 'waiting' });
    } else if (job && isActive(job.state)) return;
    const next = this.pending;
    this.pending = null;
    if (next) void this.check(next.draft, next.whole);
  }

  stop(): void {
    this.pause.cancel();
    clearTimeout(this.retryTimer);
    if (this.edit) clearTimeout(this.edit.settles);
    this.stopped.abort();
  }

  /** The draft an event's target belongs to, if it is one FactLens may check (see writableDraft). */
  private draftOf(event: Event): HTMLElement | null {
    const target = event.composedPath()[0];
    const element = target instanceof Element ? target : target instanceof Node ? target.parentElement : null;
    if (element !== this.lastTarget.element) this.lastTarget = { element, draft: writableDraft(element, this.ownUi) };
    return this.lastTarget.draft;
  }

  /** The draft's record of what the person typed, begun (with nothing typed) the first time it is needed. */
  private tracked(draft: HTMLElement): TypedText {
    let typed = this.typed.get(draft);
    if (!typed) {
      typed = new TypedText(draftText(draft));
      this.typed.set(draft, typed);
    }
    return typed;
  }

  /**
   * A `beforeinput` is the person's own when it is trusted and comes of their act on the same draft (a key, a paste, a
   * drop) after that act's listeners have all run: a script's `execCommand` in a listener of the key, or in a timer,
   * does not. What it inserts is then seen in the draft's text at its `input`, or once the editor has had time to put
   * it there (some take over the input and write it themselves).
   */
  private beforeInput(event: InputEvent): void {
    const draft = this.draftOf(event);
    if (!draft) return;
    // Whatever changed the text before this input is not this input's.
    this.observe(draft);
    const gesture = this.gesture;
    if (!event.isTrusted || gesture?.draft !== draft || gesture.event.eventPhase !== Event.NONE) return;
    // One input to an act, and of its kind: a script's execCommand inside the input's own dispatch gets none.
    this.gesture = null;
    if (!comesOf(event, gesture.event)) return;
    const expected = expectedInsert(event, gesture.event);
    if (expected === undefined) return;
    const settles = setTimeout(() => {
      if (this.edit?.settles === settles) this.observe(draft);
    }, EDIT_SETTLES_MS);
    this.edit = { draft, expected, settles };
  }

  /**
   * Reads the draft's text, and notes who changed it since it was last read: the person, when their input is pending
   * on it and the change is what that input said; otherwise not (see TypedText.update). A change the person made
   * makes the draft due, and starts the pause.
   */
  private observe(draft: HTMLElement): void {
    if (draft === this.docs?.editor) return;
    const edit = this.edit?.draft === draft ? this.edit : null;
    if (edit) {
      clearTimeout(edit.settles);
      this.edit = null;
    }
    const typed = this.tracked(draft);
    const text = draftText(draft);
    if (text === typed.current) return;
    if (typed.update(text, edit !== null, edit?.expected ?? null)) this.personTyped(draft);
  }

  private personTyped(draft: HTMLElement): void {
    this.current = draft;
    this.due.add(draft);
    if (this.paused.has(draft)) return;
    // Shown again only when it changes: placing it reads the layout, which a key has just changed.
    const shown = this.indicator.shownAt === draft && this.indicator.kind === 'waiting';
    if (!this.limitReached && this.running?.draft !== draft && !shown) this.indicator.show(draft, { kind: 'waiting' });
    this.pause.schedule();
  }

  /** A send that did not end in a check: the draft is due again, and its text may go again. */
  private sendAgain(draft: HTMLElement): void {
    this.sent.delete(draft);
    this.due.add(draft);
  }

  private focused(draft: HTMLElement | null): void {
    if (!draft) return;
    // A Doc's typing is followed in its layer (see DocsTyping), not in its editor's own text.
    if (draft !== this.docs?.editor) this.tracked(draft);
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
    if (!paused && this.due.has(draft)) this.pause.schedule();
  }

  /** A pause, or the person left the field: checks the draft typed in, now or once the running check ends. */
  private checkSoon(whole: boolean): void {
    const draft = this.current;
    if (!draft) return;
    if (this.running) this.pending = { draft, whole };
    else void this.check(draft, whole);
  }

  private async check(draft: HTMLElement, whole: boolean): Promise<void> {
    if (this.paused.has(draft) || !draft.isConnected || this.stopped.signal.aborted) return;
    this.observe(draft);
    if (!this.due.has(draft)) return;
    const inDoc = draft === this.docs?.editor;
    const text = inDoc ? this.docs!.sendable() : this.tracked(draft).sendable(whole);
    if (!hasWords(text) || this.sent.get(draft) === text) return;
    if (this.limitReached) return this.indicator.show(draft, { kind: 'limit' });
    this.due.delete(draft);
    this.sent.set(draft, text);
    // A Doc's check is drawn in its editor's layer, as a document check is (see targetOf).
    if (!inDoc) this.deps.expectDraft(draft);
    this.indicator.show(draft, { kind: 'checking' });
    try {
      // Docs' page declares its interface's language, not the document's.
      const lang = inDoc ? undefined : declaredLang(draft) || undefined;
      const reply = await ask('checkAsIWrite', { text, lang });
      if (reply.outcome === 'started') {
        this.running = { jobId: reply.jobId, draft };
        // Its news may have come before the answer (a check whose sentences were all checked before ends at once).
        if (this.lastJob?.id === reply.jobId) this.jobChanged(this.lastJob);
        return;
      }
      this.sendAgain(draft);
      if (reply.outcome === 'limit') {
        this.limitReached = true;
        this.indicator.show(draft, { kind: 'limit' });
      } else if (reply.outcome === 'busy') {
        // Checked once the tab's running check ends (see jobChanged).
        this.pending = { draft, whole };
        this.indicator.show(draft, { kind: 'waiting' });
      } else if (reply.outcome === 'wait') {
        this.indicator.show(draft, { kind: 'waiting' });
        clearTimeout(this.retryTimer);
        this.retryTimer = setTimeout(() => void this.check(draft, whole), reply.retryInMs);
      } else this.stop();
    } catch (error) {
      this.sendAgain(draft);
      this.indicator.show(draft, { kind: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }
}
