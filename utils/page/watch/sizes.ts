/**
 * Watches the sizes of elements: layout that changes with no scroll, no window resize and no change to the page's
 * text moves claims too (an image or a web font that loads late, a style sheet or a class that changes the text's
 * size, a text field resized by its handle).
 */
export class SizeWatch {
  private readonly observer: ResizeObserver;
  private readonly watched = new Set<Element>();

  constructor(changed: () => void) {
    this.observer = new ResizeObserver(changed);
  }

  /** Watches these elements too, and lets go of those the page removed (a block rendered again in new nodes). */
  watch(elements: Iterable<Element | null>): void {
    for (const element of this.watched)
      if (!element.isConnected) {
        this.watched.delete(element);
        this.observer.unobserve(element);
      }
    for (const element of elements)
      if (element && !this.watched.has(element)) {
        this.watched.add(element);
        this.observer.observe(element);
      }
  }

  stop(): void {
    this.observer.disconnect();
    this.watched.clear();
  }
}
