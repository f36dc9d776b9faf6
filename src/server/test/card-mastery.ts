import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { masterySql } from "../modules/pivot-assets/scheduling.ts";
import { scheduleAs } from "../modules/student-practice/student-practice.table.ts";

/**
 * A student's mastery of pivot cards, written to `student_card_mastery` (see its table) as computed
 * at `at`: the mean mastery (#shared/domain/mastery.ts, masterySql) of each card's items in the
 * student's own schedule, 0 for an item they never reviewed, as Pivot Assets computes the
 * instructor's. A card without items gets no row (0).
 *
 * For tests: it seeds the class figures' cache from schedules written directly, and checks the
 * mastery a review writes (student-practice.repository.ts saveReviews, which computes it in its
 * own statement) against a full recomputation.
 */
export async function refreshCardMastery(
  db: Database,
  input: { studentId: number; projectId: number; cardIds: number[]; at: Date },
) {
  if (input.cardIds.length === 0) return;
  const at = input.at.toISOString();
  const recall = masterySql(scheduleAs);
  await db.execute(sql`
    insert into student_card_mastery (student_id, pivot_card_id, project_id, mastery, computed_at)
    select ${input.studentId}::int, item.pivot_card_id, ${input.projectId}::int,
      coalesce(avg(${recall}), 0)::float8,
      ${at}::timestamptz
    from retrieval_item item
    left join student_schedule schedule
      on schedule.item_id = item.id and schedule.student_id = ${input.studentId}::int
    where item.pivot_card_id in (${sql.join(
      input.cardIds.map((id) => sql`${id}::int`),
      sql`, `,
    )})
    group by item.pivot_card_id
    on conflict (student_id, pivot_card_id) do update
      set mastery = excluded.mastery, computed_at = excluded.computed_at, project_id = excluded.project_id`);
}
