/**
 * A Google Doc as a check target: its claims are located in a mirror of the annotation layer's runs (docs-layer.ts),
 * one transparent span per run, set in the run's font at the run's place and cut to the editor's view, which the
 * highlighter draws over as over a text field's mirror. The layer holds only the pages near the view, and Docs makes
 * them again as the view scrolls, the text changes or the zoom does: each change of the layer builds the mirror again
 * and locates the claims again (a claim on a page not drawn yet is found once its page is); a scroll only moves it.
 * Nothing is written into a Doc (docs/google-docs.md says why).
 */
import { normalize, normalizeText } from '../anchor/normalized-text';
import { locateExactly } from '../anchor/exact-anchor';
import { commonEnds, type SameCode } from '../common-ends';
import { buildTextModel, rangeFor, releaseRange, type TextModel } from '../anchor/text-model';
import type { Overlay } from '../overlay';
import type { Point } from '../pinned';
import type { CheckTarget, ClaimText, EditLedger, FollowedEdits, Located } from '../targets/target';
import { fetchWholeText, layerText, readRuns } from './docs-layer';

/**
 * The most text one edit of the layer changes (a person's keys, a paste) before the change is taken for pages coming
 * or going as the view scrolls, after which the claims are located again from scratch.
 */
const MOST_EDITED = 2000;

/** How much of the layer's text is looked for in the whole document's, to know where the layer's pages are in it. */
const SEEK_PROBE_CHARS = 80;

class DocsMirror {
  readonly element: HTMLDivElement;
  /** Holds the spans, placed as the layer's first run is: a scroll moves it alone. */
  private readonly sheet: HTMLDivElement;
  /**
   * The layer's runs the sheet may be placed by, each with its offset from the first run (client px) as the spans were
   * placed: the first still in the page places it, so that a page's tiles dropped as the view scrolls away (the first
   * run's among them) leave the claims on the other pages where they are until the layer is read again.
   */
  private references: { rect: Element; dx: number; dy: number }[] = [];
  private signature = '';

  constructor(
    private readonly editor: HTMLElement,
    private readonly overlay: Overlay,
  ) {
    this.element = document.createElement('div');
    this.element.className = 'mirror docs';
    this.element.lang = document.documentElement.lang;
    this.sheet = document.createElement('div');
    this.sheet.className = 'docs-sheet';
    this.element.appendChild(this.sheet);
    overlay.mirrors.appendChild(this.element);
  }

  /**
   * Builds the spans again if the layer's runs changed (their words, fonts or places), and places the mirror. Each
   * span is set at its run's place relative to the layer's first run.
   */
  sync(): void {
    const runs = layerText(readRuns(this.editor)).runs;
    const origin = this.overlay.origin();
    const first = runs[0];
    const signature = runs
      .map(
        (run) =>
          `${run.text}\u0000${run.font}\u0000${Math.round(run.left - (first?.left ?? 0))}:${Math.round(run.top - (first?.top ?? 0))}`,
      )
      .join('\u0001');
    if (signature !== this.signature) {
      this.signature = signature;
      this.sheet.replaceChildren(
        ...runs.map((run) => {
          const span = document.createElement('span');
          span.textContent = run.text;
          Object.assign(span.style, {
            font: run.font,
            left: `${(run.left - (first?.left ?? 0)) / origin.scaleX}px`,
            top: `${(run.top - (first?.top ?? 0)) / origin.scaleY}px`,
            lineHeight: `${run.height / origin.scaleY}px`,
          });
          return span;
        }),
      );
    }
    this.references = runs.flatMap((run) =>
      run.element && first ? [{ rect: run.element, dx: run.left - first.left, dy: run.top - first.top }] : [],
    );
    this.place();
  }

  /** Sets the mirror over the editor's view, and the sheet where the layer's first run is now (client px to the overlay's). */
  place(): void {
    const origin = this.overlay.origin();
    const view = this.editor.getBoundingClientRect();
    const reference = this.references.find((candidate) => candidate.rect.isConnected);
    const box = reference?.rect.getBoundingClientRect();
    const at = reference && box ? { left: box.left - reference.dx, top: box.top - reference.dy } : null;
    Object.assign(this.element.style, {
      left: `${(view.left - origin.left) / origin.scaleX}px`,
      top: `${(view.top - origin.top) / origin.scaleY}px`,
      width: `${view.width / origin.scaleX}px`,
      height: `${view.height / origin.scaleY}px`,
    });
    this.sheet.hidden = !at;
    if (!at) return;
    this.sheet.style.left = `${(at.left - view.left) / origin.scaleX}px`;
    this.sheet.style.top = `${(at.top - view.top) / origin.scaleY}px`;
  }

  remove(): void {
    this.element.remove();
  }
}

/**
 * Whether two characters are the same text for an edit: a paragraph cut by a page's end (a line break in the layer's
 * text) and one wrapped at a line's end (a space) are, so that text reflowed across a page by an edit above it is not
 * taken for edited.
 */
const sameText: SameCode = (a, b) => a === b || (isSpace(a) && isSpace(b));
const isSpace = (code: number) => code === 32 || code === 10 || code === 0x2029 || code === 0xa0;
const squashed = (text: string) => text.replace(/\s+/g, ' ').trim();

export class DocsTarget implements CheckTarget {
  readonly draft = null;
  readonly writing = null;
  readonly hasSections = false;
  readonly exactOnly = true;
  private readonly mirror: DocsMirror;
  /** The layer's text as the claims were last located in it (see followEdits). */
  private lastText = '';

