/**
 * Text a page renders from shadow trees: web components (news sites built on them, web apps) put their text
 * in a shadow root, which a document's TreeWalker never enters. The Custom Highlight API paints ranges there
 * (Chromium's highlights inherit across the shadow boundary), and a range's client rects are where it shows,
 * so a claim in a shadow tree is drawn like any other once it is found.
 */

/** A node's parent element, across a shadow root's boundary: the host of a shadow tree's top-level node. */
export function parentElementAcross(node: Node): Element | null {
  if (node.parentElement) return node.parentElement;
  const parent = node.parentNode;
  return parent && parent.nodeType === Node.DOCUMENT_FRAGMENT_NODE ? ((parent as ShadowRoot).host ?? null) : null;
}

/**
 * An element's parent as the page is drawn (the flat tree): the slot it is assigned to, in its host's shadow tree
 * (a web component's own dialog, around the content given to it), or else its parent element across roots.
 */
export function drawnParent(element: Element): Element | null {
  return element.assignedSlot ?? parentElementAcross(element);
}

/**
 * Whether `element` is `container` or inside it as the page is drawn (see drawnParent): a draft given to a web
 * component is inside the component's own dialog, which `contains` does not say.
 */
export function drawnWithin(container: Element, element: Element | null | undefined): boolean {
  if (!element) return false;
  if (container.contains(element)) return true;
  // Most containers (a page's sticky header, its dialog) are in the document's own tree: they hold, as drawn, what
  // is inside them and what is in the shadow trees of the hosts inside them. Told without a walk up the page: this
  // is asked for each claim and each of the page's pinned boxes as badges are placed.
  if (container.getRootNode() === container.ownerDocument) {
    let outermost: Element = element;
    for (
      let root = outermost.getRootNode();
      root.nodeType === Node.DOCUMENT_FRAGMENT_NODE;
      root = outermost.getRootNode()
    )
      outermost = (root as ShadowRoot).host;
    return container.contains(outermost);
  }
  for (let current = drawnParent(element); current; current = drawnParent(current))
    if (current === container) return true;
  return false;
}

/** The element a range's boundary or common ancestor stands in: the node itself, or its parent element across roots. */
export function elementOf(node: Node): Element | null {
  return node.nodeType === Node.ELEMENT_NODE ? (node as Element) : parentElementAcross(node);
}

type ClosedRootReader = (element: Element) => ShadowRoot | null;
const chromeDom = (globalThis as { chrome?: { dom?: { openOrClosedShadowRoot?: ClosedRootReader } } }).chrome?.dom;

/**
 * An element's shadow root: open, or closed where the browser shows it to extensions (pages cannot reach it,
 * content scripts may: Firefox gives them `openOrClosedShadowRoot` on elements, Chrome `chrome.dom`), asked for
 * only on custom elements (whose tag has a hyphen), where closed roots are found in practice: asking costs a
 * call into the extension's bindings, too much for every element.
 */
export function shadowRootOf(element: Element): ShadowRoot | null {
  return (
    element.shadowRoot ??
    (element.localName.includes('-')
      ? ((element as { openOrClosedShadowRoot?: ShadowRoot | null }).openOrClosedShadowRoot ??
        chromeDom?.openOrClosedShadowRoot?.(element) ??
        null)
      : null)
  );
}

/**
 * The focused element, inside shadow trees too: for a field in a web component, the document's activeElement
 * is the component's host.
 */
export function deepActiveElement(): Element | null {
  let active = document.activeElement;
  for (let inner = active && shadowRootOf(active)?.activeElement; inner; inner = shadowRootOf(inner)?.activeElement)
    active = inner;
  return active;
}

/**
 * Every shadow root under `root` (and under those, nested), in document order, except `ignored`'s (the
 * extension's own UI; see shadowRootOf for which). One pass over the elements, a tenth of the text model's
 * build, run only when a claim was not found in
 * the page's light tree.
 */
export function shadowRootsIn(root: Node, ignored?: Element): ShadowRoot[] {
  const found: ShadowRoot[] = [];
  const scan = (from: Node) => {
    const walker = document.createTreeWalker(from, NodeFilter.SHOW_ELEMENT);
    for (let element = walker.nextNode() as Element | null; element; element = walker.nextNode() as Element | null) {
      const shadow = shadowRootOf(element);
      if (!shadow || element === ignored) continue;
      found.push(shadow);
      scan(shadow);
    }
  };
  scan(root);
  return found;
}
