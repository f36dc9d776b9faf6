import DataLoader from "dataloader";

/** The most requests one batch holds (a bigger burst is split into several statements). */
const MAX_BATCH = 500;

/**
 * A DataLoader (no cache) whose batches run one after the other, as a database's group commit:
 * the first request runs at once, and the requests that arrive while a batch is running wait for
 * it to end and then run together, in one batch. A burst of 300 students' requests then costs a
 * few statements instead of 300 (on PGlite, one backend in this process, every statement waits
 * for the one before: the practice benchmark, bench/student-practice.ts), and a lone request waits
 * for nothing but the batch in flight.
 *
 * `run` answers one value or Error per key, in the keys' order; a key answered with an Error
 * rejects that request only.
 */
export function groupCommitLoader<K, V>(run: (keys: readonly K[]) => Promise<Array<V | Error>>) {
  let running: Promise<unknown> = Promise.resolve();
  return new DataLoader<K, V>(
    (keys) => {
      const batch = run(keys);
      running = batch.catch(() => undefined);
      return batch;
    },
    {
      cache: false,
      maxBatchSize: MAX_BATCH,
      batchScheduleFn: (dispatch) => {
        void running.then(() => setImmediate(dispatch));
      },
    },
  );
}
