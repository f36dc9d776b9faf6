import type PgBoss from "pg-boss";
import type { DatabaseHandle } from "../../db/client.ts";
import { createJobDatabase } from "./job-database.ts";
import { createJobRunner } from "./job-runner.ts";
import { DEFAULT_QUEUE, declareQueue } from "./pg-boss-queues.ts";

/**
 * Background jobs in the application's own database: pg-boss 10 on PostgreSQL
 * or on PGlite, both through the database handle's `executeSql` (on PGlite the one serial queue
 * every call goes through). Jobs are rows: they survive a restart or a kill -9, are retried with
 * back-off, and `SELECT ... FOR UPDATE SKIP LOCKED` gives each job to one worker across every
 * instance sharing a PostgreSQL database.
 *
 * pg-boss is loaded by start(), shortly after the server listens (it also loads `pg`, which a
 * server on PGlite otherwise never does: start-up), or by the first send(), which waits
 * for it.
 */

/** The schema pg-boss keeps its tables in. */
export const JOBS_SCHEMA = "pgboss";

export interface QueueOptions {
  /** Attempts after the first one (default 3). */
  retryLimit?: number;
  /** Seconds before the first retry; doubled on each further one, with jitter, when `retryBackoff` (default 10). */
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /**
   * How long one attempt may run (default 15 minutes). An attempt still active after this (its
   * process was killed, on PostgreSQL) is given to another worker by pg-boss's maintenance.
   */
  expireInSeconds?: number;
  /**
   * pg-boss's queue policy (default "standard"). "stately": at most one job of the queue waits and
   * one runs, across every instance; a send while one waits returns null (recurring work).
   */
  policy?: "standard" | "stately";
}

export interface JobContext {
  id: string;
  name: string;
  /** 0 on the first attempt. */
  retryCount: number;
  /** Aborted when the queue stops (after its grace period): a handler stops its work and throws. */
  signal: AbortSignal;
}

export type JobHandler<T> = (data: T, job: JobContext) => Promise<unknown>;

export interface SendOptions {
  /**
   * pg-boss's singleton key. On pg-boss 10's standard queues it does NOT keep a second job with the
   * same key out (only "singleton" and "stately" queue policies do): callers that must not queue
   * twice check their own state first (the document job checks the document's status).
   */
  singletonKey?: string;
  startAfterSeconds?: number;
}

export interface JobState {
  id: string;
  state: "created" | "retry" | "active" | "completed" | "cancelled" | "failed";
  retryCount: number;
  /** The handler's result once completed; `{ message, stack }` of the last failure otherwise. */
  output: unknown;
  startedOn: Date | null;
  completedOn: Date | null;
}

/** The jobs waiting for a worker across every instance and queue: due, not yet running. */
export interface JobBacklog {
  waiting: number;
  /** How long the longest-waiting one has been due, in whole seconds; null when none waits. */
  oldestWaitingSeconds: number | null;
}

export interface JobQueue {
  /** At most this many handlers run at once in this process, across every queue. */
  readonly concurrency: number;
  /** Declares a queue and its retry rules; work() and send() declare theirs with the defaults. */
  define(name: string, options?: QueueOptions): void;
  /** Runs `handler` for the queue's jobs (from start(), or at once when already started). */
  work<T extends object>(name: string, handler: JobHandler<T>, options?: QueueOptions): void;
  /**
   * Runs `handler` every `seconds`, across restarts and instances: once started, the queue sends a
   * first job (after `seconds`) when none of the queue is waiting or running; each run sends the
   * next when it ends, failed or not (a failure goes to onError and the job's output, and is not
   * retried: the next run does it again). A run cut short (its instance died, or it was stopped)
   * is retried, by any instance, and goes on from there. The queue is "stately": however many
   * instances start or re-send at once, one run waits, so the work runs once per period.
   */
  every(name: string, seconds: number, handler: JobHandler<object>): void;
  /** Queues a job (starting the queue if need be); its id, or null when a singleton job with the same key is already queued. */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /**
   * The backlog, in one query on pg-boss's table (without starting pg-boss): nothing waits while
   * its schema does not exist yet.
   */
  backlog(): Promise<JobBacklog>;
  /** One job's state, or null when unknown (or archived and deleted). */
  getJob(name: string, id: string): Promise<JobState | null>;
  start(): Promise<void>;
  /**
   * Stops fetching; running handlers get `graceMs` to finish, then their signal is aborted and
   * their jobs are failed, so they are retried (with back-off) after the next start.
   */
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  database: Pick<DatabaseHandle, "executeSql" | "kind">;
  concurrency: number;
  /** How often an idle worker looks for a job (default 2 s; pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
  /** How long stop() lets running handlers finish before aborting them (default 5 s). */
  stopGraceMs?: number;
  /** How often expired attempts are retried and old jobs archived (default 60 s). */
  maintenanceIntervalSeconds?: number;
  onError?: (error: unknown) => void;
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { database, concurrency } = options;
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
  const stopGraceMs = options.stopGraceMs ?? 5000;
  const onError = options.onError ?? (() => undefined);
  const queues = new Map<string, Required<QueueOptions>>();
  const handlers = new Map<string, JobHandler<object>>();
  const recurring = new Map<string, number>();
  const runner = createJobRunner(concurrency);
  const jobsDatabase = createJobDatabase(database, JOBS_SCHEMA);
  let starting: Promise<PgBoss> | undefined;
  let stopped = false;

  const rulesOf = (name: string) => queues.get(name) ?? DEFAULT_QUEUE;
  const define = (name: string, queueOptions: QueueOptions = {}) => {
    queues.set(name, { ...DEFAULT_QUEUE, ...queues.get(name), ...queueOptions });
  };

