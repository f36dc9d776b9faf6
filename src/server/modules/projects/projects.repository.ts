import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { Viewer } from "../../lib/policy.ts";
import { projectPolicy } from "./projects.policy.ts";
import { type NewProjectRow, type ProjectRow, projectTable } from "./projects.table.ts";

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

    /** The projects the viewer may read, newest first. */
    async listReadable(viewer: Viewer): Promise<ProjectRow[]> {
      return db
        .select()
        .from(projectTable)
        .where(projectPolicy.readable(viewer))
        .orderBy(desc(projectTable.createdAt), desc(projectTable.id));
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
  };
}

export type ProjectsRepository = ReturnType<typeof createProjectsRepository>;
