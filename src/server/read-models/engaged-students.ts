import { sql } from "drizzle-orm";
import { type Database, selectRows } from "../db/client.ts";

/**
 * Students Engaged (the dashboard, Analytics and Insights; docs/decisions/0055-class-figures.md):
 * the students active in one of the owner's projects within [from, to], whichever way they came
 * in. Signed in: a retrieval review, a check-in sent from their account, a contribution sent
 * signed in (`submitted_by`, joined or through the link). Through the project's link: a
 * contribution with an e-mail. A student is their e-mail (case and outer spaces ignored; an
 * account's own e-mail when they were signed in), so someone who wrote through the link and later
 * joined with that e-mail is one student. Not counted: a contribution without an e-mail or account
 * (a typed name tells no one apart), a deleted account's (it keeps neither), and the owner's own
 * test of the link. One row per project and student; a student of two projects is one student
 * overall (`countEngaged`). Without `to`, everything since `from` counts (the dashboard: "the
 * last 30 days").
 */
export async function engagedStudents(db: Database, ownerId: number, from: Date, to?: Date) {
  const start = sql`${from.toISOString()}::timestamptz`;
  const end = to ? sql`${to.toISOString()}::timestamptz` : sql`'infinity'::timestamptz`;
  const rows = await selectRows<{ project_id: number; student: string }>(
    db,
    sql`
      select distinct engaged.project_id, engaged.student
      from (
        select review.project_id, lower(btrim(account.email)) as student
        from student_review review
        join project on project.id = review.project_id
        join faculty account on account.id = review.student_id
        where project.faculty_id = ${ownerId}::int
          and review.reviewed_at >= ${start} and review.reviewed_at <= ${end}
        union all
        select check_in.project_id, lower(btrim(account.email))
        from cognitive_load_check_in check_in
        join faculty account on account.id = check_in.student_id
        where check_in.project_owner_id = ${ownerId}::int
          and check_in.created_at >= ${start} and check_in.created_at <= ${end}
        union all
        select contribution.project_id, lower(btrim(coalesce(account.email, contribution.student_email)))
        from contribution
        left join faculty account on account.id = contribution.submitted_by
        where contribution.project_owner_id = ${ownerId}::int
          and contribution.created_at >= ${start} and contribution.created_at <= ${end}
      ) engaged
      where engaged.student <> ''
        and engaged.student <> (select lower(btrim(owner.email)) from faculty owner where owner.id = ${ownerId}::int)`,
  );
  return rows.map((row) => ({ projectId: Number(row.project_id), student: row.student }));
}

/** How many distinct students these rows name. */
export const countEngaged = (rows: ReadonlyArray<{ student: string }>) =>
  new Set(rows.map((row) => row.student)).size;
