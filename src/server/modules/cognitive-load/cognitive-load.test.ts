import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckIn } from "#shared/domain/cognitive-load.ts";
import { CHECK_IN_CSV_COLUMNS, COGNITIVE_LOAD_MESSAGES } from "#shared/schemas/cognitive-load.ts";
import type { Project } from "#shared/schemas/projects.ts";
import { checkInRows } from "../../test/check-ins.ts";
import { createProjectViaApi, signedInFaculty } from "../../test/factories.ts";
import { createTestApp, createTestClock, type TestApp } from "../../test/test-app.ts";
import { cognitiveLoadCheckInTable } from "./cognitive-load.table.ts";

const DAY = 86_400_000;
const NOW = new Date("2026-09-01T09:00:00Z");

let t: TestApp;
type Person = Awaited<ReturnType<typeof signedInFaculty>>;
let alice: Person;
let bob: Person;
let student: Person;
let p1: Project;
let p2: Project;
let bobProject: Project;

const inject = (options: InjectOptions) => t.app.inject(options);
const as = (who: Person, method: InjectOptions["method"], url: string, payload?: unknown) =>
  inject({
    method,
    url,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const answer = (overrides: Partial<CheckIn & { remark: string }> = {}) => ({
  context: "pivot",
  mentalEffort: 5,
  intrinsicItems: [5, 5, 5],
  extraneousItems: [3, 3, 3],
  germaneItems: [6, 6, 6, 6],
  technostress: 3,
  interruptions: 1,
  taskMinutes: 60,
  refocusMinutes: 2,
  ...overrides,
});

/** Stores check-ins directly, `daysAgo` before the clock's now. */
async function seed(project: Project, daysAgo: number, count: number, overrides: Partial<CheckIn> = {}) {
  const a = answer(overrides) as CheckIn;
  await t.database.db
    .insert(cognitiveLoadCheckInTable)
    .values(checkInRows(project, count, a, new Date(NOW.getTime() - daysAgo * DAY)));
}

const publicPost = (token: string, body: unknown, remoteAddress = "10.0.0.1") =>
  inject({
    method: "POST",
    url: `/api/public/cognitive-load/${token}`,
    payload: body as object,
    remoteAddress,
  });

const summary = async (who: Person, query: string) => {
  const reply = await as(who, "GET", `/api/cognitive-load/summary?${query}`);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json();
};

beforeAll(async () => {
  t = await createTestApp({
    clock: createTestClock(NOW),
    config: { rateLimit: { contributionsPerMinute: 5 } },
  });
  alice = await signedInFaculty(t.app, t.database.db);
  bob = await signedInFaculty(t.app, t.database.db);
  student = await signedInFaculty(t.app, t.database.db, { role: "student" });
  p1 = await createProjectViaApi(t.app, alice.headers, { title: "Supply chains" });
  p2 = await createProjectViaApi(t.app, alice.headers, { title: "Market entry" });
  // The seeded set (known answers below): 7 days, 30 days, the semester (120 days back) and before.
  await seed(p1, 1, 1, {
    mentalEffort: 6,
    intrinsicItems: [7, 7, 7],
    extraneousItems: [4, 4, 4],
    interruptions: 4,
    taskMinutes: 30,
    germaneItems: [5, 5, 5, 5],
  });
  await seed(p1, 1, 1, {
    mentalEffort: 7,
    intrinsicItems: [7, 7, 7],
    extraneousItems: [4, 4, 4],
    interruptions: 4,
    taskMinutes: 30,
    germaneItems: [5, 5, 5, 5],
  });
  await seed(p1, 1, 1, {
    mentalEffort: 8,
    intrinsicItems: [7, 7, 7],
    extraneousItems: [4, 4, 4],
    interruptions: 4,
    taskMinutes: 30,
    germaneItems: [5, 5, 5, 5],
  });
  await seed(p2, 2, 1, {
    context: "launch",
    mentalEffort: 3,
    technostress: 6,
    interruptions: 0,
    germaneItems: [8, 8, 8, 8],
  });
  await seed(p1, 10, 3, { mentalEffort: 5 });
  await seed(p1, 20, 2, { context: "assessment", mentalEffort: 4 });
  await seed(p1, 100, 3, { context: "launch", mentalEffort: 2 });
  await seed(p1, 200, 1, { mentalEffort: 9 });
});
afterAll(async () => {
  await t?.close();
});

describe("public check-in by the contribution link", () => {
  it("records an answer without an account, and a bad token answers 404", async () => {
    const bad = await publicPost("not-a-token", answer(), "10.1.0.1");
    expect(bad.statusCode).toBe(404);
    bobProject = await createProjectViaApi(t.app, bob.headers, { title: "Bob's" });
    const ok = await publicPost(
      bobProject.contributionToken,
      answer({ remark: "Too many tabs open" }),
      "10.1.0.1",
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().message).toBe("Thank you! Your check-in was recorded.");
    expect((await summary(bob, "timeframe=7d")).responses).toBe(1);
  });

  it("refuses answers outside a scale with a message naming the item and its range", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ mentalEffort: 10 }, "Mental effort must be a whole number from 1 to 9"],
      [{ mentalEffort: 0 }, "Mental effort must be a whole number from 1 to 9"],
      [{ extraneousItems: [1, 11, 2] }, "Extraneous item 2 must be a whole number from 0 to 10"],
      [{ germaneItems: [1, 2, 3] }, "Germane items must be a list of 4 numbers from 0 to 10"],
      [{ technostress: 8 }, "Technostress must be a whole number from 1 to 7"],
      [{ taskMinutes: 0 }, "Task length in minutes must be a whole number from 1 to 600"],
      [{ context: "lecture" }, "Context must be pivot, launch or assessment"],
    ];
    for (const [index, [overrides, message]] of cases.entries()) {
      const reply = await publicPost(p1.contributionToken, { ...answer(), ...overrides }, `10.2.0.${index}`);
      expect(reply.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(reply.body).toContain(message);
    }
  });

  it("is rate limited per address like contributions", async () => {
    for (let i = 0; i < 5; i++)
      expect((await publicPost("not-a-token", answer(), "10.3.0.1")).statusCode).toBe(404);
    const limited = await publicPost(p1.contributionToken, answer(), "10.3.0.1");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe("Too many check-ins. Please wait a minute and try again.");
    expect(limited.headers["retry-after"]).toBeDefined();
    expect((await publicPost("not-a-token", answer(), "10.3.0.2")).statusCode).toBe(404);
  });
});

