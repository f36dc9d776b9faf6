import { and, asc, between, eq, sql } from "drizzle-orm";
import { type Database, selectRows } from "../db/client.ts";
import { facultyTable } from "../modules/faculty/faculty.table.ts";
import type { LoggedReview } from "../modules/scheduling-fit/fit-data.ts";
import { studentReviewTable } from "../modules/student-practice/student-practice.table.ts";

/** What the scheduling fit reads of student-practice's review log and of accounts (time zones). */
export function createSchedulingFitReadModel(db: Database) {
  return {
    /** A project's review log in the order each student made them, with the student's time zone. */
    async reviewLog(projectId: number): Promise<LoggedReview[]> {
      return db
        .select({
          studentId: studentReviewTable.studentId,
          itemId: studentReviewTable.itemId,
          rating: studentReviewTable.rating,
          reviewedAt: studentReviewTable.reviewedAt,
          timeZone: facultyTable.timeZone,
        })
        .from(studentReviewTable)
        .leftJoin(facultyTable, eq(facultyTable.id, studentReviewTable.studentId))
        .where(and(eq(studentReviewTable.projectId, projectId), between(studentReviewTable.rating, 1, 4)))
        .orderBy(
          asc(studentReviewTable.studentId),
          asc(studentReviewTable.itemId),
          asc(studentReviewTable.reviewedAt),
          asc(studentReviewTable.id),
        );
    },

    /**
     * A project's long-term reviews (a UTC calendar day or more after the student's previous review
     * of the item) and the students who made them: what says whether a fit has enough data (the
     * fit itself counts days in each student's zone).
     */
    async dataCounts(projectId: number): Promise<{ reviews: number; students: number }> {
      const [row] = await selectRows<{ reviews: number | string; students: number | string }>(
        db,
        sql`
          select count(*) as reviews, count(distinct student_id) as students from (
            select student_id, (reviewed_at at time zone 'UTC')::date - lag((reviewed_at at time zone 'UTC')::date)
              over (partition by student_id, item_id order by reviewed_at, id) as gap
            from student_review where project_id = ${projectId} and rating between 1 and 4
          ) reviews where gap > 0`,
      );
      return { reviews: Number(row?.reviews ?? 0), students: Number(row?.students ?? 0) };
    },

    /** The projects with at least `minReviews` reviews (the weekly fit looks closer at these). */
    async projectsWithReviews(minReviews: number): Promise<number[]> {
      const rows = await db
        .select({ projectId: studentReviewTable.projectId })
        .from(studentReviewTable)
        .groupBy(studentReviewTable.projectId)
        .having(sql`count(*) >= ${minReviews}`);
      return rows.map((row) => row.projectId);
    },
  };
}
export type SchedulingFitReadModel = ReturnType<typeof createSchedulingFitReadModel>;
