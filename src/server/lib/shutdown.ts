import type { FastifyBaseLogger } from "fastify";

/** How long a shutdown may take before the process exits anyway (a balancer's drain is ~30 s). */
export const SHUTDOWN_TIMEOUT_MS = 25_000;

/**
 * Runs `drain` on the first SIGTERM or SIGINT, then exits 0 (1 when it failed). A second signal,
 * or `drain` still running after `timeoutMs`, exits 1 at once: an operator's second Ctrl-C, or a
 * request that never ends, must not keep the process alive.
 */
export function onShutdownSignals(
  drain: (signal: NodeJS.Signals) => Promise<void>,
  { log, timeoutMs = SHUTDOWN_TIMEOUT_MS }: { log: FastifyBaseLogger; timeoutMs?: number },
) {
  let draining = false;
  const handle = (signal: NodeJS.Signals) => {
    if (draining) {
      log.warn({ signal }, "second signal during shutdown: exiting now");
      process.exit(1);
    }
    draining = true;
    log.info({ signal }, "shutting down");
    setTimeout(() => {
      log.error({ timeoutMs }, "shutdown took too long: exiting now");
      process.exit(1);
    }, timeoutMs).unref();
    drain(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", handle);
  process.on("SIGINT", handle);
}
