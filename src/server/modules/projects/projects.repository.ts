import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { type NewProjectRow, type ProjectRow, projectTable } from "./projects.table.ts";

export function createProjectsRepository(db: Database) {
  return {
    async insert(values: NewProjectRow): Promise<ProjectRow> {
      const [row] = await db.insert(projectTable).values(values).returning();
      if (!row) throw new Error("insert returned no row");
      return row;
    },

    /** The project when it belongs to the faculty member; undefined otherwise. */
    async findOwned(id: number, facultyId: number): Promise<ProjectRow | undefined> {
      const [row] = await db
        .select()
        .from(projectTable)
        .where(and(eq(projectTable.id, id), eq(projectTable.facultyId, facultyId)));
      return row;
    },

    async findByToken(contributionToken: string): Promise<ProjectRow | undefined> {
      const [row] = await db
        .select()
        .from(projectTable)
        .where(eq(projectTable.contributionToken, contributionToken));
      return row;
    },

    async listFor(facultyId: number): Promise<ProjectRow[]> {
      return db
        .select()
        .from(projectTable)
        .where(eq(projectTable.facultyId, facultyId))
        .orderBy(desc(projectTable.createdAt), desc(projectTable.id));
    },

    async update(
      id: number,
      facultyId: number,
      values: Partial<NewProjectRow>,
    ): Promise<ProjectRow | undefined> {
      const [row] = await db
        .update(projectTable)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(projectTable.id, id), eq(projectTable.facultyId, facultyId)))
        .returning();
      return row;
    },

    async delete(id: number, facultyId: number): Promise<boolean> {
      const rows = await db
        .delete(projectTable)
        .where(and(eq(projectTable.id, id), eq(projectTable.facultyId, facultyId)))
        .returning({ id: projectTable.id });
      return rows.length > 0;
    },
  };
}

export type ProjectsRepository = ReturnType<typeof createProjectsRepository>;
