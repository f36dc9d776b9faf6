import type { InjectOptions } from "fastify";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildProjectInput,
  createConversionViaApi,
  createProjectViaApi,
  signedInFaculty,
} from "../../test/factories.ts";
import { officeCommand, pdfSizeFromOffice } from "../../test/office.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

let t: TestApp;
type Who = Awaited<ReturnType<typeof signedInFaculty>>;
let alice: Who;
let bob: Who;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signedInFaculty(t.app, t.database.db, {
    name: "Alice Archer",
    institution: "State University",
  });
  bob = await signedInFaculty(t.app, t.database.db);
});
afterAll(() => t?.close());

const inject = (options: InjectOptions) => t.app.inject(options);
const stats = async (who: Who) =>
  (
    await inject({ method: "GET", url: `/api/dashboard/stats/${who.faculty.id}`, headers: who.headers })
  ).json();
const contribute = (token: string, studentName: string, studentEmail?: string) =>
  inject({
    method: "POST",
    url: `/api/public/contributions/${token}`,
    payload: {
      studentName,
      studentEmail,
      contributionType: "suggestion",
      content: `An idea from ${studentName}.`,
    },
  });
const setStatus = (who: Who, id: number, status: string) =>
  inject({ method: "PUT", url: `/api/projects/${id}`, headers: who.headers, payload: { status } });

describe("dashboard stats", () => {
  it("counts the caller's own projects, students and ratings (docs/decisions.md, Dashboard)", async () => {
    expect(await stats(alice)).toEqual({
      activeProjects: 0,
      studentsEngaged: 0,
      completionRate: 0,
      avgRating: 0,
    });

    const water = await createProjectViaApi(t.app, alice.headers, { title: "Water Study" });
    const soil = await createProjectViaApi(t.app, alice.headers, { title: "Soil Study" });
    const old = await createProjectViaApi(t.app, alice.headers, { title: "Old Study" });
    await createProjectViaApi(t.app, alice.headers, { title: "Air Study" });
    await createProjectViaApi(t.app, bob.headers, { title: "Bob's project" });
    await setStatus(alice, soil.id, "completed");
    await setStatus(alice, old.id, "archived");

    // Same student twice (any case), another student, Kim once more without an e-mail, and one
    // student known only by name, twice (shared/domain/students.ts): 3 students.
    await contribute(water.contributionToken, "Sam", "sam@student.example");
    await contribute(soil.contributionToken, "Sam again", "SAM@student.example");
    await contribute(water.contributionToken, "Kim", "kim@student.example");
    await contribute(soil.contributionToken, "kim");
    await contribute(water.contributionToken, "Ana Lima");
    await contribute(soil.contributionToken, "ana  lima");

    const rated = await createConversionViaApi(t.app, alice.headers);
    await createConversionViaApi(t.app, alice.headers);
    await inject({
      method: "PUT",
      url: `/api/objective-conversions/${rated.id}/rating`,
      headers: alice.headers,
      payload: { feedbackRating: 4 },
    });

    // 2 active (water, air); 1 completed of 3 non-archived = 33 %; 3 students; rating 4.
    const expected = { activeProjects: 2, studentsEngaged: 3, completionRate: 33, avgRating: 4 };
    expect(await stats(alice)).toEqual(expected);
    const me = await inject({ method: "GET", url: "/api/auth/me", headers: alice.headers });
    expect(me.json().stats).toEqual(expected);
    expect(await stats(bob)).toEqual({
      activeProjects: 1,
      studentsEngaged: 0,
      completionRate: 0,
      avgRating: 0,
    });
    expect(
      (await inject({ method: "GET", url: `/api/dashboard/stats/${alice.faculty.id}`, headers: bob.headers }))
        .statusCode,
    ).toBe(403);
  });

  it("lists the newest contributions to the caller's projects only", async () => {
    const who = await signedInFaculty(t.app, t.database.db);
    const project = await createProjectViaApi(t.app, who.headers, { title: "Recent Study" });
    for (const name of ["First", "Second", "Third"]) await contribute(project.contributionToken, name);
    await contribute((await createProjectViaApi(t.app, bob.headers)).contributionToken, "Elsewhere");
    const recent = await inject({
      method: "GET",
      url: "/api/dashboard/recent-contributions",
      headers: who.headers,
    });
    expect(recent.json().map((item: { studentName: string }) => item.studentName)).toEqual([
      "Third",
      "Second",
    ]);
    expect(recent.json()[0]).toMatchObject({ projectTitle: "Recent Study", contributionType: "suggestion" });
    const bad = await inject({
      method: "GET",
      url: "/api/dashboard/recent-contributions?limit=0",
      headers: who.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("Generate Presentation", () => {
  async function presentation(headers: Record<string, string>) {
    const response = await inject({ method: "GET", url: "/api/analytics/presentation", headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe(
      "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    );
    expect(response.headers["content-disposition"]).toMatch(
      /Pivot-and-Launch-Presentation-\d{4}-\d{2}-\d{2}\.pptx/,
    );
    return response.rawPayload;
  }

  it("is a real .pptx with the person's projects, pivot concepts, launch applications and figures", async () => {
    const who = await signedInFaculty(t.app, t.database.db, { name: "Priya Presenter" });
    const base = buildProjectInput().methodology;
    await createProjectViaApi(t.app, who.headers, {
      title: "Harbour Ecology Lab",
      methodology: {
        ...base,
        pivotConcepts: "Food webs\nSampling design",
        launchApplications: "Harbour survey with the port authority",
      },
    });
    const zip = await JSZip.loadAsync(await presentation(who.headers));
    const slides = Object.keys(zip.files).filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name));
    expect(slides.length).toBe(4); // title, method, one project, figures
    const xml = (await Promise.all(slides.map((name) => zip.file(name)?.async("string")))).join("\n");
    for (const text of [
      "Priya Presenter",
      "Harbour Ecology Lab",
      "Food webs",
      "Sampling design",
      "Harbour survey with the port authority",
      "Active Projects",
      "Pivot-and-Launch",
    ]) {
      expect(xml).toContain(text);
    }
    expect(xml).not.toContain("Bob&apos;s project");
  });

  it("works from a new tab with the session cookie, and not without a session", async () => {
    const login = await inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: alice.faculty.email, password: alice.faculty.password },
    });
    const cookie = String(login.headers["set-cookie"]).split(";")[0] ?? "";
    await presentation({ cookie });
    expect((await inject({ method: "GET", url: "/api/analytics/presentation" })).statusCode).toBe(401);
  });

  it.skipIf(!officeCommand)(
    "opens in LibreOffice Impress",
    async () => {
      expect(pdfSizeFromOffice(await presentation(alice.headers), "presentation.pptx")).toBeGreaterThan(
        5_000,
      );
    },
    90_000,
  );
});
