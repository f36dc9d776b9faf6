import type PgBoss from "pg-boss";
import type { QueueOptions } from "./jobs.ts";

/** A queue's rules when none are given. */
export const DEFAULT_QUEUE: Required<QueueOptions> = {
  retryLimit: 3,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
  policy: "standard",
};

const toPgBossQueue = (options: Required<QueueOptions>) => ({
  retryLimit: options.retryLimit,
  retryDelay: options.retryDelaySeconds,
  retryBackoff: options.retryBackoff,
  expireInSeconds: options.expireInSeconds,
  // pg-boss's updateQueue sets "standard" when none is given: always give it.
  policy: options.policy,
});

/** Creates the queue, or brings an existing one's rules up to date. */
export async function declareQueue(instance: PgBoss, name: string, options: Required<QueueOptions>) {
  const rules = { name, ...toPgBossQueue(options) };
  // Two instances creating one queue at once (each makes its partition table) can deadlock on
  // PostgreSQL: the loser tries again, and finds it made.
  for (let attempt = 1; !(await instance.getQueue(name)); attempt += 1) {
    try {
      await instance.createQueue(name, rules);
    } catch (error) {
      if (attempt >= 5 || (error as { code?: string }).code !== "40P01") throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt * Math.random()));
    }
  }
  await instance.updateQueue(name, rules);
}
