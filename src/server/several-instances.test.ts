import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DashboardStats, Faculty } from "#shared/schemas/auth.ts";
import type { ClassMastery } from "#shared/schemas/student.ts";
import type { Template } from "#shared/schemas/templates.ts";
import { DATABASE_MAINTENANCE_QUEUE } from "./app.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { PENDING_DIGEST_QUEUE } from "./modules/admin-users/admin-users.module.ts";
import { LTI_GRADES_QUEUE, LTI_ROSTER_QUEUE } from "./modules/lti/lti-services.module.ts";
import { NOTIFICATION_DIGEST_QUEUE } from "./modules/notifications/notifications.module.ts";
import { SCHEDULING_FIT_WEEKLY_QUEUE } from "./modules/scheduling-fit/scheduling-fit.service.ts";
import { UPLOAD_SWEEP_QUEUE } from "./modules/uploads/uploads.module.ts";
import { createProjectViaApi, createTemplateViaApi, signedInFaculty } from "./test/factories.ts";
import { createTestApp, type TestApp } from "./test/test-app.ts";

// Every in-process cache (docs/operations.md, "Several instances") seen through two instances of
// the server on one PostgreSQL database, each with its own pool and listening connection: a change
// made through A is seen through B. Caches kept in step by LISTEN/NOTIFY are seen as soon as B
// hears the notice (retried for up to 5 s; without the notice they would stay stale for 30 s or
// until restart); those safe by construction are seen at B's very next request.

