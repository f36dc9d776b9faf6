import { and, asc, desc, eq, exists, ilike, inArray, isNull, max, or } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { containing } from "../../lib/paging.ts";
import {
  assessmentTable,
  milestoneTable,
  rubricTable,
  submissionFileTable,
  submissionTable,
} from "./milestones.table.ts";

export type SubmissionFileRow = typeof submissionFileTable.$inferSelect;
export type AssessmentRow = typeof assessmentTable.$inferSelect;
export type NewSubmissionFile = Omit<SubmissionFileRow, "id" | "submissionId" | "extractedText">;

/** SQL of submissions, their files and assessments (the services decide who may read what). */
export function createSubmissionsRepository(db: Database) {
  return {
    async milestone(id: number) {
      const [row] = await db.select().from(milestoneTable).where(eq(milestoneTable.id, id));
      return row;
    },

    async rubric(id: number) {
      const [row] = await db.select().from(rubricTable).where(eq(rubricTable.id, id));
      return row;
    },

    /** A project's milestones by due date. */
    milestonesOf(projectId: number) {
      return db
        .select()
        .from(milestoneTable)
        .where(eq(milestoneTable.projectId, projectId))
        .orderBy(asc(milestoneTable.dueAt), asc(milestoneTable.id));
    },

    /**
     * A new version of the work with its files: one more than the latest of the student's (or, for
     * a team milestone, of their team's, and of the student's own if they handed in for another
     * team before: the student's versions stay unique too). Two hand-ins at once meet a unique
     * version index; the caller retries.
     */
    insertVersion(
      values: {
        milestoneId: number;
        studentId: number;
        teamId: number | null;
        text: string;
        link: string | null;
        late: boolean;
      },
      files: NewSubmissionFile[],
      submittedAt: Date,
    ) {
      return db.transaction(async (tx) => {
        const [latest] = await tx
          .select({ version: max(submissionTable.version) })
          .from(submissionTable)
          .where(
            and(
              eq(submissionTable.milestoneId, values.milestoneId),
              values.teamId === null
                ? eq(submissionTable.studentId, values.studentId)
                : or(
                    eq(submissionTable.teamId, values.teamId),
                    eq(submissionTable.studentId, values.studentId),
                  ),
            ),
          );
        const [row] = await tx
          .insert(submissionTable)
          .values({ ...values, version: (latest?.version ?? 0) + 1, submittedAt })
          .returning();
        if (!row) throw new Error("The submission was not saved");
        if (files.length > 0) {
          await tx
            .insert(submissionFileTable)
            .values(files.map((file) => ({ ...file, submissionId: row.id })));
        }
        return row;
      });
    },

    async submission(id: number) {
      const [row] = await db.select().from(submissionTable).where(eq(submissionTable.id, id));
      return row;
    },

    /** A student's versions of a milestone, the first first. */
    versionsOf(milestoneId: number, studentId: number) {
      return db
        .select()
        .from(submissionTable)
        .where(and(eq(submissionTable.milestoneId, milestoneId), eq(submissionTable.studentId, studentId)))
        .orderBy(asc(submissionTable.version));
    },

    /** A team's versions of a milestone, the first first. */
    versionsOfTeam(milestoneId: number, teamId: number) {
      return db
        .select()
        .from(submissionTable)
        .where(and(eq(submissionTable.milestoneId, milestoneId), eq(submissionTable.teamId, teamId)))
        .orderBy(asc(submissionTable.version));
    },

    /** Every version handed in for a milestone, each student's latest first. */
    versionsOfMilestone(milestoneId: number) {
      return db
        .select()
        .from(submissionTable)
        .where(eq(submissionTable.milestoneId, milestoneId))
        .orderBy(asc(submissionTable.studentId), desc(submissionTable.version));
    },

    /** Every version of a project's milestones, each student's latest of a milestone first. */
    versionsOfProject(projectId: number) {
      return db
        .select({ submission: submissionTable })
        .from(submissionTable)
        .innerJoin(milestoneTable, eq(milestoneTable.id, submissionTable.milestoneId))
        .where(eq(milestoneTable.projectId, projectId))
        .orderBy(asc(submissionTable.studentId), desc(submissionTable.version));
    },

    /**
     * The students (their own versions) and the teams whose versions of the milestone hold the
     * words in text, link or a file's text.
     */
    async matching(milestoneId: number, q: string): Promise<{ students: Set<number>; teams: Set<number> }> {
      const pattern = containing(q);
      const rows = await db
        .selectDistinct({ studentId: submissionTable.studentId, teamId: submissionTable.teamId })
        .from(submissionTable)
        .where(
          and(
            eq(submissionTable.milestoneId, milestoneId),
            or(
              ilike(submissionTable.text, pattern),
              ilike(submissionTable.link, pattern),
              exists(
                db
                  .select({ id: submissionFileTable.id })
                  .from(submissionFileTable)
                  .where(
                    and(
                      eq(submissionFileTable.submissionId, submissionTable.id),
                      or(
                        ilike(submissionFileTable.extractedText, pattern),
                        ilike(submissionFileTable.originalName, pattern),
                      ),
                    ),
                  ),
              ),
            ),
          ),
        );
      return {
        students: new Set(rows.flatMap((row) => (row.teamId === null ? [row.studentId] : []))),
        teams: new Set(rows.flatMap((row) => (row.teamId === null ? [] : [row.teamId]))),
      };
    },

    filesOf(submissionIds: number[]) {
      if (submissionIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(submissionFileTable)
        .where(inArray(submissionFileTable.submissionId, submissionIds))
        .orderBy(asc(submissionFileTable.id));
    },

    async file(id: number) {
      const [row] = await db
        .select({ file: submissionFileTable, submission: submissionTable })
        .from(submissionFileTable)
        .innerJoin(submissionTable, eq(submissionTable.id, submissionFileTable.submissionId))
        .where(eq(submissionFileTable.id, id));
      return row;
    },

    async fileById(id: number) {
      const [row] = await db.select().from(submissionFileTable).where(eq(submissionFileTable.id, id));
      return row;
    },

    async setExtractedText(id: number, extractedText: string) {
      await db.update(submissionFileTable).set({ extractedText }).where(eq(submissionFileTable.id, id));
    },

    assessmentsOf(submissionIds: number[]) {
      if (submissionIds.length === 0) return Promise.resolve([]);
      return db.select().from(assessmentTable).where(inArray(assessmentTable.submissionId, submissionIds));
    },

    async saveAssessment(row: AssessmentRow) {
      const [saved] = await db
        .insert(assessmentTable)
        .values(row)
        .onConflictDoUpdate({
          target: assessmentTable.submissionId,
          set: {
            scores: row.scores,
            overallComment: row.overallComment,
            score: row.score,
            status: row.status,
            assessedAt: row.assessedAt,
          },
        })
        .returning();
      if (!saved) throw new Error("The assessment was not saved");
      return saved;
    },

    /** Sets when the milestone's feedback was released, unless it already was; answers the time. */
    async release(milestoneId: number, at: Date): Promise<Date> {
      await db
        .update(milestoneTable)
        .set({ feedbackReleasedAt: at })
        .where(and(eq(milestoneTable.id, milestoneId), isNull(milestoneTable.feedbackReleasedAt)));
      const [row] = await db
        .select({ at: milestoneTable.feedbackReleasedAt })
        .from(milestoneTable)
        .where(eq(milestoneTable.id, milestoneId));
      return row?.at ?? at;
    },
  };
}

export type SubmissionsRepository = ReturnType<typeof createSubmissionsRepository>;
