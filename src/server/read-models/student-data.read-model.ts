import { and, asc, count, desc, eq, type SQL } from "drizzle-orm";
import { FORMER_STUDENT_NAME } from "#shared/domain/students.ts";
import type { Database } from "../db/client.ts";
import { cognitiveLoadCheckInTable as checkIn } from "../modules/cognitive-load/cognitive-load.table.ts";
import { contributionTable as contribution } from "../modules/contributions/contributions.table.ts";
import { facultyTable } from "../modules/faculty/faculty.table.ts";
import { retrievalItemTable } from "../modules/pivot-assets/pivot-assets.table.ts";
import { projectTable } from "../modules/projects/projects.table.ts";
import { studentReviewTable } from "../modules/student-practice/student-practice.table.ts";

interface Window {
  limit: number;
  offset: number;
}

/**
 * A student's own records: the contributions they sent signed in
 * (`submitted_by`), their check-ins (`student_id`), their reviews, and the deletion of their
 * account. Every query is keyed by the student's id, so nothing of another student is ever read.
 */
export function createStudentDataReadModel(db: Database) {
  const contributionColumns = {
    id: contribution.id,
    projectId: contribution.projectId,
    projectTitle: projectTable.title,
    contributionType: contribution.contributionType,
    content: contribution.content,
    status: contribution.status,
    createdAt: contribution.createdAt,
  };
  const checkInColumns = {
    id: checkIn.id,
    projectId: checkIn.projectId,
    projectTitle: projectTable.title,
    context: checkIn.context,
    mentalEffort: checkIn.mentalEffort,
    intrinsicLoad: checkIn.intrinsicLoad,
    extraneousLoad: checkIn.extraneousLoad,
    germaneLoad: checkIn.germaneLoad,
    technostress: checkIn.technostress,
    interruptions: checkIn.interruptions,
    taskMinutes: checkIn.taskMinutes,
    refocusMinutes: checkIn.refocusMinutes,
    remark: checkIn.remark,
    createdAt: checkIn.createdAt,
  };

  const contributionsWhere = (studentId: number, projectId?: number): SQL | undefined =>
    and(
      eq(contribution.submittedBy, studentId),
      projectId === undefined ? undefined : eq(contribution.projectId, projectId),
    );

  function contributionRows(where: SQL | undefined, window?: Window) {
    const query = db
      .select(contributionColumns)
      .from(contribution)
      .innerJoin(projectTable, eq(projectTable.id, contribution.projectId))
      .where(where)
      .orderBy(desc(contribution.createdAt), desc(contribution.id));
    return window ? query.limit(window.limit).offset(window.offset) : query;
  }

  function checkInRows(studentId: number, window?: Window) {
    const query = db
      .select(checkInColumns)
      .from(checkIn)
      .innerJoin(projectTable, eq(projectTable.id, checkIn.projectId))
      .where(eq(checkIn.studentId, studentId))
      .orderBy(desc(checkIn.createdAt), desc(checkIn.id));
    return window ? query.limit(window.limit).offset(window.offset) : query;
  }

  return {
    /** A page of the student's contributions (all, or one project's), newest first, and the total. */
    async contributionsPage(studentId: number, projectId: number | undefined, window: Window) {
      const where = contributionsWhere(studentId, projectId);
      const [rows, [total]] = await Promise.all([
        contributionRows(where, window),
        db.select({ total: count() }).from(contribution).where(where),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    /** A page of the student's check-ins, newest first, and the total. */
    async checkInsPage(studentId: number, window: Window) {
      const [rows, [total]] = await Promise.all([
        checkInRows(studentId, window),
        db.select({ total: count() }).from(checkIn).where(eq(checkIn.studentId, studentId)),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    /** Everything for the export: the account, contributions, check-ins, reviews (oldest first). */
    async everything(studentId: number) {
      const [[account], contributions, checkIns, reviews] = await Promise.all([
        db
          .select({
            name: facultyTable.name,
            email: facultyTable.email,
            institution: facultyTable.institution,
            department: facultyTable.department,
            createdAt: facultyTable.createdAt,
          })
          .from(facultyTable)
          .where(eq(facultyTable.id, studentId)),
        contributionRows(contributionsWhere(studentId)),
        checkInRows(studentId),
        db
          .select({
            itemId: studentReviewTable.itemId,
            projectId: studentReviewTable.projectId,
            question: retrievalItemTable.question,
            rating: studentReviewTable.rating,
            reviewedAt: studentReviewTable.reviewedAt,
          })
          .from(studentReviewTable)
          .innerJoin(retrievalItemTable, eq(retrievalItemTable.id, studentReviewTable.itemId))
          .where(eq(studentReviewTable.studentId, studentId))
          .orderBy(asc(studentReviewTable.reviewedAt), asc(studentReviewTable.id)),
      ]);
      return { account, contributions, checkIns, reviews };
    },

    /**
     * Deletes a student's account in one transaction: their contributions stay with the project's
     * owner as "Former student" without e-mail or account; their check-ins lose the account (the
     * sums of cognitive_load_day count inserts and deletes only, so they do not move); then the
     * account goes, and with it (ON DELETE CASCADE) their sessions, enrolments, schedules, reviews
     * and cached mastery. Answers the owners whose contributions changed (the caller drops their
     * cached figures).
     */
    async deleteStudent(studentId: number) {
      return db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const changed = await tx
          .update(contribution)
          .set({ studentName: FORMER_STUDENT_NAME, studentEmail: null, submittedBy: null })
          .where(eq(contribution.submittedBy, studentId))
          .returning({ ownerId: contribution.projectOwnerId });
        await tx.update(checkIn).set({ studentId: null }).where(eq(checkIn.studentId, studentId));
        await tx.delete(facultyTable).where(eq(facultyTable.id, studentId));
        return [...new Set(changed.map((row) => row.ownerId))];
      });
    },
  };
}

export type StudentDataReadModel = ReturnType<typeof createStudentDataReadModel>;
