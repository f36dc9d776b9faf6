import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { facultyTable } from "../faculty/faculty.table.ts";
import { pivotCardTable, workedExampleTable } from "../pivot-assets/pivot-assets.table.ts";
import { projectTable } from "../projects/projects.table.ts";
import { enrolmentTable, rosterRemovalTable } from "./enrolment.table.ts";

export function createEnrolmentRepository(db: Database) {
  return {
    /** The project a code opens, when joining it is open. */
    async findOpenByCode(joinCode: string) {
      const [row] = await db
        .select({ id: projectTable.id, title: projectTable.title, discipline: projectTable.discipline })
        .from(projectTable)
        .where(and(eq(projectTable.joinCode, joinCode), eq(projectTable.joiningOpen, true)));
      return row;
    },

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

    /** The students the owner removed, the latest first. */
    removed(projectId: number) {
      return db
        .select({
          studentId: facultyTable.id,
          name: facultyTable.name,
          removedAt: rosterRemovalTable.removedAt,
        })
        .from(rosterRemovalTable)
        .innerJoin(facultyTable, eq(facultyTable.id, rosterRemovalTable.studentId))
        .where(eq(rosterRemovalTable.projectId, projectId))
        .orderBy(desc(rosterRemovalTable.removedAt), asc(facultyTable.name));
    },

    /** One enrolled student as the roster shows them. */
    async rosterEntry(projectId: number, studentId: number) {
      const [row] = await db
        .select({ studentId: facultyTable.id, name: facultyTable.name, joinedAt: enrolmentTable.joinedAt })
        .from(enrolmentTable)
        .innerJoin(facultyTable, eq(facultyTable.id, enrolmentTable.studentId))
        .where(and(eq(enrolmentTable.projectId, projectId), eq(enrolmentTable.studentId, studentId)));
      return row;
    },

    /** The owner's roster: names and join dates, in the order they joined. */
    roster(projectId: number) {
      return db
        .select({ studentId: facultyTable.id, name: facultyTable.name, joinedAt: enrolmentTable.joinedAt })
        .from(enrolmentTable)
        .innerJoin(facultyTable, eq(facultyTable.id, enrolmentTable.studentId))
        .where(eq(enrolmentTable.projectId, projectId))
        .orderBy(asc(enrolmentTable.joinedAt), asc(enrolmentTable.id));
    },

    /** The projects a student is enrolled in, the latest joined first. */
    projectsOf(studentId: number) {
      return db
        .select({
          id: projectTable.id,
          title: projectTable.title,
          discipline: projectTable.discipline,
          joinedAt: enrolmentTable.joinedAt,
        })
        .from(enrolmentTable)
        .innerJoin(projectTable, eq(projectTable.id, enrolmentTable.projectId))
        .where(eq(enrolmentTable.studentId, studentId))
        .orderBy(desc(enrolmentTable.joinedAt), desc(enrolmentTable.id));
    },

    /** One project of a student's, with its methodology; undefined when not enrolled. */
    async enrolledProject(projectId: number, studentId: number) {
      const [row] = await db
        .select({ project: projectTable, joinedAt: enrolmentTable.joinedAt })
        .from(enrolmentTable)
        .innerJoin(projectTable, eq(projectTable.id, enrolmentTable.projectId))
        .where(and(eq(enrolmentTable.projectId, projectId), eq(enrolmentTable.studentId, studentId)));
      return row;
    },

    /** The project's pivot cards (linked to it by their owner, the project's owner) with worked examples. */
    async cardsOf(projectId: number, ownerId: number) {
      const cards = await db
        .select()
        .from(pivotCardTable)
        .where(and(eq(pivotCardTable.projectId, projectId), eq(pivotCardTable.facultyId, ownerId)))
        .orderBy(asc(pivotCardTable.createdAt), asc(pivotCardTable.id));
      const examples = cards.length
        ? await db
            .select()
            .from(workedExampleTable)
            .where(
              inArray(
                workedExampleTable.pivotCardId,
                cards.map((card) => card.id),
              ),
            )
            .orderBy(asc(workedExampleTable.createdAt), asc(workedExampleTable.id))
        : [];
      return { cards, examples };
    },

    /** Sets a new code; false when another project holds it already (the caller tries again). */
    async setJoinCode(projectId: number, ownerId: number, joinCode: string) {
      const [row] = await db
        .update(projectTable)
        .set({ joinCode })
        .where(and(eq(projectTable.id, projectId), eq(projectTable.facultyId, ownerId)))
        .returning({ joinCode: projectTable.joinCode, joiningOpen: projectTable.joiningOpen });
      return row;
    },

    async setJoiningOpen(projectId: number, ownerId: number, open: boolean) {
      const [row] = await db
        .update(projectTable)
        .set({ joiningOpen: open })
        .where(and(eq(projectTable.id, projectId), eq(projectTable.facultyId, ownerId)))
        .returning({ joinCode: projectTable.joinCode, joiningOpen: projectTable.joiningOpen });
      return row;
    },
  };
}
export type EnrolmentRepository = ReturnType<typeof createEnrolmentRepository>;
