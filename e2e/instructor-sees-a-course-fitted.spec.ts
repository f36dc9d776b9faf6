import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { vector } from "@electric-sql/pglite-pgvector";
import { request as playwrightRequest } from "@playwright/test";
import { simulateClass, UNLIKE_DEFAULTS } from "../src/server/modules/scheduling-fit/simulated-class.ts";
import {
  bearer,
  buildUser,
  createApprovedUserViaApi,
  createProjectViaApi,
  DESKTOP,
  expect,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  expectOk,
  joinedStudentViaApi,
  loginViaApi,
  PHONE,
  registerViaApi,
  signInToDashboard,
  test,
} from "./fixtures.ts";

// A course with months of practice behind it cannot be made in a run's minutes: this spec starts a
// server of its own (the built one, as `npm start` runs it) on a data folder of its own, makes the
// class through the API, stops the server and writes the class's review log of the past months into
// its database (a seeded class whose memory follows parameters unlike FSRS's defaults), starts it
// again, and the instructor fits the course's parameters with Fit now and reads their figures.

const STUDENTS = 12;
const REVIEWS_EACH = 150;
const ITEMS = REVIEWS_EACH / 5;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });

function startServer(port: number, dataDir: string): ChildProcess {
  return spawn("node", ["--enable-source-maps", "dist/server/index.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      AUTH_RATE_LIMIT_PER_MINUTE: "1000",
      CONTRIBUTION_RATE_LIMIT_PER_MINUTE: "1000", // a class of 12 joins in a second
      LOG_LEVEL: "warn",
      OPENAI_API_KEY: "",
      SMTP_URL: "",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function healthy(baseURL: string) {
  await expect
    .poll(async () => (await fetch(`${baseURL}/api/health`).catch(() => null))?.status ?? 0, {
      timeout: 60_000,
    })
    .toBe(200);
}

async function stop(server: ChildProcess) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
}

test("an instructor fits a course's scheduling and reads the figures", async ({ browser }) => {
  test.setTimeout(150_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pl-e2e-fit-"));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  let server = startServer(port, dataDir);
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    await healthy(baseURL);
    // The first account of a fresh database is its super admin.
    const admin = buildUser({ name: "Fay Admin" });
    await registerViaApi(api, admin);
    const adminSession = await loginViaApi(api, admin.email, admin.password);
    const instructor = await createApprovedUserViaApi(api, adminSession, { name: "Sam Schedule" });
    const session = await loginViaApi(api, instructor.email, instructor.password);
    const project = await createProjectViaApi(api, session, {
      title: "Spaced Practice",
      discipline: "mathematics",
    });
    const card = await expectOk(
      api.post("/api/pivot-cards", {
        headers: bearer(session),
        data: {
          title: "Limits",
          discipline: "mathematics",
          definition: "Limits, defined.",
          projectId: project.id,
        },
      }),
    );
    const itemIds: number[] = [];
    for (let index = 0; index < ITEMS; index += 1) {
      const item = await expectOk(
        api.post("/api/retrieval-items", {
          headers: bearer(session),
          data: {
            pivotCardId: card.id,
            type: "flashcard",
            question: `Question ${index + 1}?`,
            answer: "This.",
          },
        }),
      );
      itemIds.push(item.id);
    }
    const studentIds: number[] = [];
    for (let index = 0; index < STUDENTS; index += 1)
      studentIds.push(
        (await joinedStudentViaApi(api, adminSession, project.joinCode, { name: `Student ${index + 1}` })).id,
      );
    await stop(server);

    // The class's months of practice, as student_review holds it.
    const log = simulateClass({
      students: STUDENTS,
      reviews: REVIEWS_EACH,
      truth: UNLIKE_DEFAULTS,
      seed: 20261207,
      itemIds,
      studentIds,
      start: new Date(Date.now() - 400 * 86_400_000),
    });
    const db = new PGlite(path.join(dataDir, "pg"), { extensions: { vector, pg_trgm } });
    const seen = new Set<string>();
    await db.transaction(async (tx) => {
      for (const review of log) {
        const key = `${review.studentId}:${review.itemId}`;
        await tx.query(
          `insert into student_review (student_id, item_id, project_id, rating, reviewed_at, due_at, previous_state)
           values ($1, $2, $3, $4, $5, $5, $6)`,
          [
            review.studentId,
            review.itemId,
            project.id,
            review.rating,
            review.reviewedAt.toISOString(),
            seen.has(key) ? 2 : 0,
          ],
        );
        seen.add(key);
      }
    });
    await db.close();
    server = startServer(port, dataDir);
    await healthy(baseURL);

    // The instructor fits the course and reads the figures.
    const page = await (await browser.newContext({ viewport: DESKTOP, baseURL })).newPage();
    await signInToDashboard(page, instructor);
    await page.goto(`/projects/${project.id}`);
    const scheduling = page.getByRole("region", { name: "Scheduling" });
    await expect(scheduling.getByText("Default parameters.")).toBeVisible();
    const fit = scheduling.getByRole("button", { name: "Fit now" });
    await expect(fit).toBeEnabled();
    await fit.focus();
    await page.keyboard.press("Enter");
    await expect(scheduling.getByText(/^Parameters fitted on .* reviews of 12 students\.$/)).toBeVisible({
      timeout: 60_000,
    });
    // The figures of both on the held-out students' reviews, the fitted ones lower.
    const figures = scheduling.getByRole("table", { name: /predicted held-out reviews/ });
    const cells = async (row: string) =>
      (
        await figures
          .getByRole("row", { name: new RegExp(`^${row}`) })
          .getByRole("cell")
          .allTextContents()
      ).map(Number);
    const [defaultLogLoss, defaultRmse] = await cells("Defaults");
    const [fittedLogLoss, fittedRmse] = await cells("Fitted");
    expect(fittedLogLoss).toBeLessThan(defaultLogLoss ?? 0);
    expect(fittedRmse).toBeLessThanOrEqual(defaultRmse ?? 0);
    await expect(scheduling.getByText(/log loss/i).last()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page, "the fitted scheduling");
  } finally {
    await api.dispose();
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
