import { sql } from "drizzle-orm";
import { type Database, selectRows } from "../db/client.ts";

/**
 * Cognitive load's reads over other modules' tables: a project's concepts with their class recall,
 * for the pacing suggestions (docs/decisions/0063-pacing-suggestions.md).
 */
export function createCognitiveLoadReadModel(db: Database) {
  return {
    /**
     * The project's pivot cards (linked by its owner) with their class mastery: the mean of
     * student_card_mastery over the project's enrolled students, a student without a row counting 0
     * (a card nobody reviewed is at 0); lowest first, then oldest.
     */
    async conceptRecall(projectId: number, ownerId: number) {
      const rows = await selectRows<{ id: number; title: string; total: number; students: number }>(
        db,
        sql`
          select card.id, card.title,
            coalesce((
              select sum(mastery.mastery)
              from student_card_mastery mastery
              join enrolment on enrolment.project_id = ${projectId}::int
                and enrolment.student_id = mastery.student_id
              where mastery.pivot_card_id = card.id and mastery.project_id = ${projectId}::int
            ), 0)::float8 as total,
            (select count(*) from enrolment where enrolment.project_id = ${projectId}::int)::int as students
          from pivot_card card
          where card.project_id = ${projectId}::int and card.faculty_id = ${ownerId}::int
          order by card.created_at, card.id`,
      );
      return rows
        .map((row) => {
          const students = Number(row.students);
          return {
            id: Number(row.id),
            title: row.title,
            mastery: students ? Number(row.total) / students : 0,
          };
        })
        .sort((a, b) => a.mastery - b.mastery);
    },
  };
}

export type CognitiveLoadReadModel = ReturnType<typeof createCognitiveLoadReadModel>;
