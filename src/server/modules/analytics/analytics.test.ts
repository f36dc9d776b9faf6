import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_TYPES } from "#shared/constants.ts";
import { signedInFaculty } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { createAnalyticsService } from "./analytics.service.ts";

let t: TestApp;
let alice: Awaited<ReturnType<typeof signedInFaculty>>;
let bob: Awaited<ReturnType<typeof signedInFaculty>>;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signedInFaculty(t.app, t.database.db);
  bob = await signedInFaculty(t.app, t.database.db);
});
afterAll(() => t?.close());

const post = (headers: Record<string, string>, payload: InjectOptions["payload"]) =>
  t.app.inject({ method: "POST", url: "/api/analytics", headers, payload });
const list = (facultyId: number, headers: Record<string, string>, query = "") =>
  t.app.inject({ method: "GET", url: `/api/analytics/faculty/${facultyId}${query}`, headers });

describe("analytics events", () => {
  it("records events for the caller and lists them newest first, filtered by type", async () => {
    for (const eventType of EVENT_TYPES) {
      const reply = await post(alice.headers, { eventType, eventData: { note: eventType } });
      expect(reply.statusCode).toBe(201);
      expect(reply.json()).toMatchObject({ facultyId: alice.faculty.id, eventType });
    }
    const all = await list(alice.faculty.id, alice.headers);
    expect(all.json().map((event: { eventType: string }) => event.eventType)).toEqual(
      [...EVENT_TYPES].reverse(),
    );
    const filtered = await list(alice.faculty.id, alice.headers, "?eventType=template_used");
    expect(filtered.json()).toHaveLength(1);
    expect(filtered.json()[0].eventData).toEqual({ note: "template_used" });
  });

  it("records through the server-side helper that later features call", async () => {
    const analytics = createAnalyticsService(t.database.db);
    await analytics.record(bob.faculty.id, "project_created", { projectId: 7 });
    const events = await list(bob.faculty.id, bob.headers, "?eventType=project_created");
    expect(events.json()).toEqual([expect.objectContaining({ eventData: { projectId: 7 } })]);
  });

  it("never lets one faculty member read another's events", async () => {
    expect((await list(alice.faculty.id, bob.headers)).statusCode).toBe(403);
  });

  it("ignores a facultyId in the body: the event is the caller's", async () => {
    const reply = await post(bob.headers, {
      eventType: "template_used",
      eventData: {},
      facultyId: alice.faculty.id,
    });
    expect(reply.statusCode).toBe(400);
  });

  it("answers bad input with a message", async () => {
    const badType = await post(alice.headers, { eventType: "page_viewed", eventData: {} });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toMatch(/^Event type must be one of: project_created/);
    const badData = await post(alice.headers, { eventType: "template_used", eventData: "text" });
    expect(badData.json().message).toBe("Event data must be an object");
    const huge = await post(alice.headers, {
      eventType: "template_used",
      eventData: { blob: "x".repeat(20_000) },
    });
    expect(huge.statusCode).toBe(400);
    const badFilter = await list(alice.faculty.id, alice.headers, "?eventType=nope");
    expect(badFilter.statusCode).toBe(400);
  });
});
