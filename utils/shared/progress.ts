/**
 * Whether a check is still running, and its progress: apart from the zod schemas (utils/contract/jobs.ts) so that the
 * popup and the content script can use them without zod.
 */

/** The states in which a job still has work to do; the others (done, failed, cancelled) are final. */
export function isActive(state: string): boolean {
  return state === 'queued' || state === 'detecting' || state === 'verifying';
}

/** Work done and to do, for a progress bar: every chunk and every batch counts as one step. */
export function jobProgress(job: { chunks: { state: string }[]; batches: { state: string }[] }): {
  done: number;
  total: number;
} {
  const units = [...job.chunks, ...job.batches];
  const done = units.filter((unit) => unit.state === 'done').length;
  return { done, total: Math.max(units.length, 1) };
}
