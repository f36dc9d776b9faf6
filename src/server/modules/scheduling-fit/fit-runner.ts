import { fork } from "node:child_process";
import os from "node:os";
import { fileURLToPath } from "node:url";
import type { FitReply, FitRequest } from "./fit-protocol.ts";

export interface FitLimits {
  /** The child is killed (SIGKILL) after this long. */
  timeoutMs: number;
  /** Its V8 heap limit. */
  memoryLimitMb: number;
}

/**
 * Far above the fit of 300 students x 200 reviews (about 1 s and 180 MB, bench/scheduling-fit.ts):
 * room for a class ten times larger on a loaded machine.
 */
export const FIT_LIMITS: FitLimits = { timeoutMs: 120_000, memoryLimitMb: 512 };

/** The child's script: fit-worker.js beside the compiled server (scripts/build-server.mjs), else the source through tsx. */
function workerScript(): { file: string; execArgv: string[] } {
  const compiled = !import.meta.url.endsWith(".ts");
  const file = fileURLToPath(new URL(compiled ? "./fit-worker.js" : "./fit-worker.ts", import.meta.url));
  return { file, execArgv: compiled ? [] : ["--import", "tsx"] };
}

/**
 * Fits in a child process of its own (as text extraction reads files: platform/text-pipeline):
 * the binding aborts its process on a bad item, and fitting stalls the event loop (garbage
 * collection of its native objects, about 100 ms at 300 x 200 reviews). A crash, the heap limit or
 * the time limit end the child only, and answer `ok: false` with a reason a person can read.
 */
export function runFit(request: FitRequest, limits: FitLimits = FIT_LIMITS): Promise<FitReply> {
  const { file, execArgv } = workerScript();
  return new Promise<FitReply>((resolve) => {
    const child = fork(file, [], {
      execArgv: [...execArgv, `--max-old-space-size=${limits.memoryLimitMb}`],
      serialization: "advanced",
      stdio: ["ignore", "ignore", "pipe", "ipc"],
      // Not the server's environment: the fit needs no secret (APP_SECRET, DATABASE_URL, keys).
      // One training thread (fsrs-rs trains with rayon, a thread per core otherwise).
      // NAPI_RS_ENFORCE_VERSION_CHECK: a native binding of another version (package.json's
      // overrides pin the platforms the optimizer 0.5.0 was not published for to 0.1.2, so that
      // npm ci accepts the lock file) fails to load instead of running: the fit ends "failed".
      env: { PATH: process.env.PATH ?? "", RAYON_NUM_THREADS: "1", NAPI_RS_ENFORCE_VERSION_CHECK: "1" },
    });
    // The lowest CPU priority: the server's requests go first while it fits.
    try {
      if (child.pid !== undefined) os.setPriority(child.pid, 19);
    } catch {
      // Not allowed here (some containers): the fit runs at the server's priority.
    }
    let stderrTail = "";
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => {
      stderrTail = (stderrTail + chunk).slice(-4000);
    });
    let settled = false;
    const settle = (reply: FitReply) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      resolve(reply);
    };
    const timer = setTimeout(
      () =>
        settle({ ok: false, reason: `the fit took longer than ${Math.round(limits.timeoutMs / 1000)} s` }),
      limits.timeoutMs,
    );
    child.once("message", (reply: FitReply) => settle(reply));
    child.once("error", (error: Error) =>
      settle({ ok: false, reason: `the fit could not start: ${error.message}` }),
    );
    child.once("exit", (code, signal) => {
      setImmediate(() =>
        settle({
          ok: false,
          reason: /heap out of memory|Allocation failed/.test(stderrTail)
            ? `the fit needed more than ${limits.memoryLimitMb} MB of memory`
            : `the fit stopped unexpectedly (${signal ?? `exit code ${code}`})`,
        }),
      );
    });
    child.send(request);
  });
}
