import { and, asc, count, desc, eq, gte, lt, lte, ne, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { Viewer } from "../../lib/policy.ts";
import { retrievalItemPolicy } from "./pivot-assets.policy.ts";
import {
  pivotCardTable,
  pivotSettingTable,
  retrievalItemTable,
  retrievalReviewTable,
} from "./pivot-assets.table.ts";
import { type ItemWithCard, itemColumns, withCard } from "./retrieval-items.repository.ts";
import { type FsrsColumns, fromSnapshot, snapshot } from "./scheduling.ts";

const stamp = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * The SQL of the instructor's own schedule: the FSRS columns of retrieval_item and the review log
 * retrieval_review (what is due, a review, undoing it, the figures).
 */
export function createInstructorScheduleRepository(db: Database) {
  const dueBy = (viewer: Viewer, at: Date) =>
    and(eq(retrievalItemTable.facultyId, viewer.id), lte(retrievalItemTable.due, at));

  return {
    /** How many items are due at `at`, and the first `limit` in due order (off retrieval_item_due_idx). */
    async due(viewer: Viewer, at: Date, limit: number) {
      const [[total], rows] = await Promise.all([
        db.select({ total: count() }).from(retrievalItemTable).where(dueBy(viewer, at)),
        db
          .select(itemColumns)
          .from(retrievalItemTable)
          .innerJoin(pivotCardTable, eq(pivotCardTable.id, retrievalItemTable.pivotCardId))
          .where(dueBy(viewer, at))
          .orderBy(asc(retrievalItemTable.due), asc(retrievalItemTable.id))
          .limit(limit),
      ]);
      return { total: total?.total ?? 0, items: withCard(rows) };
    },

    /** An item the person may grade, with its card and their stored retention (null: never set). */
    async reviewState(viewer: Viewer, id: number) {
      const [found] = await db
        .select({ ...itemColumns, retention: pivotSettingTable.desiredRetention })
        .from(retrievalItemTable)
        .innerJoin(pivotCardTable, eq(pivotCardTable.id, retrievalItemTable.pivotCardId))
        .leftJoin(pivotSettingTable, eq(pivotSettingTable.facultyId, retrievalItemTable.facultyId))
        .where(and(eq(retrievalItemTable.id, id), retrievalItemPolicy.writable(viewer)));
      if (!found) return undefined;
      const [item] = withCard([found]) as [ItemWithCard];
      return { item, retention: found.retention };
    },

    /**
     * One statement, no explicit transaction: updates the item only if it still has the review
     * count and state it was graded from (every review adds one, an undo takes one away) and logs
     * the review from that update. False when a concurrent review changed the item meanwhile.
     */
    async saveReview(
      viewer: Viewer,
      review: { before: FsrsColumns & { id: number }; next: FsrsColumns; rating: number; at: Date },
    ) {
      const { before: item, next, rating, at } = review;
      const result = await db.execute(sql`
        with updated as (
          update retrieval_item set
            due = ${stamp(next.due)}::timestamptz, stability = ${next.stability}::float8,
            difficulty = ${next.difficulty}::float8, elapsed_days = ${next.elapsedDays}::int,
            scheduled_days = ${next.scheduledDays}::int, learning_steps = ${next.learningSteps}::int,
            reps = ${next.reps}::int, lapses = ${next.lapses}::int, state = ${next.state}::smallint,
            last_review = ${stamp(next.lastReview)}::timestamptz
          where id = ${item.id} and faculty_id = ${viewer.id}
            and reps = ${item.reps}::int and state = ${item.state}::smallint
          returning id
        )
        insert into retrieval_review (faculty_id, item_id, rating, reviewed_at, due_at, previous_state, previous)
        select ${viewer.id}, id, ${rating}::smallint, ${stamp(at)}::timestamptz, ${stamp(item.due)}::timestamptz,
          ${item.state}::smallint, ${JSON.stringify(snapshot(item))}::jsonb
        from updated
        returning id`);
      return (result as unknown as { rows: unknown[] }).rows.length === 1;
    },

    /**
     * Takes back the item's last review in one transaction: its log row goes and the item gets back
     * the state it had. Answers "no item" or "no review" when there is nothing to undo.
     */
    undoLastReview: (viewer: Viewer, id: number) =>
      db.transaction(async (tx): Promise<"undone" | "no item" | "no review"> => {
        const [item] = await tx
          .select({ id: retrievalItemTable.id })
          .from(retrievalItemTable)
          .where(and(eq(retrievalItemTable.id, id), retrievalItemPolicy.writable(viewer)))
          .for("update");
        if (!item) return "no item";
        const [last] = await tx
          .select()
          .from(retrievalReviewTable)
          .where(eq(retrievalReviewTable.itemId, id))
          .orderBy(desc(retrievalReviewTable.id))
          .limit(1);
        if (!last) return "no review";
        await tx.delete(retrievalReviewTable).where(eq(retrievalReviewTable.id, last.id));
        await tx
          .update(retrievalItemTable)
          .set(fromSnapshot(last.previous))
          .where(eq(retrievalItemTable.id, id));
        return "undone";
      }),

    /**
     * The counts of the screen's figures against the person's day and week: due today (new items
     * included), overdue, reviewed this week, the reviews of items that fell due in the adherence
     * window (when each was due and reviewed) and the items that fell due in it and were missed.
     */
    async figures(
      viewer: Viewer,
      bounds: { at: Date; startOfToday: Date; startOfTomorrow: Date; startOfWeek: Date; windowStart: Date },
    ) {
      const { at, startOfToday, startOfTomorrow, startOfWeek, windowStart } = bounds;
      const mine = eq(retrievalItemTable.facultyId, viewer.id);
      const [[dueToday], [overdue], [completed], reviews, [missed]] = await Promise.all([
        db
          .select({ n: count() })
          .from(retrievalItemTable)
          .where(
            and(
              mine,
              lt(retrievalItemTable.due, startOfTomorrow),
              or(eq(retrievalItemTable.state, 0), gte(retrievalItemTable.due, startOfToday)),
            ),
          ),
        db
          .select({ n: count() })
          .from(retrievalItemTable)
          .where(and(mine, ne(retrievalItemTable.state, 0), lt(retrievalItemTable.due, startOfToday))),
        db
          .select({ n: count() })
          .from(retrievalReviewTable)
          .where(
            and(
              eq(retrievalReviewTable.facultyId, viewer.id),
              gte(retrievalReviewTable.reviewedAt, startOfWeek),
              lte(retrievalReviewTable.reviewedAt, at),
            ),
          ),
        db
          .select({ reviewedAt: retrievalReviewTable.reviewedAt, dueAt: retrievalReviewTable.dueAt })
          .from(retrievalReviewTable)
          .where(
            and(
              eq(retrievalReviewTable.facultyId, viewer.id),
              ne(retrievalReviewTable.previousState, 0),
              gte(retrievalReviewTable.dueAt, windowStart),
              lte(retrievalReviewTable.dueAt, at),
            ),
          ),
        db
          .select({ n: count() })
          .from(retrievalItemTable)
          .where(
            and(
              mine,
              ne(retrievalItemTable.state, 0),
              gte(retrievalItemTable.due, windowStart),
              lt(retrievalItemTable.due, startOfToday),
            ),
          ),
      ]);
      return {
        dueToday: dueToday?.n ?? 0,
        overdue: overdue?.n ?? 0,
        completedThisWeek: completed?.n ?? 0,
        reviews,
        missed: missed?.n ?? 0,
      };
    },
  };
}
export type InstructorScheduleRepository = ReturnType<typeof createInstructorScheduleRepository>;
