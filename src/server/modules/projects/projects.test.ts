import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildProjectInput,
  createProjectViaApi,
  createTemplateViaApi,
  signedInFaculty,
} from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

let t: TestApp;
let alice: Awaited<ReturnType<typeof signedInFaculty>>;
let bob: Awaited<ReturnType<typeof signedInFaculty>>;
let admin: Awaited<ReturnType<typeof signedInFaculty>>;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signedInFaculty(t.app, t.database.db);
  bob = await signedInFaculty(t.app, t.database.db);
  admin = await signedInFaculty(t.app, t.database.db, { role: "admin" });
});
afterAll(() => t?.close());

const inject = (options: InjectOptions) => t.app.inject(options);
const events = async (facultyId: number, headers: Record<string, string>, eventType: string) =>
  (
    await inject({
      method: "GET",
      url: `/api/analytics/faculty/${facultyId}?eventType=${eventType}`,
      headers,
    })
  ).json();

describe("projects", () => {
  it("saves the whole methodology with an unguessable contribution token and records project_created", async () => {
    const project = await createProjectViaApi(t.app, alice.headers);
    expect(project).toMatchObject({
      facultyId: alice.faculty.id,
      status: "active",
      templateId: null,
      title: "Community Water Study",
    });
    expect(project.methodology).toEqual(buildProjectInput().methodology);
    expect(project.contributionToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const other = await createProjectViaApi(t.app, alice.headers);
    expect(other.contributionToken).not.toBe(project.contributionToken);
    expect((await events(alice.faculty.id, alice.headers, "project_created"))[0].eventData).toMatchObject({
      projectId: other.id,
    });
  });

  it("lists one's own projects newest first, and nobody else's", async () => {
    const mine = await createProjectViaApi(t.app, bob.headers, { title: "Bob's newest" });
    const list = await inject({
      method: "GET",
      url: `/api/projects/faculty/${bob.faculty.id}`,
      headers: bob.headers,
    });
    expect(list.json()[0]).toMatchObject({ id: mine.id, title: "Bob's newest" });
    expect(list.json().every((project: { facultyId: number }) => project.facultyId === bob.faculty.id)).toBe(
      true,
    );
    expect(
      (
        await inject({
          method: "GET",
          url: `/api/projects/faculty/${bob.faculty.id}`,
          headers: alice.headers,
        })
      ).statusCode,
    ).toBe(403);
  });

  it("pages, searches, filters and orders one's projects, with the total in X-Total-Count", async () => {
    const carol = await signedInFaculty(t.app, t.database.db);
    const titles = ["Delta Rivers", "alpha Soils", "Coastal Winds", "Bravo Tides", "Echo Caves"];
    const created: Array<{ id: number; title: string }> = [];
    for (const title of titles) created.push(await createProjectViaApi(t.app, carol.headers, { title }));
    const [coastal] = created.filter((project) => project.title === "Coastal Winds");
    await inject({
      method: "PUT",
      url: `/api/projects/${coastal?.id}`,
      headers: carol.headers,
      payload: { status: "completed" },
    });
    const page = async (query: string) => {
      const reply = await inject({
        method: "GET",
        url: `/api/projects/faculty/${carol.faculty.id}?${query}`,
        headers: carol.headers,
      });
      return {
        status: reply.statusCode,
        total: reply.headers["x-total-count"],
        titles:
          reply.statusCode === 200 ? reply.json().map((project: { title: string }) => project.title) : [],
        message: reply.statusCode === 200 ? undefined : reply.json().message,
      };
    };
    const newestFirst = [...titles].reverse();
    expect(await page("limit=2")).toMatchObject({ total: "5", titles: newestFirst.slice(0, 2) });
    expect(await page("limit=2&offset=2")).toMatchObject({ total: "5", titles: newestFirst.slice(2, 4) });
    expect(await page("limit=2&offset=4")).toMatchObject({ total: "5", titles: newestFirst.slice(4) });
    expect((await page("sort=title")).titles).toEqual([
      "alpha Soils",
      "Bravo Tides",
      "Coastal Winds",
      "Delta Rivers",
      "Echo Caves",
    ]);
    expect((await page("sort=updated&limit=1")).titles).toEqual(["Coastal Winds"]);
    expect(await page("status=completed")).toMatchObject({ total: "1", titles: ["Coastal Winds"] });
    expect(await page("q=TIDES")).toMatchObject({ total: "1", titles: ["Bravo Tides"] });
    expect(await page("q=100%25")).toMatchObject({ total: "0", titles: [] });
    expect(await page("limit=101")).toMatchObject({
      status: 400,
      message: "limit must be a number from 1 to 100",
    });
    expect(await page("sort=oldest")).toMatchObject({
      status: 400,
      message: "Sort must be newest, updated or title",
    });
    expect(await page("status=paused")).toMatchObject({
      status: 400,
      message: "Status must be active, completed or archived",
    });
  });

  it("each listed project says how many contributions wait for review", async () => {
    const dana = await signedInFaculty(t.app, t.database.db);
    const quiet = await createProjectViaApi(t.app, dana.headers, { title: "Quiet Project" });
    const busy = await createProjectViaApi(t.app, dana.headers, { title: "Busy Project" });
    const elsewhere = await createProjectViaApi(t.app, alice.headers, { title: "Alice's busy one" });
    const contribute = (token: string, content: string) =>
      inject({
        method: "POST",
        url: `/api/public/contributions/${token}`,
        payload: { studentName: "Maya Chen", contributionType: "suggestion", content },
      });
    for (const content of [
      "A first idea for the lab",
      "A second idea for the lab",
      "A third idea for the lab",
    ]) {
      expect((await contribute(busy.contributionToken, content)).statusCode).toBe(201);
    }
    await contribute(elsewhere.contributionToken, "An idea for another course");
    const [reviewed] = (
      await inject({ method: "GET", url: `/api/contributions/project/${busy.id}`, headers: dana.headers })
    ).json();
    await inject({
      method: "PUT",
      url: `/api/contributions/${reviewed.id}/status`,
      headers: dana.headers,
      payload: { status: "approved" },
    });
    const pendingOf = async (query: string) =>
      Object.fromEntries(
        (
          await inject({
            method: "GET",
            url: `/api/projects/faculty/${dana.faculty.id}?${query}`,
            headers: dana.headers,
          })
        )
          .json()
          .map((project: { id: number; pendingContributions: number }) => [
            project.id,
            project.pendingContributions,
          ]),
      );
    expect(await pendingOf("")).toEqual({ [busy.id]: 2, [quiet.id]: 0 });
    expect(await pendingOf("limit=1&sort=title")).toEqual({ [busy.id]: 2 });
    expect(await pendingOf("q=quiet")).toEqual({ [quiet.id]: 0 });
  });

  it("answers 404 for someone else's project on every call", async () => {
    const project = await createProjectViaApi(t.app, alice.headers);
    for (const [method, url, payload] of [
      ["GET", `/api/projects/${project.id}`, undefined],
      ["PUT", `/api/projects/${project.id}`, { title: "Mine now" }],
      ["DELETE", `/api/projects/${project.id}`, undefined],
      ["POST", `/api/projects/${project.id}/contribution-token`, undefined],
    ] as const) {
      const reply = await inject({ method, url, headers: bob.headers, ...(payload ? { payload } : {}) });
      expect(reply.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(
      (await inject({ method: "GET", url: `/api/projects/${project.id}`, headers: alice.headers })).json()
        .title,
    ).toBe("Community Water Study");
  });

  it("updates title, status and methodology, recording project_updated", async () => {
    const project = await createProjectViaApi(t.app, alice.headers);
    const reply = await inject({
      method: "PUT",
      url: `/api/projects/${project.id}`,
      headers: alice.headers,
      payload: { status: "completed", title: "Water Study, spring" },
    });
    expect(reply.json()).toMatchObject({ status: "completed", title: "Water Study, spring" });
    expect((await events(alice.faculty.id, alice.headers, "project_updated"))[0].eventData).toEqual({
      projectId: project.id,
      fields: ["title", "status"],
    });
    const badStatus = await inject({
      method: "PUT",
      url: `/api/projects/${project.id}`,
      headers: alice.headers,
      payload: { status: "done" },
    });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().message).toBe("Status must be active, completed or archived");
    const owner = await inject({
      method: "PUT",
      url: `/api/projects/${project.id}`,
      headers: alice.headers,
      payload: { facultyId: bob.faculty.id },
    });
    expect(owner.statusCode).toBe(400);
  });

  it("records only the fields an update changed, named in the spec's words in Recent events", async () => {
    const project = await createProjectViaApi(t.app, alice.headers, { title: "Tide Pool Study" });
    // The project screen sends the title and the whole methodology; only the core concepts differ.
    const reply = await inject({
      method: "PUT",
      url: `/api/projects/${project.id}`,
      headers: alice.headers,
      payload: {
        title: project.title,
        methodology: { ...project.methodology, pivotConcepts: "Zonation, tides and exposure" },
      },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const [latest] = await events(alice.faculty.id, alice.headers, "project_updated");
    expect(latest.eventData).toEqual({ projectId: project.id, fields: ["methodology.pivotConcepts"] });
    expect(latest.description).toBe("Project Updated: Tide Pool Study, changed core concepts");

    await inject({
      method: "PUT",
      url: `/api/projects/${project.id}`,
      headers: alice.headers,
      payload: {
        title: "Tide Pool Study, autumn",
        status: "active",
        methodology: {
          ...project.methodology,
          pivotConcepts: "Zonation, tides and exposure",
          classSize: "32",
          antiOverloadMeasures: "One site a week",
        },
      },
    });
    const [second] = await events(alice.faculty.id, alice.headers, "project_updated");
    expect(second.eventData.fields).toEqual([
      "title",
      "methodology.antiOverloadMeasures",
      "methodology.classSize",
    ]);
    expect(second.description).toBe(
      "Project Updated: Tide Pool Study, autumn, changed title, anti-overload measures, class size",
    );
  });

  it("regenerates the contribution token, and deletes", async () => {
    const project = await createProjectViaApi(t.app, alice.headers);
    const reply = await inject({
      method: "POST",
      url: `/api/projects/${project.id}/contribution-token`,
      headers: alice.headers,
    });
    expect(reply.json().contributionToken).not.toBe(project.contributionToken);
    const reread = await inject({
      method: "GET",
      url: `/api/projects/${project.id}`,
      headers: alice.headers,
    });
    expect(reread.json().contributionToken).toBe(reply.json().contributionToken);
    expect(
      (await inject({ method: "DELETE", url: `/api/projects/${project.id}`, headers: alice.headers }))
        .statusCode,
    ).toBe(204);
    expect(
      (await inject({ method: "GET", url: `/api/projects/${project.id}`, headers: alice.headers }))
        .statusCode,
    ).toBe(404);
  });

  it("links an approved template and refuses a pending one with a message", async () => {
    const approved = await createTemplateViaApi(t.app, admin.headers);
    const linked = await createProjectViaApi(t.app, alice.headers, { templateId: approved.id });
    expect(linked.templateId).toBe(approved.id);
    const pending = await createTemplateViaApi(t.app, alice.headers);
    const refused = await inject({
      method: "POST",
      url: "/api/projects",
      headers: alice.headers,
      payload: buildProjectInput({ templateId: pending.id }),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("Only approved templates can be used to create a project.");
    const foreign = await createTemplateViaApi(t.app, bob.headers);
    const hidden = await inject({
      method: "POST",
      url: "/api/projects",
      headers: alice.headers,
      payload: buildProjectInput({ templateId: foreign.id }),
    });
    expect(hidden.statusCode).toBe(404);
  });

  it("refuses a project for someone else and bad bodies", async () => {
    const forOther = await inject({
      method: "POST",
      url: "/api/projects",
      headers: alice.headers,
      payload: buildProjectInput({ facultyId: bob.faculty.id }),
    });
    expect(forOther.statusCode).toBe(403);
    const short = await inject({
      method: "POST",
      url: "/api/projects",
      headers: alice.headers,
      payload: buildProjectInput({ title: "ab" }),
    });
    expect(short.json().message).toBe("Title must be at least 3 characters");
    const discipline = await inject({
      method: "POST",
      url: "/api/projects",
      headers: alice.headers,
      payload: { ...buildProjectInput(), discipline: "astrology" },
    });
    expect(discipline.json().message).toBe("Please select a discipline");
    const long = buildProjectInput();
    long.methodology.pivotConcepts = "x".repeat(5001);
    const tooLong = await inject({
      method: "POST",
      url: "/api/projects",
      headers: alice.headers,
      payload: long,
    });
    expect(tooLong.json().message).toBe("Each answer must be at most 5,000 characters");
  });
});
