import type { Grade } from "ts-fsrs";
import { interleave, localCalendar, localDate, masteryColour } from "#shared/domain/pivot-assets.ts";
import { DEFAULT_RETENTION } from "#shared/schemas/pivot-assets.ts";
import type { StudentDueList, StudentPracticeItem, StudentProgress } from "#shared/schemas/student.ts";
import type { Database } from "../../db/client.ts";
import type { Caller } from "../../lib/access.ts";
import { createStudentProjectNotFoundError } from "../enrolment/enrolment.errors.ts";
import { intervals, newItemColumns, review, STATE_NAMES } from "../pivot-assets/scheduling.ts";
import { refreshCardMastery } from "./card-mastery.ts";
import { createPracticeItemNotFoundError } from "./student-practice.errors.ts";
import {
  createStudentPracticeRepository,
  type PracticeRow,
  STREAK_LOOKBACK_DAYS,
} from "./student-practice.repository.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** How many times the page the due list reads before interleaving (as the instructor's). */
const INTERLEAVE_POOL = 4;
/** A student's desired retention: the default (students have no setting; docs/decisions.md). */
export const STUDENT_RETENTION = DEFAULT_RETENTION;

/** The calendar day before a YYYY-MM-DD date. */
function dayBefore(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day - 1)).toISOString().slice(0, 10);
}

/**
 * Days in a row with at least one review, ending today, or yesterday when there is none yet
 * today (the streak is not broken before the day is over). `days` are local dates.
 */
export function daysInARow(days: ReadonlySet<string>, today: string): number {
  let cursor = days.has(today) ? today : dayBefore(today);
  let streak = 0;
  while (days.has(cursor)) {
    streak += 1;
    cursor = dayBefore(cursor);
  }
  return streak;
}

export function createStudentPracticeService(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;
  const repository = createStudentPracticeRepository(db);

  /**
   * An item as the student sees it. `newIntervals` holds the intervals of a new item at `at` (the
   * same for every new item): a due list of new items asks ts-fsrs once instead of once per item.
   */
  function toItem(
    row: PracticeRow,
    at: Date,
    newIntervals?: { value?: StudentPracticeItem["intervals"] },
  ): StudentPracticeItem {
    const schedule = row.schedule ?? newItemColumns(at);
    const { item } = row;
    let grades = row.schedule || !newIntervals ? undefined : newIntervals.value;
    if (!grades) {
      grades = intervals(schedule, at, STUDENT_RETENTION);
      if (!row.schedule && newIntervals) newIntervals.value = grades;
    }
    return {
      id: item.id,
      projectId: row.projectId,
      projectTitle: row.projectTitle,
      pivotCardId: item.pivotCardId,
      pivotCardTitle: row.cardTitle,
      discipline: row.discipline,
      type: item.type,
      question: item.question,
      answer: item.type === "flashcard" ? item.answer : null,
      options: item.type === "concept-check" ? (item.options ?? []) : null,
      correctIndex: item.type === "concept-check" ? item.correctIndex : null,
      state: STATE_NAMES[schedule.state] ?? "new",
      nextDue: schedule.due.toISOString(),
      intervals: grades,
    };
  }

  return {
    /**
     * What is due for the student now (new items and their own due ones), interleaved by
     * discipline like the instructor's list: the earliest due INTERLEAVE_POOL times the page, dealt
     * round-robin by discipline. One statement (the total rides on each row); a projectId they are
     * not enrolled in answers 404 as a project that does not exist.
     */
    async due(
      caller: Caller,
      query: { limit: number; projectId?: number | undefined },
    ): Promise<StudentDueList> {
      const at = now();
      if (query.projectId !== undefined && !(await repository.enrolled(query.projectId, caller.id)))
        throw createStudentProjectNotFoundError();
      const rows = await repository.due(caller.id, at, query.limit * INTERLEAVE_POOL, query.projectId);
      const newIntervals = {};
      return {
        total: rows[0]?.total ?? 0,
        items: interleave(rows, (row) => row.discipline)
          .slice(0, query.limit)
          .map((row) => toItem(row, at, newIntervals)),
      };
    },

    /**
     * Grades an item of an enrolled project in the student's own schedule: one read (the item,
     * its card and project through the enrolment, the student's schedule), one write (the schedule
     * and the log row, see saveReview; retried on a concurrent review), then the student's mastery
     * of the card for the class figures. retrieval_item's own schedule is never written.
     */
    async review(caller: Caller, itemId: number, rating: number): Promise<StudentPracticeItem> {
      for (let attempt = 0; ; attempt++) {
        const at = now();
        const row = await repository.item(caller.id, itemId);
        if (!row) throw createPracticeItemNotFoundError();
        const before = row.schedule ?? newItemColumns(at);
        const next = review(before, rating as Grade, at, STUDENT_RETENTION);
        const saved = await repository.saveReview({
          studentId: caller.id,
          itemId,
          projectId: row.projectId,
          rating,
          at,
          before,
          next,
        });
        if (saved) {
          await refreshCardMastery(db, {
            studentId: caller.id,
            projectId: row.projectId,
            cardIds: [row.item.pivotCardId],
            at,
          });
          return toItem(
            { ...row, schedule: { ...next, studentId: caller.id, itemId, projectId: row.projectId } },
            at,
          );
        }
        if (attempt >= 2) throw createPracticeItemNotFoundError();
      }
    },

    /**
     * The student's figures in their zone: due today (by the end of today, new items included),
     * reviewed today, days in a row, and mastery per concept. Two statements.
     */
    async progress(caller: Caller, tz: string): Promise<StudentProgress> {
      const at = now();
      const { startOfTomorrow } = localCalendar(at, tz);
      const [concepts, buckets] = await Promise.all([
        repository.concepts(caller.id, at, startOfTomorrow),
        repository.reviewBuckets(caller.id, new Date(at.getTime() - STREAK_LOOKBACK_DAYS * DAY_MS), at),
      ]);
      const today = localDate(at, tz);
      const days = new Set<string>();
      let reviewedToday = 0;
      for (const { bucket, reviews } of buckets) {
        const day = localDate(new Date(bucket * 1000), tz);
        days.add(day);
        if (day === today) reviewedToday += reviews;
      }
      return {
        timeZone: tz,
        dueToday: concepts.reduce((sum, concept) => sum + concept.dueToday, 0),
        reviewedToday,
        streakDays: daysInARow(days, today),
        concepts: concepts.map((concept) => {
          const level = Math.min(1, Math.max(0, concept.mastery));
          return {
            pivotCardId: concept.pivotCardId,
            title: concept.title,
            projectId: concept.projectId,
            projectTitle: concept.projectTitle,
            itemCount: concept.itemCount,
            masteryLevel: level,
            masteryColour: masteryColour(level),
          };
        }),
      };
    },
  };
}
export type StudentPracticeService = ReturnType<typeof createStudentPracticeService>;
