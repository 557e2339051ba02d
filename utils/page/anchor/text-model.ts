/**
 * The page's text: every text node, in document order, found in one TreeWalker pass with no filter
 * callback (a JS callback per node costs far more than the walk), and normalised node by node as it
 * is found. Blocks are separated by BLOCK_SEPARATOR so that a claim never matches across paragraphs.
 * Visibility is not checked here; the anchoring checks it lazily, only for matches.
 */
import { BLOCK_SEPARATOR, grown, NormalizedBuilder, type Normalized } from './normalized-text';

/**
 * Text under these is not page text (or is not shown as text). RT and RP: a ruby's reading (furigana) and its fallback
 * brackets, set above the text it annotates, not in its sentence (nor in the text a check sends, see extract.ts).
 */
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'TEXTAREA', 'TITLE', 'OPTION', 'svg', 'RT', 'RP']);

const BLOCKS = new Set([
  'ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'BODY', 'BR', 'CAPTION', 'DD', 'DETAILS', 'DIALOG', 'DIV', 'DL', 'DT',
  'FIELDSET', 'FIGCAPTION', 'FIGURE', 'FOOTER', 'FORM', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HEADER', 'HR', 'HTML',
  'LI', 'MAIN', 'NAV', 'OL', 'P', 'PRE', 'SECTION', 'SUMMARY', 'TABLE', 'TBODY', 'TD', 'TFOOT', 'TH', 'THEAD', 'TR', 'UL',
]); // prettier-ignore

export interface TextModel {
  root: Node;
  /** The text nodes that hold more than whitespace, outside SKIPPED elements, in document order. */
  nodes: Text[];
  /** Offset in the raw text where each node's text starts. */
  starts: Int32Array;
  /**
   * The raw text: the nodes' text, a run of blank nodes as one space, blocks separated by BLOCK_SEPARATOR
   * and line breaks by '\n'. Built only when first read (by tests and the bench; locating needs only
   * `normalized`), from the nodes' text as it is then.
   */
  readonly raw: string;
  normalized: Normalized;
}

/** What stands before a node in the raw text: a space for blank nodes, then a block or a line break. */
const enum Gap {
  None = 0,
  Block = 1,
  LineBreak = 2,
  Blank = 4,
}

/**
 * One builder for every page model, its buffers kept between builds: fresh ones (96 kB to start with)
 * cost a tenth of a millisecond on each build, mostly the memory's first touch. Builds are synchronous,
 * so one is enough. Buffers grown past KEPT_CAPACITY characters are let go after the build.
 */
const KEPT_CAPACITY = 1 << 19;
const pageBuilder = new NormalizedBuilder(16384);

/**
 * The per-node columns, kept between builds too (and copied out at their size), with room for most pages: grown
 * inside the build's loop, they kept V8 from optimising that loop fully.
 */
let keptStarts = new Int32Array(4096);
let keptGaps = new Uint8Array(4096);
const KEPT_NODES = 1 << 16;
/**
 * The first character of a node that is not indentation. A regular expression finds it several times faster
 * than a loop over character codes (the engine's own code reads the run), and on a page of deeply indented
 * markup (medium-1) most of the raw text is such runs.
 */
const NOT_SPACE = /[^ \t\n\r]/g;
/** How many text nodes a sliced walk reads between two looks at its deadline (a look costs more than a node). */
const SLICE_NODES = 512;

/**
 * The model of `root`'s text, then of each of `shadowRoots` (see shadow-roots.ts), each of those starting a
 * block of its own: a Range cannot span two trees, so neither may a match.
 *
 * With `isShown`, the text of elements it says are not shown is left out: a claim read from the page's shown
 * text runs on across hidden text in the middle of its sentence (a formula's hidden MathML on Wikipedia, a
 * collapsed note), which the model otherwise holds (matches are checked for visibility at their edges only).
 * It is asked once per run of text nodes under one parent: too slow for every model (a style check per
 * parent), so the anchoring asks for it only once a claim was not found without it.
 */
