/**
 * Which of the page's elements the highlights' `::highlight()` rules name: on a large page in Chromium, the elements
 * that hold the claims drawn, each by its path (see pathSelector); else every element.
 *
 * Why: a rule that can match any element makes the browser restyle the whole page when the sheet is adopted, one long
 * task on a large page. Chromium's highlights are inherited, so a rule on the element that holds a claim paints the
 * text inside it too (links, emphasis, a host's shadow tree). On a small page the rule for every element costs one
 * short restyle, once, and nothing on each draw, so it is kept there.
 *
 * Elements are named by tag and position among their own tag, and their parents' likewise, so that the browser files
 * each rule under its tag (a selector ending in a pseudo-class alone is looked at for every element), and so that
 * what pages add most between paragraphs, an ad's or an embed's box, moves none of them. PageChecker's observer writes
 * the paths again, before the page is painted, when those elements move.
 *
 * Firefox keeps the rules for every element: its highlight styles are not inherited, and any change to its adopted
 * sheets restyles every element whatever they hold. bench/page-tasks.ts and bench/anchoring.ts measure both.
 */
export const SCOPED_FROM_ELEMENTS = 2000;

/** Whether the highlights' rules are to name the elements that hold claims in this document (see above). */
export function scopesHighlights(doc: Document): boolean {
  // Whether the page has a SCOPED_FROM_ELEMENTS-th element, not how many it has: a count walks every element of a huge
  // page in the content script's first task; this walks that many at most.
  return !import.meta.env.FIREFOX && doc.getElementsByTagName('*').item(SCOPED_FROM_ELEMENTS - 1) !== null;
}

/**
 * How many steps of an element's path a selector names (see pathSelector). A longer path costs more to find and to
 * parse in each draw (the whole path from the root costs as much as the rest of the draw). A shorter one may also
 * match other elements, which is harmless: an element's highlight style paints only the ranges that highlight holds.
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
