import type { Grade } from "ts-fsrs";
import { interleave, localCalendar, localDate, masteryColour } from "#shared/domain/pivot-assets.ts";
import { DEFAULT_RETENTION } from "#shared/schemas/pivot-assets.ts";
import type { StudentDueList, StudentPracticeItem, StudentProgress } from "#shared/schemas/student.ts";
import type { Database } from "../../db/client.ts";
import type { Caller } from "../../lib/access.ts";
import { isForeignKeyViolation } from "../../lib/errors.ts";
import { groupCommitLoader } from "../../lib/group-commit.ts";
import { createStudentProjectNotFoundError } from "../enrolment/enrolment.errors.ts";
import {
  type FsrsColumns,
  intervals,
  newItemColumns,
  review,
  STATE_NAMES,
} from "../pivot-assets/scheduling.ts";
import { type Catalogue, type CatalogueItem, createPracticeCatalogues } from "./practice-catalogue.ts";
import { createPracticeItemNotFoundError } from "./student-practice.errors.ts";
import {
  createStudentPracticeRepository,
  type Enrolment,
  type ReviewToSave,
  type ScheduleRow,
  STREAK_LOOKBACK_DAYS,
  type StudentPracticeRepository,
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

interface DueRequest {
  studentId: number;
  limit: number;
  projectId?: number | undefined;
}

interface ReviewRequest {
  studentId: number;
  itemId: number;
  rating: number;
}

/** A review in a batch: its place in the batch's answers and how many times it was graded. */
type PendingReview = ReviewRequest & { index: number; attempt: number };

/** An item of a catalogue with the student's schedule of it (null: new to them). */
interface Practised {
  item: CatalogueItem;
  catalogue: Catalogue;
  schedule: FsrsColumns | null;
}

/** How many times a review whose schedule changed meanwhile is graded again before giving up. */
const REVIEW_ATTEMPTS = 3;

export function createStudentPracticeService(deps: {
  db: Database;
  now: () => Date;
  /** The statements (createStudentPracticeRepository on `db` unless given). */
  repository?: StudentPracticeRepository;
}) {
  const { db, now } = deps;
  const repository = deps.repository ?? createStudentPracticeRepository(db);
  const catalogues = createPracticeCatalogues(db);

  /** How a schedule looks to the student at `at`: its state, next due and each grade's interval. */
  function scheduleView(schedule: FsrsColumns, at: Date) {
    return {
      state: STATE_NAMES[schedule.state] ?? "new",
      nextDue: schedule.due.toISOString(),
      intervals: intervals(schedule, at, STUDENT_RETENTION),
    };
  }
  type ScheduleView = ReturnType<typeof scheduleView>;

  /**
   * scheduleView at `at` for a batch, worked out once per schedule: a new item (null) is scheduled
   * the same for everyone, and so is every new item graded alike in a round (the same object from
   * `gradesAt`).
   */
  function viewsAt(at: Date): (schedule: FsrsColumns | null) => ScheduleView {
    const made = new Map<FsrsColumns | null, ScheduleView>();
    return (schedule) => {
      let view = made.get(schedule);
      if (!view) {
        view = scheduleView(schedule ?? newItemColumns(at), at);
        made.set(schedule, view);
      }
      return view;
    };
  }

  /**
   * FSRS for a round's reviews at `at`: `fromNew` is a new item's schedule, and a new item graded
   * alike is scheduled alike, so that is worked out once per grade (a class starting its practice
   * grades mostly new items).
   */
  function gradesAt(at: Date) {
    const fromNew = newItemColumns(at);
    const newGraded = new Map<Grade, FsrsColumns>();
    return {
      fromNew,
      next(own: FsrsColumns | null, rating: Grade): FsrsColumns {
        if (own) return review(own, rating, at, STUDENT_RETENTION);
        let next = newGraded.get(rating);
        if (!next) {
          next = review(fromNew, rating, at, STUDENT_RETENTION);
          newGraded.set(rating, next);
        }
        return next;
      },
    };
  }

  /** An item as the student sees it, with its schedule's view from `viewOf` (viewsAt). */
  function toItem(
    { item, catalogue, schedule }: Practised,
    viewOf: (schedule: FsrsColumns | null) => ScheduleView,
  ): StudentPracticeItem {
    return {
      id: item.id,
      projectId: catalogue.projectId,
      projectTitle: catalogue.projectTitle,
      pivotCardId: item.pivotCardId,
      pivotCardTitle: item.cardTitle,
      discipline: item.discipline,
      type: item.type,
      question: item.question,
      answer: item.type === "flashcard" ? item.answer : null,
      options: item.type === "concept-check" ? (item.options ?? []) : null,
      correctIndex: item.type === "concept-check" ? item.correctIndex : null,
      ...viewOf(schedule),
    };
  }

  /** Per student of a batch, the catalogues of the projects they are enrolled in (a statement for a changed catalogue). */
  async function enrolledCatalogues(enrolments: readonly Enrolment[]) {
    const found = await catalogues.at(new Map(enrolments.map((row) => [row.projectId, row.version])));
    const byStudent = new Map<number, Catalogue[]>();
    for (const { studentId, projectId } of enrolments) {
      const catalogue = found.get(projectId);
      if (!catalogue) continue;
      const list = byStudent.get(studentId);
      if (list) list.push(catalogue);
      else byStudent.set(studentId, [catalogue]);
    }
    return byStudent;
  }

  /**
   * A student's due list from their projects' catalogues and their own schedule: every item of
   * the catalogues is due unless scheduled later; the earliest due INTERLEAVE_POOL times the page
   * (a new item from its creation, as the instructor's new items), dealt round-robin by discipline.
   */
  function dueList(
    projects: readonly Catalogue[],
    schedule: { later: number[]; due: ScheduleRow[] } | undefined,
    limit: number,
    viewOf: (schedule: FsrsColumns | null) => ScheduleView,
  ): StudentDueList {
    const pool = limit * INTERLEAVE_POOL;
    const later = new Set(schedule?.later);
    const dueNow = new Set(schedule?.due.map((row) => row.itemId));
    const catalogueOf = (itemId: number) => projects.find((catalogue) => catalogue.byId.has(itemId));
    const candidates: Array<Practised & { sortAt: number }> = [];
    // Every item is due but those scheduled later; the new ones oldest first, so only the pool's
    // first new ones of each project can be on the page.
    let total = 0;
    for (const catalogue of projects) {
      total += catalogue.items.length;
      let newOnes = 0;
      for (const item of catalogue.items) {
        if (newOnes >= pool) break;
        if (later.has(item.id) || dueNow.has(item.id)) continue;
        candidates.push({ item, catalogue, schedule: null, sortAt: item.createdAt });
        newOnes += 1;
      }
    }
    for (const itemId of later) if (catalogueOf(itemId)) total -= 1;
    for (const own of schedule?.due ?? []) {
      const catalogue = catalogueOf(own.itemId);
      const item = catalogue?.byId.get(own.itemId);
      if (catalogue && item) candidates.push({ item, catalogue, schedule: own, sortAt: own.due.getTime() });
    }
    candidates.sort((a, b) => a.sortAt - b.sortAt || a.item.id - b.item.id);
    const page = interleave(candidates.slice(0, pool), (candidate) => candidate.item.discipline).slice(
      0,
      limit,
    );
    return { total, items: page.map((candidate) => toItem(candidate, viewOf)) };
  }

  /**
   * The due lists of a batch of requests: the students' enrolments and schedules in one
   * statement whatever the batch's size, the items from the catalogues in memory.
   */
  const dueLoader = groupCommitLoader<DueRequest, StudentDueList>(async (requests) => {
    const at = now();
    const studentIds = [...new Set(requests.map((request) => request.studentId))];
    const { enrolments, schedules } = await repository.dueState(studentIds, at);
    const enrolled = await enrolledCatalogues(enrolments);
    const viewOf = viewsAt(at);
    return requests.map((request) => {
      let projects = enrolled.get(request.studentId) ?? [];
      if (request.projectId !== undefined) {
        projects = projects.filter((catalogue) => catalogue.projectId === request.projectId);
        if (projects.length === 0) return createStudentProjectNotFoundError();
      }
      return dueList(projects, schedules.get(request.studentId), request.limit, viewOf);
    });
  });

  /**
   * One round of a batch's reviews (one per student): their enrolments and their schedules of the
   * items in one statement, FSRS, then one write (repository.saveReviews, which also writes the
   * student's mastery of the card). Answers the reviews to grade again: those whose schedule
   * changed meanwhile, or every one when the write found a student no longer enrolled or an item
   * deleted since the read (and so wrote nothing).
   */
  async function saveRound(round: readonly PendingReview[], results: Array<StudentPracticeItem | Error>) {
    const at = now();
    const { enrolments, schedules } = await repository.reviewState(round);
    const enrolled = await enrolledCatalogues(enrolments);
    const grades = gradesAt(at);
    const viewOf = viewsAt(at);
    const key = (studentId: number, itemId: number) => `${studentId}:${itemId}`;
    const before = new Map(schedules.map((row) => [key(row.studentId, row.itemId), row]));
    const toSave: Array<{
      request: PendingReview & { catalogue: Catalogue; item: CatalogueItem };
      review: ReviewToSave;
    }> = [];
    for (const request of round) {
      const catalogue = enrolled.get(request.studentId)?.find((each) => each.byId.has(request.itemId));
      const item = catalogue?.byId.get(request.itemId);
      if (!catalogue || !item) {
        results[request.index] = createPracticeItemNotFoundError();
        continue;
      }
      const own = before.get(key(request.studentId, request.itemId)) ?? null;
      toSave.push({
        request: { ...request, catalogue, item },
        review: {
          studentId: request.studentId,
          itemId: request.itemId,
          projectId: catalogue.projectId,
          pivotCardId: item.pivotCardId,
          cardItemIds: catalogue.cardItems.get(item.pivotCardId) ?? [item.id],
          rating: request.rating,
          before: own,
          beforeDue: (own ?? grades.fromNew).due,
          next: grades.next(own, request.rating as Grade),
        },
      });
    }
    if (toSave.length === 0) return [];
    let written: Array<{ studentId: number; itemId: number }>;
    try {
      written = await repository.saveReviews(
        at,
        toSave.map(({ review }) => review),
      );
    } catch (error) {
      // A student left (or an item was deleted) since the enrolments were read: the statement wrote
      // nothing; the round is graded again against what is there now (that review then answers 404).
      if (!isForeignKeyViolation(error)) throw error;
      written = [];
    }
    const saved = new Set(written.map((row) => key(row.studentId, row.itemId)));
    const again: PendingReview[] = [];
    for (const { request, review: done } of toSave) {
      if (saved.has(key(request.studentId, request.itemId)))
        results[request.index] = toItem({ ...request, schedule: done.next }, viewOf);
      else if (request.attempt + 1 >= REVIEW_ATTEMPTS)
        results[request.index] = createPracticeItemNotFoundError();
      else again.push({ ...request, attempt: request.attempt + 1 });
    }
    return again;
  }

  /**
   * A batch of reviews, in rounds of at most one review per student (two reviews of one student in
   * one statement could not see each other: the second waits for the next round), and the
   * reviews whose schedule changed meanwhile graded again in the next round.
   */
  const reviewLoader = groupCommitLoader<ReviewRequest, StudentPracticeItem>(async (requests) => {
    const results: Array<StudentPracticeItem | Error> = new Array(requests.length);
    let pending: PendingReview[] = requests.map((request, index) => ({ ...request, index, attempt: 0 }));
    while (pending.length > 0) {
      const students = new Set<number>();
      const round: PendingReview[] = [];
      const rest: PendingReview[] = [];
      for (const request of pending) {
        if (students.has(request.studentId)) rest.push(request);
        else {
          students.add(request.studentId);
          round.push(request);
        }
      }
      pending = [...(await saveRound(round, results)), ...rest];
    }
    return results;
  });

  return {
    /**
     * What is due for the student now (new items and their own due ones), interleaved by
     * discipline like the instructor's list, with the count of all due. A projectId they are not
     * enrolled in answers 404 as a project that does not exist. Batched with the concurrent
     * requests (dueLoader).
     */
    due(caller: Caller, query: { limit: number; projectId?: number | undefined }): Promise<StudentDueList> {
      return dueLoader.load({ studentId: caller.id, limit: query.limit, projectId: query.projectId });
    },

    /**
     * Grades an item of an enrolled project in the student's own schedule (retried on a
     * concurrent review), with the student's mastery of the card for the class figures; batched
     * with the concurrent reviews (reviewLoader). retrieval_item's own schedule is never written.
     */
    review(caller: Caller, itemId: number, rating: number): Promise<StudentPracticeItem> {
      return reviewLoader.load({ studentId: caller.id, itemId, rating });
    },

    /**
     * The student's figures in their zone: due today (by the end of today, new items included),
     * reviewed today, days in a row, and mastery per concept. Two statements.
     */
    async progress(caller: Caller, tz: string): Promise<StudentProgress> {
      const at = now();
      const { startOfTomorrow } = localCalendar(at, tz);
      const [concepts, buckets] = await Promise.all([
        repository.concepts(caller.id, startOfTomorrow),
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
