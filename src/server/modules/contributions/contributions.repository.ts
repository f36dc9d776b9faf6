import { and, desc, eq } from "drizzle-orm";
import type { ContributionStatus } from "#shared/schemas/contributions.ts";
import type { Database } from "../../db/client.ts";
import type { Viewer } from "../../lib/policy.ts";
import { projectTable } from "../projects/projects.table.ts";
import { contributionPolicy } from "./contributions.policy.ts";
import { type ContributionRow, contributionTable } from "./contributions.table.ts";

export function createContributionsRepository(db: Database) {
  return {
    async insert(values: typeof contributionTable.$inferInsert): Promise<ContributionRow> {
      const [row] = await db.insert(contributionTable).values(values).returning();
      if (!row) throw new Error("insert returned no row");
      return row;
    },

    /** The project's contributions, newest first; undefined when the viewer may not read them. */
    async listForProject(projectId: number, viewer: Viewer): Promise<ContributionRow[] | undefined> {
      const [project] = await db
        .select({ id: projectTable.id })
        .from(projectTable)
        .where(and(eq(projectTable.id, projectId), contributionPolicy.readable(viewer)));
      if (!project) return undefined;
      return db
        .select()
        .from(contributionTable)
        .where(eq(contributionTable.projectId, projectId))
        .orderBy(desc(contributionTable.createdAt), desc(contributionTable.id));
    },

    /** Sets the status when the viewer may review the contribution (contributions.policy.ts). */
    async setStatus(
      id: number,
      viewer: Viewer,
      status: ContributionStatus,
    ): Promise<ContributionRow | undefined> {
      const [reviewable] = await db
        .select({ id: contributionTable.id })
        .from(contributionTable)
        .innerJoin(projectTable, eq(projectTable.id, contributionTable.projectId))
        .where(and(eq(contributionTable.id, id), contributionPolicy.writable(viewer)));
      if (!reviewable) return undefined;
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
