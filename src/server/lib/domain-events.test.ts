import { count, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows } from "../db/client.ts";
import { analyticsEventTable } from "../modules/analytics/analytics.table.ts";
import { createProjectsRepository } from "../modules/projects/projects.repository.ts";
import { createProjectsService } from "../modules/projects/projects.service.ts";
import { createTemplateLookup } from "../modules/templates/templates.service.ts";
import { buildProjectInput, insertFaculty } from "../test/factories.ts";
import { createTestDatabase, type TestDatabase } from "../test/test-database.ts";
import type { Caller } from "./access.ts";
import { DomainEvents } from "./domain-events.ts";
import { viewerOf } from "./policy.ts";

let database: TestDatabase;
let caller: Caller;
beforeAll(async () => {
  database = await createTestDatabase();
  const owner = await insertFaculty(database.db);
  caller = {
    id: owner.id,
    email: owner.email,
    role: owner.role,
    faculty: { institution: owner.institution } as Caller["faculty"],
  };
});
afterAll(() => database?.close());

/** The projects service on this file's database, publishing to `events`. */
const projectsWith = (events: DomainEvents) =>
  createProjectsService({ db: database.db, templates: createTemplateLookup(database.db), events });
const projectCount = async () =>
  (
    await createProjectsRepository(database.db).pageReadable(viewerOf(caller), {
      sort: "newest",
      limit: 100,
      offset: 0,
    })
  ).total;

describe("domain events", () => {
  it("commits a change with what its subscribers write, and runs after-commit subscribers once", async () => {
    const events = new DomainEvents();
    const committed: number[] = [];
    events.onWrite("projectCreated", async ({ facultyId, projectId }, tx) => {
      await tx
        .insert(analyticsEventTable)
        .values({ facultyId, eventType: "project_created", eventData: { projectId } });
    });
    events.afterCommit("projectCreated", ({ projectId }) => committed.push(projectId));
    const project = await projectsWith(events).create(buildProjectInput(), caller);
    expect(committed).toEqual([project.id]);
    const [recorded] = await database.db.select({ total: count() }).from(analyticsEventTable);
    expect(recorded?.total).toBe(1);
  });

  it("rolls the change back when a subscriber fails inside the transaction, and tells no cache", async () => {
    const events = new DomainEvents();
    const committed: number[] = [];
    events.onWrite("projectCreated", async () => {
      throw new Error("the analytics store is down");
    });
    events.afterCommit("projectCreated", ({ projectId }) => committed.push(projectId));
    const before = await projectCount();
    await expect(projectsWith(events).create(buildProjectInput(), caller)).rejects.toThrow(
      /analytics store is down/,
    );
    expect(await projectCount()).toBe(before);
    expect(committed).toEqual([]);
    // The database still answers: the failed transaction released it.
    expect(await selectRows(database.db, sql`select 1 as ok`)).toEqual([{ ok: 1 }]);
  });
});
