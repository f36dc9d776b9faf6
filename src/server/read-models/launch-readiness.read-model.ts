import { type SQL, sql } from "drizzle-orm";
import { type Database, selectRows } from "../db/client.ts";

/**
 * Launch readiness's reads (pacing module; #shared/domain/launch-readiness.ts says what they mean):
 * every student's predicted recall at the launch from their own schedule (student_schedule), over
 * the project's pivot cards that have practice items. Every query starts from the project's
 * enrolment, so a student who left is never read.
 */

export interface ForgettingCurve {
  decay: number;
  factor: number;
}

const instant = (value: Date) => sql`${value.toISOString()}::timestamptz`;

/**
 * An item's predicted recall at `launch` in SQL over `schedule`'s columns (a left join's nulls and
 * a new item count 0): FSRS's forgetting curve (1 + factor * t / S) ^ decay, t in days from the last
 * review to the launch (0 when reviewed after it).
 */
function recallSql(launch: Date, curve: ForgettingCurve): SQL {
  return sql`case
    when schedule.state is null or schedule.state = 0 or schedule.last_review is null or schedule.stability <= 0 then 0
    else least(1, power(
      1 + ${curve.factor}::float8
        * greatest(0, extract(epoch from (${instant(launch)} - schedule.last_review)) / 86400)
        / schedule.stability,
      ${curve.decay}::float8))
  end`;
}

export function createLaunchReadinessReadModel(db: Database) {
  return {
    /** The project's concepts: its owner's pivot cards linked to it (another person's card linked to it is not one) that have practice items, oldest first. */
    async concepts(projectId: number) {
      const rows = await selectRows<{ id: number; title: string }>(
        db,
        sql`
          select card.id, card.title
          from pivot_card card
          join project on project.id = card.project_id and project.faculty_id = card.faculty_id
          where card.project_id = ${projectId}::int
            and exists (select 1 from retrieval_item item where item.pivot_card_id = card.id)
          order by card.created_at, card.id`,
      );
      return rows.map((row) => ({ pivotCardId: Number(row.id), title: row.title }));
    },

    /** The enrolled students (or one of them), by name. */
    async students(projectId: number, studentId?: number) {
      const rows = await selectRows<{ id: number; name: string }>(
        db,
        sql`
          select person.id, person.name
          from enrolment
          join faculty person on person.id = enrolment.student_id
          where enrolment.project_id = ${projectId}::int
            ${studentId === undefined ? sql`` : sql`and enrolment.student_id = ${studentId}::int`}
          order by person.name, person.id`,
      );
      return rows.map((row) => ({ studentId: Number(row.id), name: row.name }));
    },

    /**
     * Per enrolled student (or one of them) and concept of the project, the mean predicted recall
     * of the concept's items at `launch`.
     */
    async recallByConcept(projectId: number, launch: Date, curve: ForgettingCurve, studentId?: number) {
      const rows = await selectRows<{ student_id: number; card_id: number; recall: number }>(
        db,
        sql`
          select enrolment.student_id, card.id as card_id, avg(${recallSql(launch, curve)})::float8 as recall
          from enrolment
          join project on project.id = enrolment.project_id
          join pivot_card card on card.project_id = project.id and card.faculty_id = project.faculty_id
          join retrieval_item item on item.pivot_card_id = card.id
          left join student_schedule schedule
            on schedule.student_id = enrolment.student_id and schedule.item_id = item.id
          where enrolment.project_id = ${projectId}::int
            ${studentId === undefined ? sql`` : sql`and enrolment.student_id = ${studentId}::int`}
          group by enrolment.student_id, card.id`,
      );
      return rows.map((row) => ({
        studentId: Number(row.student_id),
        pivotCardId: Number(row.card_id),
        recall: Number(row.recall),
      }));
    },

    /** A student's items of the given concepts whose predicted recall at `launch` is below `threshold`, lowest first. */
    async itemsBelow(
      projectId: number,
      studentId: number,
      cardIds: readonly number[],
      launch: Date,
      curve: ForgettingCurve,
      threshold: number,
    ) {
      if (cardIds.length === 0) return [];
      const rows = await selectRows<{ id: number; recall: number }>(
        db,
        sql`
          select item.id, ${recallSql(launch, curve)}::float8 as recall
          from retrieval_item item
          join pivot_card card on card.id = item.pivot_card_id
          join project on project.id = card.project_id and project.faculty_id = card.faculty_id
          left join student_schedule schedule on schedule.student_id = ${studentId}::int and schedule.item_id = item.id
          where card.project_id = ${projectId}::int
            and card.id = any(${`{${cardIds.map((id) => Math.trunc(id)).join(",")}}`}::int[])
            and ${recallSql(launch, curve)} < ${threshold}::float8
          order by recall, item.id`,
      );
      return rows.map((row) => ({ itemId: Number(row.id), recall: Number(row.recall) }));
    },
  };
}

export type LaunchReadinessReadModel = ReturnType<typeof createLaunchReadinessReadModel>;
