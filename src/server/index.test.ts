import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { STARTUP_LOCK_KEY } from "./db/postgres.ts";
import { TEMPLATE_SEEDS } from "./modules/templates/templates.seed-data.ts";
import {
  CLUSTER_SHUT_DOWN,
  cleanUpServers,
  clusterState,
  nextPort,
  notOwnerOnly,
  startServer as start,
  tempDataDir,
} from "./test/server-process.ts";
import { createEmptyPostgres } from "./test/test-database.ts";

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
      // Several processes cannot share the embedded database.
      ["WEB_CONCURRENCY", "2"],
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
    expect(servers.at(-1)?.server.output().stderr).toContain(
      "WEB_CONCURRENCY needs DATABASE_URL: the embedded database serves one process",
    );
  }, 60_000);

  it("starts, answers health, says who becomes super_admin, locks DATA_DIR and keeps writes across a crash", async () => {
    const dataDir = tempDataDir();
    const port = nextPort();
    const first = start({ PORT: String(port), DATA_DIR: dataDir });
    await first.listening();
    expect(first.output().stdout).toContain(`listening on http://127.0.0.1:${port}`);
    // Each start-up step says when it was done.
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

/** Stateless instances on one PostgreSQL database (DATABASE_URL): start-up and upgrades. */
describe.runIf(process.env.TEST_DB === "postgres")("several instances on one PostgreSQL database", () => {
  it("three instances started together on an empty database all come up; the library is seeded once", async () => {
    const serverUrl = process.env.TEST_DATABASE_URL as string;
    const { url, drop } = await createEmptyPostgres(serverUrl, `pl_test_${randomBytes(6).toString("hex")}`);
    // Another instance holds the start-up lock while the three start: each of them must wait for
    // it, then for whichever of them migrates first.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query("select pg_advisory_lock($1::bigint)", [STARTUP_LOCK_KEY.toString()]);
      const port = nextPort();
      const secret = randomBytes(32).toString("hex");
      const servers = [0, 1, 2].map((offset) =>
        start({
          PORT: String(port + offset),
          DATA_DIR: tempDataDir(),
          DATABASE_URL: url,
          APP_SECRET: secret,
        }),
      );
      const waiting = async () =>
        Number(
          (
            await holder.query<{ count: string }>(
              "select count(*) from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())",
            )
          ).rows[0]?.count,
        );
      // Until all three wait, or one of them stops (the old start-up did not wait: it migrated).
      const deadline = Date.now() + 60_000;
      while (
        (await waiting()) < 3 &&
        servers.every((server) => server.child.exitCode === null) &&
        Date.now() < deadline
      ) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await holder.query("select pg_advisory_unlock($1::bigint)", [STARTUP_LOCK_KEY.toString()]);

      for (const [offset, server] of servers.entries()) {
        await server.listening();
        const health = await fetch(`http://127.0.0.1:${port + offset}/api/health`);
        expect(health.status).toBe(200);
        expect(server.output().stdout).toMatch(
          /^waited \d+\.\d s for another instance to finish migrating the database$/m,
        );
        expect(server.output().stdout.match(/^waited /gm)).toHaveLength(1);
      }
      const counts = await holder.query<{ seeds: string; templates: string }>(
        "select (select count(*) from template_seed) as seeds, (select count(*) from template) as templates",
      );
      expect(Number(counts.rows[0]?.seeds)).toBe(TEMPLATE_SEEDS.length);
      expect(Number(counts.rows[0]?.templates)).toBe(TEMPLATE_SEEDS.length);
      for (const server of servers) server.child.kill("SIGTERM");
      for (const server of servers) expect(await server.exited).toBe(0);
    } finally {
      await holder.end();
      await drop();
    }
  }, 180_000);

  it("WEB_CONCURRENCY=2 serves one port from two worker processes, restarts one that dies and stops both on SIGTERM", async () => {
    const { url, drop } = await createEmptyPostgres(
      process.env.TEST_DATABASE_URL as string,
      `pl_test_${randomBytes(6).toString("hex")}`,
    );
    try {
      const port = nextPort();
      const server = start({
        PORT: String(port),
        DATA_DIR: tempDataDir(),
        DATABASE_URL: url,
        WEB_CONCURRENCY: "2",
        // Each request's log line names the process that answered it (pino's pid).
        LOG_LEVEL: "info",
      });
      await server.listening();
      expect(server.output().stdout.match(/listening on /g)).toHaveLength(1);
      expect(server.output().stdout).toContain(`listening on http://127.0.0.1:${port} (started in `);
      expect(server.output().stdout.match(/^database ready at /gm)).toHaveLength(1);

      // A new connection each time: the primary hands connections to the workers in turn.
      const health = () =>
        new Promise<number>((resolve, reject) => {
          http
            .get({ host: "127.0.0.1", port, path: "/api/health", agent: false }, (response) => {
              response.resume();
              response.on("end", () => resolve(response.statusCode ?? 0));
            })
            .on("error", reject)
            .setTimeout(10_000, () => reject(new Error("no answer in 10 s")));
        });
      const answeredBy = () =>
        new Set(
          server
            .output()
            .stdout.split("\n")
            .filter((line) => line.startsWith("{") && line.includes('"/api/health"'))
            .map((line) => JSON.parse(line).pid as number),
        );
      const waitFor = async (done: () => boolean) => {
        const deadline = Date.now() + 30_000;
        while (!done() && Date.now() < deadline) {
          expect(await health()).toBe(200);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };
      await waitFor(() => answeredBy().size >= 2);
      const workers = [...answeredBy()];
      expect(workers).toHaveLength(2);
      expect(workers).not.toContain(server.child.pid);

      // A worker that dies is replaced by a new one, which answers too. (A connection handed to
      // it as it died is lost: requests resume once the primary has seen it stop.)
      process.kill(workers[0] as number, "SIGKILL");
      const stopped = `Worker process ${workers[0]} stopped (signal SIGKILL); a new one starts in 1 s.`;
      while (!server.output().stderr.includes(stopped))
        await new Promise((resolve) => setTimeout(resolve, 50));
      await waitFor(() => answeredBy().size >= 3);
      expect(answeredBy().size).toBe(3);

      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      for (const pid of answeredBy()) expect(() => process.kill(pid, 0)).toThrow();
    } finally {
      await drop();
    }
  }, 180_000);
});

/** Signs up the first account (Super Admin) on a running server; its session id. */
async function signIn(origin: string): Promise<string> {
  const account = {
    name: "Lin",
    email: "lin@uni.test",
    password: "a passphrase long enough",
    title: "Dr",
    department: "Physics",
    institution: "U",
    role: "instructor",
  };
  expect((await json(`${origin}/api/auth/register`, account)).status).toBe(201);
  const login = await json(`${origin}/api/auth/login`, { email: account.email, password: account.password });
  return (await login.json()).sessionId as string;
}

/**
 * A file upload whose body is sent in two halves: the first now, the second when `finish` is
 * called. Until then the request is in flight on the server.
 */
async function slowUpload(origin: string, sessionId: string) {
  const address = await fetch(`${origin}/api/documents/upload-url`, {
    method: "POST",
    headers: { authorization: `Bearer ${sessionId}`, "content-type": "application/json" },
    body: JSON.stringify({ fileName: "field-notes.txt" }),
  });
  const { uploadURL } = (await address.json()) as { uploadURL: string };
  const body = Buffer.from("Field notes from the first site visit.\n".repeat(200));
  const request = http.request(new URL(uploadURL, origin), {
    // As a load balancer does: the connection stays open after the answer, for the next request.
    agent: new http.Agent({ keepAlive: true }),
    method: "PUT",
    headers: {
      authorization: `Bearer ${sessionId}`,
      "content-type": "text/plain",
      "content-length": String(body.length),
    },
  });
  const answered = new Promise<{ status: number; connection: string | undefined; body: string }>(
    (resolve, reject) => {
      request.on("response", (response) => {
        let text = "";
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body: text }),
        );
      });
      request.on("error", reject);
    },
  );
  answered.catch(() => undefined); // awaited by the caller, or abandoned with the request
  const half = Math.floor(body.length / 2);
  await new Promise<void>((resolve) => request.write(body.subarray(0, half), () => resolve()));
  // The server has the request and its first half (its handler is reading the body) once a request
  // sent after it on another connection was answered.
  await fetch(`${origin}/api/health`);
  return {
    size: body.length,
    finish: () => {
      request.end(body.subarray(half));
      return answered;
    },
    abandon: () => request.destroy(),
  };
}

