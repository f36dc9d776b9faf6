import { and, eq, inArray, not } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { enrolmentTable, rosterRemovalTable } from "./enrolment.table.ts";

export function createEnrolmentRepository(db: Database) {
  return {
    /** Enrols the student once; a second call keeps the first join date. Returns the join date. */
    async enrol(projectId: number, studentId: number): Promise<Date> {
      await db.insert(enrolmentTable).values({ projectId, studentId }).onConflictDoNothing();
      const [row] = await db
        .select({ joinedAt: enrolmentTable.joinedAt })
        .from(enrolmentTable)
        .where(and(eq(enrolmentTable.projectId, projectId), eq(enrolmentTable.studentId, studentId)));
      if (!row) throw new Error("enrolment not found after insert");
      return row.joinedAt;
    },

    /**
     * Ends an enrolment, and with it (ON DELETE CASCADE, student-practice.table.ts) the student's
     * practice in that project: their schedule, reviews and cached card mastery. The student leaving
     * and the owner's roster removal both come here, so the class figures never keep a student who
     * is gone. False when the student was not enrolled (nothing is removed then).
     */
    async remove(projectId: number, studentId: number): Promise<boolean> {
      const rows = await db
        .delete(enrolmentTable)
        .where(and(eq(enrolmentTable.projectId, projectId), eq(enrolmentTable.studentId, studentId)))
        .returning({ id: enrolmentTable.id });
      return rows.length > 0;
    },

    /**
     * Enrols the student from the LMS's roster (source "lms"); an existing enrolment stays as it
     * is, its source included. True when the student was not enrolled before.
     */
    async enrolFromLms(projectId: number, studentId: number): Promise<boolean> {
      const rows = await db
        .insert(enrolmentTable)
        .values({ projectId, studentId, source: "lms" })
        .onConflictDoNothing()
        .returning({ id: enrolmentTable.id });
      return rows.length > 0;
    },

    /**
     * Ends the "lms" enrolments of students not in `keep` (they left the LMS course), as `remove`
     * does: their practice in the project goes with them. Students who joined with the code stay.
     * Returns the students removed.
     */
    async removeLmsExcept(projectId: number, keep: readonly number[]): Promise<number[]> {
      const rows = await db
        .delete(enrolmentTable)
        .where(
          and(
            eq(enrolmentTable.projectId, projectId),
            eq(enrolmentTable.source, "lms"),
            keep.length > 0 ? not(inArray(enrolmentTable.studentId, [...keep])) : undefined,
          ),
        )
        .returning({ studentId: enrolmentTable.studentId });
      return rows.map((row) => row.studentId);
    },

    /**
     * The owner's removal: the enrolment ends as in `remove` (practice included) and the student
     * is barred from joining again until re-admitted, both or neither. False when not enrolled.
     */
    async removeAndBar(projectId: number, studentId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .delete(enrolmentTable)
          .where(and(eq(enrolmentTable.projectId, projectId), eq(enrolmentTable.studentId, studentId)))
          .returning({ id: enrolmentTable.id });
        if (rows.length === 0) return false;
        await tx.insert(rosterRemovalTable).values({ projectId, studentId }).onConflictDoNothing();
        return true;
      });
    },

    async isBarred(projectId: number, studentId: number): Promise<boolean> {
      const [row] = await db
        .select({ projectId: rosterRemovalTable.projectId })
        .from(rosterRemovalTable)
        .where(and(eq(rosterRemovalTable.projectId, projectId), eq(rosterRemovalTable.studentId, studentId)));
      return row !== undefined;
    },

    /** Lifts the bar and enrols the student again; false when they were not removed. */
    async readmit(projectId: number, studentId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .delete(rosterRemovalTable)
          .where(
            and(eq(rosterRemovalTable.projectId, projectId), eq(rosterRemovalTable.studentId, studentId)),
          )
          .returning({ studentId: rosterRemovalTable.studentId });
        if (rows.length === 0) return false;
        await tx.insert(enrolmentTable).values({ projectId, studentId }).onConflictDoNothing();
        return true;
      });
    },
  };
}
export type EnrolmentRepository = ReturnType<typeof createEnrolmentRepository>;
