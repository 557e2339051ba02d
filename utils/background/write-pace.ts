/**
 * How often checks made as the user writes may start, per tab and per site, whatever a content script asks: a page's
 * script that makes frames, or fields, or events by the hundred gets no more checks than a person writing would.
 */

/** Between two checks of one tab: the pause after typing that a check waits for anyway. */
export const TAB_INTERVAL_MS = 2_000;
/** Checks one site may start in a minute, across its tabs and frames. */
export const SITE_CHECKS_PER_MINUTE = 12;
const MINUTE_MS = 60_000;

export class WritePace {
  private readonly lastByTab = new Map<number, number>();
  private readonly startsBySite = new Map<string, number[]>();

  /**
   * Takes a start for `tabId` on `site` at `now`: 0 if it may start (and it is counted), else how many milliseconds
   * until it may (nothing counted).
   */
  take(tabId: number, site: string, now: number): number {
    const last = this.lastByTab.get(tabId);
    if (last !== undefined && now - last < TAB_INTERVAL_MS) return TAB_INTERVAL_MS - (now - last);
    const recent = (this.startsBySite.get(site) ?? []).filter((at) => now - at < MINUTE_MS);
    const oldest = recent[0];
    if (recent.length >= SITE_CHECKS_PER_MINUTE && oldest !== undefined) {
      this.startsBySite.set(site, recent);
      return MINUTE_MS - (now - oldest);
    }
    recent.push(now);
    this.startsBySite.set(site, recent);
    this.lastByTab.set(tabId, now);
    return 0;
  }

  /** A start taken for a check that was then not made (refused): it does not count against the tab. */
  giveBack(tabId: number, site: string, at: number): void {
    if (this.lastByTab.get(tabId) === at) this.lastByTab.delete(tabId);
    const starts = this.startsBySite.get(site);
    const index = starts?.lastIndexOf(at) ?? -1;
    if (starts && index >= 0) starts.splice(index, 1);
  }

  /** A tab closed. */
  forgetTab(tabId: number): void {
    this.lastByTab.delete(tabId);
  }
}
