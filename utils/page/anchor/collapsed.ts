/**
 * Sections a page keeps collapsed until the reader opens them: a closed `<details>` (all but its summary: FAQs,
 * "show more" notes), an element `hidden="until-found"` (an accordion's panel, which find-in-page opens), and a closed
 * popover (a "more about this" box, a footnote shown on demand). A check by the page's address reads every section,
 * so a claim may stand in one, and a popover the reader opened during the check may close again. Its text does not
 * show, so it is not highlighted there; the results list offers to open what hides it instead of calling it "not
 * found".
 */
import { isRendered } from './visibility';
import { drawnParent, parentElementAcross } from './shadow-roots';
import { pointAt, type TextModel } from './text-model';

/** Whether any of these roots (the document, shadow roots) holds a collapsed section: most pages hold none. */
export function anyCollapsedSection(roots: readonly (Document | ShadowRoot)[]): boolean {
  // Any popover: whether it is open is not a selector every browser parses (`:popover-open`), and this only sorts out
  // the pages that hold none.
  return roots.some((root) => root.querySelector('details:not([open]), [hidden="until-found" i], [popover]'));
}

/**
 * A popover that is closed. Where the browser does not tell (no `:popover-open`), it is taken for open, as it is then
 * not drawn as a popover at all.
 */
function closedPopover(element: Element): boolean {
  if (!element.hasAttribute('popover')) return false;
  try {
    return !element.matches(':popover-open');
  } catch {
    return false;
  }
}

/** Hidden until found: the attribute's keyword is matched as HTML matches it, in any case (`hidden="Until-Found"`). */
function hiddenUntilFound(element: Element): boolean {
  return element.getAttribute('hidden')?.toLowerCase() === 'until-found';
}

/**
 * The collapsed sections around `element`, outermost first, as the page is drawn (a web component's slotted
 * content too); null if none, or if the outermost would not show once opened (it is in a part of the page that is
 * hidden itself: a closed menu, a template).
 */
function collapsedSectionsAround(element: Element): Element[] | null {
  const sections: Element[] = [];
  for (let child: Element | null = null, current: Element | null = element; current; current = drawnParent(current)) {
    if (
      hiddenUntilFound(current) ||
      closedPopover(current) ||
      (current.localName === 'details' &&
        !(current as HTMLDetailsElement).open &&
        !current.querySelector(':scope > summary')?.contains(child))
    )
      sections.unshift(current);
    child = current;
  }
  const outermost = sections[0];
  if (!outermost) return null;
  // A closed <details> shows its summary; a hidden panel or a popover, nothing of itself: its parent tells.
  return isRendered(outermost.localName === 'details' ? outermost : drawnParent(outermost)) ? sections : null;
}

/** The collapsed sections that hide the text at a raw span of the model (see collapsedSectionsAround), or null. */
export function collapsedSectionsAt(model: TextModel, start: number): Element[] | null {
  const point = pointAt(model, start, 'start');
  const element = point && parentElementAcross(point.node);
  return element ? collapsedSectionsAround(element) : null;
}

/**
 * Opens the sections, outermost first, as the reader would: a `<details>` by its `open` property (its `toggle`
 * event fires, which a page may follow), a hidden panel as find-in-page does, its `beforematch` event first (an
 * accordion's script opens its own state on it), then its `hidden` attribute removed, and a popover as its button
 * would (its `beforetoggle` and `toggle` events fire; a page may refuse it, or have removed it meanwhile: it then
 * stays closed, and the claim is not shown).
 */
export function openSections(sections: readonly Element[]): void {
  for (const section of sections) {
    if (section.localName === 'details') (section as HTMLDetailsElement).open = true;
    else if (hiddenUntilFound(section)) {
      section.dispatchEvent(new Event('beforematch', { bubbles: true }));
      section.removeAttribute('hidden');
    } else if (closedPopover(section)) {
      try {
        (section as HTMLElement).showPopover();
      } catch {
        // Not shown (see above).
      }
    }
  }
}
