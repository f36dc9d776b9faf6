import cluster, { type Worker } from "node:cluster";

/** What a worker tells the primary once it listens: the port it got (the same for every worker). */
export interface WorkerListening {
  listening: number;
}

const isListening = (message: unknown): message is WorkerListening =>
  typeof (message as WorkerListening | null)?.listening === "number";

/** A worker that ran this long before it stopped is restarted after the shortest delay again. */
const STEADY_MS = 60_000;
const FIRST_RESTART_DELAY_MS = 1_000;
const LONGEST_RESTART_DELAY_MS = 30_000;
/** How long the workers get to finish their requests and jobs on SIGTERM before they are killed. */
const STOP_GRACE_MS = 20_000;

/**
 * The primary of `WEB_CONCURRENCY` (node:cluster): forks `count` workers that each build the app
 * and listen on the same port, calls `onListening` once all of them listen, restarts a worker that
 * stops (after a delay that doubles while it keeps stopping soon after it started), and stops them
 * all on SIGTERM or SIGINT. A worker that stops before all of them listened is a start-up failure
 * (a port in use, say): the primary stops the others and exits 1 instead of restarting it.
 */
export function superviseWorkers(count: number, onListening: (port: number) => void) {
  let stopping = false;
  let announced = false;
  const listening = new Set<number>();
  const quickStops = new Map<number, number>();

  const start = (slot: number) => {
    const startedAt = Date.now();
    const worker = cluster.fork();
    worker.on("message", (message: unknown) => {
      if (!isListening(message) || announced) return;
      listening.add(slot);
      if (listening.size === count) {
        announced = true;
        onListening(message.listening);
      }
    });
    worker.on("exit", (code, signal) => {
      if (stopping) return;
      const how = signal ? `signal ${signal}` : `exit code ${code}`;
      if (!announced) {
        process.stderr.write(`A worker process stopped while starting (${how}): stopping the others.\n`);
        stopAll(1);
        return;
      }
      const stops = Date.now() - startedAt >= STEADY_MS ? 0 : (quickStops.get(slot) ?? 0);
      quickStops.set(slot, stops + 1);
      const delay = Math.min(FIRST_RESTART_DELAY_MS * 2 ** stops, LONGEST_RESTART_DELAY_MS);
      process.stderr.write(
        `Worker process ${worker.process.pid} stopped (${how}); a new one starts in ${delay / 1000} s.\n`,
      );
      setTimeout(() => {
        if (!stopping) start(slot);
      }, delay);
    });
  };

  const running = () => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => !!worker);
  const stopAll = (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    const workers = running().filter((worker) => !worker.isDead());
    if (workers.length === 0) process.exit(exitCode);
    let left = workers.length;
    for (const worker of workers) {
      worker.on("exit", () => {
        left -= 1;
        if (left === 0) process.exit(exitCode);
      });
      worker.process.kill("SIGTERM");
    }
    setTimeout(() => {
      for (const worker of workers) if (!worker.isDead()) worker.process.kill("SIGKILL");
    }, STOP_GRACE_MS).unref();
  };
  process.on("SIGINT", () => stopAll(0));
  process.on("SIGTERM", () => stopAll(0));

  for (let slot = 0; slot < count; slot += 1) start(slot);
}
