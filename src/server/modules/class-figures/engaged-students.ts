import { sql } from "drizzle-orm";
import { type Database, selectRows } from "../../db/client.ts";

/**
 * Students Engaged (the dashboard, Analytics and Insights; issue 19 item 6): the students
 * enrolled in one of the owner's projects who were active in that project within [from, to]: a
 * retrieval review, a contribution sent signed in (submitted_by), or a check-in sent signed in.
 * One row per project and student; a student of two projects is one student overall (the caller
 * counts distinct ids). Contributions through the public link without an account carry no
 * student and are not counted (docs/decisions.md, "Class figures"). Without `to`, everything
 * since `from` counts (the dashboard: "the last 30 days").
 */
export async function engagedStudents(db: Database, ownerId: number, from: Date, to?: Date) {
  const start = sql`${from.toISOString()}::timestamptz`;
  const end = to ? sql`${to.toISOString()}::timestamptz` : sql`'infinity'::timestamptz`;
  const rows = await selectRows<{ project_id: number; student_id: number }>(
    db,
    sql`
      select enrolment.project_id, enrolment.student_id
      from enrolment
      join project on project.id = enrolment.project_id
      where project.faculty_id = ${ownerId}::int
        and (
          exists (select 1 from student_review review
            where review.student_id = enrolment.student_id and review.project_id = enrolment.project_id
              and review.reviewed_at >= ${start} and review.reviewed_at <= ${end})
          or exists (select 1 from contribution
            where contribution.project_id = enrolment.project_id
              and contribution.submitted_by = enrolment.student_id
              and contribution.created_at >= ${start} and contribution.created_at <= ${end})
          or exists (select 1 from cognitive_load_check_in check_in
            where check_in.student_id = enrolment.student_id and check_in.project_id = enrolment.project_id
              and check_in.created_at >= ${start} and check_in.created_at <= ${end})
        )`,
  );
  return rows.map((row) => ({ projectId: Number(row.project_id), studentId: Number(row.student_id) }));
}

/** How many distinct students these rows name. */
export const countEngaged = (rows: ReadonlyArray<{ studentId: number }>) =>
  new Set(rows.map((row) => row.studentId)).size;
