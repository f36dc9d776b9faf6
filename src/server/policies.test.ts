import { randomUUID } from "node:crypto";
import { and, asc, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "#shared/account.ts";
import type { TemplateStatus } from "#shared/constants.ts";
import type { Caller } from "./lib/access.ts";
import { type Viewer, viewerOf } from "./lib/policy.ts";
import { checkInPolicy } from "./modules/cognitive-load/cognitive-load.policy.ts";
import { cognitiveLoadCheckInTable } from "./modules/cognitive-load/cognitive-load.table.ts";
import { contributionPolicy } from "./modules/contributions/contributions.policy.ts";
import { contributionTable } from "./modules/contributions/contributions.table.ts";
import { documentPolicy } from "./modules/documents/documents.policy.ts";
import { documentTable } from "./modules/documents/documents.table.ts";
import type { FacultyRow } from "./modules/faculty/faculty.table.ts";
import { integrationPolicy } from "./modules/integrations/integrations.policy.ts";
import { integrationConnectionTable } from "./modules/integrations/integrations.table.ts";
import { knowledgePolicy } from "./modules/knowledge-base/knowledge-base.policy.ts";
import { knowledgeEntryTable } from "./modules/knowledge-base/knowledge-base.table.ts";
import { conversionPolicy } from "./modules/objective-conversions/objective-conversions.policy.ts";
import { objectiveConversionTable } from "./modules/objective-conversions/objective-conversions.table.ts";
import { projectPolicy } from "./modules/projects/projects.policy.ts";
import { projectTable } from "./modules/projects/projects.table.ts";
import { templatePolicy } from "./modules/templates/templates.policy.ts";
import { templateValues } from "./modules/templates/templates.service.ts";
import { templateTable } from "./modules/templates/templates.table.ts";
import { uploadTable } from "./modules/uploads/uploads.table.ts";
import { buildProjectInput, buildTemplateInput, insertFaculty } from "./test/factories.ts";
import { createTestDatabase, type TestDatabase } from "./test/test-database.ts";

// Every policy against every kind of viewer and record, on the database: the rows its SQL
// conditions select must be exactly those the rule (written out again here, from the spec) allows.

let database: TestDatabase;
const people: Record<string, FacultyRow> = {};
const viewers: Record<string, Viewer> = {};

const PEOPLE: Array<[name: string, role: Role, institution: string]> = [
  ["ada", "instructor", "North University"],
  ["ben", "instructor", "North University"],
  ["ana", "admin", "North University"],
  ["oli", "admin", "South College"],
  ["sam", "student", "North University"],
  ["sue", "super_admin", "South College"],
];

beforeAll(async () => {
  database = await createTestDatabase();
  for (const [name, role, institution] of PEOPLE) {
    const row = await insertFaculty(database.db, { role, institution });
    people[name] = row;
    viewers[name] = viewerOf({ id: row.id, email: row.email, role, faculty: row } as unknown as Caller);
  }
});
afterAll(() => database?.close());

const person = (name: string) => people[name] as FacultyRow;

/** The ids a condition selects from a table, ascending. */
async function idsWhere(table: PgTable & { id: AnyPgColumn }, condition: SQL | undefined) {
  const rows = await database.db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(condition))
    .orderBy(asc(table.id));
  return rows.map((row) => row.id as number);
}

