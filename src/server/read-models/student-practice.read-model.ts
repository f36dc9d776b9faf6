import { and, asc, count, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { enrolmentTable } from "../modules/enrolment/enrolment.table.ts";
import { pivotCardTable, retrievalItemTable } from "../modules/pivot-assets/pivot-assets.table.ts";
import { masterySql } from "../modules/pivot-assets/scheduling.ts";
import { projectTable } from "../modules/projects/projects.table.ts";
import { studentScheduleTable } from "../modules/student-practice/student-practice.table.ts";

const stamp = (value: Date) => sql`${value.toISOString()}::timestamptz`;

/** What a student's practice reads with other modules' tables: the concepts of their projects. */
export function createStudentPracticeReadModel(db: Database) {
  return {
    /**
     * Per concept (card) of the student's enrolled projects: its items, how many are due before
     * `dueBefore` (new ones included), and the student's mastery, the mean mastery of the items
     * (masterySql, 0 for one never reviewed: the definition of the class figures and of the
     * instructor's own figures).
     */
    concepts(studentId: number, dueBefore: Date) {
      const s = studentScheduleTable;
      const recall: SQL = masterySql(s);
      return db
        .select({
          pivotCardId: pivotCardTable.id,
          title: pivotCardTable.title,
          projectId: projectTable.id,
          projectTitle: projectTable.title,
          itemCount: count(retrievalItemTable.id),
          dueToday:
            sql<number>`count(${retrievalItemTable.id}) filter (where ${s.itemId} is null or ${s.due} < ${stamp(dueBefore)})`.mapWith(
              Number,
            ),
          mastery:
            sql<number>`coalesce(avg(${recall}) filter (where ${retrievalItemTable.id} is not null), 0)::float8`.mapWith(
              Number,
            ),
        })
        .from(enrolmentTable)
        .innerJoin(projectTable, eq(projectTable.id, enrolmentTable.projectId))
        .innerJoin(
          pivotCardTable,
          and(
            eq(pivotCardTable.projectId, projectTable.id),
            eq(pivotCardTable.facultyId, projectTable.facultyId),
          ),
        )
        .leftJoin(retrievalItemTable, eq(retrievalItemTable.pivotCardId, pivotCardTable.id))
        .leftJoin(s, and(eq(s.studentId, studentId), eq(s.itemId, retrievalItemTable.id)))
        .where(eq(enrolmentTable.studentId, studentId))
        .groupBy(pivotCardTable.id, projectTable.id)
        .orderBy(
          asc(projectTable.title),
          asc(projectTable.id),
          asc(pivotCardTable.createdAt),
          asc(pivotCardTable.id),
        );
    },
  };
}
export type StudentPracticeReadModel = ReturnType<typeof createStudentPracticeReadModel>;
