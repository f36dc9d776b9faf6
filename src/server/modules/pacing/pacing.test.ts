import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PACING_DEFAULTS } from "#shared/schemas/pacing.ts";
import { createProjectViaApi, signedInFaculty } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

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
