import { eq } from "drizzle-orm";
import ical, { type VEvent } from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProjectViaApi, signedInFaculty } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { calendarFeedTable } from "./milestones.table.ts";

/** Calendar feeds: a private address per person and project, the feed by its token. */
let t: TestApp;
type Account = Awaited<ReturnType<typeof signedInFaculty>>;
let owner: Account;
let otherInstructor: Account;
let ada: Account;

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: "https://pl.example.edu" } });
  owner = await signedInFaculty(t.app, t.database.db);
  otherInstructor = await signedInFaculty(t.app, t.database.db);
  ada = await signedInFaculty(t.app, t.database.db, { role: "student" });
});
afterAll(() => t?.close());

const call = (method: "GET" | "POST", url: string, who?: Account, payload?: unknown) =>
  t.app.inject({ method, url, ...(who ? { headers: who.headers } : {}), ...(payload ? { payload } : {}) });

const pathOf = (url: string) => new URL(url).pathname;

async function projectWithMilestones() {
  const project = await createProjectViaApi(t.app, owner.headers, { title: "Water & Community" });
  for (const body of [
    { title: "Core concepts", stage: "pivot", dueAt: "2026-09-14T15:00:00Z", deliverables: ["Concept map"] },
    { title: "Presentation", stage: "final", dueAt: "2026-10-12T15:00:00Z", description: "Ten minutes" },
  ]) {
    const reply = await call("POST", `/api/projects/${project.id}/milestones`, owner, body);
    expect(reply.statusCode).toBe(201);
  }
  return project;
}

describe("calendar feeds", () => {
  it("gives the owner one address, the same on every call, and a feed of the milestones", async () => {
    const project = await projectWithMilestones();
    const first = await call("GET", `/api/projects/${project.id}/calendar-feed`, owner);
    expect(first.statusCode).toBe(200);
    const { url } = first.json();
    expect(url).toMatch(/^https:\/\/pl\.example\.edu\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await call("GET", `/api/projects/${project.id}/calendar-feed`, owner)).json().url).toBe(url);

    const feed = await call("GET", pathOf(url));
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toContain("text/calendar");
    const parsed = ical.sync.parseICS(feed.body);
    expect(feed.body).toContain("X-WR-CALNAME:Water & Community");
    const events = Object.values(parsed).filter((entry): entry is VEvent => entry?.type === "VEVENT");
    expect(events.map((event) => String(event.summary))).toEqual([
      "Pivot: Core concepts",
      "Final: Presentation",
    ]);
    expect(events[0]?.start.toISOString()).toBe("2026-09-14T15:00:00.000Z");
    expect(String(events[0]?.description)).toContain("Concept map");
    expect(String(events[0]?.description)).toContain(`https://pl.example.edu/projects/${project.id}`);
  });

  it("stops answering the old address once a new one is made", async () => {
    const project = await projectWithMilestones();
    const old = (await call("GET", `/api/projects/${project.id}/calendar-feed`, owner)).json().url;
    const renewed = await call("POST", `/api/projects/${project.id}/calendar-feed`, owner);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().url).not.toBe(old);
    expect((await call("GET", pathOf(old))).statusCode).toBe(404);
    expect((await call("GET", pathOf(renewed.json().url))).statusCode).toBe(200);
    expect((await call("GET", `/api/projects/${project.id}/calendar-feed`, owner)).json().url).toBe(
      renewed.json().url,
    );
  });

  it("gives a new address when the stored one was sealed under another app secret", async () => {
    const project = await projectWithMilestones();
    const old = (await call("GET", `/api/projects/${project.id}/calendar-feed`, owner)).json().url;
    await t.database.db
      .update(calendarFeedTable)
      .set({ tokenSealed: "v1.AAAA.BBBB.CCCC" })
      .where(eq(calendarFeedTable.projectId, project.id));
    const renewed = await call("GET", `/api/projects/${project.id}/calendar-feed`, owner);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().url).not.toBe(old);
    expect((await call("GET", pathOf(old))).statusCode).toBe(404);
    expect((await call("GET", pathOf(renewed.json().url))).statusCode).toBe(200);
  });

  it("answers 404 to a wrong token", async () => {
    const reply = await call("GET", "/api/calendar/not-a-token.ics");
    expect(reply.statusCode).toBe(404);
    expect(reply.json().message).toBe("Calendar feed not found");
  });

  it("gives an enrolled student their own address, linking to their project page, until they leave", async () => {
    const project = await projectWithMilestones();
    expect((await call("GET", `/api/projects/${project.id}/calendar-feed`, ada)).statusCode).toBe(404);
    expect((await call("GET", `/api/projects/${project.id}/calendar-feed`, otherInstructor)).statusCode).toBe(
      404,
    );
    expect((await call("POST", "/api/student/join", ada, { code: project.joinCode })).statusCode).toBe(200);

    const mine = await call("GET", `/api/projects/${project.id}/calendar-feed`, ada);
    expect(mine.statusCode).toBe(200);
    const ownerUrl = (await call("GET", `/api/projects/${project.id}/calendar-feed`, owner)).json().url;
    expect(mine.json().url).not.toBe(ownerUrl);
    const feed = await call("GET", pathOf(mine.json().url));
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain(`/student/projects/${project.id}`);

    expect(
      (
        await t.app.inject({
          method: "DELETE",
          url: `/api/student/projects/${project.id}`,
          headers: ada.headers,
        })
      ).statusCode,
    ).toBeLessThan(300);
    expect((await call("GET", pathOf(mine.json().url))).statusCode).toBe(404);
  });
});
