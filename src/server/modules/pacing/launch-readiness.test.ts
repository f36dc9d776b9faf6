import type { InjectOptions } from "fastify";
import { default_w } from "ts-fsrs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { curveOf, recallAt } from "#shared/domain/launch-readiness.ts";
import { READINESS_MESSAGES } from "#shared/schemas/pacing.ts";
import { bearer, createProjectViaApi, signedInFaculty, signIn } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { schedulingFitTable } from "../scheduling-fit/scheduling-fit.table.ts";

/**
 * Launch readiness from the students' own practice: the class's predicted recall of each pivot
 * concept at the launch, the verdict, who needs review, each student's concepts to strengthen
 * with a session of just those items, and the launch milestone that waits for them.
 */
const DAY = 86_400_000;
let t: TestApp;
type Person = Awaited<ReturnType<typeof signedInFaculty>>;
let owner: Person;
let otherInstructor: Person;
let ada: Person;
let ben: Person;
let outsider: Person;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInFaculty(t.app, t.database.db);
  otherInstructor = await signedInFaculty(t.app, t.database.db);
  ada = await signedInFaculty(t.app, t.database.db, { role: "student", name: "Ada Student" });
  ben = await signedInFaculty(t.app, t.database.db, { role: "student", name: "Ben Student" });
  outsider = await signedInFaculty(t.app, t.database.db, { role: "student", name: "Out Sider" });
});
afterAll(() => t?.close());

