import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/** The process contract: start-up line, health, configuration errors, the DATA_DIR lock. */
const entry = path.resolve("src/server/index.ts");
const children: ChildProcess[] = [];
const tempDirs: string[] = [];

afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pl-start-"));
  tempDirs.push(dir);
  return dir;
}

let nextPort = 5400 + (process.pid % 500);

function start(env: Record<string, string>) {
  // `node --import tsx` (as npm start does): the server is this very process, so a kill reaches it.
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    env: { ...process.env, LOG_LEVEL: "warn", DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk) => (stdout += chunk));
  child.stderr?.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const listening = async (timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!stdout.includes("listening on")) {
      if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}: ${stderr}`);
      if (Date.now() > deadline) throw new Error(`no start-up line: ${stdout} ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return { child, exited, listening, output: () => ({ stdout, stderr }) };
}

const json = (url: string, body?: unknown) =>
  fetch(
    url,
    body
      ? { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }
      : {},
  );

describe.skipIf(process.env.TEST_DB === "postgres")("server process", () => {
  it("stops with one line naming an invalid variable", async () => {
    for (const [name, value] of [
      ["PORT", "not-a-port"],
      ["DATABASE_URL", "mysql://x"],
      ["APP_SECRET", "short"],
    ] as const) {
      const server = start({ [name]: value, DATA_DIR: tempDataDir() });
      expect(await server.exited).toBe(1);
      const lines = server.output().stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`Invalid configuration: ${name}`);
    }
  }, 60_000);

  it("starts, answers health, says who becomes super_admin, locks DATA_DIR and keeps writes across a crash", async () => {
    const dataDir = tempDataDir();
    const port = nextPort++;
    const first = start({ PORT: String(port), DATA_DIR: dataDir });
    await first.listening();
    expect(first.output().stdout).toContain(`listening on http://127.0.0.1:${port}`);
    expect(first.output().stdout).toContain("the first account registered");
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: "ok" });
    expect(fs.statSync(path.join(dataDir, "secret.key")).mode & 0o777).toBe(0o600);
    expect(notOwnerOnly(dataDir)).toEqual([]);

    const second = start({ PORT: String(port + 1), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output().stderr).toMatch(/DATA_DIR .* is in use by another Pivot & Launch server/);

    const account = {
      name: "Ada",
      email: "ada@uni.test",
      password: "a long enough passphrase",
      title: "Dr",
      department: "Math",
      institution: "U",
      role: "instructor",
    };
    expect((await json(`http://127.0.0.1:${port}/api/auth/register`, account)).status).toBe(201);
    first.child.kill("SIGKILL"); // a crash: the acknowledged registration must survive it
    await first.exited;

    const restarted = start({ PORT: String(port + 2), DATA_DIR: dataDir });
    await restarted.listening();
    expect(restarted.output().stdout).not.toContain("the first account registered");
    const login = await json(`http://127.0.0.1:${port + 2}/api/auth/login`, {
      email: account.email,
      password: account.password,
    });
    expect(login.status).toBe(200);
    expect((await login.json()).faculty.role).toBe("super_admin");
    restarted.child.kill("SIGTERM");
    expect(await restarted.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);
  }, 120_000);

  it("defect 8: keeps DATA_DIR owner-only, repairs an older folder, and reads the secret from APP_SECRET_FILE", async () => {
    const dataDir = tempDataDir();
    // An older folder, as an earlier version left it: world-readable and -writable.
    fs.chmodSync(dataDir, 0o777);
    fs.mkdirSync(path.join(dataDir, "objects"), { mode: 0o777 });
    fs.writeFileSync(path.join(dataDir, "objects", "upload.pdf"), "%PDF-1.4", { mode: 0o666 });
    fs.chmodSync(path.join(dataDir, "objects"), 0o777);
    fs.chmodSync(path.join(dataDir, "objects", "upload.pdf"), 0o666);
    const secretDir = tempDataDir();
    const secretFile = path.join(secretDir, "keys", "pl-secret");

    const port = nextPort++;
    const server = start({ PORT: String(port), DATA_DIR: dataDir, APP_SECRET_FILE: secretFile });
    await server.listening();
    expect(notOwnerOnly(dataDir)).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, "secret.key"))).toBe(false);
    expect(fs.statSync(secretFile).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(secretFile, "utf8").length).toBeGreaterThanOrEqual(32);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);

    const inside = start({ PORT: String(port), DATA_DIR: dataDir, APP_SECRET_FILE: path.join(dataDir, "s") });
    expect(await inside.exited).toBe(1);
    expect(inside.output().stderr.trim()).toMatch(
      /^Invalid configuration: APP_SECRET_FILE must be outside DATA_DIR/,
    );
  }, 120_000);
});

/** Every folder under `root` that is not 0700 and every file that is not 0600. */
function notOwnerOnly(root: string): string[] {
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
