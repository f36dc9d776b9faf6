import react from "@vitejs/plugin-react";
import type { TestProjectInlineConfiguration } from "vitest/config";
import { defineConfig } from "vitest/config";

// Unit, component and API tests. End-to-end specs (e2e/) and benchmarks (bench/) are never
// collected: every project's `include` is under src/.
//
// Projects:
// - "pglite":   server and shared tests in Node, each test file on its own in-memory PGlite
//               (TEST_DB=pglite).
// - "client":   client tests (src/client/**/*.test.{ts,tsx}) in jsdom. A separate project because
//               Vitest 4 has no per-glob environment; TEST_DB=pglite as well.
// - "postgres": only when TEST_DATABASE_URL is set: the server tests again, against that
//               PostgreSQL server (TEST_DB=postgres; the helper creates one database per file).

const serverTests = ["src/server/**/*.test.ts"];
const sharedTests = ["src/shared/**/*.test.ts"];
const clientTests = ["src/client/**/*.test.ts", "src/client/**/*.test.tsx"];
const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim();

const projects: TestProjectInlineConfiguration[] = [
  {
    extends: true,
    test: {
      name: "pglite",
      include: [...serverTests, ...sharedTests],
      environment: "node",
      // One module graph and one PGlite per worker, emptied between files (test-database.ts):
      // importing the server and starting PGlite again for each file cost most of the run.
      isolate: false,
      env: { TEST_DB: "pglite" },
    },
  },
  {
    extends: true,
    test: {
      name: "client",
      include: clientTests,
      environment: "jsdom",
      env: { TEST_DB: "pglite" },
    },
  },
];

if (testDatabaseUrl) {
  projects.push({
    extends: true,
    test: {
      name: "postgres",
      include: serverTests,
      environment: "node",
      isolate: false,
      env: { TEST_DB: "postgres", TEST_DATABASE_URL: testDatabaseUrl },
    },
  });
}

export default defineConfig({
  plugins: [react()],
  test: {
    exclude: ["**/node_modules/**", "dist/**", "e2e/**", "bench/**"],
    // Two cores: one file per core. Each file opens its own PGlite (a WASM Postgres, a few
    // hundred MB), so more workers only add memory and contention.
    pool: "forks",
    maxWorkers: 2,
    // Migrates one PGlite once per run; every test file's database starts from that snapshot.
    globalSetup: ["src/server/test/global-setup.ts"],
    // argon2id hashing is slow on a loaded machine.
    testTimeout: 20_000,
    hookTimeout: 60_000,
    teardownTimeout: 20_000,
    projects,
  },
});
