import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PACING_DEFAULTS } from "#shared/schemas/pacing.ts";
import { createProjectViaApi, signedInFaculty } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { createMilestoneLookup } from "../milestones/milestones.service.ts";
import { createPacingOptions } from "./pacing-options.ts";

/** A project's pacing switches: the defaults until changed, one change at a time, the owner only. */
let t: TestApp;
type Account = Awaited<ReturnType<typeof signedInFaculty>>;
let owner: Account;
let otherInstructor: Account;
let student: Account;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInFaculty(t.app, t.database.db);
  otherInstructor = await signedInFaculty(t.app, t.database.db);
  student = await signedInFaculty(t.app, t.database.db, { role: "student" });
});
afterAll(() => t?.close());

const call = (method: "GET" | "PATCH", url: string, who: Account, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload !== undefined ? { payload } : {}) } as never);

describe("pacing options", () => {
  it("start at the defaults and keep what is not changed", async () => {
    const project = await createProjectViaApi(t.app, owner.headers);
    const url = `/api/projects/${project.id}/pacing`;
    expect((await call("GET", url, owner)).json()).toEqual(PACING_DEFAULTS);

    const changed = await call("PATCH", url, owner, {
      suggestions: false,
      launchDate: "2027-03-01T09:00:00Z",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({
      ...PACING_DEFAULTS,
      suggestions: false,
      launchDate: "2027-03-01T09:00:00.000Z",
    });

    const again = await call("PATCH", url, owner, { readinessThreshold: 0.9, launchDate: null });
    expect(again.json()).toEqual({ ...PACING_DEFAULTS, suggestions: false, readinessThreshold: 0.9 });
    expect((await call("GET", url, owner)).json()).toEqual(again.json());
  });

  it("refuses a threshold off the range and names it", async () => {
    const project = await createProjectViaApi(t.app, owner.headers);
    const reply = await call("PATCH", `/api/projects/${project.id}/pacing`, owner, {
      readinessThreshold: 1.2,
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.body).toContain("Readiness threshold must be between 50 % and 99 %");
  });

  it("is the owner's only", async () => {
    const project = await createProjectViaApi(t.app, owner.headers);
    const url = `/api/projects/${project.id}/pacing`;
    expect((await call("GET", url, otherInstructor)).statusCode).toBe(404);
    expect((await call("PATCH", url, otherInstructor, { readiness: false })).statusCode).toBe(404);
    expect((await call("GET", url, student)).statusCode).toBe(403);
    expect((await call("GET", url, owner)).json().readiness).toBe(true);
  });
});

const pacing = () => createPacingOptions(t.database.db, createMilestoneLookup(t.database.db));

describe("a project's launch", () => {
  it("is the owner's date while it is ahead, else the first launch milestone still due", async () => {
    const project = await createProjectViaApi(t.app, owner.headers);
    const at = new Date("2027-01-10T12:00:00Z");
    const milestone = (stage: string, dueAt: string, title: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/projects/${project.id}/milestones`,
        headers: owner.headers,
        payload: { title, stage, dueAt },
      });
    expect(await pacing().launch(project.id, at)).toBeNull();
    for (const [stage, dueAt, title] of [
      ["launch", "2027-01-05T09:00:00Z", "Past launch"],
      ["pivot", "2027-01-20T09:00:00Z", "Checkpoint"],
      ["launch", "2027-02-15T09:00:00Z", "Second launch"],
      ["launch", "2027-02-01T09:00:00Z", "First launch"],
    ] as const)
      expect((await milestone(stage, dueAt, title)).statusCode).toBe(201);
    const fromMilestone = await pacing().launch(project.id, at);
    expect(fromMilestone?.date.toISOString()).toBe("2027-02-01T09:00:00.000Z");
    expect(fromMilestone?.milestone?.title).toBe("First launch");

    await call("PATCH", `/api/projects/${project.id}/pacing`, owner, { launchDate: "2027-01-25T09:00:00Z" });
    expect(await pacing().launch(project.id, at)).toEqual({
      date: new Date("2027-01-25T09:00:00Z"),
      milestone: null,
    });
    // Once the owner's date has passed, the next launch milestone is the launch again.
    const later = await pacing().launch(project.id, new Date("2027-01-26T00:00:00Z"));
    expect(later?.milestone?.title).toBe("First launch");
  });
});
