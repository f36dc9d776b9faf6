import { and, count, eq, isNull, not, type SQL, sql } from "drizzle-orm";
import { FORMER_STUDENT_NAME } from "#shared/domain/students.ts";
import type { ContributionStatus } from "#shared/schemas/contributions.ts";
import type { Database } from "../../db/client.ts";
import type { Viewer } from "../../lib/policy.ts";
import { contributionPolicy } from "./contributions.policy.ts";
import { type ContributionRow, contributionTable as contribution } from "./contributions.table.ts";

/** A deleted student's contribution: the deletion's name, without e-mail or account. */
const formerStudent = and(
  eq(contribution.studentName, FORMER_STUDENT_NAME),
  isNull(contribution.studentEmail),
  isNull(contribution.submittedBy),
) as SQL;

export function createContributionsRepository(db: Database) {
  return {
    async insert(values: typeof contribution.$inferInsert): Promise<ContributionRow> {
      const [row] = await db.insert(contribution).values(values).returning();
      if (!row) throw new Error("insert returned no row");
      return row;
    },

    /**
     * The figures of Student Collaboration over the viewer's contributions (one project or all);
     * the students as each distinct name and e-mail, counted by the service (shared/domain/students.ts),
     * without the contributions of deleted accounts (kept as "Former student", no e-mail, no account).
     */
    async summary(viewer: Viewer, projectId?: number) {
      const where = and(
        contributionPolicy.readable(viewer),
        projectId === undefined ? undefined : eq(contribution.projectId, projectId),
      );
      const counted = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
      const [[row], students] = await Promise.all([
        db
          .select({
            total: count(),
            pending: counted(eq(contribution.status, "pending")),
            implemented: counted(eq(contribution.status, "implemented")),
          })
          .from(contribution)
          .where(where),
        db
          .selectDistinct({ studentName: contribution.studentName, studentEmail: contribution.studentEmail })
          .from(contribution)
          .where(and(where, not(formerStudent))),
      ]);
      return {
        total: row?.total ?? 0,
        pending: row?.pending ?? 0,
        implemented: row?.implemented ?? 0,
        students,
      };
    },

    /** Sets the status when the viewer may review the contribution (contributions.policy.ts). */
    async setStatus(
      id: number,
      viewer: Viewer,
      status: ContributionStatus,
    ): Promise<ContributionRow | undefined> {
      const [row] = await db
        .update(contribution)
        .set({ status, updatedAt: new Date() })
        .where(and(eq(contribution.id, id), contributionPolicy.writable(viewer)))
        .returning();
      return row;
    },
  };
}

export type ContributionsRepository = ReturnType<typeof createContributionsRepository>;