  constructor(
    /** The editor's scroll container: its view cuts the claims and their badges. */
    readonly drawnWithin: HTMLElement,
    overlay: Overlay,
  ) {
    this.mirror = new DocsMirror(drawnWithin, overlay);
  }

  buildModel(): TextModel {
    this.mirror.sync();
    const model = buildTextModel(this.mirror.element);
    this.lastText = model.raw;
    return model;
  }

  visibility(): () => boolean {
    return () => true;
  }

  searchFrom(): undefined {
    return undefined;
  }

  noteLocated(): void {}

  /** A claim not in the layer is on a page not drawn yet: it is looked for again as the layer changes. */
  afterMiss(): null {
    return null;
  }

  collapsedSections(_model: TextModel, claims: readonly ClaimText[]): Map<number, Element[] | null> {
    return new Map(claims.map((claim) => [claim.id, null]));
  }

  /**
   * The layer changed. An edit (one stretch of it changed, pages around it as they were): a claim before or after it
   * follows its text, one it changed goes stale, drawn over what stands there now, and a stale one whose exact words
   * are back (an undo) has them back. Anything else (pages came or went, a zoom): its claims are located from scratch.
   */
  followEdits(located: Map<number, Located | null>, ledger: EditLedger): FollowedEdits | null {
    const before = this.lastText;
    const model = this.buildModel();
    const after = model.raw;
    const { prefix, suffix } = commonEnds(before, after, sameText);
    const removed = before.length - prefix - suffix;
    const added = after.length - prefix - suffix;
    const anEdit = before.length > 0 && prefix > 0 && suffix > 0 && removed + added <= MOST_EDITED;
    if (!anEdit && before !== after) return null;
    for (const [id, found] of located) {
      if (!found) continue;
      const edited = found.end > prefix && found.start < before.length - suffix;
      let { start, end } = found;
      if (start >= before.length - suffix) {
        start += added - removed;
        end += added - removed;
      } else if (edited) end = Math.max(start + 1, end + added - removed);
      // Its words as they were, though set apart otherwise (the edit moved a page's end through them), are not changed.
      const there = squashed(after.slice(start, end)) === squashed(found.text);
      if (edited && !there) ledger.markStale(id);
      const range = rangeFor(model, start, Math.min(end, after.length));
      releaseRange(found.range);
      if (!range) {
        located.set(id, null);
        continue;
      }
      Object.assign(found, { start, end, range });
      if (ledger.isStale(id) && !there) {
        // Its words back elsewhere in the layer (an undo moved them, or they were typed again).
        const anchor = locateExactly(model, found.text);
        const back = anchor && rangeFor(model, anchor.start, anchor.end);
        if (anchor && back && back.toString() === found.text) {
          releaseRange(range);
          Object.assign(found, { start: anchor.start, end: anchor.end, range: back });
          ledger.wordsBack(id);
        } else if (back) releaseRange(back);
      } else if (ledger.isStale(id)) ledger.wordsBack(id);
    }
    return { model, moved: true };
  }

  textStillThere(found: Located): boolean {
    return found.range.toString() === found.text;
  }

  langAt(): null {
    return null;
  }

  modal(): null {
    return null;
  }

  popover(): null {
    return null;
  }

  topLayerMayHaveMoved(): boolean {
    return false;
  }

  layoutWatched(): Element[] {
    return [this.drawnWithin];
  }

  pinnedProbePoints(): Point[] {
    return [];
  }

  /**
   * Scrolls the editor to where a claim on a page not drawn is: its place in the whole document (Docs' export, read
   * again at each seek) against the part the layer holds now, in the layer's own lines per character; the whole
   * document's height by share where the layer is not found in it. The claim is located once its page is drawn.
   */
  async seek(claim: string): Promise<boolean> {
    // Read at each seek (a reader's click): the document may have changed since the check.
    const exported = await fetchWholeText(location.href);
    const whole = exported === null ? null : normalize(exported).text;
    const at = whole?.indexOf(normalizeText(claim)) ?? -1;
    if (!whole || at < 0) return false;
    const editor = this.drawnWithin;
    const view = editor.getBoundingClientRect();
    const { text, runs } = layerText(readRuns(editor));
    const shown = normalizeText(text);
    const first = runs[0];
    const last = runs.at(-1);
    const shownAt = first ? whole.indexOf(shown.slice(0, SEEK_PROBE_CHARS)) : -1;
    let top: number;
    if (first && last && shownAt >= 0 && shown.length > 0 && last.top > first.top) {
      const perChar = (last.top - first.top) / shown.length;
      top = first.top + (at - shownAt) * perChar;
    } else top = view.top - editor.scrollTop + (at / whole.length) * editor.scrollHeight;
    editor.scrollBy({ top: top - (view.top + view.height / 2), behavior: 'instant' });
    return true;
  }

  /** A located claim's runs into the middle of the editor's view (the mirror's spans are not in the editor). */
  scrollTo(found: Located): void {
    const editor = this.drawnWithin;
    this.mirror.place();
    const view = editor.getBoundingClientRect();
    const box = found.range.getBoundingClientRect();
    editor.scrollBy({ top: box.top + box.height / 2 - (view.top + view.height / 2), behavior: 'instant' });
    this.mirror.place();
  }

  /** The editor scrolled (or the window moved): the mirror follows its runs. */
  beforeFrame(): void {
    this.mirror.place();
  }

  release(): void {
    this.mirror.remove();
  }
}
