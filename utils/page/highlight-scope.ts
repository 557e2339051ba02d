/**
 * Which of the page's elements the highlights' `::highlight()` rules name: on a large page in Chromium, the elements
 * that hold the claims drawn, each by its path (see pathSelector); else every element.
 *
 * Why: a rule that can match any element (`::highlight(x)`, or `:root::highlight(x)`, which every element would
 * inherit) makes the browser style every element of the page again when the sheet is adopted, in one task, about 7 µs
 * an element. Measured on wikipedia-2 (9,881 elements; bench/page-tasks.ts, and adopting the sheet by hand): 67-98 ms,
 * the one task over 50 ms that a check ran there; on the same page ten times over (98,567 elements), 660-770 ms.
 * Naming the 30 claims' elements instead: 8-13 ms, and 49-56 ms (of which 39-46 ms is what any change to a sheet
 * costs such a page: a rule that matches nothing). Chromium's highlights are inherited, so the rule on the element
 * that holds a whole claim paints the claim's text in the elements inside it (a link, emphasis) and in the shadow tree
 * of a host (checked pixel for pixel against the rule for every element).
 *
 * Naming them costs each draw that changes them the paths' walk and the rules' parsing: 0.25-0.45 ms for 30 claims
 * on cnn, medium-1, lemonde-1 and yahoo-1 (bench/anchoring.ts, in the same run). The rule for every element costs a
 * page of under SCOPED_FROM_ELEMENTS elements one restyle of about 20 ms or less, once, and nothing on each draw: at
 * most 11 µs an element on the corpus (yahoo-2, 24-28 ms for its 2,502; guardian-1 8-13 ms for 1,112; wikipedia-3
 * 8-13 ms for 2,198).
 *
 * Each element is named by its tag and position among the elements of its tag, and those of its parents (see
 * pathSelector), so that the browser files the rule under the element's tag and looks at those elements alone: a
 * selector that ends in a pseudo-class only, as `:is(…)` does, is looked at for every element (73 ms on wikipedia-2,
 * as much as the rule for every one). A page that moves those elements among their kind (a paragraph added before
 * them) is watched, and the paths are written again in the same task, before the page is painted (see PageChecker's
 * observer). Counted among their kind, not among all their siblings, so that what pages add most between paragraphs,
 * an ad's or an embed's box, moves none: each rewrite restyles the page (on wikipedia-2, a box added before a claim's
 * paragraph cost 40.5 ms of restyle with the rewrite its position among all siblings asked for, 28.6 ms without).
 *
 * Firefox keeps the rules for every element: its highlight styles are not inherited (checked in Firefox 153 ESR: a
 * rule on a paragraph, `p#p::highlight(x)`, paints the paragraph's own text, not its link's nor its emphasis's). Nor
 * would naming elements spare it anything: there, any change to the document's adopted sheets restyles every element,
 * whatever the sheet holds (on wikipedia-2, 74 ms for our sheet and 68 ms for an empty one; 539 and 542 ms on the
 * same page ten times over), once, when the overlay is made.
 */
export const SCOPED_FROM_ELEMENTS = 2000;

/** Whether the highlights' rules are to name the elements that hold claims in this document (see above). */
export function scopesHighlights(doc: Document): boolean {
  // Whether the page has a SCOPED_FROM_ELEMENTS-th element, not how many it has: a count walks every element (12 ms
  // of the content script's first task on wikipedia-2 ten times over), this walks that many.
  return !import.meta.env.FIREFOX && doc.getElementsByTagName('*').item(SCOPED_FROM_ELEMENTS - 1) !== null;
}

/**
 * How many steps of an element's path a selector names (see pathSelector). A longer path costs more to find and to
 * parse in each draw: naming the whole path from the root, 30 claims on medium-1 (25 elements deep) took 0.27 ms to
 * find and 0.57 ms to parse (19.6 kB of rules), as much as the rest of the draw. A shorter one may also match other
 * elements, which is harmless: an element's highlight style paints only the ranges that highlight holds.
 */
const PATH_STEPS = 3;

/**
 * A selector for `element` (one that matches it, and seldom another): the tags, and positions among their tag, of the
 * last PATH_STEPS steps of its path from the document's root, e.g. `div:nth-of-type(2) > ul:nth-of-type(1) >
 * li:nth-of-type(7)`
 * (from `:root` for an element near it). For an element in a shadow tree, the outermost host around it, in the
 * document's tree: the document's sheet does not reach into shadow trees, and what the host is given, its tree
 * inherits. Null for an element not in a document.
 */
export function pathSelector(element: Element): string | null {
  let outermost = element;
  for (let root = outermost.getRootNode(); isShadowRoot(root); root = outermost.getRootNode()) outermost = root.host;
  if (!outermost.isConnected) return null;
  const documentElement = outermost.ownerDocument.documentElement;
  const steps: string[] = [];
  let step: Element = outermost;
  for (; step !== documentElement && steps.length < PATH_STEPS; step = step.parentElement!) {
    let position = 1;
    for (let sibling = step.previousElementSibling; sibling; sibling = sibling.previousElementSibling)
      if (sibling.localName === step.localName && sibling.namespaceURI === step.namespaceURI) position++;
    steps.push(`${CSS.escape(step.localName)}:nth-of-type(${position})`);
  }
  if (step === documentElement) steps.push(':root');
  return steps.reverse().join(' > ');
}

function isShadowRoot(node: Node): node is ShadowRoot {
  return node.nodeType === Node.DOCUMENT_FRAGMENT_NODE && 'host' in node;
}

/**
 * The selectors for each highlight's rule: the paths (see pathSelector) of the elements each highlight's ranges stand
 * in, by highlight name; an element named for several is looked up once.
 */
export function scopedSelectors(elementsByName: ReadonlyMap<string, Iterable<Element>>): Map<string, string[]> {
  const paths = new Map<Element, string | null>();
  const selectors = new Map<string, string[]>();
  for (const [name, elements] of elementsByName) {
    const named = new Set<string>();
    for (const element of elements) {
      let path = paths.get(element);
      if (path === undefined) paths.set(element, (path = pathSelector(element)));
      if (path) named.add(path);
    }
    if (named.size) selectors.set(name, [...named]);
  }
  return selectors;
}