const as = (who: Person, method: InjectOptions["method"], url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function ok(who: Person, method: InjectOptions["method"], url: string, payload?: unknown) {
  const reply = await as(who, method, url, payload);
  expect(reply.statusCode, reply.body).toBeLessThan(300);
  return reply.json();
}

let addresses = 0;
/** A project with two concepts of two flashcards each, Ada and Ben in it, and a launch milestone in 3 days. */
async function launchProject() {
  const project = await createProjectViaApi(t.app, owner.headers, { title: "Epidemics" });
  const items = new Map<string, number[]>();
  for (const title of ["Limits", "Derivatives"]) {
    const card = await ok(owner, "POST", "/api/pivot-cards", {
      title,
      discipline: "mathematics",
      definition: `${title}, defined.`,
      projectId: project.id,
    });
    const ids: number[] = [];
    for (const question of ["What is it?", "When does it apply?"])
      ids.push(
        (
          await ok(owner, "POST", "/api/retrieval-items", {
            pivotCardId: card.id,
            type: "flashcard",
            question,
            answer: "This.",
          })
        ).id,
      );
    items.set(title, ids);
  }
  for (const student of [ada, ben]) {
    addresses += 1;
    const reply = await t.app.inject({
      method: "POST",
      url: "/api/student/join",
      headers: student.headers,
      remoteAddress: `10.8.0.${addresses}`,
      payload: { code: project.joinCode },
    });
    expect(reply.statusCode, reply.body).toBe(200);
  }
  const launch = await ok(owner, "POST", `/api/projects/${project.id}/milestones`, {
    title: "Launch: model the outbreak",
    stage: "launch",
    dueAt: new Date(t.clock.now().getTime() + 3 * DAY).toISOString(),
  });
  return { project, items, launch };
}

const grade = (who: Person, itemId: number, rating: number) =>
  ok(who, "POST", "/api/student/reviews", { itemId, rating });

async function travel(ms: number) {
  t.clock.advance(ms);
  for (const who of [owner, otherInstructor, ada, ben, outsider])
    who.headers = bearer(await signIn(t.app, who.faculty.email, who.faculty.password));
}

describe("launch readiness", () => {
  it("changes as the class practises, names who needs review, and holds the launch for them when asked", async () => {
    const { project, items, launch } = await launchProject();
    const readinessUrl = `/api/projects/${project.id}/readiness`;
    const limits = items.get("Limits") ?? [];
    const derivatives = items.get("Derivatives") ?? [];

    // Nobody has practised: recall 0 everywhere.
    const before = await ok(owner, "GET", readinessUrl);
    expect(before).toMatchObject({
      status: "review",
      verdict: "Review first: Limits and Derivatives",
      studentCount: 2,
      launch: { milestone: { id: launch.id, title: "Launch: model the outbreak" } },
      threshold: 0.8,
    });
    expect(before.concepts.map((concept: { meanRecall: number }) => concept.meanRecall)).toEqual([0, 0]);
    const adaBefore = await ok(ada, "GET", `/api/student/projects/${project.id}/readiness`);
    expect(adaBefore).toMatchObject({ waits: false, itemCount: 4 });
    expect(adaBefore.concepts.map((concept: { title: string }) => concept.title)).toEqual([
      "Limits",
      "Derivatives",
    ]);

    // Ada knows everything (Easy: a stability of days); Ben forgot Derivatives (Again).
    for (const id of [...limits, ...derivatives]) await grade(ada, id, 4);
    for (const id of limits) await grade(ben, id, 4);
    for (const id of derivatives) await grade(ben, id, 1);

    const after = await ok(owner, "GET", readinessUrl);
    expect(after.status).toBe("review");
    expect(after.verdict).toBe("Review first: Derivatives");
    const [limitsFigures, derivativesFigures] = after.concepts;
    expect(limitsFigures).toMatchObject({ title: "Limits", ready: true, studentsBelow: 0 });
    expect(limitsFigures.meanRecall).toBeGreaterThan(0.9);
    expect(derivativesFigures).toMatchObject({
      title: "Derivatives",
      ready: false,
      studentsBelow: 1,
      shareBelow: 0.5,
    });
    expect(after.why).toMatch(/Derivatives \(mean \d+ %, 1 of 2 students below 80 %\)/);
    expect(after.students).toEqual([
      expect.objectContaining({
        name: "Ben Student",
        concepts: [expect.objectContaining({ title: "Derivatives" })],
      }),
    ]);

    // Ben's own view: just Derivatives, and a session of its two items.
    const benView = await ok(ben, "GET", `/api/student/projects/${project.id}/readiness`);
    expect(benView.concepts.map((concept: { title: string }) => concept.title)).toEqual(["Derivatives"]);
    // Every concept's predicted recall at the launch, Limits held and Derivatives not.
    expect(benView.recall.map((concept: { title: string }) => concept.title)).toEqual([
      "Limits",
      "Derivatives",
    ]);
    expect(benView.recall[0].recall).toBeGreaterThan(0.9);
    expect(benView.recall[1].recall).toBeLessThan(0.8);
    const session = await ok(ben, "GET", `/api/student/projects/${project.id}/strengthen`);
    expect(session.total).toBe(2);
    expect(session.items.map((item: { id: number }) => item.id).sort()).toEqual([...derivatives].sort());
    expect(session.items[0]).toMatchObject({ pivotCardTitle: "Derivatives", projectId: project.id });

    // The launch milestone waits for readiness: Ben's hand-in is held, naming the concept; Ada's is taken.
    await ok(owner, "PATCH", `/api/projects/${project.id}/pacing`, { launchWaitsForReadiness: true });
    expect((await ok(ben, "GET", `/api/student/projects/${project.id}/readiness`)).waits).toBe(true);
    const held = await as(ben, "POST", `/api/milestones/${launch.id}/submissions`, { text: "Our model" });
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe(READINESS_MESSAGES.handInWaits("Derivatives"));
    const address = await as(ben, "POST", `/api/milestones/${launch.id}/submissions/upload-url`, {
      fileName: "model.pdf",
    });
    expect(address.statusCode).toBe(409);
    expect(address.json().message).toBe(READINESS_MESSAGES.handInWaits("Derivatives"));
    expect(
      (await as(ada, "POST", `/api/milestones/${launch.id}/submissions`, { text: "Ada's model" })).statusCode,
    ).toBe(201);

    // A day later Ben strengthens Derivatives: the class is ready and his hand-in is taken.
    await travel(DAY);
    for (const item of (await ok(ben, "GET", `/api/student/projects/${project.id}/strengthen`)).items)
      await grade(ben, item.id, 4);
    const ready = await ok(owner, "GET", readinessUrl);
    expect(ready).toMatchObject({ status: "ready", verdict: "Ready to launch", students: [] });
    expect(ready.why).toContain("the lowest is");
    expect((await ok(ben, "GET", `/api/student/projects/${project.id}/strengthen`)).total).toBe(0);
    expect(
      (await as(ben, "POST", `/api/milestones/${launch.id}/submissions`, { text: "Our model" })).statusCode,
    ).toBe(201);
  });

  it("reads recall at the launch with the forgetting curve of the parameters in use", async () => {
    const { project, items } = await launchProject();
    // A launch a month away: well past the items' stability, where the curves of two decays part.
    const launchDate = new Date(t.clock.now().getTime() + 30 * DAY);
    await ok(owner, "PATCH", `/api/projects/${project.id}/pacing`, { launchDate: launchDate.toISOString() });
    for (const id of items.get("Limits") ?? []) await grade(ada, id, 4);
    const limitsRecall = async () =>
      (await ok(owner, "GET", `/api/projects/${project.id}/readiness`)).concepts[0].meanRecall as number;
    const withDefaults = await limitsRecall();
    // Ada's recall at the launch, 30 days after her Easy (stability w[3]), halved over the two students.
    expect(withDefaults).toBeCloseTo(
      recallAt(
        { stability: default_w[3] as number, lastReview: t.clock.now(), reviewed: true },
        launchDate,
        curveOf(default_w),
      ) / 2,
      3,
    );
    // A fit with a steeper decay, in use: recall at the launch follows its curve.
    const steeper = [...default_w];
    steeper[20] = 0.6;
    await t.database.db
      .insert(schedulingFitTable)
      .values({ projectId: project.id, studentId: 0, parameters: steeper });
    const withFit = await limitsRecall();
    expect(withFit).toBeCloseTo(
      recallAt(
        { stability: default_w[3] as number, lastReview: t.clock.now(), reviewed: true },
        launchDate,
        curveOf(steeper),
      ) / 2,
      3,
    );
    expect(withFit).toBeLessThan(withDefaults - 0.02);
    // Switched off, the defaults again.
    await ok(owner, "PATCH", `/api/projects/${project.id}/pacing`, { fittedScheduling: false });
    expect(await limitsRecall()).toBeCloseTo(withDefaults, 10);
  });

  it("says what is missing instead of figures, and can be turned off", async () => {
    const project = await createProjectViaApi(t.app, owner.headers, { title: "Nothing yet" });
    const url = `/api/projects/${project.id}/readiness`;
    expect(await ok(owner, "GET", url)).toMatchObject({
      status: "no-launch",
      message: READINESS_MESSAGES.noLaunch,
    });
    await ok(owner, "PATCH", `/api/projects/${project.id}/pacing`, {
      launchDate: new Date(t.clock.now().getTime() + 10 * DAY).toISOString(),
    });
    expect(await ok(owner, "GET", url)).toMatchObject({
      status: "no-concepts",
      launch: { milestone: null },
      message: READINESS_MESSAGES.noConcepts,
    });

    const { project: withClass, launch } = await launchProject();
    await ok(owner, "PATCH", `/api/projects/${withClass.id}/pacing`, {
      readiness: false,
      launchWaitsForReadiness: true,
    });
    expect(await ok(owner, "GET", `/api/projects/${withClass.id}/readiness`)).toMatchObject({
      status: "off",
      message: READINESS_MESSAGES.off,
      concepts: [],
      students: [],
    });
    // Off: nobody is held, and nothing to strengthen.
    expect(await ok(ben, "GET", `/api/student/projects/${withClass.id}/readiness`)).toMatchObject({
      waits: false,
      concepts: [],
    });
    expect(
      (await as(ben, "POST", `/api/milestones/${launch.id}/submissions`, { text: "Work" })).statusCode,
    ).toBe(201);
  });

  it("is the owner's, and each student's own", async () => {
    const { project } = await launchProject();
    expect((await as(otherInstructor, "GET", `/api/projects/${project.id}/readiness`)).statusCode).toBe(404);
    expect((await as(ada, "GET", `/api/projects/${project.id}/readiness`)).statusCode).toBe(403);
    expect((await as(outsider, "GET", `/api/student/projects/${project.id}/readiness`)).statusCode).toBe(404);
    expect((await as(outsider, "GET", `/api/student/projects/${project.id}/strengthen`)).statusCode).toBe(
      404,
    );
    expect((await as(owner, "GET", `/api/student/projects/${project.id}/readiness`)).statusCode).toBe(403);
    // A student never sees another's figures: their answer holds only their own concepts.
    const own = await ok(ada, "GET", `/api/student/projects/${project.id}/readiness`);
    expect(Object.keys(own).sort()).toEqual([
      "concepts",
      "itemCount",
      "launch",
      "recall",
      "threshold",
      "waits",
    ]);
  });
});
