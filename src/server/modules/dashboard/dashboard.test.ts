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
import { cognitiveLoadCheckInTable } from "../cognitive-load/cognitive-load.table.ts";

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
const DAY = 86_400_000;
let addresses = 0;
const join = (who: Who, code: string) => {
  addresses += 1;
  return inject({
    method: "POST",
    url: "/api/student/join",
    headers: who.headers,
    payload: { code },
    remoteAddress: `10.7.0.${addresses}`,
  });
};
/** Through the contribution link, signed out or, with `who`, signed in. */
const contribute = (token: string, studentName: string, studentEmail?: string, who?: Who) =>
  inject({
    method: "POST",
    url: `/api/public/contributions/${token}`,
    ...(who ? { headers: who.headers } : {}),
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
  it("counts the caller's own projects, students and ratings (docs/decisions/0029-dashboard-figures.md)", async () => {
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

    // Students Engaged: students active in one of Alice's projects in the last 30 days, signed in
    // or through the link with an e-mail (Sam); a name alone (Ana Lima) tells no one apart.
    await contribute(water.contributionToken, "Sam", "sam@student.example");
    await contribute(soil.contributionToken, "Ana Lima");
    const [una, ivo, eve, ina, out, old30, bobs] = (await Promise.all(
      ["Una", "Ivo", "Eve", "Ina", "Out", "Old", "Bobs"].map((name) =>
        signedInFaculty(t.app, t.database.db, { role: "student", name }),
      ),
    )) as [Who, Who, Who, Who, Who, Who, Who];
    const bobProject = await createProjectViaApi(t.app, bob.headers, { title: "Bob's class" });
    for (const [who, project] of [
      [una, water],
      [ivo, soil],
      [eve, water],
      [eve, soil],
      [ina, water],
      [old30, water],
      [bobs, bobProject],
    ] as const)
      expect((await join(who, project.joinCode)).statusCode).toBe(200);
    // Ivo checked in signed in (a check-in carrying the student), Old checked in 31 days ago.
    const checkIn = (who: Who, projectId: number, createdAt: Date) => ({
      projectId,
      projectOwnerId: alice.faculty.id,
      context: "launch" as const,
      mentalEffort: 5,
      intrinsicItems: [5, 5, 5],
      extraneousItems: [2, 2, 2],
      germaneItems: [6, 6, 6, 6],
      intrinsicLoad: 5,
      extraneousLoad: 2,
      germaneLoad: 6,
      technostress: 3,
      interruptions: 1,
      taskMinutes: 30,
      refocusMinutes: 2,
      source: "student" as const,
      studentId: who.faculty.id,
      createdAt,
    });
    const clock = t.clock.now().getTime();
    await t.database.db
      .insert(cognitiveLoadCheckInTable)
      .values([checkIn(ivo, soil.id, new Date(clock)), checkIn(old30, water.id, new Date(clock - 31 * DAY))]);
    // Una and Eve contributed signed in through the link (Eve to both projects: one student); Ina
    // joined and did nothing; Out contributed signed in without joining (a student all the same);
    // Bobs is Bob's student.
    await contribute(water.contributionToken, "Una", undefined, una);
    await contribute(water.contributionToken, "Eve", undefined, eve);
    await contribute(soil.contributionToken, "Eve", undefined, eve);
    await contribute(water.contributionToken, "Out", undefined, out);
    await contribute(bobProject.contributionToken, "Bobs", undefined, bobs);

    const rated = await createConversionViaApi(t.app, alice.headers);
    await createConversionViaApi(t.app, alice.headers);
    await inject({
      method: "PUT",
      url: `/api/objective-conversions/${rated.id}/rating`,
      headers: alice.headers,
      payload: { feedbackRating: 4 },
    });

    // 2 active (water, air); 1 completed of 3 non-archived = 33 %; 5 students (Sam, Una, Ivo, Eve,
    // Out); rating 4.
    const expected = { activeProjects: 2, studentsEngaged: 5, completionRate: 33, avgRating: 4 };
    expect(await stats(alice)).toEqual(expected);
    const me = await inject({ method: "GET", url: "/api/auth/me", headers: alice.headers });
    expect(me.json().stats).toEqual(expected);
    expect(await stats(bob)).toEqual({
      activeProjects: 2,
      studentsEngaged: 1,
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
