import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { ltiIdentityTable, ltiProjectLinkTable, ltiScoreSendTable } from "./lti.table.ts";

export type ScoreSendRow = typeof ltiScoreSendTable.$inferSelect;

/** What roster sync and grades keep and read: LMS identities, score sends, linked projects. */
export function createLtiServicesRepository(db: Database) {
  return {
    /** The projects with at least one link whose course offers a roster (or, with `grades`, a line item). */
    async linkedProjectIds(service: "roster" | "grades"): Promise<number[]> {
      const column =
        service === "roster" ? ltiProjectLinkTable.membershipsUrl : ltiProjectLinkTable.lineItemUrl;
      const rows = await db
        .selectDistinct({ projectId: ltiProjectLinkTable.projectId })
        .from(ltiProjectLinkTable)
        .where(isNotNull(column))
        .orderBy(ltiProjectLinkTable.projectId);
      return rows.map((row) => row.projectId);
    },

    /** Each student's subject on the platform (their LMS user id), for those who have one. */
    async subjectsOf(platformId: string, studentIds: readonly number[]): Promise<Map<number, string>> {
      if (studentIds.length === 0) return new Map();
      const rows = await db
        .select({ facultyId: ltiIdentityTable.facultyId, subject: ltiIdentityTable.subject })
        .from(ltiIdentityTable)
        .where(
          and(
            eq(ltiIdentityTable.platformId, platformId),
            inArray(ltiIdentityTable.facultyId, [...studentIds]),
          ),
        )
        .orderBy(ltiIdentityTable.linkedAt);
      const subjects = new Map<number, string>();
      for (const row of rows) if (!subjects.has(row.facultyId)) subjects.set(row.facultyId, row.subject);
      return subjects;
    },

    /** Keeps the latest attempt to post a student's score to a link's line item. */
    async recordScore(row: ScoreSendRow): Promise<void> {
      const { linkId, studentId, ...attempt } = row;
      await db
        .insert(ltiScoreSendTable)
        .values(row)
        .onConflictDoUpdate({
          target: [ltiScoreSendTable.linkId, ltiScoreSendTable.studentId],
          set: attempt,
        });
    },

    /** The links' score sends (their latest attempt per student). */
    async scoreSends(linkIds: readonly string[]): Promise<ScoreSendRow[]> {
      if (linkIds.length === 0) return [];
      return db
        .select()
        .from(ltiScoreSendTable)
        .where(inArray(ltiScoreSendTable.linkId, [...linkIds]));
    },
  };
}

export type LtiServicesRepository = ReturnType<typeof createLtiServicesRepository>;