export function buildTextModel(
  root: Node,
  shadowRoots: readonly ShadowRoot[] = [],
  isShown?: (element: Element) => boolean,
): TextModel {
  const doc = root.ownerDocument ?? (root as Document);
  const walk = new TextModelWalk(isShown, true);
  for (let tree = -1; tree < shadowRoots.length; tree++) {
    walk.walkTree(doc.createTreeWalker(tree < 0 ? root : shadowRoots[tree]!, NodeFilter.SHOW_TEXT), Infinity);
  }
  return walk.finish(root);
}

/** What a model is built of: `buildTextModel`'s arguments, read afresh each time a build (re)starts. */
export interface ModelSource {
  root: Node;
  shadowRoots: readonly ShadowRoot[];
  isShown?: (element: Element) => boolean;
}

/** A model built a slice at a time (see textModelInSlices). */
export interface SlicedModel {
  /** Walks on until `deadline` (performance.now()): the model once the walk is done, else null (call again). */
  next(deadline: number): TextModel | null;
}

/**
 * `buildTextModel` in slices, the page's own tasks let run between them: a large page's walk took one long task. The
 * walk goes on from its TreeWalker's node; if the page took that node out between two slices, the walk starts again
 * (from `source()`, read anew), as it would miss the rest of the page. Other changes between slices are the page's
 * edits as after any build: the page checker anchors again once they settle. Its own builder and columns: a build
 * made between two of its slices (a draft's, say) uses the shared ones.
 */
export function textModelInSlices(source: () => ModelSource): SlicedModel {
  let from: ModelSource;
  let walk: TextModelWalk;
  let tree: number;
  let walker: TreeWalker | null;
  const start = () => {
    from = source();
    walk = new TextModelWalk(from.isShown, false);
    [tree, walker] = [-1, null];
  };
  start();
  return {
    next(deadline) {
      if (walker && !walker.currentNode.isConnected) start();
      const doc = from.root.ownerDocument ?? (from.root as Document);
      for (; tree < from.shadowRoots.length; tree++) {
        walker ??= doc.createTreeWalker(tree < 0 ? from.root : from.shadowRoots[tree]!, NodeFilter.SHOW_TEXT);
        if (!walk.walkTree(walker, deadline)) return null;
        walker = null;
      }
      return walk.finish(from.root);
    },
  };
}

/**
 * One build's walk: the nodes kept so far, their columns, and the raw offset reached. The page is
 * normalised as it is walked, node by node: no page-sized raw string is built.
 */
class TextModelWalk {
  private readonly nodes: Text[] = [];
  private starts: typeof keptStarts;
  private gaps: typeof keptGaps;
  private rawLength = 0;
  /**
   * A run of blank nodes (indentation between tags: most of a page's raw text, and most of its text nodes)
   * stands as one space before the next node, and is not kept: its parent is not looked at, and no range
   * ever starts or ends in it (matches are trimmed to words).
   */
  private blankBefore = false;
  /** The tree being walked (see walkTree), kept between slices. */
  private walker: TreeWalker | null = null;
  private lastBlock: Element | null | undefined;
  // Text nodes come in runs under one parent: the parent's checks run once per run, not per node
  // (DOM getters are the cost of this loop).
  private lastParent: Node | null = null;
  private block: Element | null | undefined = null;

  private readonly normalized: NormalizedBuilder;

  /**
   * `shared`: the builder and columns kept between builds are used (see pageBuilder, keptStarts), as a build done in one
   * go may; a build in slices has its own.
   */
  constructor(
    private readonly isShown: ((element: Element) => boolean) | undefined,
    private readonly shared: boolean,
  ) {
    this.normalized = shared ? pageBuilder : new NormalizedBuilder(16384);
    this.normalized.reset();
    this.starts = shared ? keptStarts : new Int32Array(4096);
    this.gaps = shared ? keptGaps : new Uint8Array(4096);
  }