  const runHandler = async (name: string, job: PgBoss.JobWithMetadata<object>) => {
    const handler = handlers.get(name);
    if (!handler) throw new Error(`no handler for jobs of ${name}`);
    return runner.run(
      () => stopped,
      (signal) => handler(job.data, { id: job.id, name, retryCount: job.retryCount, signal }),
    );
  };

  const startWorkers = async (instance: PgBoss, name: string) => {
    await declareQueue(instance, name, rulesOf(name));
    // `concurrency` fetchers per queue; the runner holds the total across queues.
    for (let index = 0; index < concurrency; index += 1) {
      await instance.work<object>(
        name,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds },
        async ([job]) => (job ? runHandler(name, job) : undefined),
      );
    }
  };

  const begin = async (): Promise<PgBoss> => {
    const { default: PgBossClass } = await import("pg-boss");
    const instance = new PgBossClass({
      db: { executeSql: jobsDatabase.executeSql },
      schema: JOBS_SCHEMA,
      // Creates its schema when missing (a fresh DATA_DIR has it from the template).
      migrate: true,
      // How the job of an instance that died mid-run comes back (PostgreSQL): its attempt stays
      // `active` until `expireInSeconds` after it started; then pg-boss's maintenance, which every
      // instance runs (each `maintenanceIntervalSeconds`, one at a time under an advisory lock),
      // fails it as timed out, so it is retried (after its retry delay) or fails when out of
      // retries, and any instance's worker takes it. Every instance must supervise for that.
      supervise: true,
      schedule: false,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
    });
    instance.on("error", onError);
    await instance.start();
    await jobsDatabase.recoverActive();
    for (const name of queues.keys()) {
      if (handlers.has(name)) await startWorkers(instance, name);
      else await declareQueue(instance, name, rulesOf(name));
    }
    for (const [name, seconds] of recurring) {
      // Another instance may send at the same moment: the stately queue keeps one (ours is then null).
      if ((await instance.getQueueSize(name, { before: "completed" })) === 0) {
        await instance.send(name, {}, { startAfter: seconds });
      }
    }
    return instance;
  };

  const ready = (): Promise<PgBoss> => {
    if (stopped) return Promise.reject(new Error("the job queue is stopped"));
    starting ??= begin();
    return starting;
  };

  return {
    concurrency,
    define,
    work(name, handler, queueOptions) {
      if (handlers.has(name)) throw new Error(`jobs of ${name} already have a handler`);
      define(name, queueOptions);
      handlers.set(name, handler as JobHandler<object>);
      if (starting) {
        starting.then((instance) => startWorkers(instance, name)).catch(onError);
      }
    },
    every(name, seconds, handler) {
      recurring.set(name, seconds);
      this.work(
        name,
        async (data, job) => {
          try {
            return await handler(data, job);
          } catch (error) {
            // Stopping: failed, so retried after the next start (which then sends no other run).
            if (job.signal.aborted) throw error;
            // A failed run is not retried (the next one, sent below, does the work again): a
            // retry would wait beside it, and the stately queue lets one wait in each state.
            onError(error);
            return { failed: error instanceof Error ? error.message : String(error) };
          } finally {
            // This job is active, not waiting: the stately queue takes the next one (null if one already waits).
            if (!stopped) await (await ready()).send(name, {}, { startAfter: seconds });
          }
        },
        // Retries are for runs cut short: a run whose instance died expires and is retried on
        // another instance (see begin()), and its end sends the next run, so the period goes on.
        { retryLimit: 3, policy: "stately" },
      );
    },
    async send(name, data, sendOptions = {}) {
      if (!queues.has(name)) define(name);
      const instance = await ready();
      if (!(await instance.getQueue(name))) await declareQueue(instance, name, rulesOf(name));
      return instance.send(name, data, {
        ...(sendOptions.singletonKey === undefined ? {} : { singletonKey: sendOptions.singletonKey }),
        ...(sendOptions.startAfterSeconds === undefined ? {} : { startAfter: sendOptions.startAfterSeconds }),
      });
    },
    backlog: jobsDatabase.backlog,
    async getJob(name, id) {
      const instance = await ready();
      const job = await instance.getJobById(name, id, { includeArchive: true });
      if (!job) return null;
      return {
        id: job.id,
        state: job.state,
        retryCount: job.retryCount,
        output: job.output ?? null,
        startedOn: job.startedOn ?? null,
        completedOn: job.completedOn ?? null,
      };
    },
    start() {
      if (stopped) return Promise.reject(new Error("the job queue is stopped"));
      starting ??= begin();
      return starting.then(() => undefined);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (!starting) return;
      const instance = await starting.catch(() => undefined);
      if (!instance) return;
      // No new jobs are fetched; running handlers may finish within the grace period, then they
      // are aborted.
      for (const name of handlers.keys()) await instance.offWork(name);
      await runner.drain(stopGraceMs);
      // Workers stop fetching; what is still active is failed (so retried after the next start).
      await instance.stop({ graceful: true, wait: true, timeout: 2000, close: false });
      // pg-boss records a handler's end without waiting for it: let those writes land before
      // the caller closes the database.
      await jobsDatabase.settled();
    },
  };
}

/** Creates pg-boss's schema (for the embedded database template: a fresh DATA_DIR starts with it). */
export async function installJobSchema(database: Pick<DatabaseHandle, "executeSql" | "kind">): Promise<void> {
  const queue = createJobQueue({ database, concurrency: 1 });
  await queue.start();
  await queue.stop();
}
