import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Where the test setup compiled the server (global-setup.ts), as `npm start` runs it compiled. */
export const SERVER_ENTRY_ENV = "PL_TEST_SERVER_ENTRY";

/** Real server processes for the process-contract tests, started as `npm start` runs the server. */
const children: ChildProcess[] = [];
const tempDirs: string[] = [];

/** Kills every server started and removes every folder made; for an afterAll. */
export function cleanUpServers() {
  for (const child of children) child.kill("SIGKILL");
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
}

export function tempDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pl-start-"));
  tempDirs.push(dir);
  return dir;
}

// Ten ports a worker process: two workers (consecutive pids, as a rule) never share one. All below
// 32768, where Linux's ephemeral ports begin: an outgoing connection of another test (a database
// client, a fetch) once took one of them first (EADDRINUSE).
let port = 20_000 + (process.pid % 1_200) * 10;
/** Three ports in a row for the next server and its restarts. */
export const nextPort = () => {
  port += 3;
  return port;
};

export function startServer(env: Record<string, string>) {
  // `node dist/server/index.js` (as npm start does): the server is this very process, so a kill
  // reaches it.
  const entry = process.env[SERVER_ENTRY_ENV];
  if (!entry) throw new Error(`${SERVER_ENTRY_ENV} is not set: the Vitest global setup compiles the server`);
  const child = spawn(process.execPath, ["--enable-source-maps", entry], {
    env: { ...process.env, LOG_LEVEL: "warn", DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk) => (stdout += chunk));
  child.stderr?.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const listening = async (timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!stdout.includes("listening on")) {
      if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}: ${stderr}`);
      if (Date.now() > deadline) throw new Error(`no start-up line: ${stdout} ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return { child, exited, listening, output: () => ({ stdout, stderr }) };
}

/** Every folder under `root` that is not 0700 and every file that is not 0600. */
export function notOwnerOnly(root: string): string[] {
  const wrong: string[] = [];
  const walk = (folder: string) => {
    if ((fs.statSync(folder).mode & 0o777) !== 0o700) wrong.push(`${folder}/`);
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const target = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(target);
      else if (entry.isFile() && (fs.statSync(target).mode & 0o777) !== 0o600) wrong.push(target);
    }
  };
  walk(root);
  return wrong;
}

/**
 * What PostgreSQL's control file says of the embedded cluster under DATA_DIR: 1 once it was shut
 * down cleanly, 6 while it runs or after a crash (its next start then replays the log first).
 */
export const CLUSTER_SHUT_DOWN = 1;
export function clusterState(dataDir: string): number {
  // ControlFileData: system identifier (8 bytes), two versions (4 each), then the state.
  return fs.readFileSync(path.join(dataDir, "pg", "global", "pg_control")).readUInt32LE(16);
}