  /**
   * Walks one tree's text nodes, until `deadline` (performance.now(), looked at every SLICE_NODES nodes): true once
   * done, false if it stopped first (the same walker goes on from where it stopped). A tree's first text starts a
   * block, whatever block it is in (its top has none).
   */
  walkTree(walker: TreeWalker, deadline: number): boolean {
    if (walker !== this.walker) {
      this.walker = walker;
      this.lastBlock = undefined;
      this.lastParent = null;
      this.block = null;
    }
    let { lastBlock, lastParent, block } = this;
    let count = 0;
    for (;;) {
      if (++count === SLICE_NODES) {
        count = 0;
        if (performance.now() >= deadline) {
          Object.assign(this, { lastBlock, lastParent, block });
          return false;
        }
      }
      const node = walker.nextNode() as Text | null;
      if (!node) break;
      NOT_SPACE.lastIndex = 0;
      if (!NOT_SPACE.test(node.data)) {
        this.blankBefore = true;
        continue;
      }
      const parent = node.parentNode;
      if (parent !== lastParent) {
        lastParent = parent;
        block = this.blockOf(parent as Element | null);
      }
      if (block === undefined) continue;
      this.keep(node, block !== lastBlock);
      lastBlock = block;
    }
    Object.assign(this, { lastBlock, lastParent, block });
    return true;
  }

  /** The block a parent's text is in (null for a fragment's, kept in none), or undefined if it is not kept. */
  private blockOf(element: Element | null): Element | null | undefined {
    // A fragment (the root, say) has no tag: its text is kept, in no block.
    const tag = element?.tagName ?? '';
    if (!element || SKIPPED.has(tag) || (this.isShown !== undefined && !this.isShown(element))) return undefined;
    return nearestBlock(element, tag);
  }

  /** Keeps a node that holds more than whitespace, after what separates it from the last one kept. */
  private keep(node: Text, newBlock: boolean): void {
    const index = this.nodes.length;
    if (index === this.starts.length) {
      this.starts = grown(this.starts, index * 2);
      this.gaps = grown(this.gaps, index * 2);
    }
    const { normalized } = this;
    let gap = Gap.None;
    if (this.blankBefore) {
      if (this.rawLength) {
        normalized.space(this.rawLength++, false);
        gap = Gap.Blank;
      }
      this.blankBefore = false;
    }
    if (newBlock) {
      if (this.rawLength) {
        normalized.space(this.rawLength++, true);
        gap |= Gap.Block;
      }
    } else if (node.previousSibling?.nodeName === 'BR') {
      normalized.space(this.rawLength++, false); // A line break is a space once normalised.
      gap |= Gap.LineBreak;
    }
    this.gaps[index] = gap;
    this.starts[index] = this.rawLength;
    this.nodes.push(node);
    // A node's leading indentation (found by walkTree's test) is not read again.
    const from = NOT_SPACE.lastIndex - 1;
    if (from) normalized.space(this.rawLength, false);
    normalized.append(node.data, this.rawLength, from);
    this.rawLength += node.data.length;
  }

  /** The model, its columns copied out at their size; buffers grown past KEPT_NODES are let go. */
  finish(root: Node): TextModel {
    if (this.shared && this.starts.length <= KEPT_NODES) {
      keptStarts = this.starts;
      keptGaps = this.gaps;
    }
    const count = this.nodes.length;
    return new BuiltTextModel(
      root,
      this.nodes,
      this.starts.slice(0, count),
      this.gaps.slice(0, count),
      this.normalized.finish(KEPT_CAPACITY),
    );
  }
}

class BuiltTextModel implements TextModel {
  private rawText: string | undefined;

  constructor(
    readonly root: Node,
    readonly nodes: Text[],
    readonly starts: Int32Array,
    private readonly gaps: Uint8Array,
    readonly normalized: Normalized,
  ) {}

  get raw(): string {
    if (this.rawText === undefined) {
      const pieces: string[] = [];
      this.nodes.forEach((node, index) => {
        const gap = this.gaps[index]!;
        if (gap & Gap.Blank) pieces.push(' ');
        if (gap & Gap.Block) pieces.push(BLOCK_SEPARATOR);
        else if (gap & Gap.LineBreak) pieces.push('\n');
        pieces.push(node.data);
      });
      this.rawText = pieces.join('');
    }
    return this.rawText;
  }
}

/**
 * The element itself if it is a block, else its nearest block ancestor (null: none). Looked up afresh for each
 * parent: a map of the answers cost more than it saved (every element it holds is given an identity hash).
 */
