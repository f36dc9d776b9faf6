import { type SQL, sql } from "drizzle-orm";
import { MASTERY_AMBER } from "#shared/domain/pivot-assets.ts";
import { type Database, selectRows } from "../db/client.ts";
import { masterySql } from "../modules/pivot-assets/scheduling.ts";
import { scheduleAs } from "../modules/student-practice/student-practice.table.ts";

/**
 * The class figures' reads (docs/decisions/0055-class-figures.md). Every query starts from the
 * project's enrolment, so a student who left (or was removed) is never read, whatever rows of
 * theirs remain.
 */

const instant = (value: Date) => sql`${value.toISOString()}::timestamptz`;
/** One parameter holding the whole array (an array of parameters was rebuilt for every row: 25 % slower). */
const instants = (values: readonly Date[]) =>
  sql`${`{${values.map((value) => value.toISOString()).join(",")}}`}::timestamptz[]`;
/**
 * The enrolled students as one array parameter: `student_id = any(...)` on the scanned rows cost
 * 10 ms less than a join with enrolment over 140,000 reviews (bench/class-mastery.ts).
 */
const ids = (values: readonly number[]) =>
  sql`${`{${values.map((value) => Math.trunc(value)).join(",")}}`}::int[]`;
/** class_adherence_quarter's unit: 15 minutes, of which every zone's offset is a multiple. */
const QUARTER_MS = 900_000;
const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** The project's concepts: its pivot cards (linked by the project's owner) with their item counts. */
const projectCards = (projectId: number, ownerId: number): SQL => sql`
  select card.id
  from pivot_card card
  where card.project_id = ${projectId}::int and card.faculty_id = ${ownerId}::int`;

