#!/usr/bin/env node
// `npm test`: every automated test, in order, stopping at the first failure with its exit code:
// type check, lint/format check, unit + component + API tests (Vitest), end-to-end (Playwright).
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);

const steps = [
  {
    title: "type check (tsc --noEmit -p tsconfig.json)",
    command: bin("tsc"),
    args: ["--noEmit", "-p", "tsconfig.json"],
  },
  { title: "lint and format (biome check .)", command: bin("biome"), args: ["check", "."] },
  { title: "unit, component and API tests (vitest run)", command: bin("vitest"), args: ["run"] },
  {
    title: "end-to-end tests (node scripts/e2e.mjs)",
    command: process.execPath,
    args: [path.join(root, "scripts", "e2e.mjs")],
  },
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
let current;

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    current?.kill(signal);
    process.exit(130);
  });
}

function run(step) {
  return new Promise((resolve) => {
    current = spawn(step.command, step.args, { cwd: root, stdio: "inherit" });
    current.on("error", (error) => {
      console.error(`test: could not start ${step.command}: ${error.message} (run \`npm install\` first?)`);
      resolve(1);
    });
    current.on("exit", (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });
}

const started = Date.now();
for (const [index, step] of steps.entries()) {
  console.log(`\n=== [${index + 1}/${steps.length}] ${step.title} ===`);
  const stepStarted = Date.now();
  const code = await run(step);
  if (code !== 0) {
    console.error(
      `\n=== FAILED: ${step.title} (exit ${code}) after ${seconds(Date.now() - stepStarted)}; total ${seconds(Date.now() - started)} ===`,
    );
    process.exit(code);
  }
  console.log(`=== ok: ${step.title} in ${seconds(Date.now() - stepStarted)} ===`);
}
console.log(`\n=== all ${steps.length} steps passed in ${seconds(Date.now() - started)} ===`);