describe("record policies", () => {
  it("templates: approved for all, one's own in any status, all for admins; changed by the author while pending or by an admin", async () => {
    const statuses: TemplateStatus[] = ["approved", "pending", "rejected"];
    const templates: Array<{ id: number; authorId: number | null; status: TemplateStatus }> = [];
    for (const author of ["ada", "ana", null] as const) {
      for (const status of statuses) {
        const authorId = author ? person(author).id : null;
        const [row] = await database.db
          .insert(templateTable)
          .values({ ...templateValues(buildTemplateInput()), status, authorId })
          .returning({ id: templateTable.id });
        templates.push({ id: row?.id as number, authorId, status });
      }
    }
    for (const [name, viewer] of Object.entries(viewers)) {
      const isAdmin = ["admin", "super_admin"].includes(viewer.role);
      const mayRead = templates.filter((t) => isAdmin || t.status === "approved" || t.authorId === viewer.id);
      const mayChange = templates.filter(
        (t) => isAdmin || (t.authorId === viewer.id && t.status === "pending"),
      );
      const within = (condition: SQL | undefined) =>
        idsWhere(templateTable, and(condition, templatePolicy.readable(viewer))).then((ids) =>
          ids.filter((id) => templates.some((t) => t.id === id)),
        );
      expect(await within(undefined), `${name} reads`).toEqual(mayRead.map((t) => t.id));
      expect(await within(templatePolicy.writable(viewer)), `${name} changes`).toEqual(
        mayChange.map((t) => t.id),
      );
      // The rule for a record in hand agrees with the SQL one.
      expect(
        templates.filter((t) => templatePolicy.mayChange(viewer, t)).map((t) => t.id),
        `${name} mayChange`,
      ).toEqual(mayChange.map((t) => t.id));
    }
  });

  it("projects, their contributions and conversions: their owner's alone, whatever the viewer's role", async () => {
    const projects: Array<{ id: number; ownerId: number }> = [];
    const contributions: Array<{ id: number; ownerId: number }> = [];
    const conversions: Array<{ id: number; ownerId: number }> = [];
    for (const owner of ["ada", "ben", "ana"]) {
      const ownerId = person(owner).id;
      const { templateId: _none, ...input } = buildProjectInput();
      const [project] = await database.db
        .insert(projectTable)
        .values({ ...input, facultyId: ownerId, contributionToken: `token-${owner}` })
        .returning({ id: projectTable.id });
      const projectId = project?.id as number;
      projects.push({ id: projectId, ownerId });
      const [contribution] = await database.db
        .insert(contributionTable)
        .values({
          projectId,
          projectOwnerId: ownerId,
          studentName: "Student",
          contributionType: "question",
          content: "Why?",
        })
        .returning({ id: contributionTable.id });
      contributions.push({ id: contribution?.id as number, ownerId });
      const [conversion] = await database.db
        .insert(objectiveConversionTable)
        .values({
          facultyId: ownerId,
          discipline: "biology",
          originalObjective: "Explain osmosis",
          convertedFramework: "Pivot: diffusion",
          source: "template",
        })
        .returning({ id: objectiveConversionTable.id });
      conversions.push({ id: conversion?.id as number, ownerId });
    }
    const onContributionProject = (condition: SQL) => idsWhere(contributionTable, condition);
    for (const [name, viewer] of Object.entries(viewers)) {
      const own = <T extends { id: number; ownerId: number }>(records: T[]) =>
        records.filter((record) => record.ownerId === viewer.id).map((record) => record.id);
      expect(await idsWhere(projectTable, projectPolicy.readable(viewer)), `${name} reads projects`).toEqual(
        own(projects),
      );
      expect(
        await idsWhere(projectTable, projectPolicy.writable(viewer)),
        `${name} changes projects`,
      ).toEqual(own(projects));
      expect(
        await onContributionProject(contributionPolicy.readable(viewer)),
        `${name} reads contributions`,
      ).toEqual(own(contributions));
      expect(await onContributionProject(contributionPolicy.writable(viewer)), `${name} reviews`).toEqual(
        own(contributions),
      );
      expect(await idsWhere(objectiveConversionTable, conversionPolicy.readable(viewer)), name).toEqual(
        own(conversions),
      );
      expect(await idsWhere(objectiveConversionTable, conversionPolicy.writable(viewer)), name).toEqual(
        own(conversions),
      );
    }
  });

  it("documents: their owner's alone, for administrators too", async () => {
    const documents: Array<{ id: number; ownerId: number }> = [];
    for (const owner of ["ada", "ben", "ana", "sue"]) {
      const ownerId = person(owner).id;
      const uploadId = randomUUID();
      await database.db.insert(uploadTable).values({
        id: uploadId,
        facultyId: ownerId,
        objectKey: `uploads/${uploadId}`,
        originalName: "notes.txt",
        expiresAt: new Date(Date.now() + 60_000),
      });
      const [row] = await database.db
        .insert(documentTable)
        .values({
          facultyId: ownerId,
          uploadId,
          fileName: "notes.txt",
          originalName: "notes.txt",
          fileSize: 10,
          mimeType: "text/plain",
          fileUrl: `/objects/uploads/${uploadId}`,
          objectKey: `uploads/${uploadId}`,
        })
        .returning({ id: documentTable.id });
      documents.push({ id: row?.id as number, ownerId });
    }
    for (const [name, viewer] of Object.entries(viewers)) {
      const own = documents.filter((record) => record.ownerId === viewer.id).map((record) => record.id);
      expect(await idsWhere(documentTable, documentPolicy.readable(viewer)), `${name} reads`).toEqual(own);
      expect(await idsWhere(documentTable, documentPolicy.writable(viewer)), `${name} changes`).toEqual(own);
    }
  });

  it("knowledge base entries: their owner's alone, shared ones included, for administrators too", async () => {
    const entries: Array<{ id: number; ownerId: number }> = [];
    for (const owner of ["ada", "ben", "ana", "sue"]) {
      const ownerId = person(owner).id;
      const [row] = await database.db
        .insert(knowledgeEntryTable)
        .values({
          facultyId: ownerId,
          title: "Notes",
          content: "Notes of the course team.",
          isPrivate: false,
        })
        .returning({ id: knowledgeEntryTable.id });
      entries.push({ id: row?.id as number, ownerId });
    }
    for (const [name, viewer] of Object.entries(viewers)) {
      const own = entries.filter((record) => record.ownerId === viewer.id).map((record) => record.id);
      expect(await idsWhere(knowledgeEntryTable, knowledgePolicy.readable(viewer)), `${name} reads`).toEqual(
        own,
      );
      expect(
        await idsWhere(knowledgeEntryTable, knowledgePolicy.writable(viewer)),
        `${name} changes`,
      ).toEqual(own);
    }
  });

  it("integrations: personal ones their owner's; shared ones read by the institution and changed by its admins", async () => {
    const connections: Array<{ id: number; ownerId: number; institution: string; shared: boolean }> = [];
    const connect = async (owner: string, shared: boolean) => {
      const row = person(owner);
      const institution = viewers[owner]?.institution as string;
      const [created] = await database.db
        .insert(integrationConnectionTable)
        .values({ integrationId: "canvas", facultyId: row.id, institution, isAdminManaged: shared })
        .returning({ id: integrationConnectionTable.id });
      connections.push({ id: created?.id as number, ownerId: row.id, institution, shared });
    };
    await connect("ada", false);
    await connect("ben", false);
    await connect("ana", false);
    await connect("ana", true);
    await connect("oli", true);
    for (const [name, viewer] of Object.entries(viewers)) {
      const isAdmin = ["admin", "super_admin"].includes(viewer.role);
      const reads = connections.filter((c) =>
        c.shared ? c.institution === viewer.institution : c.ownerId === viewer.id,
      );
      const changes = reads.filter((c) => !c.shared || isAdmin);
      expect(
        await idsWhere(integrationConnectionTable, integrationPolicy.readable(viewer)),
        `${name} reads`,
      ).toEqual(reads.map((c) => c.id));
      expect(
        await idsWhere(integrationConnectionTable, integrationPolicy.writable(viewer)),
        `${name} changes`,
      ).toEqual(changes.map((c) => c.id));
      expect(
        reads
          .filter((c) => integrationPolicy.mayChange(viewer, { isAdminManaged: c.shared }))
          .map((c) => c.id),
        `${name} mayChange`,
      ).toEqual(changes.map((c) => c.id));
    }
  });

  it("cognitive load check-ins: read by their project's owner alone, administrators included", async () => {
    const checkIns: Array<{ id: number; ownerId: number }> = [];
    for (const owner of ["ada", "ben", "ana", "sue"]) {
      const ownerId = person(owner).id;
      const [project] = await database.db
        .insert(projectTable)
        .values({ ...buildProjectInput(), facultyId: ownerId, contributionToken: randomUUID() })
        .returning({ id: projectTable.id });
      const [row] = await database.db
        .insert(cognitiveLoadCheckInTable)
        .values({
          projectId: project?.id as number,
          projectOwnerId: ownerId,
          context: "pivot",
          mentalEffort: 5,
          intrinsicItems: [5, 5, 5],
          extraneousItems: [3, 3, 3],
          germaneItems: [6, 6, 6, 6],
          intrinsicLoad: 5,
          extraneousLoad: 3,
          germaneLoad: 6,
          technostress: 3,
          interruptions: 1,
          taskMinutes: 30,
          refocusMinutes: 2,
          source: "link",
        })
        .returning({ id: cognitiveLoadCheckInTable.id });
      checkIns.push({ id: row?.id as number, ownerId });
    }
    for (const [name, viewer] of Object.entries(viewers)) {
      const own = checkIns.filter((record) => record.ownerId === viewer.id).map((record) => record.id);
      expect(
        await idsWhere(cognitiveLoadCheckInTable, checkInPolicy.readable(viewer)),
        `${name} reads`,
      ).toEqual(own);
      expect(
        await idsWhere(cognitiveLoadCheckInTable, checkInPolicy.writable(viewer)),
        `${name} changes`,
      ).toEqual(own);
    }
  });
});
