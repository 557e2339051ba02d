/** A queue of read-modify-write changes to one stored list, made one after another so that two at once lose neither. */
export interface SerialWrites {
  /** Runs `change` after the changes queued before it. */
  run<T>(change: () => Promise<T>): Promise<T>;
  /** Once the changes queued so far are made (a read then sees them all). */
  settled(): Promise<unknown>;
}

export function serialWrites(): SerialWrites {
  let writes: Promise<unknown> = Promise.resolve();
  return {
    run(change) {
      const done = writes.then(change);
      writes = done.catch(() => undefined);
      return done;
    },
    settled: () => writes,
  };
}
