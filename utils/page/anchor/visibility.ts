/** Whether text in the model is rendered and visible, so that a claim is never highlighted where no one can see it. */
import { parentElementAcross } from './shadow-roots';
import { pointAt, type TextModel } from './text-model';
/**
 * checkVisibility's options, made once: an options object made for each call costs a third of the call.
 */
const RENDERED_AND_VISIBLE: CheckVisibilityOptions = { visibilityProperty: true };

/**
 * `display: contents`, and not hidden by `visibility` (see visibilityChecker). A slot is too, but what it holds
 * is only its fallback, shown when nothing is assigned to it.
 */
function isContents(element: Element): boolean {
  if (element.localName === 'slot' && (element as HTMLSlotElement).assignedNodes().length) return false;
  const style = getComputedStyle(element);
  return style.display === 'contents' && style.visibility === 'visible';
}

/**
 * Whether an element's text is rendered: the element is (checkVisibility, with `visibility` too), or it is
 * `display: contents` (a slot, a framework's wrapper), which has no box of its own, so the browser calls it not
 * visible: its text then shows if its parent's does, unless it is `visibility: hidden`.
 */
export function isRendered(element: Element | null): boolean {
  return (
    !!element &&
    (typeof element.checkVisibility !== 'function' ||
      element.checkVisibility(RENDERED_AND_VISIBLE) ||
      (isContents(element) && isRendered(parentElementAcross(element))))
  );
}

/**
 * Whether the text at a raw span is rendered: its first and last nodes' elements are visible. Not cached per
 * element: a span's elements are rarely checked again in one check (each claim is elsewhere), and a Map keyed
 * by elements gives each one an identity hash.
 */
export function visibilityChecker(model: TextModel): (start: number, end: number) => boolean {
  return (start, end) => {
    // The nodes at the span's edges, found without a Range: the document keeps every Range it has given
    // out up to date on each change until it is released or collected, and most spans checked are never drawn.
    const first = pointAt(model, start, 'start');
    const last = pointAt(model, end, 'end');
    if (!first || !last) return false;
    const firstElement = parentElementAcross(first.node);
    const lastElement = parentElementAcross(last.node);
    return isRendered(firstElement) && (lastElement === firstElement || isRendered(lastElement));
  };
}