/** Whether the server still takes new requests: its readiness status, or "refused". */
async function readinessOrRefused(origin: string): Promise<number | "refused"> {
  try {
    return (await fetch(`${origin}/api/health/ready`)).status;
  } catch {
    return "refused";
  }
}

describe.skipIf(process.env.TEST_DB === "postgres")("draining on shutdown", () => {
  it("on SIGTERM stops taking requests, finishes the upload in flight and exits 0", async () => {
    const port = nextPort();
    const origin = `http://127.0.0.1:${port}`;
    const server = start({ PORT: String(port), DATA_DIR: tempDataDir() });
    await server.listening();
    const before = await fetch(`${origin}/api/health/ready`);
    expect(before.status).toBe(200);
    expect(await before.json()).toMatchObject({ status: "ready" });
    const upload = await slowUpload(origin, await signIn(origin));

    server.child.kill("SIGTERM");
    // Out of rotation: readiness answers 503 or the port takes no new connection.
    let during = await readinessOrRefused(origin);
    while (during === 200) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      during = await readinessOrRefused(origin);
    }
    expect([503, "refused"]).toContain(during);
    expect(server.child.exitCode).toBeNull(); // still finishing the upload

    const uploaded = await upload.finish();
    expect(uploaded.status).toBe(200);
    expect(JSON.parse(uploaded.body)).toMatchObject({ fileSize: upload.size, mimeType: "text/plain" });
    // The answer closes its keep-alive connection, which would otherwise hold the drain open.
    expect(uploaded.connection).toBe("close");
    expect(await server.exited).toBe(0);
  }, 120_000);

  it("exits at a second signal while a request still holds the drain", async () => {
    const port = nextPort();
    const origin = `http://127.0.0.1:${port}`;
    const server = start({ PORT: String(port), DATA_DIR: tempDataDir() });
    await server.listening();
    const upload = await slowUpload(origin, await signIn(origin));
    try {
      server.child.kill("SIGTERM");
      while ((await readinessOrRefused(origin)) !== "refused") {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // The upload never ends: the drain would wait for it until the shutdown timeout.
      expect(server.child.exitCode).toBeNull();
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(1);
    } finally {
      upload.abandon();
    }
  }, 60_000);
});
