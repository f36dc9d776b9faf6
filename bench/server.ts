// The built server as `npm start` runs it, and its first account, for the benchmarks (`npm run
// bench`, bench/lighthouse-pages.ts).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BenchError, freePort, startProcess, waitForOk } from "./processes.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const serverEntry = path.join(root, "dist", "server", "index.js");

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json };
}

/** A server as `npm start` runs it, on `dataDir` (or DATABASE_URL), healthy; with its start-up time. */
export async function startServer(dataDir: string, env: NodeJS.ProcessEnv = {}) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const spawnedAt = performance.now();
  const server = startProcess(
    "the server (npm start)",
    process.execPath,
    ["--enable-source-maps", serverEntry],
    { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", ...env },
    root,
  );
  const startupMs = await waitForOk(server, `${baseUrl}/api/health`, spawnedAt, {
    intervalMs: 25,
    timeoutMs: 60_000,
  });
  return { server, baseUrl, startupMs };
}

/** Registers the first account (the Super Admin) and signs in. */
export async function firstAccount(baseUrl: string) {
  const account = {
    name: "Bench Admin",
    email: `bench-${Date.now()}@bench.example.edu`,
    password: "Bench-Passw0rd!-long-enough",
    title: "Professor",
    department: "Benchmarking",
    institution: "Example State University",
    role: "instructor",
  };
  const registered = await postJson(`${baseUrl}/api/auth/register`, account);
  if (registered.status !== 201)
    throw new BenchError(`registering the first account answered ${registered.status}: ${registered.text}`);
  const login = await postJson(`${baseUrl}/api/auth/login`, {
    email: account.email,
    password: account.password,
  });
  const session = login.json as { sessionId?: unknown; faculty?: unknown } | undefined;
  if (login.status !== 200 || typeof session?.sessionId !== "string") {
    throw new BenchError(`signing in answered ${login.status}: ${login.text}`);
  }
  return {
    sessionId: session.sessionId,
    faculty: session.faculty,
    headers: { authorization: `Bearer ${session.sessionId}` },
  };
}
