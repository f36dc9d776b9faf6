import { and, count, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import { type Database, preparedRows } from "../../db/client.ts";
import { type FsrsColumns, masterySql } from "../pivot-assets/scheduling.ts";
import { scheduleAs, studentReviewTable } from "./student-practice.table.ts";

/** The 15-minute buckets a student's reviews fall in: every zone's offset is a multiple of 15 minutes. */
export const BUCKET_SECONDS = 900;
/** How far back the review buckets are read for days in a row (a longer streak shows as this). */
export const STREAK_LOOKBACK_DAYS = 400;

const stamp = (value: Date) => sql`${value.toISOString()}::timestamptz`;

/** Several ids as one array parameter (one parameter, however many students a batch holds). */
const idArray = (values: readonly number[]) =>
  sql`${`{${values.map((value) => Math.trunc(value)).join(",")}}`}::int[]`;

/** A student's schedule of one item, as read for a batch. */
export interface ScheduleRow extends FsrsColumns {
  studentId: number;
  itemId: number;
}

interface RawSchedule {
  student_id: number;
  item_id: number;
  due: number | string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: number;
  last_review: number | string | null;
}

/** The schedule columns as json (times in epoch milliseconds): one value per student instead of 13 per row. */
const scheduleJson = sql.raw(`json_build_object('student_id', student_id, 'item_id', item_id,
  'due', extract(epoch from due) * 1000, 'stability', stability, 'difficulty', difficulty,
  'elapsed_days', elapsed_days, 'scheduled_days', scheduled_days, 'learning_steps', learning_steps,
  'reps', reps, 'lapses', lapses, 'state', state, 'last_review', extract(epoch from last_review) * 1000)`);

const toSchedule = (row: RawSchedule): ScheduleRow => ({
  studentId: Number(row.student_id),
  itemId: Number(row.item_id),
  due: new Date(Number(row.due)),
  stability: Number(row.stability),
  difficulty: Number(row.difficulty),
  elapsedDays: Number(row.elapsed_days),
  scheduledDays: Number(row.scheduled_days),
  learningSteps: Number(row.learning_steps),
  reps: Number(row.reps),
  lapses: Number(row.lapses),
  state: Number(row.state),
  lastReview: row.last_review === null ? null : new Date(Number(row.last_review)),
});

type RawEnrolment = [number, number, number | string];

/**
 * The students' enrolments as one json value of (student, project, practice catalogue version)
 * triples (practice-catalogue.ts): half the time of as many rows to parse.
 */
const enrolmentsOf = (studentIds: SQL) => sql`
  (select coalesce(json_agg(json_build_array(enrolment.student_id, enrolment.project_id,
    coalesce(counter.version, 0))), '[]'::json)
  from enrolment
  left join practice_catalogue_version counter on counter.project_id = enrolment.project_id
  where enrolment.student_id = any(${studentIds}))`;

const toEnrolments = (rows: readonly RawEnrolment[] | undefined) =>
  (rows ?? []).map(([studentId, projectId, version]) => ({
    studentId: Number(studentId),
    projectId: Number(projectId),
    version: Number(version),
  }));
export type Enrolment = ReturnType<typeof toEnrolments>[number];

/** A graded review to write: the schedule it was graded from (`before`, null for a new item) and the next one. */
export interface ReviewToSave {
  studentId: number;
  itemId: number;
  projectId: number;
  pivotCardId: number;
  /** The card's items (the review's among them): the mastery is the mean over them. */
  cardItemIds: readonly number[];
  rating: number;
  before: ScheduleRow | null;
  beforeDue: Date;
  next: FsrsColumns;
}

export function createStudentPracticeRepository(db: Database) {
  return {
    /**
     * For a batch of due lists, in one statement: the students' enrolments, and per student the
     * schedules due at `at` (whole, for the due list's order and the grade buttons) with the ids of
     * the items scheduled later (only the ids: a student who reviewed every item of a big class
     * reads 500 numbers, not 500 rows).
     */
    async dueState(studentIds: readonly number[], at: Date) {
      const ids = idArray(studentIds);
      const [row] = await preparedRows<{
        enrolments: RawEnrolment[];
        schedules: Array<{ student_id: number; later: number[] | null; due: RawSchedule[] | null }>;
      }>(
        db,
        "student_due_state",
        sql`
          select ${enrolmentsOf(ids)} as enrolments,
            (select coalesce(json_agg(own), '[]'::json) from (
              select student_id,
                array_agg(item_id) filter (where due > ${stamp(at)}) as later,
                json_agg(${scheduleJson}) filter (where due <= ${stamp(at)}) as due
              from student_schedule
              where student_id = any(${ids})
              group by student_id) own) as schedules`,
      );
      return {
        enrolments: toEnrolments(row?.enrolments),
        schedules: new Map(
          (row?.schedules ?? []).map((own) => [
            Number(own.student_id),
            { later: (own.later ?? []).map(Number), due: (own.due ?? []).map(toSchedule) },
          ]),
        ),
      };
    },

    /**
     * For a round of reviews, in one statement: the students' enrolments and their schedules of the
     * reviewed items (a pair without one is new to the student).
     */
    async reviewState(pairs: ReadonlyArray<{ studentId: number; itemId: number }>) {
      const studentIds = idArray(pairs.map((pair) => pair.studentId));
      const [row] = await preparedRows<{ enrolments: RawEnrolment[]; schedules: RawSchedule[] }>(
        db,
        "student_review_state",
        sql`
          select ${enrolmentsOf(studentIds)} as enrolments,
            (select coalesce(json_agg(${scheduleJson}), '[]'::json)
              from student_schedule
              where (student_id, item_id) in (
                select * from unnest(${studentIds}, ${idArray(pairs.map((pair) => pair.itemId))}))) as schedules`,
      );
      return { enrolments: toEnrolments(row?.enrolments), schedules: (row?.schedules ?? []).map(toSchedule) };
    },

    /**
     * A batch of reviews graded at `at` (at most one per student: see the service) in one
     * statement, without a transaction: each student's new schedule (the first review inserts it, a
     * later one updates it only if it still has the review count and state it was graded from), its
     * log row, and the student's mastery of the card for the class figures: the mean mastery of the
     * card's items in their schedule (masterySql, 0 for an item never reviewed), the one just
     * reviewed from its new schedule, as the class figures recompute it. A review whose schedule changed meanwhile (a concurrent review of the item)
     * writes nothing and is not answered: the caller grades it again against the newer state.
     */
    async saveReviews(
      at: Date,
      reviews: readonly ReviewToSave[],
    ): Promise<Array<{ studentId: number; itemId: number }>> {
      if (reviews.length === 0) return [];
      // The card's other items as they were before this statement (its own writes are not seen here).
      const recall = masterySql(scheduleAs);
      const reviewed = masterySql({
        state: sql`saved.state`,
        lastReview: sql`saved.last_review`,
        stability: sql`saved.stability`,
      });
      const input = JSON.stringify(
        reviews.map((review) => ({
          student_id: review.studentId,
          item_id: review.itemId,
          project_id: review.projectId,
          card_id: review.pivotCardId,
          card_items: review.cardItemIds,
          rating: review.rating,
          reviewed_at: at.toISOString(),
          is_new: review.before === null,
          before_due: review.beforeDue.toISOString(),
          before_state: review.before?.state ?? 0,
          before_reps: review.before?.reps ?? 0,
          due: review.next.due.toISOString(),
          stability: review.next.stability,
          difficulty: review.next.difficulty,
          elapsed_days: review.next.elapsedDays,
          scheduled_days: review.next.scheduledDays,
          learning_steps: review.next.learningSteps,
          reps: review.next.reps,
          lapses: review.next.lapses,
          state: review.next.state,
          last_review: review.next.lastReview?.toISOString() ?? null,
        })),
      );
      const rows = await preparedRows<{ student_id: number; item_id: number }>(
        db,
        "student_save_reviews",
        sql`
          with input as (
            select * from json_to_recordset(${input}::json) as x(student_id int, item_id int,
              project_id int, card_id int, card_items int[], rating smallint, reviewed_at timestamptz,
              is_new boolean, before_due timestamptz, before_state smallint, before_reps int,
              due timestamptz, stability float8, difficulty float8, elapsed_days int,
              scheduled_days int, learning_steps int, reps int, lapses int, state smallint,
              last_review timestamptz)
          ),
          updated as (
            update student_schedule schedule set due = input.due, stability = input.stability,
              difficulty = input.difficulty, elapsed_days = input.elapsed_days,
              scheduled_days = input.scheduled_days, learning_steps = input.learning_steps,
              reps = input.reps, lapses = input.lapses, state = input.state, last_review = input.last_review
            from input
            where not input.is_new and schedule.student_id = input.student_id
              and schedule.item_id = input.item_id and schedule.reps = input.before_reps
              and schedule.state = input.before_state
            returning schedule.student_id, schedule.item_id
          ),
          inserted as (
            insert into student_schedule (student_id, item_id, project_id, due, stability, difficulty,
              elapsed_days, scheduled_days, learning_steps, reps, lapses, state, last_review)
            select student_id, item_id, project_id, due, stability, difficulty, elapsed_days,
              scheduled_days, learning_steps, reps, lapses, state, last_review
            from input where is_new
            on conflict (student_id, item_id) do nothing
            returning student_id, item_id
          ),
          saved as (
            select input.* from input
            join (select * from updated union all select * from inserted) done
              on done.student_id = input.student_id and done.item_id = input.item_id
          ),
          logged as (
            insert into student_review (student_id, item_id, project_id, rating, reviewed_at, due_at, previous_state)
            select student_id, item_id, project_id, rating, reviewed_at, before_due, before_state from saved
          ),
          mastered as (
            insert into student_card_mastery (student_id, pivot_card_id, project_id, mastery, computed_at)
            select saved.student_id, saved.card_id, saved.project_id,
              (${reviewed} + coalesce(sum(${recall}), 0)) / greatest(cardinality(saved.card_items), 1)::float8,
              saved.reviewed_at
            from saved
            left join student_schedule schedule on schedule.student_id = saved.student_id
              and schedule.item_id = any(saved.card_items) and schedule.item_id <> saved.item_id
            group by saved.student_id, saved.card_id, saved.project_id, saved.card_items, saved.reviewed_at,
              saved.state, saved.last_review, saved.stability
            on conflict (student_id, pivot_card_id) do update
              set mastery = excluded.mastery, computed_at = excluded.computed_at, project_id = excluded.project_id
          )
          select student_id, item_id from saved`,
      );
      return rows.map((row) => ({ studentId: Number(row.student_id), itemId: Number(row.item_id) }));
    },

    /**
     * The student's reviews since `since`, counted per 15-minute bucket (the bucket's start in
     * epoch seconds): the days in a row and today's count are read off them in the student's zone.
     */
    reviewBuckets(studentId: number, since: Date, at: Date) {
      // The constant inline (not a parameter), so that the select and the group by are the same expression.
      const seconds = sql.raw(String(BUCKET_SECONDS));
      const bucket = sql<number>`(floor(extract(epoch from ${studentReviewTable.reviewedAt}) / ${seconds}) * ${seconds})::float8`;
      return db
        .select({ bucket: bucket.mapWith(Number), reviews: count() })
        .from(studentReviewTable)
        .where(
          and(
            eq(studentReviewTable.studentId, studentId),
            gte(studentReviewTable.reviewedAt, since),
            lte(studentReviewTable.reviewedAt, at),
          ),
        )
        .groupBy(bucket);
    },
  };
}
export type StudentPracticeRepository = ReturnType<typeof createStudentPracticeRepository>;