describe("summary on the seeded set", () => {
  it("answers the last 7 days with colours, trends against the 7 days before, indicators", async () => {
    const s = await summary(alice, "timeframe=7d&context=all");
    expect(s.responses).toBe(4);
    expect(s.previousResponses).toBe(3);
    expect(s.currentAverages).toMatchObject({
      mentalEffort: 6, // (6 + 7 + 8 + 3) / 4
      intrinsicLoad: 6.5, // (7 + 7 + 7 + 5) / 4
      extraneousLoad: 3.75,
      germaneLoad: 5.75,
      technostress: 3.75,
      interruptionCount: 4.8, // 12 interruptions in 150 minutes
      timeToRefocus: 2,
    });
    expect(s.colours).toEqual({ mentalEffort: "amber", extraneousLoad: "amber", germaneLoad: "amber" });
    expect(s.trends.mentalEffort).toEqual({ change: 1, arrow: "up" });
    expect(s.trends.germaneLoad).toEqual({ change: -0.25, arrow: "down" });
    const indicator = (id: string) => s.overloadIndicators.find((i: { id: string }) => i.id === id);
    expect(indicator("interruptions")).toMatchObject({ frequency: 75, severity: "high" });
    expect(indicator("effort")).toMatchObject({ frequency: 25, severity: "medium" });
    expect(indicator("technostress")).toMatchObject({ frequency: 25, severity: "medium" });
    expect(indicator("refocus")).toMatchObject({ frequency: 0, severity: "low" });
    expect(s.contextualBreakdown.pivot).toMatchObject({ responses: 3, mentalEffort: 7, intrinsicLoad: 7 });
    expect(s.contextualBreakdown.launch).toEqual({
      responses: 1,
      mentalEffort: null,
      intrinsicLoad: null,
      extraneousLoad: null,
      germaneLoad: null,
    });
    const ids = s.interventions.map((i: { id: string }) => i.id);
    expect(ids).toEqual(expect.arrayContaining(["worked-examples", "split-attention", "self-explanation"]));
    expect(ids).not.toContain("interruptions"); // 4.8 an hour pooled: not above 6
    expect(s.series.filter((p: { context: string }) => p.context === "all")).toHaveLength(2);
  });

  it("filters by context and proposes the interruption pause for the pivot check-ins", async () => {
    const s = await summary(alice, "timeframe=7d&context=pivot");
    expect(s.responses).toBe(3);
    expect(s.currentAverages.mentalEffort).toBe(7);
    expect(s.currentAverages.interruptionCount).toBe(8);
    const pause = s.interventions.find((i: { id: string }) => i.id === "interruptions");
    expect(pause.action).toContain("15-minute pause");
    expect(pause.why).toContain("8.0 interruptions an hour");
  });

  it("answers each timeframe with its own count and mean effort", async () => {
    expect(await summary(alice, "timeframe=30d")).toMatchObject({
      responses: 9,
      currentAverages: { mentalEffort: 5.22 },
    });
    expect(await summary(alice, "timeframe=semester")).toMatchObject({
      responses: 12,
      currentAverages: { mentalEffort: 4.42 },
    });
    expect(await summary(alice, "timeframe=all")).toMatchObject({
      responses: 13,
      currentAverages: { mentalEffort: 4.77 },
      previousResponses: 0,
    });
    const all = await summary(alice, "timeframe=all");
    expect(all.trends.mentalEffort).toEqual({ change: null, arrow: "neutral" });
  });

  it("moves the semester with the instructor's start date", async () => {
    const put = await as(alice, "PUT", "/api/cognitive-load/settings", { semesterStart: "2026-08-01" });
    expect(put.statusCode, put.body).toBe(200);
    expect((await summary(alice, "timeframe=semester")).responses).toBe(9);
    const bad = await as(alice, "PUT", "/api/cognitive-load/settings", { semesterStart: "2026-02-30" });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("Semester start must be a date (YYYY-MM-DD)");
    await as(alice, "PUT", "/api/cognitive-load/settings", { semesterStart: "2026-05-04" });
  });

  it("shows no figure below 3 responses in the slice", async () => {
    const s = await summary(alice, `timeframe=7d&projectId=${p2.id}`);
    expect(s.responses).toBe(1);
    expect(s.notice).toBe("Not enough responses yet: 1 of 3");
    expect(s.currentAverages).toBeNull();
    expect(s.colours).toBeNull();
    expect(s.trends).toBeNull();
    expect(s.overloadIndicators).toEqual([]);
    expect(s.interventions).toEqual([]);
    expect(s.series).toEqual([]);
    expect(s.remarks).toEqual([]);
    const exported = await as(alice, "GET", `/api/cognitive-load/export?timeframe=7d&projectId=${p2.id}`);
    expect(exported.statusCode).toBe(409);
    expect(exported.json().message).toContain("Not enough responses yet: 1 of 3");
  });

  it("keeps everything to the owner: another instructor 404, a student 403", async () => {
    expect((await as(bob, "GET", `/api/cognitive-load/summary?projectId=${p1.id}`)).statusCode).toBe(404);
    expect(
      (await as(bob, "POST", "/api/cognitive-load/check-ins", { ...answer(), projectId: p1.id })).statusCode,
    ).toBe(404);
    const bobs = await summary(bob, "timeframe=all");
    expect(bobs.responses).toBe(1); // only the one sent through Bob's own link
    expect((await as(student, "GET", "/api/cognitive-load/summary")).statusCode).toBe(403);
    expect(
      (await as(student, "POST", "/api/cognitive-load/check-ins", { ...answer(), projectId: p1.id }))
        .statusCode,
    ).toBe(403);
    expect((await inject({ method: "GET", url: "/api/cognitive-load/summary" })).statusCode).toBe(401);
  });

  it("exports the slice as CSV without names", async () => {
    const reply = await as(alice, "GET", "/api/cognitive-load/export?timeframe=7d&context=pivot");
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers["content-type"]).toContain("text/csv");
    const lines = reply.body.trim().split("\r\n");
    expect(lines[0]).toBe(
      "date,project,context,mental_effort,intrinsic_1,intrinsic_2,intrinsic_3,extraneous_1,extraneous_2,extraneous_3,germane_1,germane_2,germane_3,germane_4,technostress,interruptions,task_minutes,refocus_minutes,remark",
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(",Supply chains,pivot,");
  });
});