describe.skipIf(process.env.TEST_DB !== "postgres")("two instances on one PostgreSQL", () => {
  let a: TestApp;
  let b: TestApp;
  let second: DatabaseHandle;
  type Person = Awaited<ReturnType<typeof signedInFaculty>>;
  let owner: Person;
  let admin: Person;
  let student: Person;
  let colleague: Person;

  beforeAll(async () => {
    a = await createTestApp();
    const other = await a.database.openAnother?.();
    if (!other) throw new Error("openAnother is available on PostgreSQL");
    second = other;
    b = await createTestApp({ database: second });
    owner = await signedInFaculty(a.app, a.database.db, { name: "Olive Owner" });
    admin = await signedInFaculty(a.app, a.database.db, { role: "super_admin" });
    student = await signedInFaculty(a.app, a.database.db, { role: "student" });
    colleague = await signedInFaculty(a.app, a.database.db);
  });
  afterAll(async () => {
    await b?.close();
    await second?.close();
    await a?.close();
  });

  const call = (
    instance: TestApp,
    who: Person,
    method: InjectOptions["method"],
    url: string,
    payload?: object,
  ) => instance.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const read = async <T>(instance: TestApp, who: Person, url: string): Promise<T> => {
    const reply = await call(instance, who, "GET", url);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json() as T;
  };
  const me = (instance: TestApp, who: Person) =>
    read<{ faculty: Faculty; stats: DashboardStats }>(instance, who, "/api/auth/me");

  /** A notice from A reaches B within moments; a cache that never hears it fails after 5 s. */
  const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 5_000, interval: 25 });

  it("accounts: a name changed through A shows in B's copy of the account", async () => {
    expect((await me(b, owner)).faculty.name).toBe("Olive Owner");
    const renamed = await call(a, owner, "PUT", `/api/faculty/${owner.faculty.id}`, {
      name: "Olive Renamed",
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await eventually(async () => expect((await me(b, owner)).faculty.name).toBe("Olive Renamed"));
  });

  it("accounts: a rejection through A ends the person's sessions on B", async () => {
    const someone = await signedInFaculty(a.app, a.database.db);
    expect((await call(b, someone, "GET", "/api/auth/me")).statusCode).toBe(200); // cached by B
    const rejected = await call(a, admin, "POST", `/api/admin/users/${someone.faculty.id}/reject`);
    expect(rejected.statusCode, rejected.body).toBe(200);
    await eventually(async () =>
      expect((await call(b, someone, "GET", "/api/auth/me")).statusCode).toBe(401),
    );
  });

  it("dashboard figures: a project created through A counts in B's figures", async () => {
    const before = (await me(b, owner)).stats.activeProjects; // cached by B for 30 s
    await createProjectViaApi(a.app, owner.headers, { title: "Seen everywhere" });
    await eventually(async () => expect((await me(b, owner)).stats.activeProjects).toBe(before + 1));
  });

  it("template search: a template approved through A is found through B", async () => {
    const search = async (instance: TestApp) =>
      (await read<Template[]>(instance, colleague, "/api/templates/search?q=mangrove")).map(
        (row) => row.name,
      );
    const draft = await createTemplateViaApi(a.app, owner.headers, { name: "Mangrove Carbon Study" });
    expect(await search(b)).toEqual([]); // pending: only its author and admins see it; cached by B
    const approved = await call(a, admin, "POST", `/api/templates/${draft.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    await eventually(async () => expect(await search(b)).toEqual(["Mangrove Carbon Study"]));
  });

  describe("a class practising", () => {
    let projectId: number;
    let cardId: number;
    const dueQuestions = async (instance: TestApp) =>
      (
        await read<{ items: Array<{ question: string }> }>(
          instance,
          student,
          "/api/student/practice/due?limit=50",
        )
      ).items.map((item) => item.question);
    const addItem = async (question: string) => {
      const reply = await call(a, owner, "POST", "/api/retrieval-items", {
        pivotCardId: cardId,
        type: "flashcard",
        question,
        answer: "This.",
      });
      expect(reply.statusCode, reply.body).toBe(201);
      return reply.json() as { id: number };
    };

    beforeAll(async () => {
      const project = await createProjectViaApi(a.app, owner.headers, { title: "Estuary Study" });
      projectId = project.id;
      const card = await call(a, owner, "POST", "/api/pivot-cards", {
        title: "Tides",
        discipline: "economics",
        definition: "The rise and fall of the sea.",
        projectId,
      });
      expect(card.statusCode, card.body).toBe(201);
      cardId = card.json().id;
      await addItem("What moves the tides?");
      const joined = await call(a, student, "POST", "/api/student/join", { code: project.joinCode });
      expect(joined.statusCode, joined.body).toBe(200);
    });

    it("practice catalogues: an item added through A is in the due list B answers next", async () => {
      expect(await dueQuestions(b)).toEqual(["What moves the tides?"]); // B now holds the catalogue
      await addItem("When is a spring tide?");
      expect(await dueQuestions(b)).toEqual(["What moves the tides?", "When is a spring tide?"]);
    });

    it("class figures: a review through B shows in the figures A answers next", async () => {
      const figures = () => read<ClassMastery>(a, owner, `/api/projects/${projectId}/class-mastery?tz=UTC`);
      const before = (await figures()).concepts.find((concept) => concept.pivotCardId === cardId);
      expect(before?.meanMastery).toBe(0); // A refreshed and read the card's cache rows
      const [first] = (
        await read<{ items: Array<{ id: number }> }>(b, student, "/api/student/practice/due?limit=1")
      ).items;
      const reviewed = await call(b, student, "POST", "/api/student/reviews", {
        itemId: first?.id,
        rating: 4,
      });
      expect(reviewed.statusCode, reviewed.body).toBe(201);
      const after = (await figures()).concepts.find((concept) => concept.pivotCardId === cardId);
      expect(after?.meanMastery).toBeGreaterThan(0);
    });
  });

  it("settings: the institution's AI key set through A is known to B at its next request", async () => {
    const setting = () => read<{ hasDefaultKey: boolean }>(b, admin, "/api/admin/settings/openai-key");
    expect(await setting()).toEqual({ hasDefaultKey: false });
    const saved = await call(a, admin, "PUT", "/api/admin/settings/openai-key", {
      apiKey: "sk-institution-key",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await setting()).toEqual({ hasDefaultKey: true });
  });

  it("scheduled work: the upload sweep, both digests, the database's upkeep, the LMS's rosters and grades and the weekly scheduling fit wait once, whatever the instances", async () => {
    await Promise.all([a.app.jobs.start(), b.app.jobs.start()]);
    const { rows } = await a.database.executeSql(
      "SELECT name, count(*)::int AS n FROM pgboss.job WHERE state < 'active' GROUP BY name ORDER BY name",
    );
    expect(rows).toEqual([
      { name: DATABASE_MAINTENANCE_QUEUE, n: 1 },
      { name: LTI_GRADES_QUEUE, n: 1 },
      { name: LTI_ROSTER_QUEUE, n: 1 },
      { name: NOTIFICATION_DIGEST_QUEUE, n: 1 },
      { name: PENDING_DIGEST_QUEUE, n: 1 },
      { name: SCHEDULING_FIT_WEEKLY_QUEUE, n: 1 },
      { name: UPLOAD_SWEEP_QUEUE, n: 1 },
    ]);
  });
});
