import { and, desc, eq } from "drizzle-orm";
import type { ContributionStatus } from "#shared/schemas/contributions.ts";
import type { Database } from "../../db/client.ts";
import { projectTable } from "../projects/projects.table.ts";
import { type ContributionRow, contributionTable } from "./contributions.table.ts";

export function createContributionsRepository(db: Database) {
  return {
    async insert(values: typeof contributionTable.$inferInsert): Promise<ContributionRow> {
      const [row] = await db.insert(contributionTable).values(values).returning();
      if (!row) throw new Error("insert returned no row");
      return row;
    },

    async listForProject(projectId: number): Promise<ContributionRow[]> {
      return db
        .select()
        .from(contributionTable)
        .where(eq(contributionTable.projectId, projectId))
        .orderBy(desc(contributionTable.createdAt), desc(contributionTable.id));
    },

    /** Sets the status when the contribution belongs to a project of the faculty member. */
    async setStatusOwned(
      id: number,
      ownerId: number,
      status: ContributionStatus,
    ): Promise<ContributionRow | undefined> {
      const [owned] = await db
        .select({ id: contributionTable.id })
        .from(contributionTable)
        .innerJoin(projectTable, eq(projectTable.id, contributionTable.projectId))
        .where(and(eq(contributionTable.id, id), eq(projectTable.facultyId, ownerId)));
      if (!owned) return undefined;
      const [row] = await db
        .update(contributionTable)
        .set({ status, updatedAt: new Date() })
        .where(eq(contributionTable.id, id))
        .returning();
      return row;
    },
  };
}

export type ContributionsRepository = ReturnType<typeof createContributionsRepository>;
