// Child processes and temporary folders for the benchmark, cleaned up however the run ends
// (normal end, an error, Ctrl-C, SIGTERM).
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  /** The last lines the process wrote (stdout and stderr), for error messages. */
  tail(): string;
  /** The first lines it wrote, each with the performance.now() at which it arrived. */
  firstLines: { at: number; line: string }[];
  /** Set once the process has ended. */
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  exited: Promise<void>;
}

const live = new Set<ManagedProcess>();
const tempDirs = new Set<string>();
const TAIL_LINES = 60;

function killGroup(proc: ManagedProcess, signal: NodeJS.Signals) {
  const pid = proc.child.pid;
  if (pid === undefined || proc.exit) return;
  try {
    process.kill(-pid, signal); // the whole group: tsx and the node process it starts
  } catch {
    try {
      proc.child.kill(signal);
    } catch {
      // already gone
    }
  }
}

/** Last-resort cleanup, synchronous so that it also runs from process.on("exit"). */
export function cleanupNow() {
  for (const proc of live) killGroup(proc, "SIGKILL");
  live.clear();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

let handlersInstalled = false;
export function installCleanupHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on("exit", cleanupNow);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => {
      process.stderr.write(`\nbench: ${signal}, stopping child processes\n`);
      cleanupNow();
      process.exit(130);
    });
  }
}

export function makeTempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

export function removeTempDir(dir: string) {
  fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Starts a command in its own process group, its output kept (last lines) and otherwise drained. */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
) {
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const lines: string[] = [];
  const firstLines: { at: number; line: string }[] = [];
  const keep = (chunk: Buffer) => {
    const at = performance.now();
    for (const line of chunk.toString("utf8").split("\n")) {
      if (!line.trim()) continue;
      if (firstLines.length < 40) firstLines.push({ at, line });
      lines.push(line.length > 400 ? `${line.slice(0, 400)}…` : line);
      if (lines.length > TAIL_LINES) lines.shift();
    }
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);

  const proc: ManagedProcess = {
    name,
    child,
    tail: () => lines.join("\n"),
    firstLines,
    exit: undefined,
    exited: Promise.resolve(),
  };
  proc.exited = new Promise<void>((resolve) => {
    child.once("error", (error) => {
      lines.push(`could not start ${command}: ${error.message}`);
      proc.exit = { code: null, signal: null };
      live.delete(proc);
      resolve();
    });
    child.once("exit", (code, signal) => {
      proc.exit = { code, signal };
      live.delete(proc);
      resolve();
    });
  });
  live.add(proc);
  return proc;
}

/** SIGTERM to the group, then SIGKILL when it has not ended within `graceMs`. */
export async function stopProcess(proc: ManagedProcess, graceMs = 10_000) {
  if (proc.exit) return;
  killGroup(proc, "SIGTERM");
  const timer = new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), graceMs).unref());
  if ((await Promise.race([proc.exited.then(() => "exited" as const), timer])) === "timeout") {
    killGroup(proc, "SIGKILL");
    await proc.exited;
  }
}

export class BenchError extends Error {}

/**
 * Polls `url` every `intervalMs` until it answers 200. Returns the milliseconds since `startedAt`
 * (a performance.now() value). Fails at once when the process ends, or after `timeoutMs`.
 */
export async function waitForOk(
  proc: ManagedProcess,
  url: string,
  startedAt: number,
  { intervalMs = 25, timeoutMs = 60_000 } = {},
): Promise<number> {
  for (;;) {
    if (proc.exit) {
      const how = proc.exit.signal ? `signal ${proc.exit.signal}` : `exit code ${proc.exit.code}`;
      throw new BenchError(
        `${proc.name} ended (${how}) before ${url} answered. Its last output:\n${proc.tail()}`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - startedAt;
    } catch {
      // not listening yet
    }
    if (performance.now() - startedAt > timeoutMs) {
      throw new BenchError(
        `${proc.name}: ${url} did not answer 200 within ${timeoutMs / 1000} s. Its last output:\n${proc.tail()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** User and system CPU time a process has used, in ms (Linux /proc, in clock ticks of 10 ms). */
export function cpuMs(proc: ManagedProcess): number {
  const fields = fs.readFileSync(`/proc/${proc.child.pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resident memory of a process, in bytes (Linux /proc). */
export function residentBytes(proc: ManagedProcess): number {
  const status = fs.readFileSync(`/proc/${proc.child.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) * 1024;
}

/** The pids of a process's group (it and the processes it started: a server's cluster workers). */
function groupPids(proc: ManagedProcess): number[] {
  const leader = proc.child.pid;
  if (leader === undefined) return [];
  const pids: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = fs.readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      if (Number(fields[2]) === leader) pids.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return pids;
}

/** CPU time (user + system, ms) of every process in `proc`'s group: a cluster's primary and workers. */
export function groupCpuMs(proc: ManagedProcess): number {
  let total = 0;
  for (const pid of groupPids(proc)) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      total += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // ended meanwhile
    }
  }
  return total;
}

/** Resolves once `proc` writes a line starting with `prefix` (that line's rest); fails when it ends first. */
export async function waitForLine(proc: ManagedProcess, prefix: string, timeoutMs = 30_000): Promise<string> {
  const started = performance.now();
  for (;;) {
    const line = proc.firstLines.find((l) => l.line.startsWith(prefix));
    if (line) return line.line.slice(prefix.length).trim();
    if (proc.exit || performance.now() - started > timeoutMs)
      throw new BenchError(`${proc.name} did not write "${prefix}": ${proc.tail()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * CPU time (user + system, ms) of every process whose title holds `fragment`: PostgreSQL's
 * backends for one database ("postgres: … user database 127.0.0.1(port) idle"), when the server
 * runs on this machine. 0 when none is visible.
 */
export function titledCpuMs(fragment: string): number {
  let total = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(fragment)) continue;
      const fields = fs.readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      total += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // ended meanwhile, or not ours to read
    }
  }
  return total;
}
