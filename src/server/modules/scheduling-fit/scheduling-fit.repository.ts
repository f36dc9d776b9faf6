import { and, eq, isNotNull, ne, notInArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { type SchedulingFitRow, schedulingFitTable } from "./scheduling-fit.table.ts";

/** The class's row of a project (a student's own parameters have their id). */
export const CLASS_FIT = 0;

export type FitAttempt = Partial<
  Omit<typeof schedulingFitTable.$inferInsert, "projectId" | "studentId" | "attemptedAt">
> & { attemptedAt: Date };

/** scheduling_fit's statements. */
export function createSchedulingFitRepository(db: Database) {
  return {
    async classFit(projectId: number): Promise<SchedulingFitRow | undefined> {
      const [row] = await db
        .select()
        .from(schedulingFitTable)
        .where(and(eq(schedulingFitTable.projectId, projectId), eq(schedulingFitTable.studentId, CLASS_FIT)));
      return row;
    },

    /** How many students of the project have parameters of their own in use. */
    async studentsWithOwnParameters(projectId: number): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(schedulingFitTable)
        .where(
          and(
            eq(schedulingFitTable.projectId, projectId),
            ne(schedulingFitTable.studentId, CLASS_FIT),
            isNotNull(schedulingFitTable.parameters),
          ),
        );
      return Number(row?.count ?? 0);
    },

    /** Records an attempt (and what it changes) for the class or a student. */
    async record(projectId: number, studentId: number, attempt: FitAttempt) {
      await db
        .insert(schedulingFitTable)
        .values({ projectId, studentId, ...attempt })
        .onConflictDoUpdate({
          target: [schedulingFitTable.projectId, schedulingFitTable.studentId],
          set: attempt,
        });
    },

    /** The owner's "Fit now": the job that does it. */
    async setJob(projectId: number, jobId: string | null) {
      await db
        .insert(schedulingFitTable)
        .values({ projectId, studentId: CLASS_FIT, jobId })
        .onConflictDoUpdate({
          target: [schedulingFitTable.projectId, schedulingFitTable.studentId],
          set: { jobId },
        });
    },

    /** Drops the own parameters of the project's students not in `keep` (they left, or have too few reviews now). */
    async dropStudentsBut(projectId: number, keep: readonly number[]) {
      await db
        .delete(schedulingFitTable)
        .where(
          and(
            eq(schedulingFitTable.projectId, projectId),
            ne(schedulingFitTable.studentId, CLASS_FIT),
            ...(keep.length > 0 ? [notInArray(schedulingFitTable.studentId, [...keep])] : []),
          ),
        );
    },
  };
}
export type SchedulingFitRepository = ReturnType<typeof createSchedulingFitRepository>;
