import os from "node:os";
import packageJson from "../../../package.json" with { type: "json" };

/**
 * Whether this process takes new work, for the load balancer's readiness check
 * (GET /api/health/ready): it stops doing so the moment a shutdown begins (index.ts, on SIGTERM or
 * SIGINT), before the server stops listening, so that the balancer sends no new requests while
 * those in flight finish.
 */
export interface Readiness {
  /** This process among the instances behind the balancer: its host and pid. */
  readonly instance: string;
  /** package.json's version, read when the server was built. */
  readonly version: string;
  readonly shuttingDown: boolean;
  beginShutdown(): void;
}

export function createReadiness(): Readiness {
  let shuttingDown = false;
  return {
    instance: `${os.hostname()}:${process.pid}`,
    version: packageJson.version,
    get shuttingDown() {
      return shuttingDown;
    },
    beginShutdown() {
      shuttingDown = true;
    },
  };
}