describe("instructor's record and CSV import", () => {
  it("records a check-in for an owned project", async () => {
    const carol = await signedInFaculty(t.app, t.database.db);
    const project = await createProjectViaApi(t.app, carol.headers);
    const stats = async () => (await as(carol, "GET", "/api/pivot-assets/stats?tz=UTC")).json();
    expect(await stats()).toMatchObject({ cognitiveLoad: null, cognitiveLoadReason: "No check-ins yet" });
    for (const mentalEffort of [4, 6]) {
      const reply = await as(carol, "POST", "/api/cognitive-load/check-ins", {
        ...answer({ mentalEffort }),
        projectId: project.id,
      });
      expect(reply.statusCode, reply.body).toBe(201);
    }
    await as(carol, "POST", "/api/cognitive-load/check-ins", {
      ...answer({ mentalEffort: 7 }),
      projectId: project.id,
    });
    // The instructor's own series: the real mean mental effort, (4 + 6 + 7) / 3.
    expect(await summary(carol, "timeframe=all&origin=entered")).toMatchObject({
      origin: "entered",
      responses: 3,
      currentAverages: { mentalEffort: 5.67 },
    });
    // Pivot Assets' Cognitive Load tile and the students' figures count students' check-ins only.
    expect(await stats()).toMatchObject({ cognitiveLoad: null, cognitiveLoadReason: "No check-ins yet" });
    expect(await summary(carol, "timeframe=all")).toMatchObject({ responses: 0, currentAverages: null });
    for (const mentalEffort of [2, 3, 4])
      await publicPost(project.contributionToken, answer({ mentalEffort }), `10.5.0.${mentalEffort}`);
    expect(await stats()).toMatchObject({ cognitiveLoad: 3, cognitiveLoadReason: null });
  });

  it("counts a removed project's check-ins out of every figure (the day sums follow deletes)", async () => {
    const erin = await signedInFaculty(t.app, t.database.db);
    const kept = await createProjectViaApi(t.app, erin.headers, { title: "Kept" });
    const removed = await createProjectViaApi(t.app, erin.headers, { title: "Removed" });
    await seed(kept, 0, 3, { mentalEffort: 2 });
    await seed(removed, 0, 3, { mentalEffort: 8 });
    expect(await summary(erin, "timeframe=7d")).toMatchObject({
      responses: 6,
      currentAverages: { mentalEffort: 5 },
    });
    expect((await as(erin, "DELETE", `/api/projects/${removed.id}`)).statusCode).toBe(204);
    expect(await summary(erin, "timeframe=7d")).toMatchObject({
      responses: 3,
      currentAverages: { mentalEffort: 2 },
    });
    expect((await as(erin, "GET", "/api/pivot-assets/stats?tz=UTC")).json()).toMatchObject({
      cognitiveLoad: 2,
    });
    // The same figures summed from the check-ins themselves (one project) and from the day sums (all).
    expect(await summary(erin, `timeframe=7d&projectId=${kept.id}`)).toMatchObject({
      responses: 3,
      currentAverages: { mentalEffort: 2 },
    });
  });

  it("previews an import with line-by-line errors, then imports the good lines", async () => {
    const dave = await signedInFaculty(t.app, t.database.db);
    const project = await createProjectViaApi(t.app, dave.headers);
    const header =
      "date,context,mental_effort,intrinsic_1,intrinsic_2,intrinsic_3,extraneous_1,extraneous_2,extraneous_3,germane_1,germane_2,germane_3,germane_4,technostress,interruptions,task_minutes,refocus_minutes,remark";
    const csv = [
      header,
      "2026-08-30,pivot,6,5,5,5,3,3,3,6,6,6,6,3,1,60,2,Fine",
      "2026-08-30,launch,12,5,5,5,3,3,3,6,6,6,6,3,1,60,2,",
      "2026-08-31,assessment,4,5,5,5,3,11,3,6,6,6,6,3,1,60,2,",
      '2026-08-31,pivot,4,5,5,5,3,3,3,6,6,6,6,3,1,60,2,"Hard, but ok"',
      "2027-01-01,pivot,4,5,5,5,3,3,3,6,6,6,6,3,1,60,2,",
      "",
      "2026-08-31,launch,x,5,5,5,3,3,3,6,6,6,6,3,1,60,2,",
    ].join("\n");
    const dry = await as(dave, "POST", "/api/cognitive-load/import?dryRun=true", {
      projectId: project.id,
      csv,
    });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({
      dryRun: true,
      imported: 2,
      errors: [
        { line: 3, message: "Mental effort must be a whole number from 1 to 9" },
        { line: 4, message: "Extraneous item 2 must be a whole number from 0 to 10" },
        { line: 6, message: COGNITIVE_LOAD_MESSAGES.importDate },
        { line: 8, message: "Mental effort must be a whole number from 1 to 9" },
      ],
      preview: [
        { line: 2, context: "pivot", mentalEffort: 6, date: "2026-08-30" },
        { line: 5, context: "pivot", mentalEffort: 4, date: "2026-08-31" },
      ],
    });
    expect((await summary(dave, "timeframe=all&origin=entered")).responses).toBe(0);
    const real = await as(dave, "POST", "/api/cognitive-load/import", { projectId: project.id, csv });
    expect(real.json().imported).toBe(2);
    expect((await summary(dave, "timeframe=all&origin=entered")).responses).toBe(2);
    const missing = await as(dave, "POST", "/api/cognitive-load/import", {
      projectId: project.id,
      csv: "date,context\n",
    });
    expect(missing.json().errors[0]).toMatchObject({ line: 1 });
    expect(missing.json().errors[0].message).toContain("mental_effort");
    const others = await as(bob, "POST", "/api/cognitive-load/import", { projectId: project.id, csv });
    expect(others.statusCode).toBe(404);
  });

  it("refuses dates outside 2000 to today as line errors, the dry run exactly as the import", async () => {
    const erin = await signedInFaculty(t.app, t.database.db);
    const project = await createProjectViaApi(t.app, erin.headers);
    const row = (date: string) => `${date},pivot,6,5,5,5,3,3,3,6,6,6,6,3,1,60,2,`;
    const csv = [
      CHECK_IN_CSV_COLUMNS.filter((column) => column !== "project").join(","),
      row("2026-08-30"),
      row("0000-01-01"),
      row("-0001-01-01"),
      row("-000001-01-01"),
      row("1999-12-31"),
      row("2026-02-30"),
      row("+275760-09-13"),
      row("2026-08-31T10:00:00Z"),
      row("2026-09-01T09:00:01Z"),
    ].join("\n");
    const refused = [3, 4, 5, 6, 7, 8, 10].map((line) => ({
      line,
      message: COGNITIVE_LOAD_MESSAGES.importDate,
    }));
    const dry = await as(erin, "POST", "/api/cognitive-load/import?dryRun=true", {
      projectId: project.id,
      csv,
    });
    expect(dry.json()).toMatchObject({ dryRun: true, imported: 2, errors: refused });
    const real = await as(erin, "POST", "/api/cognitive-load/import", { projectId: project.id, csv });
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json()).toEqual({ ...dry.json(), dryRun: false });
    expect((await summary(erin, "timeframe=all&origin=entered")).responses).toBe(2);
  });

  it("shows remarks without names once there are 3 responses", async () => {
    const s = await summary(bob, "timeframe=7d");
    expect(s.remarks).toEqual([]); // one response only
    await publicPost(bobProject.contributionToken, answer({ remark: "Needed an example" }), "10.4.0.1");
    await publicPost(bobProject.contributionToken, answer(), "10.4.0.1");
    const three = await summary(bob, "timeframe=7d");
    expect(three.remarks.map((r: { text: string }) => r.text).sort()).toEqual([
      "Needed an example",
      "Too many tabs open",
    ]);
    expect(Object.keys(three.remarks[0]).sort()).toEqual(["context", "date", "text"]);
  });
});

