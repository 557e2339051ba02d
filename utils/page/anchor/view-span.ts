/** Where the window's view is in a page's text model: the raw offsets of its text from the view's top to its bottom. */
import { releaseRange, type TextModel } from './text-model';
import type { Span } from './view-first';

/** How many nodes past one not rendered (an empty box) are looked at for one that is. */
const LOOKAHEAD = 16;

/**
 * The span of the model's text laid out between the view's top and bottom, found by halving (the text's nodes are
 * mostly laid out in document order: what is not, a fixed header, a floated box, only makes it coarser); null when
 * the model holds no node with a box. It reads layout: a draw, which reads it next, finds it done.
 */
export function viewSpan(model: TextModel): Span | null {
  const { nodes, starts } = model;
  if (!nodes.length) return null;
  const probe = (model.root.ownerDocument ?? document).createRange();
  /** The box of the node at `index`, or of the first rendered one after it; null if none is, nearby. */
  const boxAt = (index: number): DOMRect | null => {
    for (let at = index; at < Math.min(nodes.length, index + LOOKAHEAD); at++) {
      probe.selectNodeContents(nodes[at]!);
      const box = probe.getBoundingClientRect();
      if (box.width || box.height) return box;
    }
    return null;
  };
  const firstWhere = (past: (box: DOMRect) => boolean): number => {
    let low = 0;
    let high = nodes.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      const box = boxAt(middle);
      if (box && past(box)) high = middle;
      else low = middle + 1;
    }
    return low;
  };
  const first = firstWhere((box) => box.bottom > 0);
  const afterLast = firstWhere((box) => box.top >= innerHeight);
  releaseRange(probe);
  if (first >= nodes.length) return null;
  const last = Math.max(first, afterLast - 1);
  return { start: starts[first]!, end: starts[last]! + nodes[last]!.data.length };
}
