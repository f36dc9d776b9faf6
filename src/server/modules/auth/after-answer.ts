import type { FastifyBaseLogger } from "fastify";

/**
 * Work a request starts and does not wait for (a message to write), so that its answer takes the
 * same time whether or not there was anything to do. `settled` waits for what is still running
 * (the app waits for it before it closes the database).
 */
export function createAfterAnswer(log: FastifyBaseLogger) {
  const running = new Set<Promise<void>>();
  return {
    run(what: string, task: () => Promise<void>): void {
      const promise = task()
        .catch((error: unknown) => log.error({ err: error }, `${what} failed after the answer`))
        .finally(() => running.delete(promise));
      running.add(promise);
    },
    async settled(): Promise<void> {
      await Promise.all([...running]);
    },
  };
}

export type AfterAnswer = ReturnType<typeof createAfterAnswer>;
