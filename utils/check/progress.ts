/** A check's progress, apart from the zod schemas so that the popup can use it without zod. */

/** Work done and to do, for a progress bar: every chunk and every batch counts as one step. */
export function jobProgress(job: { chunks: { state: string }[]; batches: { state: string }[] }): {
  done: number;
  total: number;
} {
  const units = [...job.chunks, ...job.batches];
  const done = units.filter((unit) => unit.state === 'done').length;
  return { done, total: Math.max(units.length, 1) };
}
