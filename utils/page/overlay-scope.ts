/**
 * Where the overlay stands: in the page's open modal, in the open popover that holds the check's claims, or in the
 * document (see Overlay.scope); followed as they open and close, and put back if the page removes it.
 */
import { drawnWithin } from './anchor/shadow-roots';
import type { ClaimRoots } from './claim-roots';
import type { Overlay } from './overlay';
import type { CheckTarget, Located } from './targets/target';
import type { PageChanges } from './watch/page-changes';

export interface OverlayScopeContext {
  readonly overlay: Overlay;
  claimRoots(): ClaimRoots;
  changes(): PageChanges;
  /** Stops the listeners added to elements in shadow trees. */
  readonly signal: AbortSignal;
  /** Whether a check is shown (none: nothing to follow). */
  checking(): boolean;
  target(): CheckTarget;
  located(): Iterable<Located | null>;
  /** A popover or a <details> opened or closed, in a page whose sections may hide claims: they are located again. */
  sectionsToggled(): void;
  /** The overlay moved: what it shows is placed again. */
  moved(): void;
}

export class OverlayScope {
  constructor(private readonly context: OverlayScopeContext) {}

  /** The page removed the overlay (or the modal it stood in): back in the document (or a modal), with what it showed. */
  keepAttached(): void {
    if (this.context.overlay.attached) return;
    this.context.overlay.reattach();
    this.follow();
  }

  /** A popover opened or closed, or an element went full screen or back: the overlay follows (see follow). */
  readonly onTopLayer = (event: Event) => {
    const { overlay, claimRoots, checking, target, sectionsToggled } = this.context;
    // Ours: the overlay shown as a popover above the page's (see Overlay.moveInto), or hidden.
    if (event.target === overlay.host) return;
    if (event.type === 'toggle') {
      claimRoots().forgetPopovers();
      // A popover (or a <details>) that opened or closed showed or hid its claims, with no change to any attribute.
      if (checking() && target().hasSections) sectionsToggled();
    }
    this.follow();
  };

  /**
   * Puts the overlay in the page's open modal (a dialog opened with showModal(), or the element shown full screen),
   * or in the open popover that holds the draft checked or a claim of the page, or back in the document once it
   * closed: see Overlay.scope. Claims behind the modal keep their badges, unseen.
   */
  follow(): void {
    const { overlay, claimRoots, changes, signal, checking, target, located, moved } = this.context;
    if (!checking()) return;
    // A web component's own modal (a <dialog> in its shadow tree, around the draft given to it) is not seen from the
    // document: the target looks for it around the draft.
    const modal = claimRoots().topModal() ?? target().modal();
    // A popover is drawn in the top layer too, above any z-index, but leaves the page around it as it is: the
    // overlay goes into one that holds the draft checked (a compose box shown as a popover), or a claim of the page
    // (a box of key facts, an annotation), and stands fixed to the view there, so that the popover does not clip
    // the badges of the claims around it (those under it are hidden, as under any pinned box).
    const popover = target().popover(located());
    const scope = popover && (!modal || drawnWithin(modal, popover)) ? popover : modal;
    if (scope === overlay.scope) return;
    overlay.moveInto(scope, scope === popover);
    if (scope && scope.getRootNode() !== document) {
      // In a shadow tree, its closing is heard by neither the document's observer nor its listener (a `toggle`
      // event does not leave the shadow tree): they are listened for on the element itself.
      changes().watchOpen(scope);
      scope.addEventListener('toggle', this.onTopLayer, { signal });
    }
    moved();
  }
}
