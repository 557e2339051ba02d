/**
 * The shadow roots that located claims are drawn in (their own, or that of the slot they are given to, and those
 * around it): where a popover or a modal around them may stand, unseen from the document (`:popover-open` and `:modal`
 * do not look into shadow trees, and a `toggle` event does not leave one). Kept for the page's later checks.
 */
import { drawnParent, elementOf } from './anchor/shadow-roots';
import { anyPopoverOpen, topModal } from './top-layer';

export class ClaimRoots {
  private readonly roots = new Set<ShadowRoot>();
  /** A root was added since the top layer was last followed: a modal may be open in it. */
  private unseen = false;
  /**
   * Whether the page shows a popover, as last looked for (undefined: to be looked for again): a page check asks on each
   * of its updates, and the look is cheap but not free on a large page. A popover opens and closes with a `toggle`
   * event, which is heard (see forgetPopovers).
   */
  private popoverShown: boolean | undefined;

  /** `watch`: listens to a root as the document is (its changes and its popovers' toggles). */
  constructor(private readonly watch: (root: ShadowRoot) => void) {}

  /** Adds the shadow roots a claim is drawn in. */
  note(range: Range): void {
    for (let current = elementOf(range.commonAncestorContainer); current; current = drawnParent(current)) {
      const root = current.getRootNode();
      if (root.nodeType !== Node.DOCUMENT_FRAGMENT_NODE || this.roots.has(root as ShadowRoot)) continue;
      this.roots.add(root as ShadowRoot);
      this.watch(root as ShadowRoot);
      this.popoverShown = undefined;
      this.unseen = true;
    }
  }

  /** The page's open modal, in the document or in these roots (see topModal). */
  topModal(): Element | null {
    return topModal(this.roots);
  }

  anyPopoverOpen(): boolean {
    return (this.popoverShown ??= anyPopoverOpen(this.roots));
  }

  /** A popover opened or closed: looked for again when next asked. */
  forgetPopovers(): void {
    this.popoverShown = undefined;
  }

  /** Whether a root was added since this was last asked. */
  takeUnseen(): boolean {
    const unseen = this.unseen;
    this.unseen = false;
    return unseen;
  }
}
