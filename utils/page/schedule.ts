/** When the page checker's work runs: once the page is quiet, once it is still, and at the next frame. */

/**
 * Runs `work` once calls to `schedule` have been quiet for `delay` ms, and at the latest `maxWait` ms after the first
 * of them: a page that changes more often than that (a ticking clock, a live ticker) would otherwise never be quiet.
 */
export class QuietTimer {
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** When the pending run happens at the latest (performance.now()), however busy the page stays. */
  private deadline = 0;

  /** `delay` and `maxWait` are read at each call (see e2e-delays.ts). */
  constructor(
    private readonly work: () => void,
    private readonly delay: () => number,
    private readonly maxWait: () => number = () => Infinity,
  ) {}

  schedule(): void {
    const now = performance.now();
    if (this.timer === undefined) this.deadline = now + this.maxWait();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.runNow(), Math.min(this.delay(), this.deadline - now));
  }

  /** Runs the work now, instead of when it was scheduled. */
  runNow(): void {
    this.cancel();
    this.work();
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  get pending(): boolean {
    return this.timer !== undefined;
  }
}

/** What a frame does: draw everything, or only move what is drawn. */
export type FrameWork = 'draw' | 'position';

/**
 * Runs the work at the next animation frame, once however many keystrokes or scroll events came before it; a draw
 * asked for since takes the place of a move.
 */
export class FrameScheduler {
  private frame = 0;
  private pending: FrameWork | null = null;

  constructor(private readonly work: (work: FrameWork) => void) {}

  get scheduled(): boolean {
    return this.frame !== 0;
  }

  schedule(work: FrameWork): void {
    if (this.pending !== 'draw') this.pending = work;
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      const pending = this.pending ?? work;
      this.frame = 0;
      this.pending = null;
      this.work(pending);
    });
  }

  cancel(): void {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.pending = null;
  }
}
