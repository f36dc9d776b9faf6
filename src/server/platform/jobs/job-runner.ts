/** A counting semaphore: at most `size` holders at once. */
function semaphore(size: number) {
  let free = size;
  const waiting: Array<() => void> = [];
  return {
    async acquire() {
      if (free > 0) {
        free -= 1;
        return;
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    },
    release() {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    },
  };
}

/**
 * Runs job handlers in this process: at most `concurrency` at once across every queue, each with
 * an abort signal that stop() uses when its grace period is over.
 */
export function createJobRunner(concurrency: number) {
  const permits = semaphore(concurrency);
  const running = new Set<{ controller: AbortController; done: Promise<unknown> }>();

  return {
    /** Runs one handler once a permit is free, unless the queue stopped while it waited. */
    async run(stopped: () => boolean, handler: (signal: AbortSignal) => Promise<unknown>) {
      await permits.acquire();
      const controller = new AbortController();
      const entry = { controller, done: Promise.resolve() as Promise<unknown> };
      try {
        if (stopped()) throw new Error("the job queue stopped before the job ran");
        entry.done = handler(controller.signal);
        running.add(entry);
        return await entry.done;
      } finally {
        running.delete(entry);
        permits.release();
      }
    },

    /** Lets running handlers finish within `graceMs`, then aborts those still running. */
    async drain(graceMs: number) {
      let grace: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          Promise.allSettled([...running].map((entry) => entry.done)),
          new Promise((resolve) => {
            grace = setTimeout(resolve, graceMs);
          }),
        ]);
        for (const entry of running) entry.controller.abort(new Error("the server is shutting down"));
      } finally {
        clearTimeout(grace);
      }
    },
  };
}
