import { and, asc, count, eq, gte, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { enrolmentTable } from "../enrolment/enrolment.table.ts";
import { pivotCardTable, retrievalItemTable } from "../pivot-assets/pivot-assets.table.ts";
import { type FsrsColumns, retrievabilitySql } from "../pivot-assets/scheduling.ts";
import { projectTable } from "../projects/projects.table.ts";
import { studentReviewTable, studentScheduleTable } from "./student-practice.table.ts";

/** The 15-minute buckets a student's reviews fall in: every zone's offset is a multiple of 15 minutes. */
export const BUCKET_SECONDS = 900;
/** How far back the review buckets are read for days in a row (a longer streak shows as this). */
export const STREAK_LOOKBACK_DAYS = 400;

const stamp = (value: Date) => sql`${value.toISOString()}::timestamptz`;

/**
 * The items a student may practise: those of the pivot cards linked to a project they are
 * enrolled in by the project's owner (card.project_id = the project, card.faculty_id = its owner),
 * with the student's own schedule when they reviewed it (left join: no row = new). An item whose
 * card is unlinked from the project, or a project they left, drops out of every query at once.
 */
const practiceColumns = {
  item: {
    id: retrievalItemTable.id,
    pivotCardId: retrievalItemTable.pivotCardId,
    type: retrievalItemTable.type,
    question: retrievalItemTable.question,
    answer: retrievalItemTable.answer,
    options: retrievalItemTable.options,
    correctIndex: retrievalItemTable.correctIndex,
  },
  cardTitle: pivotCardTable.title,
  discipline: pivotCardTable.discipline,
  projectId: projectTable.id,
  projectTitle: projectTable.title,
  schedule: studentScheduleTable,
};

const enrolledItems = (db: Database, studentId: number) =>
  db
    .select(practiceColumns)
    .from(enrolmentTable)
    .innerJoin(projectTable, eq(projectTable.id, enrolmentTable.projectId))
    .innerJoin(
      pivotCardTable,
      and(
        eq(pivotCardTable.projectId, projectTable.id),
        eq(pivotCardTable.facultyId, projectTable.facultyId),
      ),
    )
    .innerJoin(retrievalItemTable, eq(retrievalItemTable.pivotCardId, pivotCardTable.id))
    .leftJoin(
      studentScheduleTable,
      and(
        eq(studentScheduleTable.studentId, studentId),
        eq(studentScheduleTable.itemId, retrievalItemTable.id),
      ),
    );

export type PracticeRow = Awaited<ReturnType<ReturnType<typeof enrolledItems>["execute"]>>[number];

export function createStudentPracticeRepository(db: Database) {
  return {
    /** Whether the student is enrolled in the project. */
    async enrolled(projectId: number, studentId: number) {
      const [row] = await db
        .select({ id: enrolmentTable.id })
        .from(enrolmentTable)
        .where(and(eq(enrolmentTable.projectId, projectId), eq(enrolmentTable.studentId, studentId)));
      return row !== undefined;
    },

    /**
     * One statement: the due items (new, or due at or before `at`) in due order (a new item at its
     * creation, as the instructor's new items), `limit` of them, each row carrying the count of all
     * due. The due set is found narrow (item ids and due times only), counted, and only the page is
     * joined to the items' texts: counting over the wide rows (a window count over question and
     * answer) cost half the statement with 500 items.
     */
    due(studentId: number, at: Date, limit: number, projectId?: number) {
      const dueSet = db.$with("due_set").as(
        db
          .select({
            id: sql<number>`${retrievalItemTable.id}`.as("due_id"),
            sortAt: sql<Date>`coalesce(${studentScheduleTable.due}, ${retrievalItemTable.createdAt})`.as(
              "sort_at",
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
          .innerJoin(retrievalItemTable, eq(retrievalItemTable.pivotCardId, pivotCardTable.id))
          .leftJoin(
            studentScheduleTable,
            and(
              eq(studentScheduleTable.studentId, studentId),
              eq(studentScheduleTable.itemId, retrievalItemTable.id),
            ),
          )
          .where(
            and(
              eq(enrolmentTable.studentId, studentId),
              projectId === undefined ? undefined : eq(enrolmentTable.projectId, projectId),
              or(isNull(studentScheduleTable.itemId), lte(studentScheduleTable.due, stamp(at))),
            ),
          ),
      );
      const page = db
        .$with("due_page")
        .as(db.select().from(dueSet).orderBy(dueSet.sortAt, dueSet.id).limit(limit));
      return db
        .with(dueSet, page)
        .select({
          ...practiceColumns,
          total: sql<number>`(select count(*) from ${dueSet})`.mapWith(Number),
        })
        .from(page)
        .innerJoin(retrievalItemTable, eq(retrievalItemTable.id, page.id))
        .innerJoin(pivotCardTable, eq(pivotCardTable.id, retrievalItemTable.pivotCardId))
        .innerJoin(projectTable, eq(projectTable.id, pivotCardTable.projectId))
        .leftJoin(
          studentScheduleTable,
          and(
            eq(studentScheduleTable.studentId, studentId),
            eq(studentScheduleTable.itemId, retrievalItemTable.id),
          ),
        )
        .orderBy(page.sortAt, page.id);
    },

    /** One item of an enrolled project with the student's schedule; undefined otherwise. */
    async item(studentId: number, itemId: number) {
      const [row] = await enrolledItems(db, studentId).where(
        and(eq(enrolmentTable.studentId, studentId), eq(retrievalItemTable.id, itemId)),
      );
      return row;
    },

    /**
     * The student's new schedule and the log row, in one statement without a transaction (as the
     * instructor's review): the first review inserts the schedule, a later one updates it only if
     * it still has the review count and state that were read. A concurrent review of the same item
     * (or a concurrent first review) makes the upsert write nothing and no log row is written:
     * false, and the caller grades again against the newer state.
     */
    async saveReview(input: {
      studentId: number;
      itemId: number;
      projectId: number;
      rating: number;
      at: Date;
      before: Pick<FsrsColumns, "reps" | "state" | "due">;
      next: FsrsColumns;
    }): Promise<boolean> {
      const { next, before } = input;
      const result = await db.execute(sql`
        with saved as (
          insert into student_schedule (student_id, item_id, project_id, due, stability, difficulty,
            elapsed_days, scheduled_days, learning_steps, reps, lapses, state, last_review)
          values (${input.studentId}::int, ${input.itemId}::int, ${input.projectId}::int, ${stamp(next.due)},
            ${next.stability}::float8, ${next.difficulty}::float8, ${next.elapsedDays}::int,
            ${next.scheduledDays}::int, ${next.learningSteps}::int, ${next.reps}::int, ${next.lapses}::int,
            ${next.state}::smallint, ${next.lastReview ? stamp(next.lastReview) : null})
          on conflict (student_id, item_id) do update set
            due = excluded.due, stability = excluded.stability, difficulty = excluded.difficulty,
            elapsed_days = excluded.elapsed_days, scheduled_days = excluded.scheduled_days,
            learning_steps = excluded.learning_steps, reps = excluded.reps, lapses = excluded.lapses,
            state = excluded.state, last_review = excluded.last_review
          where student_schedule.reps = ${before.reps}::int and student_schedule.state = ${before.state}::smallint
          returning item_id
        )
        insert into student_review (student_id, item_id, project_id, rating, reviewed_at, due_at, previous_state)
        select ${input.studentId}::int, item_id, ${input.projectId}::int, ${input.rating}::smallint, ${stamp(input.at)},
          ${stamp(before.due)}, ${before.state}::smallint
        from saved
        returning id`);
      return (result as unknown as { rows: unknown[] }).rows.length === 1;
    },

    /**
     * Per concept (card) of the student's enrolled projects: its items, how many are due before
     * `dueBefore` (new ones included), and the student's mastery, the mean retrievability of the
     * items at `at` (0 for one never reviewed; the forgetting curve of refreshCardMastery and of the
     * instructor's figures, whole days since the last review).
     */
    concepts(studentId: number, at: Date, dueBefore: Date) {
      const s = studentScheduleTable;
      const recall: SQL = retrievabilitySql(at, s);
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
