/**
 * Watches the page's text and the sections that show or hide parts of it, in the document and in the shadow roots
 * added to it (the document's observer does not see into shadow trees).
 */

/**
 * The attributes that show or hide a part of the page, watched with its text: `open`, which a dialog and a <details>
 * change, and `hidden` (an accordion's panel, a tab's).
 */
const WATCHED_ATTRIBUTES = ['open', 'hidden'];

const WATCHED: MutationObserverInit = {
  subtree: true,
  childList: true,
  characterData: true,
  attributeFilter: WATCHED_ATTRIBUTES,
};

export class PageChanges {
  private readonly observer: MutationObserver;

  constructor(changed: (records: MutationRecord[]) => void) {
    this.observer = new MutationObserver(changed);
    this.observer.observe(document.documentElement, WATCHED);
  }

  /** Watches a shadow root's text and sections as the document's. */
  watchRoot(root: ShadowRoot): void {
    this.observer.observe(root, WATCHED);
  }

  /** Watches an element in a shadow tree (a modal, a popover) for its opening and closing. */
  watchOpen(element: Element): void {
    this.observer.observe(element, { attributes: true, attributeFilter: ['open'] });
  }

  stop(): void {
    this.observer.disconnect();
  }
}
