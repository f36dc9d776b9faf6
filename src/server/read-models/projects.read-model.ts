import { and, count, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { contributionTable } from "../modules/contributions/contributions.table.ts";

/** What My Projects reads of other modules' tables: the contributions waiting in each project. */
export function createProjectsReadModel(db: Database) {
  return {
    /**
     * How many contributions wait for review in each of these projects (My Projects):
     * one grouped count over the page's ids, each read off contribution_project_idx, so it costs
     * the page's contributions, never all of a person's. A project without any is left out.
     */
    async pendingCounts(projectIds: number[]): Promise<Map<number, number>> {
      if (projectIds.length === 0) return new Map();
      const rows = await db
        .select({ projectId: contributionTable.projectId, pending: count() })
        .from(contributionTable)
        .where(and(inArray(contributionTable.projectId, projectIds), eq(contributionTable.status, "pending")))
        .groupBy(contributionTable.projectId);
      return new Map(rows.map((row) => [row.projectId, row.pending]));
    },
  };
}
