/**
 * The person's typing in a Google Doc, for checking as they write: their keys reach Docs' text event iframe (a
 * same-origin frame whose events a page's script cannot make trusted), and what those keys change is seen in the
 * annotation layer at their caret (see docs-paragraphs.ts). Only the finished sentences they typed all of are sendable.
 */
import { TypedParagraphs } from './docs-paragraphs';
import { layerText, readRuns, type PlacedRun } from './docs-layer';

/** Docs' text event iframe, which takes the keys, and the person's own caret (a collaborator's carries a name). */
const DOCS_KEYS_FRAME = 'iframe.docs-texteventtarget-iframe';
const CARETS = '.kix-cursor';

/** How long after the person's act Docs may take to show its change in the layer. */
const ACT_SETTLES_MS = 1500;

/** What a trusted act on the keys' frame inserts ('' for a deletion, null where unknown), or undefined for none. */
function insertOf(event: Event): string | null | undefined {
  // Events of the frame's own realm: `instanceof` this window's KeyboardEvent would be false.
  if (event.type === 'keydown') {
    const { key, ctrlKey, metaKey, altKey } = event as KeyboardEvent;
    if (ctrlKey || metaKey || altKey) return undefined;
    if (key === 'Enter') return '\n';
    if (key === 'Backspace' || key === 'Delete') return '';
    return [...key].length === 1 ? key : undefined;
  }
  if (event.type === 'paste') return (event as ClipboardEvent).clipboardData?.getData('text/plain') ?? null;
  if (event.type === 'cut') return '';
  if (event.type === 'compositionend') return (event as CompositionEvent).data;
  return undefined;
}

/** The box of the person's own caret, or null when none shows. */
function ownCaret(): DOMRect | null {
  for (const cursor of document.querySelectorAll(CARETS)) {
    if (cursor.querySelector('.kix-cursor-name')?.textContent?.trim()) continue;
    const box = (cursor.querySelector('.kix-cursor-caret') ?? cursor).getBoundingClientRect();
    if (box.height > 0) return box;
  }
  return null;
}

/** The layer's paragraphs' texts, and the index of the one the caret stands in (the nearest run's), if any. */
function readParagraphs(editor: HTMLElement, caret: DOMRect | null): { texts: string[]; caretAt: number | null } {
  const { text, runs } = layerText(readRuns(editor));
  if (!runs.length) return { texts: [], caretAt: null };
  const texts = text.split('\n');
  let caretAt: number | null = null;
  if (caret) {
    const y = caret.top + caret.height / 2;
    let nearest: { run: PlacedRun; distance: number } | null = null;
    for (const run of runs) {
      const dy = y < run.top ? run.top - y : y > run.top + run.height ? y - run.top - run.height : 0;
      const dx = caret.left < run.left ? run.left - caret.left : Math.max(0, caret.left - run.left - run.width);
      const distance = dy * 100 + dx;
      if (dy <= run.height * 2 && (!nearest || distance < nearest.distance)) nearest = { run, distance };
    }
    if (nearest) caretAt = text.slice(0, nearest.run.start).split('\n').length - 1;
  }
  return { texts, caretAt };
}

/** Whether a change of the editor's tree may change the layer: a caret's coming, going or moving does not. */
const changesLayer = (record: MutationRecord) =>
  !(record.target instanceof Element && record.target.closest(CARETS)) &&
  ![...record.addedNodes, ...record.removedNodes].every((node) => node instanceof Element && node.matches(CARETS));

export class DocsTyping {
  private readonly typed = new TypedParagraphs();
  /** The person's act whose change the layer has not shown yet, and what its acts insert. */
  private act: { expected: string | null; until: number } | null = null;
  private readonly observer: MutationObserver;
  /** The layer changed since it was last followed. */
  private behind = false;

  constructor(
    readonly editor: HTMLElement,
    keys: Document,
    private readonly personTyped: () => void,
    signal: AbortSignal,
  ) {
    // Followed at once only while the person's act waits to be seen: otherwise (pages drawn as the view scrolls) read
    // before their next act or the next send, so that scrolling costs nothing more.
    this.observer = new MutationObserver((records) => {
      if (!records.some(changesLayer)) return;
      if (this.pendingAct()) this.follow();
      else this.behind = true;
    });
    this.observer.observe(editor, { childList: true, subtree: true });
    signal.addEventListener('abort', () => this.observer.disconnect());
    this.follow();
    for (const type of ['keydown', 'paste', 'cut', 'compositionend'])
      keys.addEventListener(type, (event) => this.acted(event), { capture: true, signal });
  }

  /** The finished sentences the person typed all of, paragraph by paragraph, those of pages away from the view too. */
  sendable(): string {
    this.catchUp();
    return this.typed.sendable();
  }

  private acted(event: Event): void {
    if (!event.isTrusted) return;
    const inserted = insertOf(event);
    if (inserted === undefined) return;
    // The layer as it was before this act: a change not yet seen is not the person's.
    this.catchUp();
    const pending = this.pendingAct();
    const expected =
      pending === null ? inserted : pending.expected === null || inserted === null ? null : pending.expected + inserted;
    this.act = { expected, until: performance.now() + ACT_SETTLES_MS };
  }

  private pendingAct(): { expected: string | null } | null {
    return this.act && this.act.until > performance.now() ? this.act : null;
  }

  private catchUp(): void {
    if (this.observer.takeRecords().some(changesLayer) || this.behind) this.follow();
  }

  private follow(): void {
    this.behind = false;
    const act = this.pendingAct();
    const { texts, caretAt } = readParagraphs(this.editor, act ? ownCaret() : null);
    if (!this.typed.follow(texts, act && { caretAt, expected: act.expected })) return;
    this.act = null;
    if (this.typed.paragraphs.some((paragraph) => paragraph.anyTyped)) this.personTyped();
  }
}

/** Docs' text event iframe's document, where the person's keys go, once Docs has made it; null before. */
export function docsKeys(): Document | null {
  const frame = document.querySelector<HTMLIFrameElement>(DOCS_KEYS_FRAME);
  try {
    return frame?.contentDocument ?? null;
  } catch {
    return null;
  }
}