function nearestBlock(element: Element, tag: string): Element | null {
  if (BLOCKS.has(tag)) return element;
  for (let current = element.parentElement; current; current = current.parentElement)
    if (BLOCKS.has(current.tagName)) return current;
  return null;
}

/** The block (see BLOCKS) that holds a node: the one its text is laid out in. Null: none (text right in a shadow root). */
export function blockOf(node: Node): Element | null {
  const element = node.nodeType === Node.ELEMENT_NODE ? (node as Element) : node.parentElement;
  return element && nearestBlock(element, element.tagName);
}

/** The text node and offset at a raw offset; between nodes, the start of the next (or the end of the previous). */
export function pointAt(
  model: TextModel,
  offset: number,
  bias: 'start' | 'end',
): { node: Text; offset: number } | null {
  const { starts, nodes } = model;
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  const node = nodes[low];
  if (!node) return null;
  const within = offset - starts[low]!;
  // An end where a node starts right after the one before it: the end of that one (the next node may be
  // hidden, or elsewhere in the layout: it holds none of the span).
  if (bias === 'end' && within === 0 && low > 0) {
    const before = nodes[low - 1]!;
    if (starts[low - 1]! + before.data.length === offset) return { node: before, offset: before.data.length };
  }
  if (within <= node.data.length) {
    if (bias === 'start' && within === node.data.length && nodes[low + 1]) return { node: nodes[low + 1]!, offset: 0 };
    return { node, offset: within };
  }
  // In a block separator after this node.
  if (bias === 'end') return { node, offset: node.data.length };
  const next = nodes[low + 1];
  return next ? { node: next, offset: 0 } : { node, offset: node.data.length };
}

/**
 * The other way: the raw offset of a point in the page (a selection's start), or of the start of the first node of
 * the model after it; null if no node of the model ends at or after it. A point in a tree the model's nodes are not
 * in (another shadow tree) is before them all.
 */
export function offsetOf(model: TextModel, point: Range): number | null {
  const { nodes, starts } = model;
  // Nodes in document order (the page's tree, then its shadow trees, whose nodes a point in the page's tree cannot be
  // compared with: counted as after it): the first whose end is at or after the point.
  const endsAfter = (index: number) => {
    const node = nodes[index]!;
    try {
      return point.comparePoint(node, node.data.length) >= 0;
    } catch {
      return true;
    }
  };
  let low = 0;
  let high = nodes.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (endsAfter(middle)) high = middle;
    else low = middle + 1;
  }
  if (low === nodes.length) return null;
  return starts[low]! + (nodes[low] === point.startContainer ? point.startOffset : 0);
}

/** A DOM Range for raw [start, end). */
export function rangeFor(model: TextModel, start: number, end: number): Range | null {
  if (!model.nodes.length) return null;
  const range = (model.root.ownerDocument ?? (model.root as Document)).createRange();
  return moveRange(range, model, start, end) ? range : null;
}

/**
 * Moves an existing Range to raw [start, end) (a new one is a new Range for the document to keep up to date);
 * false if it cannot hold them.
 */
export function moveRange(range: Range, model: TextModel, start: number, end: number): boolean {
  const from = pointAt(model, start, 'start');
  const to = pointAt(model, end, 'end');
  if (!from || !to) return false;
  range.setStart(from.node, from.offset);
  range.setEnd(to.node, to.offset);
  // Ends in two trees (a model with shadow roots; matches never cross their blocks): the Range collapsed.
  return !range.collapsed || start >= end;
}

/** Where released Ranges go: a document of their own, made on the first release. */
let releasedRanges: Document | undefined;

/**
 * Lets go of a Range that nothing draws or reads any more. A document keeps every live Range it has given out
 * up to date on each change to its text, until the Range is collected, and collections are rare: a checked
 * draft makes a Range per claim on each keystroke, so each keystroke would cost more than the one before. A Range
 * moved into another document leaves this one's.
 */
export function releaseRange(range: Range): void {
  releasedRanges ??= document.implementation.createHTMLDocument('');
  range.setStart(releasedRanges, 0);
}
