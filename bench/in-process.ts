// The app built in this process on a database the benchmark seeded, with its first account (the
// Super Admin) signed in: for the benchmarks that time routes without HTTP (templates-bench.ts,
// pivot-assets.ts).
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import type { DatabaseHandle } from "../src/server/db/client.ts";

export async function inProcessApp(
  database: DatabaseHandle,
  dataDir: string,
  email: string,
): Promise<{ app: FastifyInstance; headers: Record<string, string>; facultyId: number }> {
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }),
    clientDir: path.join(dataDir, "none"),
  };
  const app = await buildApp({ database, config, logger: false });
  const account = {
    name: "Bench",
    email,
    password: "Bench-Passw0rd!-long-enough",
    title: "Dr",
    department: "D",
    institution: "U",
    role: "instructor",
  };
  await app.inject({ method: "POST", url: "/api/auth/register", payload: account });
  const login = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email: account.email, password: account.password },
  });
  if (login.statusCode !== 200) throw new Error(`sign-in answered ${login.statusCode}: ${login.body}`);
  const session = login.json() as { sessionId: string; faculty: { id: number } };
  return { app, headers: { authorization: `Bearer ${session.sessionId}` }, facultyId: session.faculty.id };
}
