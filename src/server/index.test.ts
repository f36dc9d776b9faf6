import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  CLUSTER_SHUT_DOWN,
  cleanUpServers,
  clusterState,
  nextPort,
  notOwnerOnly,
  startServer as start,
  tempDataDir,
} from "./test/server-process.ts";

/** The process contract: start-up line, health, configuration errors, the DATA_DIR lock. */
afterAll(cleanUpServers);

const json = (url: string, body?: unknown) =>
  fetch(
    url,
    body
      ? { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }
      : {},
  );

describe.skipIf(process.env.TEST_DB === "postgres")("server process", () => {
  it("stops with one line naming an invalid variable", async () => {
    const servers: Array<{ name: string; server: ReturnType<typeof start> }> = [];
    for (const [name, value] of [
      ["PORT", "not-a-port"],
      ["DATABASE_URL", "mysql://x"],
      ["APP_SECRET", "short"],
    ] as const) {
      servers.push({ name, server: start({ [name]: value, DATA_DIR: tempDataDir() }) });
    }
    // Started together: each start loads the whole server before it reads its configuration.
    for (const { name, server } of servers) {
      expect(await server.exited).toBe(1);
      const lines = server.output().stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`Invalid configuration: ${name}`);
    }
  }, 60_000);

  it("starts, answers health, says who becomes super_admin, locks DATA_DIR and keeps writes across a crash", async () => {
    const dataDir = tempDataDir();
    const port = nextPort();
    const first = start({ PORT: String(port), DATA_DIR: dataDir });
    await first.listening();
    expect(first.output().stdout).toContain(`listening on http://127.0.0.1:${port}`);
    // Each start-up step says when it was done (issue 13, item 10).
    expect(first.output().stdout).toMatch(
      /database ready at \d+\.\d s: embedded PostgreSQL \(PGlite\), new in /,
    );
    expect(first.output().stdout).toMatch(/listening on \S+ \(started in \d+\.\d s\)/);
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
    expect(restarted.output().stdout).toContain(`database ready at`);
    expect(restarted.output().stdout).not.toContain(", new in ");
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

  it("closes the database cleanly on SIGTERM and SIGINT; a restart keeps the data and the template library", async () => {
    const dataDir = tempDataDir();
    const port = nextPort();
    const first = start({ PORT: String(port), DATA_DIR: dataDir });
    await first.listening();
    const account = {
      name: "Grace",
      email: "grace@uni.test",
      password: "another long passphrase",
      title: "Dr",
      department: "Computing",
      institution: "U",
      role: "instructor",
    };
    expect((await json(`http://127.0.0.1:${port}/api/auth/register`, account)).status).toBe(201);
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    // Shut down, not left running: the next start need not replay the log.
    expect(clusterState(dataDir)).toBe(CLUSTER_SHUT_DOWN);

    const again = start({ PORT: String(port + 1), DATA_DIR: dataDir });
    await again.listening();
    expect(await (await fetch(`http://127.0.0.1:${port + 1}/api/health`)).json()).toEqual({ status: "ok" });
    const login = await json(`http://127.0.0.1:${port + 1}/api/auth/login`, {
      email: account.email,
      password: account.password,
    });
    expect(login.status).toBe(200);
    const { sessionId } = await login.json();
    const library = await fetch(`http://127.0.0.1:${port + 1}/api/templates/search?q=project`, {
      headers: { authorization: `Bearer ${sessionId}` },
    });
    expect(library.status).toBe(200);
    expect((await library.json()).length).toBeGreaterThan(0);
    again.child.kill("SIGINT");
    expect(await again.exited).toBe(0);
    expect(clusterState(dataDir)).toBe(CLUSTER_SHUT_DOWN);
  }, 120_000);
});