export function createClassFiguresReadModel(db: Database) {
  return {
    /** The instructor's projects that have at least one enrolled student, oldest first. */
    async projectsWithStudents(ownerId: number) {
      return selectRows<{ id: number; title: string; faculty_id: number }>(
        db,
        sql`
          select project.id, project.title, project.faculty_id
          from project
          where project.faculty_id = ${ownerId}::int
            and exists (select 1 from enrolment where enrolment.project_id = project.id)
          order by project.created_at, project.id`,
      );
    },

    /** The project's pivot cards, oldest first, with how many items each has. */
    async cards(projectId: number, ownerId: number) {
      const rows = await selectRows<{ id: number; title: string; items: number }>(
        db,
        sql`
          select card.id, card.title,
            (select count(*) from retrieval_item item where item.pivot_card_id = card.id)::int as items
          from pivot_card card
          where card.project_id = ${projectId}::int and card.faculty_id = ${ownerId}::int
          order by card.created_at, card.id`,
      );
      return rows.map((row) => ({ id: Number(row.id), title: row.title, itemCount: Number(row.items) }));
    },

    /**
     * Per card, over the enrolled students' (`studentIds`) cache rows: the sum of mastery, how many are at or
     * above 0.6, the oldest computation, and how many rows are older than `staleBefore`.
     */
    async masteryByCard(
      projectId: number,
      ownerId: number,
      studentIds: readonly number[],
      staleBefore: Date,
    ) {
      const rows = await selectRows<{
        card_id: number;
        total: number;
        passing: number;
        oldest: Date | string;
        stale: number;
      }>(
        db,
        sql`
          select mastery.pivot_card_id as card_id,
            sum(mastery.mastery)::float8 as total,
            (count(*) filter (where mastery.mastery >= ${MASTERY_AMBER}::float8))::int as passing,
            min(mastery.computed_at) as oldest,
            (count(*) filter (where mastery.computed_at < ${instant(staleBefore)}))::int as stale
          from student_card_mastery mastery
          where mastery.project_id = ${projectId}::int
            and mastery.student_id = any(${ids(studentIds)})
            and mastery.pivot_card_id in (${projectCards(projectId, ownerId)})
          group by mastery.pivot_card_id`,
      );
      return rows.map((row) => ({
        cardId: Number(row.card_id),
        total: Number(row.total),
        passing: Number(row.passing),
        oldest: toDate(row.oldest),
        stale: Number(row.stale),
      }));
    },

    /**
     * Recomputes, in one statement, every cache row of the project's enrolled students older than
     * `staleBefore`: the mean mastery of the card's items (masterySql, the definition of a review's
     * write, of the student's Practice and of Pivot Assets), 0 for items never reviewed and for a
     * card without items. Answers how many rows were rewritten.
     */
    async refreshStale(projectId: number, ownerId: number, staleBefore: Date, at: Date) {
      const recall = masterySql(scheduleAs);
      const rows = await selectRows<{ student_id: number }>(
        db,
        sql`
          with stale as (
            select mastery.student_id, mastery.pivot_card_id
            from student_card_mastery mastery
            join enrolment on enrolment.project_id = ${projectId}::int
              and enrolment.student_id = mastery.student_id
            where mastery.project_id = ${projectId}::int
              and mastery.computed_at < ${instant(staleBefore)}
              and mastery.pivot_card_id in (${projectCards(projectId, ownerId)})
          )
          insert into student_card_mastery (student_id, pivot_card_id, project_id, mastery, computed_at)
          select stale.student_id, stale.pivot_card_id, ${projectId}::int,
            coalesce(avg(${recall}), 0)::float8,
            ${instant(at)}
          from stale
          left join retrieval_item item on item.pivot_card_id = stale.pivot_card_id
          left join student_schedule schedule
            on schedule.item_id = item.id and schedule.student_id = stale.student_id
          group by stale.student_id, stale.pivot_card_id
          on conflict (student_id, pivot_card_id) do update
            set mastery = excluded.mastery, computed_at = excluded.computed_at, project_id = excluded.project_id
          returning student_id`,
      );
      return rows.length;
    },

    /**
     * Adherence over the window: reviews of the enrolled students (`studentIds`) whose item was due (not a first
     * review) with the due in [from, to], and how many of them were done on or before their due
     * day. `dayStarts` are the local days' starts around the window (ascending): two instants are
     * on the same local day when they fall in the same bucket between them. A review done before
     * its due is on time and one done 26 hours or more after it late whatever the zone (no offset
     * changes by 2 hours in a day), so only the others need their buckets.
     *
     * The whole quarter hours of the window are read from class_adherence_quarter (migration 0021),
     * the review's and the due's quarter standing for the instants: every day start is on a quarter
     * (every zone's offset is a multiple of 15 minutes), so an instant and its quarter's start fall
     * in the same day. The window's partial quarters (or the whole window when a day start is not
     * on a quarter) are corrected from the reviews themselves.
     */
    async adherence(
      projectId: number,
      studentIds: readonly number[],
      from: Date,
      to: Date,
      dayStarts: readonly Date[],
    ) {
      const starts = instants(dayStarts);
      const fromReviews = (dueIn: SQL, sign = 1) => sql`
          select (${sign}::int * count(*))::int as fell_due,
            (${sign}::int * count(*) filter (where case
              when review.reviewed_at <= review.due_at then true
              when review.reviewed_at >= review.due_at + interval '26 hours' then false
              else width_bucket(review.reviewed_at, ${starts}) <= width_bucket(review.due_at, ${starts}) end))::int
              as on_time
          from student_review review
          where review.project_id = ${projectId}::int
            and review.student_id = any(${ids(studentIds)})
            and review.previous_state <> 0
            and (${dueIn})`;
      // The sums cover the quarters from the first that starts in the window to the one holding its
      // end; the reviews due before that first quarter are added, those due after the end (reviewed
      // ahead of their due, so rare) taken away.
      const firstQuarter = Math.ceil(from.getTime() / QUARTER_MS);
      const lastQuarter = Math.floor(to.getTime() / QUARTER_MS);
      const aligned = dayStarts.every((start) => start.getTime() % QUARTER_MS === 0);
      const query =
        !aligned || firstQuarter > lastQuarter
          ? fromReviews(sql`review.due_at >= ${instant(from)} and review.due_at <= ${instant(to)}`)
          : sql`
          select sum(part.fell_due)::int as fell_due, sum(part.on_time)::int as on_time
          from (
            select coalesce(sum(sums.reviews), 0)::int as fell_due,
              coalesce(sum(sums.reviews) filter (where sums.outcome = 0 or (sums.outcome = 1
                and width_bucket(to_timestamp((sums.due_quarter + sums.lag_quarters) * 900::float8), ${starts})
                  <= width_bucket(to_timestamp(sums.due_quarter * 900::float8), ${starts}))), 0)::int as on_time
            from class_adherence_quarter sums
            where sums.project_id = ${projectId}::int
              and sums.student_id = any(${ids(studentIds)})
              and sums.due_quarter >= ${firstQuarter}::int and sums.due_quarter <= ${lastQuarter}::int
            union all
            ${fromReviews(sql`review.due_at >= ${instant(from)} and review.due_at < ${instant(new Date(firstQuarter * QUARTER_MS))}`)}
            union all
            ${fromReviews(sql`review.due_at > ${instant(to)} and review.due_at < ${instant(new Date((lastQuarter + 1) * QUARTER_MS))}`, -1)}
          ) part`;
      const [row] = await selectRows<{ fell_due: number; on_time: number }>(db, query);
      return { fellDue: Number(row?.fell_due ?? 0), onTime: Number(row?.on_time ?? 0) };
    },

    /** Enrolled students' reviewed items whose due fell in [from, before) and are still unreviewed. */
    async missed(projectId: number, studentIds: readonly number[], from: Date, before: Date) {
      const [row] = await selectRows<{ n: number }>(
        db,
        sql`
          select count(*)::int as n
          from student_schedule schedule
          where schedule.project_id = ${projectId}::int
            and schedule.student_id = any(${ids(studentIds)})
            and schedule.state <> 0
            and schedule.due >= ${instant(from)} and schedule.due < ${instant(before)}`,
      );
      return Number(row?.n ?? 0);
    },

    /** Each enrolled student's latest review in the project (null when none). */
    async lastReviews(projectId: number) {
      const rows = await selectRows<{ student_id: number; name: string; last: Date | string | null }>(
        db,
        sql`
          select enrolment.student_id, faculty.name,
            (select max(review.reviewed_at) from student_review review
              where review.student_id = enrolment.student_id
                and review.project_id = ${projectId}::int) as last
          from enrolment join faculty on faculty.id = enrolment.student_id
          where enrolment.project_id = ${projectId}::int
          order by enrolment.joined_at, enrolment.id`,
      );
      return rows.map((row) => ({
        studentId: Number(row.student_id),
        name: row.name,
        last: row.last === null ? null : toDate(row.last),
      }));
    },
  };
}

export type ClassFiguresReadModel = ReturnType<typeof createClassFiguresReadModel>;
