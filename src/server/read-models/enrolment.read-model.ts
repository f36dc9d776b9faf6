import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { enrolmentTable, rosterRemovalTable } from "../modules/enrolment/enrolment.table.ts";
import { facultyTable } from "../modules/faculty/faculty.table.ts";
import { pivotCardTable, workedExampleTable } from "../modules/pivot-assets/pivot-assets.table.ts";
import { projectTable } from "../modules/projects/projects.table.ts";

/**
 * What enrolment reads with other modules' tables: the project a join code opens, a student's
 * projects, the roster's names, a project's cards and worked examples.
 */
export function createEnrolmentReadModel(db: Database) {
  return {
    /** The project a code opens, when joining it is open. */
    async findOpenByCode(joinCode: string) {
      const [row] = await db
        .select({ id: projectTable.id, title: projectTable.title, discipline: projectTable.discipline })
        .from(projectTable)
        .where(and(eq(projectTable.joinCode, joinCode), eq(projectTable.joiningOpen, true)));
      return row;
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

    /** The owner's roster: names, join dates and how each came, in the order they joined. */
    roster(projectId: number) {
      return db
        .select({
          studentId: facultyTable.id,
          name: facultyTable.name,
          joinedAt: enrolmentTable.joinedAt,
          source: enrolmentTable.source,
        })
        .from(enrolmentTable)
        .innerJoin(facultyTable, eq(facultyTable.id, enrolmentTable.studentId))
        .where(eq(enrolmentTable.projectId, projectId))
        .orderBy(asc(enrolmentTable.joinedAt), asc(enrolmentTable.id));
    },

    /** One enrolled student as the roster shows them. */
    async rosterEntry(projectId: number, studentId: number) {
      const [row] = await db
        .select({
          studentId: facultyTable.id,
          name: facultyTable.name,
          joinedAt: enrolmentTable.joinedAt,
          source: enrolmentTable.source,
        })
        .from(enrolmentTable)
        .innerJoin(facultyTable, eq(facultyTable.id, enrolmentTable.studentId))
        .where(and(eq(enrolmentTable.projectId, projectId), eq(enrolmentTable.studentId, studentId)));
      return row;
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
  };
}

export type EnrolmentReadModel = ReturnType<typeof createEnrolmentReadModel>;