describe("students' answers are never the instructor's alone", () => {
  it("counts only students' check-ins toward 3, whatever the instructor adds, and keeps theirs apart", async () => {
    const ivy = await signedInFaculty(t.app, t.database.db);
    const project = await createProjectViaApi(t.app, ivy.headers, { title: "Watershed" });
    const sam = await signedInFaculty(t.app, t.database.db, { role: "student" });
    const joined = await as(sam, "POST", "/api/student/join", { code: project.joinCode });
    expect(joined.statusCode, joined.body).toBe(200);
    const own = await as(sam, "POST", `/api/student/projects/${project.id}/check-ins`, {
      ...answer({ mentalEffort: 9, remark: "I am lost in week 3" }),
    });
    expect(own.statusCode, own.body).toBe(201);

    // The instructor adds by every way there is: by hand twice, an import, the public link from
    // their own browser (with the bearer, and with only the session cookie).
    for (const mentalEffort of [1, 2]) {
      const reply = await as(ivy, "POST", "/api/cognitive-load/check-ins", {
        ...answer({ mentalEffort }),
        projectId: project.id,
      });
      expect(reply.statusCode, reply.body).toBe(201);
    }
    const header = CHECK_IN_CSV_COLUMNS.filter((column) => column !== "project").join(",");
    const imported = await as(ivy, "POST", "/api/cognitive-load/import", {
      projectId: project.id,
      csv: `${header}\n2026-08-31,pivot,3,5,5,5,3,3,3,6,6,6,6,3,1,60,2,\n`,
    });
    expect(imported.json()).toMatchObject({ imported: 1, errors: [] });
    const byBearer = await inject({
      method: "POST",
      url: `/api/public/cognitive-load/${project.contributionToken}`,
      headers: ivy.headers,
      payload: answer({ mentalEffort: 4 }),
      remoteAddress: "10.6.0.1",
    });
    expect(byBearer.statusCode, byBearer.body).toBe(201);
    const byCookie = await inject({
      method: "POST",
      url: `/api/public/cognitive-load/${project.contributionToken}`,
      cookies: { pl_session: ivy.sessionId },
      payload: answer({ mentalEffort: 5 }),
      remoteAddress: "10.6.0.2",
    });
    expect(byCookie.statusCode, byCookie.body).toBe(201);

    for (const query of [
      "timeframe=all",
      `timeframe=all&projectId=${project.id}`,
      "timeframe=7d&context=pivot",
    ]) {
      const students = await summary(ivy, query);
      expect(students).toMatchObject({
        origin: "students",
        responses: 1,
        notice: "Not enough responses yet: 1 of 3",
        currentAverages: null,
        colours: null,
        overloadIndicators: [],
        interventions: [],
        series: [],
        remarks: [],
      });
      expect(students.contextualBreakdown.pivot).toMatchObject({ responses: 1, mentalEffort: null });
    }
    expect(JSON.stringify(await summary(ivy, "timeframe=all"))).not.toContain("I am lost");
    expect((await as(ivy, "GET", "/api/pivot-assets/stats?tz=UTC")).json()).toMatchObject({
      cognitiveLoad: null,
      cognitiveLoadReason: "Not enough responses yet: 1 of 3",
    });
    const exported = await as(ivy, "GET", "/api/cognitive-load/export?timeframe=all");
    expect(exported.statusCode).toBe(409);

    // The instructor's own entries are a series of their own, without the student's.
    expect(await summary(ivy, "timeframe=all&origin=entered")).toMatchObject({
      origin: "entered",
      responses: 5,
      currentAverages: { mentalEffort: 3 },
    });
    const theirs = await as(ivy, "GET", "/api/cognitive-load/export?timeframe=all&origin=entered");
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.body.trim().split("\r\n")).toHaveLength(6);
    expect(theirs.body).not.toContain("I am lost");
    expect((await as(ivy, "GET", "/api/cognitive-load/summary?origin=mine")).statusCode).toBe(400);
  });
});

