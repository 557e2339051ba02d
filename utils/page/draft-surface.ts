/** Which element a draft check refers to: a text field, or the whole draft a focused editable element belongs to. */
import { isTextField } from './fields';

/**
 * The element a draft check refers to: a text field, or the draft a contenteditable belongs to: its editing host,
 * or the blocks of a block editor around it (see draftSurface).
 */
export function editableTarget(element: Element | null): Element | null {
  if (isTextField(element)) return element;
  return element instanceof HTMLElement && element.isContentEditable ? draftSurface(element) : null;
}

const DRAFT_BOUNDS =
  'main, aside, form, section, dialog, [role="main"], [role="complementary"], [role="form"], [role="region"], [role="dialog"]';

/**
 * The whole draft that a focused editable element belongs to, as the background reads it (see read-page.ts). Block editors (WordPress's, Notion's) make each paragraph an editing
 * host of its own, side by side: the draft is then the widest element around the focused one that holds more than
 * one editing host and whose text is nearly all (90 %) in them, up to a landmark (main, aside, a form, a section or
 * region, a dialog) and never the body.
 */
export function draftSurface(focused: HTMLElement): HTMLElement {
  const host = editingHostOf(focused) ?? focused;
  const letters = (element: Element) => (element.textContent ?? '').replace(/\s+/g, '').length;
  let surface = host;
  for (let parent = host.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
    const hosts = [...parent.querySelectorAll<HTMLElement>('[contenteditable]')].filter(
      (element) => element.isContentEditable && !element.parentElement?.isContentEditable,
    );
    if (hosts.length > 1) {
      if (hosts.reduce((sum, element) => sum + letters(element), 0) < 0.9 * letters(parent)) break;
      surface = parent;
    }
    if (parent.matches(DRAFT_BOUNDS)) break;
  }
  return surface;
}

/** The editing host a node is in (the outermost contenteditable element around it), or null. */
export function editingHostOf(node: Node): HTMLElement | null {
  let host = node instanceof HTMLElement ? node : node.parentElement;
  if (!host?.isContentEditable) return null;
  while (host.parentElement?.isContentEditable) host = host.parentElement;
  return host;
}
