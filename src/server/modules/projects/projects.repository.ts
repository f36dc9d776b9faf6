import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { ProjectListQuery, ProjectSort } from "#shared/schemas/projects.ts";
import type { Database } from "../../db/client.ts";
import { containing } from "../../lib/paging.ts";
import type { Viewer } from "../../lib/policy.ts";
import { projectPolicy } from "./projects.policy.ts";
import { type NewProjectRow, type ProjectRow, projectTable } from "./projects.table.ts";

/** The orders a list of projects offers; the id breaks ties, so pages never overlap. */
const ORDER: Record<ProjectSort, SQL[]> = {
  newest: [desc(projectTable.createdAt), desc(projectTable.id)],
  updated: [desc(projectTable.updatedAt), desc(projectTable.id)],
  // Case aside, so "alpha" comes before "Bravo" under any collation.
  title: [asc(sql`lower(${projectTable.title})`), asc(projectTable.id)],
};

export function createProjectsRepository(db: Database) {
  return {
    async insert(values: NewProjectRow): Promise<ProjectRow> {
      const [row] = await db.insert(projectTable).values(values).returning();
      if (!row) throw new Error("insert returned no row");
      return row;
    },

    /** The project when the viewer may read it (projects.policy.ts); undefined otherwise. */
    async findReadable(id: number, viewer: Viewer): Promise<ProjectRow | undefined> {
      const [row] = await db
        .select()
        .from(projectTable)
        .where(and(eq(projectTable.id, id), projectPolicy.readable(viewer)));
      return row;
    },

    async findByToken(contributionToken: string): Promise<ProjectRow | undefined> {
      const [row] = await db
        .select()
        .from(projectTable)
        .where(eq(projectTable.contributionToken, contributionToken));
      return row;
    },

    /** A page of the projects the viewer may read, and how many match in all. */
    async pageReadable(
      viewer: Viewer,
      { q, status, sort, limit, offset }: ProjectListQuery,
    ): Promise<{ rows: ProjectRow[]; total: number }> {
      const where = and(
        projectPolicy.readable(viewer),
        status ? eq(projectTable.status, status) : undefined,
        q
          ? or(ilike(projectTable.title, containing(q)), ilike(projectTable.discipline, containing(q)))
          : undefined,
      );
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(projectTable)
          .where(where)
          .orderBy(...ORDER[sort])
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(projectTable).where(where),
      ]);
      return { rows, total: totals?.total ?? 0 };
    },

    /** Changes the project when the viewer may change it; undefined otherwise. */
    async update(
      id: number,
      viewer: Viewer,
      values: Partial<NewProjectRow>,
    ): Promise<ProjectRow | undefined> {
      const [row] = await db
        .update(projectTable)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(projectTable.id, id), projectPolicy.writable(viewer)))
        .returning();
      return row;
    },

    async delete(id: number, viewer: Viewer): Promise<boolean> {
      const rows = await db
        .delete(projectTable)
        .where(and(eq(projectTable.id, id), projectPolicy.writable(viewer)))
        .returning({ id: projectTable.id });
      return rows.length > 0;
    },

    /** Sets a new code; false when another project holds it already (the caller tries again). */
    async setJoinCode(projectId: number, ownerId: number, joinCode: string) {
      const [row] = await db
        .update(projectTable)
        .set({ joinCode })
        .where(and(eq(projectTable.id, projectId), eq(projectTable.facultyId, ownerId)))
        .returning({ joinCode: projectTable.joinCode, joiningOpen: projectTable.joiningOpen });
      return row;
    },

    async setJoiningOpen(projectId: number, ownerId: number, open: boolean) {
      const [row] = await db
        .update(projectTable)
        .set({ joiningOpen: open })
        .where(and(eq(projectTable.id, projectId), eq(projectTable.facultyId, ownerId)))
        .returning({ joinCode: projectTable.joinCode, joiningOpen: projectTable.joiningOpen });
      return row;
    },
  };
}

export type ProjectsRepository = ReturnType<typeof createProjectsRepository>;