describe("the CSV export follows the screen's threshold", () => {
  it("writes rows only where a project's context has 3 check-ins, dated to the day", async () => {
    const jo = await signedInFaculty(t.app, t.database.db);
    const river = await createProjectViaApi(t.app, jo.headers, { title: "River" });
    const lake = await createProjectViaApi(t.app, jo.headers, { title: "Lake" });
    const send = (project: Project, body: object, address: string) =>
      publicPost(project.contributionToken, body, address);
    await send(river, answer({ mentalEffort: 7, remark: "Pivot was fine" }), "10.7.0.1");
    await send(river, answer({ mentalEffort: 3 }), "10.7.0.2");
    await send(river, answer({ mentalEffort: 5 }), "10.7.0.3");
    await send(river, answer({ context: "launch", mentalEffort: 9, remark: "Launch alone" }), "10.7.0.4");
    await send(lake, answer({ mentalEffort: 2, remark: "Only lake one" }), "10.7.0.5");

    const screen = await summary(jo, `timeframe=7d&projectId=${river.id}`);
    expect(screen.contextualBreakdown.launch).toMatchObject({ responses: 1, mentalEffort: null });

    const reply = await as(jo, "GET", "/api/cognitive-load/export?timeframe=7d");
    expect(reply.statusCode, reply.body).toBe(200);
    const [header, ...rows] = reply.body.trim().split("\r\n");
    expect(header?.split(",")).toEqual([...CHECK_IN_CSV_COLUMNS]);
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toMatch(/^2026-09-01,River,pivot,/);
    // Sorted by the answers, not by the order they came in.
    expect(rows.map((row) => row.split(",")[3])).toEqual(["3", "5", "7"]);
    expect(reply.body).toContain("Pivot was fine");
    expect(reply.body).not.toContain("Launch alone");
    expect(reply.body).not.toContain("Only lake one");
    expect(reply.body).not.toMatch(/T\d{2}:\d{2}/);

    const launch = await as(jo, "GET", "/api/cognitive-load/export?timeframe=7d&context=launch");
    expect(launch.statusCode).toBe(409);
    expect(launch.json().message).toBe(COGNITIVE_LOAD_MESSAGES.notEnoughToExport(1));
  });
});
